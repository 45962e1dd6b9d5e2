#!/usr/bin/env node
// The CLI runs as the JavaScript bin/build.mjs compiles into dist/ (npm ci and npm test build it).
// Where dist/ is missing or older than a source, tsx compiles the TypeScript on the fly instead,
// so an edit is never run stale.
import { compiled } from './compiled.mjs';

const main = compiled('cli/main.ts');
if (main) {
  await import(main);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/main.ts');
}
