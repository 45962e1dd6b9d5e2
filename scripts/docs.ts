import { execFileSync } from 'node:child_process';

/** `npm run docs`: every generated file, in order (the spec index first: the rest read it; the coverage last: it collects the rules). */
for (const script of ['scripts/spec-index.ts', 'scripts/render-silences.ts', 'scripts/coverage.ts']) execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
