import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { filesUnder, ROOT } from './support/cli.js';

/**
 * The rooms depend one way (README, Layout): harness/ is the library specs call, and the run
 * (run/), the reports (reporting/), the tools (tools/), the judge and the reference are built on
 * it, never the other way. So harness/ imports only itself, contract/ and generators/; specs/
 * import only themselves, harness/, contract/ and generators/, and the client rules
 * (specs/<area>/client.rules.ts) judge/ too: judge/ is their library, as harness/ is the server
 * rules', and it imports no run, report, tool or reference module. Every relative import counts:
 * `import type`, inline `import('…')` types, dynamic imports and `new URL('…', import.meta.url)`.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  harness: ['harness', 'contract', 'generators'],
  specs: ['specs', 'harness', 'contract', 'generators'],
  judge: ['judge', 'specs', 'harness', 'contract', 'generators'],
};

/** The files of a room that may also import another room: the client rules, from their library. */
const ALSO: Record<string, { files: RegExp; rooms: readonly string[] }> = {
  specs: { files: /^specs\/[^/]+\/client\.rules\.ts$/, rooms: ['judge'] },
};

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** `file → target` for each relative import of a room's files that leaves the rooms it may import. */
function strayImports(room: string): string[] {
  return filesUnder(join(ROOT, room))
    .filter((f) => /\.(ts|mts|mjs|js)$/.test(f))
    .flatMap((file) => {
      const also = ALSO[room]?.files.test(relative(ROOT, file).replaceAll('\\', '/')) ? ALSO[room]!.rooms : [];
      const allowed = [...MAY_IMPORT[room]!, ...also];
      return [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
        .map((m) => relative(ROOT, resolve(dirname(file), m[1]!)))
        .filter((target) => !allowed.includes(target.split('/')[0]!))
        .map((target) => `${relative(ROOT, file)} → ${target}`);
    });
}

test.each(Object.keys(MAY_IMPORT))('%s/ imports only the rooms below it', (room) => {
  const stray = strayImports(room);
  expect(stray, `${room}/ reaches a room built on it:\n${stray.join('\n')}`).toEqual([]);
});

test('the check sees every kind of import', () => {
  // a guard against a check that cannot fail: each form below is caught
  const forms = ["import { a } from '../run/x.js';", "import type { A } from '../run/x.js';", "type B = import('../run/x.js').B;", "await import('../run/x.js');", "new URL('../run/x.mjs', import.meta.url)"];
  for (const form of forms) expect([...form.matchAll(SPECIFIER)].map((m) => m[1]), form).toEqual([expect.stringMatching(/^\.\.\/run\/x\.m?js$/)]);
});
