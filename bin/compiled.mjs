// Where the compiled JavaScript of a module is (bin/build.mjs writes dist/), if it is as new as
// every source it was compiled from; otherwise the caller compiles the TypeScript on the fly (tsx).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');
/** The folders the CLI and the reference are compiled from; specs stay TypeScript, for vitest. */
export const SOURCES = ['cli', 'harness', 'run', 'reporting', 'tools', 'contract', 'reference', 'generators', 'judge'];
/** The spec files the compiled judge imports: the client rules beside each area's server rules. */
const CLIENT_RULE_FILES = /^specs\/[^/]+\/client\.rules\.ts$/;
/** holds the newest source time the build saw */
export const STAMP = join(DIST, '.built');

/** Every .ts and .mjs file of the compiled folders, as paths from the root. */
export function sourceFiles() {
  const specs = readdirSync(join(ROOT, 'specs'), { recursive: true, encoding: 'utf8' }).map((f) => join('specs', f)).filter((f) => CLIENT_RULE_FILES.test(f.replace(/\\/g, '/')));
  return [...SOURCES.flatMap((dir) => readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|mjs)$/.test(f) && !f.endsWith('.d.ts')).map((f) => join(dir, f))), ...specs];
}

/** The newest modification time among the sources. */
export function newestSource() {
  return Math.max(...sourceFiles().map((f) => statSync(join(ROOT, f)).mtimeMs));
}

/** The compiled form of `source` (a path from the root, e.g. 'cli/main.ts') as a file URL, or undefined where dist/ is missing or stale. */
export function compiled(source) {
  if (!existsSync(STAMP)) return undefined;
  const builtFrom = Number(readFileSync(STAMP, 'utf8'));
  if (!(builtFrom >= newestSource())) return undefined;
  const file = join(DIST, source.replace(/\.ts$/, '.js'));
  return existsSync(file) ? pathToFileURL(file).href : undefined;
}

