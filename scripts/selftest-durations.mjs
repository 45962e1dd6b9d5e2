#!/usr/bin/env node
// `npm run selftest:durations`: writes selftest/support/durations.json (the order the self-tests
// start in, longest first: selftest/support/longest-first.ts) from the durations vitest cached
// in its last `npm test` on this machine. Run it after a quiet `npm test`.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const cache = 'node_modules/.vite/vitest';
const seconds = {};
for (const dir of existsSync(cache) ? readdirSync(cache) : []) {
  const file = join(cache, dir, 'results.json');
  if (!existsSync(file)) continue;
  for (const [key, { duration }] of JSON.parse(readFileSync(file, 'utf8')).results) {
    const path = key.slice(key.indexOf(':') + 1);
    if (path.startsWith('selftest/') && duration >= 1_000) seconds[path] = Math.round(duration / 1_000);
  }
}
if (Object.keys(seconds).length === 0) {
  console.error('selftest:durations: vitest has cached no self-test durations here; run `npm test` first.');
  process.exit(1);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort((a, b) => b[1] - a[1]));
writeFileSync('selftest/support/durations.json', `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`selftest/support/durations.json: ${Object.keys(sorted).length} files`);
