import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Claims on what rules running side by side share (style.md, convention 7), one directory per
 * run and per resource, since spec files run in parallel worker threads:
 * - `company`: the company-wide settings (SMTP password, SMTP whitelist, company key). A rule
 *   that changes one runs alone among the rules that change or rely on them.
 * - `folders-<party>`: the custom folders of a party account (contract/parties.ts). A party rule
 *   that sends the owner's folder id to delete it or move into it (§5 item 9) freezes it, so no
 *   other rule can make a folder for that party meanwhile and it can first see that the id names
 *   none of the party's folders (folder ids may be numbered per user, silence folder-id-scope);
 *   such rules make no party folder, so they freeze it together. Every folder creation for a
 *   party uses it for the time of its request.
 *
 * A rule that *changes* a resource holds its `change` directory (made atomically by mkdir) once
 * no rule that uses or freezes it holds a marker; a rule that *freezes* it writes a `freeze-*`
 * marker, beside those of other rules that freeze it, and goes once no rule uses it (and none
 * changes it); a rule that *uses* it waits while a change or a freeze is held or waiting, and
 * writes a `use-*` marker. A waiting rule looks again when the directory changes (a claim taken
 * or released), not on a timer.
 */
export type ClaimKind = 'changes' | 'freezes' | 'uses';

/** a look once a second besides the directory's change events, should a file system not report one */
const SAFETY_MS = 1_000;
const CHANGE = 'change';

export interface Lease {
  release(): void;
}

const runPath = (runId: string) => join(tmpdir(), 'secure-messaging-conformance', `claims-${runId}`);

function resourceDir(runId: string, resource: string): string {
  const dir = join(runPath(runId), resource);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Removes the run's claim directories once every rule has run (global teardown). */
export function forgetClaims(runId: string): void {
  rmSync(runPath(runId), { recursive: true, force: true });
}

const exists = (dir: string, name: string) => readdirSync(dir).includes(name);
const users = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('use-'));
const freezers = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('freeze-'));

/**
 * Resolves once `ready()` holds: looked at now and again whenever the claim directory changes;
 * rejects at `until` (epoch ms). The watch starts before the second look, so no change between
 * a look and the watch is missed.
 */
function whenReady(dir: string, ready: () => boolean, until: number, what: string, waitMs: number): Promise<void> {
  if (ready()) return Promise.resolve();
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
    const timer = setTimeout(() => settle(new Error(`${what} stayed claimed by other rules for ${Math.round(waitMs / 1000)} s, longer than a rule may wait`)), Math.max(0, until - Date.now()));
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
 * Takes `resource` for a rule, waiting up to `waitMs`; throws when it stays taken (a rule of this
 * run holding it longer than a test may run). `what` names it in that error.
 */
export async function claim(runId: string, resource: string, kind: ClaimKind, waitMs: number, what: string): Promise<Lease> {
  const dir = resourceDir(runId, resource);
  const until = Date.now() + waitMs;
  if (kind === 'changes') {
    const mine = join(dir, CHANGE);
    await whenReady(dir, () => made(mine), until, what, waitMs);
    // the change is announced: no new user or freezer starts; wait for the running ones to finish
    try {
      await whenReady(dir, () => users(dir).length === 0 && freezers(dir).length === 0, until, what, waitMs);
    } catch (e) {
      rmdirSync(mine);
      throw e;
    }
    return { release: () => rmdirSync(mine) };
  }
  if (kind === 'freezes') {
    const mine = join(dir, `freeze-${randomUUID()}`);
    const frozen = () => {
      if (exists(dir, CHANGE)) return false;
      writeFileSync(mine, '');
      if (!exists(dir, CHANGE)) return true;
      // a change was announced between the look and the mark: step back, let it go first
      rmSync(mine, { force: true });
      return false;
    };
    await whenReady(dir, frozen, until, what, waitMs);
    // the freeze is announced: no new user starts; wait for the running ones to finish
    try {
      await whenReady(dir, () => users(dir).length === 0, until, what, waitMs);
    } catch (e) {
      rmSync(mine, { force: true });
      throw e;
    }
    return { release: () => rmSync(mine, { force: true }) };
  }
  const marker = join(dir, `use-${randomUUID()}`);
  const held = () => exists(dir, CHANGE) || freezers(dir).length > 0;
  const marked = () => {
    if (held()) return false;
    writeFileSync(marker, '');
    if (!held()) return true;
    // a change was announced between the look and the mark: step back, let it go first
    rmSync(marker, { force: true });
    return false;
  };
  await whenReady(dir, marked, until, what, waitMs);
  return { release: () => rmSync(marker, { force: true }) };
}

/** The company-wide settings, claimed by a rule that changes or uses them (harness/rule.ts `company`). */
export const claimCompany = (runId: string, kind: ClaimKind, waitMs: number): Promise<Lease> => claim(runId, 'company', kind, waitMs, 'the company-wide settings');
