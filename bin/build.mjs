#!/usr/bin/env node
// Compiles the CLI and the reference (bin/compiled.mjs SOURCES) to JavaScript under dist/, one file
// per module, so a run starts without a TypeScript loader; specs stay TypeScript for vitest.
// `npm ci` runs it (prepare), and so does `npm test`; esbuild only strips types, in about a second.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { DIST, newestSource, ROOT, sourceFiles, STAMP } from './compiled.mjs';

const started = performance.now();
const newest = newestSource();
const files = sourceFiles();
await build({
  absWorkingDir: ROOT,
  entryPoints: files.filter((f) => f.endsWith('.ts')),
  outdir: DIST,
  outbase: '.',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
});
// plain JavaScript modules (worker entries) are copied as they are
for (const f of files.filter((f) => f.endsWith('.mjs'))) {
  mkdirSync(dirname(join(DIST, f)), { recursive: true });
  copyFileSync(join(ROOT, f), join(DIST, f));
}
// what was compiled from a source that is gone goes too (declarations from prepack stay beside their module)
if (existsSync(DIST)) {
  for (const f of readdirSync(DIST, { recursive: true, encoding: 'utf8' })) {
    const source = f.replace(/(\.d\.ts|\.js\.map|\.js)$/, '.ts');
    if (source !== f && !existsSync(join(ROOT, source))) rmSync(join(DIST, f));
  }
}
// the sources' newest time: bin/compiled.mjs uses dist/ only while no source is newer
writeFileSync(STAMP, String(newest));
if (!process.argv.includes('--quiet')) console.log(`dist/: ${files.length} modules compiled in ${Math.round(performance.now() - started)} ms`);
