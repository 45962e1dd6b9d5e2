// The entry of the embedded reference's own thread (run/reference-thread/index.ts). Under
// dist/ (bin/build.mjs) the reference is already JavaScript beside this file; from the source it
// is TypeScript, compiled on the fly as bin/ does for the CLI: a worker thread does not inherit
// the main thread's loader hooks.
import { existsSync } from 'node:fs';

const compiled = new URL('./serve.js', import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./serve.ts');
}
