import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PARTIES, PARTY_RULES } from '../contract/parties.js';
import { INBOX_TYPE } from '../reference/core/mail/model.js';
import { start } from '../reference/server.js';
import { variantNamed } from '../reference/variant.js';
import { claim, forgetClaims } from '../harness/claims.js';
import { runCli } from './support/cli.js';

/**
 * Under per-user folder ids (silence folder-id-scope, clarification P1) a party sending the
 * owner's folder id to delete it or move into it acts on whatever folder of its own bears that
 * number. The party rules that do so hold the parties' folders and use an owner's folder id that
 * names none of theirs: here each party already holds folders bearing the owner's next ids (as
 * another rule's folders would, run beside them), and those folders must come out of the run
 * as they went in, and the rules pass.
 */
describe('party rules under per-user folder ids', () => {
  test("a party deleting, or moving into, the owner's folder id leaves every folder of its own as it was", async () => {
    const reference = await start({ variant: variantNamed('mail.custom-folder-ids=per-user') });
    try {
      const { store } = reference.state.mailbox;
      const user = (name: string) => reference.state.domain.findUser(name)!;
      const primary = user(reference.profile.accounts!.primary!.username);
      // the owner's next folder ids: its own numbering goes on from its highest folder id
      const next = Math.max(...store.folders(primary).keys()) + 1;
      const planted = PARTIES.flatMap((party) => {
        const holder = user(reference.profile.accounts![party]!.username);
        return [0, 1, 2].map((i) => {
          const folder = { id: next + i, ownerId: holder.id, name: `another rule's folder ${i}`, type: INBOX_TYPE };
          store.folders(holder).set(folder.id, folder);
          return { party, holder, folder };
        });
      });
      const profilePath = join(tmpdir(), `sms-party-folders-${process.pid}-${Date.now()}.json`);
      writeFileSync(profilePath, JSON.stringify(reference.profile), { mode: 0o600 });
      const rules = PARTY_RULES.filter((r) => r.takes.identifier === 'folder-id' && r.takes.use !== 'lists').map((r) => r.rule);
      expect(rules.length).toBeGreaterThanOrEqual(4);
      const run = await runCli(['run', '--no-allure', '--profile', profilePath, '--rule', rules.join(',')], { SMS_SHRINK: 'off' });
      const verdicts = run.summary().rules.map((r) => `${r.id}: ${r.outcome}${r.reason ? ` (${r.reason.slice(0, 300)})` : ''}`);
      expect(verdicts).toEqual(rules.map((r) => `${r}: pass`).sort());
      for (const { party, holder, folder } of planted) {
        expect(store.folder(holder, folder.id), `${party}'s folder ${folder.id}`).toBe(folder);
        expect(store.copiesIn(folder), `what ${party}'s folder ${folder.id} holds`).toEqual([]);
      }
    } finally {
      await reference.close();
    }
  }, 240_000);
});

describe('claims on what rules share (harness/claims.ts)', () => {
  const settled = async (p: Promise<unknown>) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), 150))]);

  test('a use waits while a change is held; a change waits for the uses running; each resource on its own', async () => {
    const runId = `selftest-${process.pid}-${Date.now()}`;
    try {
      const use = await claim(runId, 'folders-peer', 'uses', 5_000, 'the folders of peer');
      const change = claim(runId, 'folders-peer', 'changes', 5_000, 'the folders of peer');
      expect(await settled(change), 'the change waits for the use running').toBe(false);
      const later = claim(runId, 'folders-peer', 'uses', 5_000, 'the folders of peer');
      expect(await settled(later), 'a new use waits while a change waits').toBe(false);
      expect(await settled(claim(runId, 'folders-outsider', 'uses', 5_000, 'the folders of outsider')), 'another resource is free').toBe(true);
      use.release();
      const held = await change;
      expect(await settled(later), 'a new use waits while the change is held').toBe(false);
      held.release();
      (await later).release();
      await expect(claim(runId, 'folders-peer', 'changes', 0, 'the folders of peer').then((l) => l.release())).resolves.toBeUndefined();
      const blocking = await claim(runId, 'company', 'changes', 5_000, 'the company-wide settings');
      await expect(claim(runId, 'company', 'uses', 200, 'the company-wide settings')).rejects.toThrow(/the company-wide settings stayed claimed by other rules/);
      blocking.release();
    } finally {
      forgetClaims(runId);
    }
  });

  test('freezes go together; a use waits while one is held or waiting; a freeze waits for the uses running, and a change for the freezes', async () => {
    const runId = `selftest-${process.pid}-${Date.now()}`;
    const peer = (kind: 'uses' | 'freezes' | 'changes', waitMs = 5_000) => claim(runId, 'folders-peer', kind, waitMs, 'the folders of peer');
    try {
      const use = await peer('uses');
      const first = peer('freezes');
      expect(await settled(first), 'a freeze waits for the use running').toBe(false);
      const later = peer('uses');
      expect(await settled(later), 'a new use waits while a freeze waits').toBe(false);
      use.release();
      const one = await first;
      const two = await peer('freezes', 200);
      expect(await settled(later), 'a use waits while freezes are held').toBe(false);
      const change = peer('changes');
      expect(await settled(change), 'a change waits for the freezes').toBe(false);
      one.release();
      two.release();
      (await change).release();
      (await later).release();
    } finally {
      forgetClaims(runId);
    }
  });
});
