// Bundle 4 of a CLI run: the spec files run/bundles.ts dealt to it (see run/bundle-load.ts).
import { loadBundle } from '../bundle-load.js';

await loadBundle(4);
