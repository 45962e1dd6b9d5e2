import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The suite's own folder (the one holding its package.json), found from a module's URL by walking
 * up: the same answer whether the module runs as TypeScript from its source or as the compiled
 * JavaScript under dist/ (scripts/build.mjs), which sits one level deeper.
 */
export function projectRoot(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(moduleUrl)}`);
    dir = up;
  }
  return dir;
}
