import { operationsOf } from '../../contract/operations.js';
import { MODEL_SPEC } from '../../generators/mailbox-model.js';
import fc from 'fast-check';
import { SendResponseSchema } from '../../contract/messaging.js';
import { createdFolderId } from '../../harness/fixtures/mail-folders.js';
import { expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { rule } from '../../harness/rule.js';
import { mailboxCommands, type MailboxModel, type PairApi, type Side } from '../../generators/mailbox-commands.js';

/** Commands per sequence and sequences per run: a few seconds against the reference. */
// a sequence is as long as the §3.2 states worth reaching need (a read copy in Trash, a filed copy
// of a deleted folder, the end of the trash sequence: at most five commands in a row), with room
// for them to meet; more sequences, not longer ones, widen the search
const MAX_COMMANDS = 15;
const MAX_RUNS = 20;
/** Every sequence runs in a chain of its own, all at once (each its own messages and folders): the rule's longest chain of round trips is one sequence. */
const CHAINS = MAX_RUNS;

/** What one sequence made, removed when it ends. */
interface Made {
  mids: number[];
  folders: Array<[Side, number]>;
}

rule(
  {
    id: 'messaging-rest.model.mailbox-pair',
    spec: MODEL_SPEC,
    interface: 'messaging-rest',
    operation: operationsOf('messaging-rest', ['messaging-rest.LogOn', 'messaging-rest.LogOut', 'messaging-rest.ChangePassword', 'messaging-rest.GetAccountDetails']),
    level: 'must',
    title: 'random sequences of folder creation and deletion, send, read, move, delete and retract keep every copy where the §3.2 moves put it',
    // the model keeps either reading of the trash mechanism the profile declares (M4, N1)
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
    timeoutMs: 120_000,
  },
  async (t) => {
    const [sender, recipient] = await t.given('log on as primary (sender) and peer (recipient)', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const [ss, rs] = await t.given('find the system folders', () => Promise.all([sender.systemFolders(), recipient.systemFolders()]));
    const of: Record<Side, MailSession> = { sender, recipient };
    // what each running sequence made; a sequence removes its own when it ends
    const live = new Set<Made>();

    const apiFor = (made: Made): PairApi => ({
      folders: { sender: { home: ss.outbox, trash: ss.trash, deletedTrash: ss.deletedTrash }, recipient: { home: rs.inbox, trash: rs.trash, deletedTrash: rs.deletedTrash } },
      trashAdvance: t.profile.messaging.trashAdvance,
      async createFolder(owner, type) {
        const session = of[owner];
        const name = session.folderName();
        const res = await t.rest.createFolder(session.auth, { FolderName: name, FolderType: type });
        const FolderId = await createdFolderId(session, res, name);
        made.folders.push([owner, FolderId]);
        return FolderId;
      },
      deleteFolder: async (owner, id) => (await t.rest.deleteFolder(of[owner].auth, id)).status,
      async send() {
        const res = await t.rest.send(sender.auth, { To: [recipient.email], Subject: `${sender.tag} model`, TextBody: 'model run' });
        const { MessageId } = expectBody(res, SendResponseSchema, 'a MessageId');
        made.mids.push(MessageId);
        await recipient.awaitInInbox(MessageId);
        return MessageId;
      },
      read: async (mid) => (await t.rest.getMime(recipient.auth, mid)).status,
      move: async (s, mid, folder) => (await t.rest.move(of[s].auth, mid, folder)).status,
      delete: async (s, mid, permanently) => (await t.rest.deleteMessage(of[s].auth, mid, permanently)).status,
      retract: async (mid) => (await t.rest.retract(sender.auth, mid)).status,
      // the folders are read together: the read-backs do not depend on each other
      holds: async (s, mid, folders) => (await Promise.all(folders.map((f) => of[s].idsIn(f)))).some((ids) => ids.includes(mid)),
    });
    const reset = async (made: Made) => {
      live.delete(made);
      // the purges do not depend on each other; the folders go once their messages are gone
      await Promise.all(made.mids.flatMap((mid) => [sender, recipient].map((s) => s.purge(mid))));
      await Promise.all(made.folders.map(([owner, id]) => t.rest.deleteFolder(of[owner].auth, id)));
    };
    t.onCleanup('remove what unfinished sequences made', async () => {
      for (const made of [...live]) await reset(made);
    });

    await property(
      t,
      mailboxCommands(MAX_COMMANDS),
      async (commands) => {
        const model: MailboxModel = { messages: [], folders: [] };
        const made: Made = { mids: [], folders: [] };
        live.add(made);
        const api = apiFor(made);
        try {
          // every sequence starts from one delivered message, so its first commands already act on mail
          const mid = await api.send();
          model.messages.push({ mid, at: { sender: { folder: ss.outbox }, recipient: { folder: rs.inbox } } });
          await fc.asyncModelRun(() => ({ model, real: api }), commands).catch((e: Error) => {
            e.message = `starting from one message sent and delivered, ${e.message}`;
            throw e;
          });
        } finally {
          await reset(made);
        }
      },
      { numRuns: MAX_RUNS, chains: CHAINS },
    );
  },
);
