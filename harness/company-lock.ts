import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Company-wide settings (SMTP password, SMTP whitelist, company key) belong to the whole
 * company, so a rule that changes one must run alone (style.md, convention 7): no other rule
 * that changes or relies on them may run meanwhile. Spec files run in parallel worker threads,
 * so the claim is made on disk, one directory per run: a rule that *changes* the settings holds
 * the run's `change` directory (made atomically by mkdir) once no rule that *uses* them holds a
 * `use-*` marker; a rule that uses them waits while a change is held or waiting. A waiting rule
 * looks again when the directory changes (a claim taken or released), not on a timer.
 */
export type CompanyClaim = 'changes' | 'uses';

/** a look once a second besides the directory's change events, should a file system not report one */
const SAFETY_MS = 1_000;
const CHANGE = 'change';

export interface Lease {
  release(): void;
}

const pathOf = (runId: string) => join(tmpdir(), 'secure-messaging-conformance', `company-${runId}`);

function runDir(runId: string): string {
  const dir = pathOf(runId);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Removes the run's claim directory once every rule has run (global teardown). */
export function forgetCompanyClaims(runId: string): void {
  rmSync(pathOf(runId), { recursive: true, force: true });
}

const exists = (dir: string, name: string) => readdirSync(dir).includes(name);
const users = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('use-'));

/**
 * Resolves once `ready()` holds: looked at now and again whenever the claim directory changes;
 * rejects at `until` (epoch ms). The watch starts before the first look, so no change between
 * the look and the watch is missed.
 */
function whenReady(dir: string, ready: () => boolean, until: number, waitMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      watcher.close();
      clearInterval(safety);
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const look = () => {
      if (settled) return;
      try {
        if (ready()) settle();
      } catch (e) {
        settle(e as Error);
      }
    };
    const watcher = watch(dir, look);
    const safety = setInterval(look, SAFETY_MS);
    const timer = setTimeout(() => settle(new Error(`the company-wide settings stayed claimed by other rules for ${waitMs} ms`)), Math.max(0, until - Date.now()));
    look();
  });
}

/** Makes a directory; false when it is there already (another rule holds the change). */
const made = (dir: string) => {
  try {
    mkdirSync(dir);
    return true;
  } catch {
    return false;
  }
};

/**
 * Takes the company settings for a rule, waiting up to `waitMs`; throws when they stay taken
 * (a rule of this run holding them longer than a test may run).
 */
export async function claimCompany(runId: string, claim: CompanyClaim, waitMs: number): Promise<Lease> {
  const dir = runDir(runId);
  const until = Date.now() + waitMs;
  if (claim === 'changes') {
    const mine = join(dir, CHANGE);
    await whenReady(dir, () => made(mine), until, waitMs);
    // the change is announced: no new user starts; wait for the running ones to finish
    try {
      await whenReady(dir, () => users(dir).length === 0, until, waitMs);
    } catch (e) {
      rmdirSync(mine);
      throw e;
    }
    return { release: () => rmdirSync(mine) };
  }
  const marker = join(dir, `use-${randomUUID()}`);
  const marked = () => {
    if (exists(dir, CHANGE)) return false;
    writeFileSync(marker, '');
    if (!exists(dir, CHANGE)) return true;
    // a change was announced between the look and the mark: step back, let it go first
    rmSync(marker, { force: true });
    return false;
  };
  await whenReady(dir, marked, until, waitMs);
  return { release: () => rmSync(marker, { force: true }) };
}
