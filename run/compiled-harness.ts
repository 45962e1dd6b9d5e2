import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The folders spec files import that bin/build.mjs compiles: a CLI run that itself runs from dist/
 * (bin/compiled.mjs: only while dist/ is as new as every source) has the workers load these as
 * the compiled JavaScript, through Node's own loader, instead of having vite transform each module
 * and hand it over one import at a time. The spec files stay TypeScript. The run/ folder is not
 * among them: the bundle loader finds the spec files beside itself.
 */
const FOLDERS = ['harness', 'contract', 'generators'] as const;

/** The dist/ folder the module at `moduleUrl` runs from, or undefined where it runs as TypeScript. */
export function distOf(moduleUrl: string, root: string): string | undefined {
  const dist = join(root, 'dist');
  return fileURLToPath(moduleUrl).startsWith(dist + sep) ? dist : undefined;
}

/** What the workers' vite configuration needs to load the compiled harness: a resolver and the modules Node loads itself. */
export function compiledHarness(root: string, dist: string): { plugin: Plugin; external: RegExp } {
  const folders = FOLDERS.map((f) => join(root, f) + sep);
  const plugin: Plugin = {
    name: 'conformance:compiled-harness',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.') || !importer.startsWith(root + sep) || importer.startsWith(dist + sep)) return null;
      const path = resolve(dirname(importer), source);
      if (!folders.some((f) => path.startsWith(f))) return null;
      const compiled = join(dist, relative(root, path)).replace(/\.ts$/, '.js');
      return existsSync(compiled) ? compiled : null;
    },
  };
  return { plugin, external: new RegExp(`^${(dist + sep).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`) };
}
