#!/usr/bin/env node
// The CLI runs as the JavaScript bin/build.mjs compiles into dist/ (npm ci and npm test build it).
// Where dist/ is missing or older than a source, tsx compiles the TypeScript on the fly instead,
// so an edit is never run stale.
import { setFlagsFromString } from 'node:v8';
import { compiled } from './compiled.mjs';

// A run is short and loads much code that runs a few thousand times (its threads each compile
// it): V8 optimizes a function only after about nine times the usual ticks, so its compiler
// threads spend their CPU on the hot few. Set before the CLI's modules load or a thread starts.
// npm run conformance, 1 worker, A/B: at 200 000 CPU 0.90×, wall 0.93× (5 pairs); 600 000 over
// 200 000 CPU 0.95×, wall 0.97× (4 pairs). The same verdicts.
setFlagsFromString('--interrupt-budget=600000');

const main = compiled('cli/main.ts');
if (main) {
  await import(main);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/main.ts');
}
