import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.js';

/**
 * A file of `../shared` (the spec, the vendor's WSDL) beside the project root, as CI and a fresh
 * clone have it; a git worktree one level deeper finds it at `../../shared`. Undefined where
 * neither exists: the caller decides whether that skips its check or fails it.
 */
export function sharedFile(path: string): string | undefined {
  return ['../shared', '../../shared'].map((dir) => join(ROOT, dir, path)).find((p) => existsSync(p));
}
