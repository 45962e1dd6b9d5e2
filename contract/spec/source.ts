import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../root.js';

/**
 * Where interface-spec.md is: ../shared/spec beside the project (a clone), or one level further
 * up (a git worktree under the clone's parent). Only the generator and the self-tests read it;
 * a run reads the index (contract/spec/units.ts), so an installed package needs no spec file.
 */
export function specSource(): string {
  for (const up of ['../shared/spec/interface-spec.md', '../../shared/spec/interface-spec.md']) {
    const file = join(projectRoot(import.meta.url), up);
    if (existsSync(file)) return file;
  }
  throw new Error('interface-spec.md was not found in ../shared/spec beside the project.');
}
