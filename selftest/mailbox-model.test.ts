import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mailboxCommands, type MailboxModel, type PairApi, type Side } from '../generators/mailbox-commands.js';
import type { TrashAdvance } from '../generators/mailbox-model.js';

/**
 * The mailbox model (generators/mailbox-model.ts) against an in-memory mailbox pair that keeps
 * spec §3.2 under either trash reading (clarification N1). The reference never moves a copy on
 * by itself, so this is where the `server` reading's own freedom is exercised: the fake moves
 * copies on from Trash at random moments after a short retention, between and during the
 * model's read-backs. The model must accept that, and must still catch a copy that moves back.
 */

const HOME: Record<Side, number> = { sender: 3, recipient: 1 };
const TRASH: Record<Side, number> = { sender: 10, recipient: 20 };
const DELETED: Record<Side, number> = { sender: 11, recipient: 21 };
const TYPE: Record<Side, 0 | 1> = { recipient: 0, sender: 1 };

type Drift = 'none' | 'forward' | 'backward';
/** requests a copy stays in a trash stage before the server may move it */
const RETENTION = 3;

/** A conforming pair (plus `backward`: a server that also moves copies back from Deleted Trash to Trash). */
function fakePair(trashAdvance: TrashAdvance, drift: Drift, seed: number): PairApi {
  let rng = seed >>> 0 || 1;
  const random = () => ((rng = Math.imul(rng ^ (rng >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
  const custom = new Map<number, { owner: Side; type: 0 | 1 }>();
  const at = new Map<number, Record<Side, number | 'purged'>>();
  let ids = 100;
  // when each copy entered its trash stage: the server moves it on only after a retention of a
  // few requests, longer than a delete and the listings right after it (N1, M4: the first step is checked)
  let clock = 0;
  const entered = new Map<string, number>();
  const place = (copies: Record<Side, number | 'purged'>, s: Side, mid: number, where: number | 'purged') => {
    copies[s] = where;
    entered.set(`${mid}:${s}`, clock);
  };
  /** the server's own moves, at any moment the target is asked something */
  const tick = () => {
    clock += 1;
    for (const [mid, copies] of at) {
      for (const s of ['sender', 'recipient'] as const) {
        if (clock - (entered.get(`${mid}:${s}`) ?? 0) < RETENTION || random() > 0.25) continue;
        entered.set(`${mid}:${s}`, clock);
        if (drift !== 'none' && copies[s] === TRASH[s]) copies[s] = DELETED[s];
        else if (drift === 'forward' && copies[s] === DELETED[s]) copies[s] = 'purged';
        else if (drift === 'backward' && copies[s] === DELETED[s]) copies[s] = TRASH[s];
      }
    }
  };
  const copy = (s: Side, mid: number) => (tick(), at.get(mid)?.[s] ?? 'purged');
  return {
    folders: { sender: { home: HOME.sender, trash: [TRASH.sender], deletedTrash: [DELETED.sender] }, recipient: { home: HOME.recipient, trash: [TRASH.recipient], deletedTrash: [DELETED.recipient] } },
    trashAdvance,
    createFolder: async (owner, type) => (custom.set(++ids, { owner, type }), ids),
    async deleteFolder(owner, id) {
      if (custom.get(id)?.owner !== owner) return 400;
      custom.delete(id);
      for (const copies of at.values()) if (copies[owner] === id) copies[owner] = HOME[owner];
      return 200;
    },
    send: async () => (at.set(++ids, { sender: HOME.sender, recipient: HOME.recipient }), ids),
    read: async (mid) => (copy('recipient', mid) === 'purged' ? 404 : 200),
    async move(s, mid, folder) {
      if (copy(s, mid) === 'purged') return 404;
      const type = folder === HOME[s] ? TYPE[s] : custom.get(folder)?.owner === s ? custom.get(folder)!.type : undefined;
      if (type !== TYPE[s]) return 400;
      at.get(mid)![s] = folder;
      return 200;
    },
    async delete(s, mid, permanently) {
      const where = copy(s, mid);
      if (where === 'purged') return 404;
      const copies = at.get(mid)!;
      if (permanently || where === DELETED[s]) place(copies, s, mid, 'purged');
      else if (where === TRASH[s]) place(copies, s, mid, trashAdvance === 'server' ? 'purged' : DELETED[s]);
      else place(copies, s, mid, TRASH[s]);
      return 200;
    },
    retract: async (mid) => (copy('sender', mid) === 'purged' ? 404 : 200),
    holds: async (s, mid, folders) => {
      const where = copy(s, mid);
      return where !== 'purged' && folders.includes(where);
    },
  };
}

/** Runs the model's command sequences against a fresh fake each; the first failure, if any. */
async function firstFailure(trashAdvance: TrashAdvance, drift: Drift, numRuns: number): Promise<string | undefined> {
  let run = 0;
  const details = await fc.check(
    fc.asyncProperty(mailboxCommands(30), async (commands) => {
      const api = fakePair(trashAdvance, drift, ++run);
      const mid = await api.send();
      const model: MailboxModel = { messages: [{ mid, at: { sender: { folder: HOME.sender }, recipient: { folder: HOME.recipient } } }], folders: [] };
      await fc.asyncModelRun(() => ({ model, real: api }), commands);
    }),
    { seed: 15, numRuns },
  );
  return details.failed ? String((details.errorInstance as Error)?.message ?? details.errorInstance) : undefined;
}

describe('the mailbox model keeps every declared reading of the trash mechanism (N1)', () => {
  test('a server that moves copies on from Trash by itself (after a short retention, then at any moment) passes under trashAdvance "server"', async () => {
    expect(await firstFailure('server', 'forward', 300)).toBeUndefined();
  });

  test('a server whose deletes advance the trash passes under "delete" and under "server"', async () => {
    expect(await firstFailure('delete', 'none', 150)).toBeUndefined();
    expect(await firstFailure('server', 'none', 150)).toBeUndefined();
  });

  test('under "server", a copy that moves back from Deleted Trash to Trash fails', async () => {
    expect(await firstFailure('server', 'backward', 300)).toMatch(/only moves forward|Trash and in Deleted Trash at once|refused .* still in/);
  });

  test('under "delete", a server that moves copies on by itself fails (the reading it declared is not the one it keeps)', async () => {
    expect(await firstFailure('delete', 'forward', 300)).toMatch(/should be in (trash|deletedTrash)/);
  });
});
