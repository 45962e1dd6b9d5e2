import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { cleanEnv, ROOT } from './support/cli.js';

/**
 * The package is ready to publish: `npm pack`, install the tarball into an
 * empty folder, and `npx secure-messaging-conformance run --area token` there exits 0.
 *
 * The install is offline: the tarball's own files are unpacked into node_modules as npm would,
 * and its dependencies are this project's node_modules, linked. (`npm install --offline
 * <tarball>` needs the registry's metadata of every dependency in the npm cache, which `npm ci`
 * from a lock file does not leave there, and no test may reach the network.)
 */

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] }).toString();

test('npm pack, install the tarball in an empty folder, npx … run --area token exits 0', async () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { private?: boolean; license?: string; files?: string[]; bin: Record<string, string> };
  expect(pkg.private).toBeUndefined();
  expect(pkg.license).toBe('MIT');
  expect(existsSync(join(ROOT, 'LICENSE'))).toBe(true);

  const dir = mkdtempSync(join(tmpdir(), 'sms-pack-'));
  try {
    npm(['pack', '--pack-destination', dir], ROOT);
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
    expect(tarball).toBeDefined();
    const listing = execFileSync('tar', ['-tzf', join(dir, tarball)]).toString().split('\n').filter(Boolean);
    // what a run needs, and nothing of the suite's own tests, benches or reports
    for (const needed of ['package/bin/secure-messaging-conformance.mjs', 'package/cli/main.ts', 'package/dist/cli/main.js', 'package/dist/cli/main.d.ts', 'package/dist/reference/server.js', 'package/vitest.config.ts', 'package/LICENSE', 'package/README.md']) expect(listing).toContain(needed);
    expect(listing.some((f) => f.startsWith('package/specs/token/'))).toBe(true);
    expect(listing.filter((f) => /^package\/(selftest|bench|reports|node_modules|fixtures)\//.test(f))).toEqual([]);

    const app = join(dir, 'app');
    const installed = join(app, 'node_modules', 'secure-messaging-conformance');
    mkdirSync(installed, { recursive: true });
    mkdirSync(join(app, 'node_modules', '.bin'));
    execFileSync('tar', ['-xzf', join(dir, tarball), '-C', installed, '--strip-components=1']);
    symlinkSync(join(ROOT, 'node_modules'), join(installed, 'node_modules'), 'dir');
    symlinkSync(join('..', 'secure-messaging-conformance', pkg.bin['secure-messaging-conformance']!), join(app, 'node_modules', '.bin', 'secure-messaging-conformance'));

    const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn('npx', ['--offline', 'secure-messaging-conformance', 'run', '--area', 'token', '--reports', join(app, 'reports')], { cwd: app, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      child.on('close', (c) => resolve({ code: c, out: text }));
    });
    expect(code, out).toBe(0);
    expect(out).toMatch(/CONFORMS/);
    // the packed suite ran its own specs, not the project's
    expect(existsSync(join(app, 'reports', 'summary.json'))).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
