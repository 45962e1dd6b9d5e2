import { expectDocumentedError, expectOneOfDocumentedErrors, expectSuccess } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/** spec §7.2 GetMIMEMessage and DeleteMessage texts for messages already deleted. */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];
const noPermission = (key: string, mid: number) => `The user associated with the SessionKey: ${key} does not have permission to access MID: ${mid}`;

const pair = (t: RuleContext) =>
  t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));

rule(
  {
    ...base,
    id: 'messaging-rest.mime.deleted-from-inbox',
    section: '§7.2',
    operation: 'messaging-rest.GetMimeMessage',
    title: 'Get MIME of a message the recipient permanently deleted is refused with "The message has been deleted from the Inbox and is no longer available." (or the permission text, whose causes include deletion)',
    needs,
  },
  async (t) => {
    const [primary, peer] = await pair(t);
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    await t.given('peer deletes it permanently', async () => expectSuccess(await t.rest.deleteMessage(peer.auth, mid, true), 'permanent delete'));
    expectOneOfDocumentedErrors(await t.rest.getMime(peer.auth, mid), [
      'The message has been deleted from the Inbox and is no longer available.',
      noPermission(peer.auth.sessionKey, mid),
    ]);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.mime.deleted-from-track-sent',
    section: '§7.2',
    operation: 'messaging-rest.GetMimeMessage',
    title: 'Get MIME of a message the sender permanently deleted is refused with "This message has been deleted from Track Sent and is no longer available" (or the permission text)',
    needs,
  },
  async (t) => {
    const [primary, peer] = await pair(t);
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    await t.given('primary deletes the sent copy permanently', async () => expectSuccess(await t.rest.deleteMessage(primary.auth, mid, true), 'permanent delete'));
    expectOneOfDocumentedErrors(await t.rest.getMime(primary.auth, mid), [
      'This message has been deleted from Track Sent and is no longer available',
      noPermission(primary.auth.sessionKey, mid),
    ]);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.delete.already-deleted',
    section: '§7.2',
    operation: 'messaging-rest.DeleteMessage',
    title: 'deleting a message already deleted from the system is refused with "Message could not be deleted"',
    needs,
  },
  async (t) => {
    const [primary, peer] = await pair(t);
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    await t.given('peer deletes it permanently', async () => expectSuccess(await t.rest.deleteMessage(peer.auth, mid, true), 'permanent delete'));
    expectDocumentedError(await t.rest.deleteMessage(peer.auth, mid), 'Message could not be deleted');
  },
);
