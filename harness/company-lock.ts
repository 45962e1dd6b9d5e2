import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Company-wide settings (SMTP password, SMTP whitelist, company key) belong to the whole
 * company, so a rule that changes one must run alone (style.md, convention 7): no other rule
 * that changes or relies on them may run meanwhile. Spec files run in parallel worker threads,
 * so the claim is made on disk, one directory per run: a rule that *changes* the settings holds
 * the run's `change` directory (made atomically by mkdir) once no rule that *uses* them holds a
 * `use-*` marker; a rule that uses them waits while a change is held or waiting.
 */
export type CompanyClaim = 'changes' | 'uses';

const POLL_MS = 25;
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
 * Takes the company settings for a rule, waiting up to `waitMs`; throws when they stay taken
 * (a rule of this run holding them longer than a test may run).
 */
export async function claimCompany(runId: string, claim: CompanyClaim, waitMs: number): Promise<Lease> {
  const dir = runDir(runId);
  const until = Date.now() + waitMs;
  const waiting = () => {
    if (Date.now() > until) throw new Error(`the company-wide settings stayed claimed by other rules for ${waitMs} ms`);
    return delay(POLL_MS);
  };
  if (claim === 'changes') {
    const mine = join(dir, CHANGE);
    for (;;) {
      try {
        mkdirSync(mine);
        break;
      } catch {
        await waiting();
      }
    }
    // the change is announced: no new user starts; wait for the running ones to finish
    try {
      while (users(dir).length > 0) await waiting();
    } catch (e) {
      rmdirSync(mine);
      throw e;
    }
    return { release: () => rmdirSync(mine) };
  }
  const marker = join(dir, `use-${randomUUID()}`);
  for (;;) {
    while (exists(dir, CHANGE)) await waiting();
    writeFileSync(marker, '');
    if (!exists(dir, CHANGE)) break;
    // a change was announced between the look and the mark: step back, let it go first
    rmSync(marker, { force: true });
  }
  return { release: () => rmSync(marker, { force: true }) };
}
