// The entry of the embedded reference's own thread (harness/reference-thread/index.ts). The
// reference is TypeScript, compiled on the fly here as bin/ does for the CLI: a worker thread
// does not inherit the main thread's loader hooks.
import { register } from 'tsx/esm/api';

register();
await import('./serve.ts');
