import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SummarySchema, type Summary } from '../../contract/summary.js';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);

export interface NodeResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface CliResult extends NodeResult {
  reportsDir: string;
  summary(): Summary;
}

/** The parent's environment without SMS_ / REFERENCE_ / vitest settings that would leak into a run. */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SMS_|REFERENCE_|VITEST)/.test(k) && k !== 'NODE_OPTIONS'));
}

/** Runs a node script of this repository in a child process, with a clean environment plus `env`. */
export function runNode(args: string[], env: Record<string, string> = {}, timeoutMs = 240_000): Promise<NodeResult> {
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...cleanEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

export function readSummary(reportsDir: string): Summary {
  return SummarySchema.parse(JSON.parse(readFileSync(join(reportsDir, 'summary.json'), 'utf8')));
}

/** Runs the CLI as a vendor would, in a child process with its own reports directory. */
export async function runCli(args: string[], env: Record<string, string> = {}, timeoutMs = 240_000): Promise<CliResult> {
  const reportsDir = mkdtempSync(join(tmpdir(), 'sms-selftest-'));
  const result = await runNode(['bin/secure-messaging-conformance.mjs', ...args, ...(args[0] === 'run' ? ['--reports', reportsDir] : [])], env, timeoutMs);
  return { ...result, reportsDir, summary: () => readSummary(reportsDir) };
}

/** Every file below `dir`, at any depth (a run's reports, swept for secrets). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
