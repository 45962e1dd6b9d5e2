import { operationsOf } from '../../contract/operations.js';
import { MODEL_SPEC } from '../../generators/mailbox-model.js';
import fc from 'fast-check';
import { SendResponseSchema } from '../../contract/messaging.js';
import { mailboxCommands, type MailboxModel, type PairApi, type Side } from '../../generators/mailbox-commands.js';
import { mimeMessage } from '../../generators/mime-message.js';
import type { SoapAnswer } from '../../harness/clients/messaging-soap.js';
import { expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { createdFolderId } from '../../harness/fixtures/mail-folders.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, soapService } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { rule } from '../../harness/rule.js';
import { expectInnerXml, expectSoapResult, intOf } from '../../harness/soap-expect.js';

/** Commands per sequence, sequences per run, and the forms drawn for one sequence. */
// a sequence is as long as the §3.2 states worth reaching need (a read copy in Trash, a filed copy
// of a deleted folder, the end of the trash sequence: at most five commands in a row), with room
// for them to meet; more sequences, not longer ones, widen the search
const MAX_COMMANDS = 15;
const MAX_RUNS = 20;
const FORMS = 128;
/** Every sequence runs in a chain of its own, all at once (each its own messages and folders): the rule's longest chain of round trips is one sequence. */
const CHAINS = MAX_RUNS;

type Form = 'REST' | 'SOAP';
/** spec §3.2 mailbox types of each side's copy: received = inbox (0), sent = outbox (1). */
const TYPE: Record<Side, 0 | 1> = { recipient: 0, sender: 1 };

/** A SOAP answer as the model reads statuses: a Fault is a refusal (4xx), a response a success. */
function status(a: SoapAnswer): number {
  if (a.http.status === 500 && a.fault) return 400;
  if (a.http.status === 200 && a.body?.local === `${a.op}Response`) return 200;
  return a.http.status === 200 ? 502 : a.http.status;
}

rule(
  {
    id: 'messaging-soap.model.one-mailbox',
    spec: [
      ...MODEL_SPEC,
      { anchor: '§1/rest-form-older-soap-form', quote: 'A REST form and an older SOAP form exist.' },
    ],
    interface: 'messaging-soap',
    operation: [...operationsOf('messaging-rest', ['messaging-rest.LogOn', 'messaging-rest.LogOut', 'messaging-rest.ChangePassword', 'messaging-rest.GetAccountDetails']), ...operationsOf('messaging-soap', ['messaging-soap.Logon', 'messaging-soap.Logout', 'messaging-soap.ChangePassword', 'messaging-soap.GetAccountDetails', 'messaging-soap.GetWsdl'])],
    level: 'must',
    title: 'REST and SOAP are one mailbox: random sequences of folder, send, read, move, delete and retract operations, each through a randomly chosen form, keep every copy where §3.2 puts it, under the same MIDs',
    // the model keeps either reading of the trash mechanism the profile declares (M4, N1)
    needs: [soapService, iface('messaging-rest'), account('primary'), account('peer')],
    timeoutMs: 180_000,
  },
  async (t) => {
    const [sender, recipient, senderSoap, recipientSoap] = await t.given('log on as primary (sender) and peer (recipient) through both forms', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'primary'), SoapSession.open(t, 'peer')]),
    );
    const [ss, rs] = await t.given('find the system folders', () => Promise.all([sender.systemFolders(), recipient.systemFolders()]));
    const rest: Record<Side, MailSession> = { sender, recipient };
    const soap: Record<Side, SoapSession> = { sender: senderSoap, recipient: recipientSoap };
    // what each running sequence made; a sequence removes its own when it ends
    const live = new Set<{ mids: number[]; folders: Array<[Side, number]> }>();
    const reset = async (made: { mids: number[]; folders: Array<[Side, number]> }) => {
      live.delete(made);
      // the purges do not depend on each other; the folders go once their messages are gone
      await Promise.all(made.mids.flatMap((mid) => [sender, recipient].map((s) => s.purge(mid))));
      await Promise.all(made.folders.map(([owner, id]) => t.rest.deleteFolder(rest[owner].auth, id)));
    };
    t.onCleanup('remove what unfinished sequences made', async () => {
      for (const made of [...live]) await reset(made);
    });

    /** One sequence's state: the forms drawn with it (so a counterexample replays), what each did, what it made. */
    const sequence = (forms: Form[]) => {
      const made: { mids: number[]; folders: Array<[Side, number]> } = { mids: [], folders: [] };
      live.add(made);
      let turn = 0;
      const trace: string[] = [];
      const form = (what: string): Form => {
        const f = forms[turn++ % forms.length]!;
        trace.push(`${what} via ${f}`);
        return f;
      };

      const api: PairApi = {
        folders: { sender: { home: ss.outbox, trash: ss.trash, deletedTrash: ss.deletedTrash }, recipient: { home: rs.inbox, trash: rs.trash, deletedTrash: rs.deletedTrash } },
        trashAdvance: t.profile.messaging.trashAdvance,
        async createFolder(owner, type) {
          let id: number;
          if (form(`createFolder(${owner})`) === 'SOAP') {
            const a = await t.soap.createFolder(soap[owner].key, type, soap[owner].folderName());
            id = intOf(a, expectInnerXml(a, expectSoapResult(a, 'the new folder'), 'CreateFolder'), 'NewFID', 'the new folder id');
          } else {
            const name = rest[owner].folderName();
            id = await createdFolderId(rest[owner], await t.rest.createFolder(rest[owner].auth, { FolderName: name, FolderType: type }), name);
          }
          made.folders.push([owner, id]);
          return id;
        },
        deleteFolder: async (owner, id) =>
          form(`deleteFolder(${owner}, ${id})`) === 'SOAP' ? status(await t.soap.deleteFolder(soap[owner].key, id)) : (await t.rest.deleteFolder(rest[owner].auth, id)).status,
        async send() {
          let mid: number;
          const subject = `${t.prefix} one mailbox`;
          if (form('send') === 'SOAP') {
            const a = await t.soap.sendMime(senderSoap.key, mimeMessage({ from: sender.email, to: [recipient.email], subject, text: 'model run (SOAP)' }));
            mid = intOf(a, expectInnerXml(a, expectSoapResult(a, 'the new MID'), 'SendMessage'), 'NewMID', 'the new MID');
          } else {
            mid = expectBody(await t.rest.send(sender.auth, { To: [recipient.email], Subject: subject, TextBody: 'model run (REST)' }), SendResponseSchema, 'a MessageId').MessageId;
          }
          made.mids.push(mid);
          // the same MID reaches the recipient's Inbox, whichever form sent it
          await recipient.awaitInInbox(mid);
          return mid;
        },
        read: async (mid) => (form(`read(${mid})`) === 'SOAP' ? status(await t.soap.getMime(recipientSoap.key, mid)) : (await t.rest.getMime(recipient.auth, mid)).status),
        move: async (s, mid, folder) =>
          form(`move(${s}, ${mid})`) === 'SOAP' ? status(await t.soap.move(soap[s].key, mid, folder)) : (await t.rest.move(rest[s].auth, mid, folder)).status,
        delete: async (s, mid, permanently) =>
          form(`delete(${s}, ${mid})`) === 'SOAP'
            ? status(await t.soap.deleteMessage(soap[s].key, TYPE[s], mid, permanently))
            : (await t.rest.deleteMessage(rest[s].auth, mid, permanently)).status,
        retract: async (mid) => (form(`retract(${mid})`) === 'SOAP' ? status(await t.soap.retract(senderSoap.key, mid)) : (await t.rest.retract(sender.auth, mid)).status),
        // where each copy is, judged by listings of the mailbox (independent of the form that moved it)
        // (the folders are read together: the read-backs do not depend on each other)
        holds: async (s, mid, folders) => (await Promise.all(folders.map((f) => rest[s].idsIn(f)))).some((ids) => ids.includes(mid)),
      };
      return { api, trace, made };
    };

    const formsArb = fc.array(fc.constantFrom<Form>('REST', 'SOAP'), { minLength: FORMS, maxLength: FORMS });
    await property(
      t,
      fc.tuple(mailboxCommands(MAX_COMMANDS), formsArb),
      async ([commands, drawn]) => {
        const { api, trace, made } = sequence(drawn);
        const model: MailboxModel = { messages: [], folders: [] };
        try {
          const mid = await api.send();
          model.messages.push({ mid, at: { sender: { folder: ss.outbox }, recipient: { folder: rs.inbox } } });
          await fc.asyncModelRun(() => ({ model, real: api }), commands).catch((e: Error) => {
            e.message = `starting from one message sent and delivered, with the forms ${trace.slice(-6).join(', ')}: ${e.message}`;
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
