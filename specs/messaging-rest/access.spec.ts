import { MimeResponseSchema } from '../../contract/messaging.js';
import { check, expectBody, expectDocumentedError, expectRefused } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/** spec §5 rule 9: access by MID only for the sender and the recipients; §7.2 GetMIMEMessage, DeleteMessage. */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer'), account('outsider')];
const noPermission = (key: string, mid: number) => `The user associated with the SessionKey: ${key} does not have permission to access MID: ${mid}`;

const threeUsers = (t: RuleContext) =>
  t.given('log on as primary, peer and outsider', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), MailSession.open(t, 'outsider')]));

rule(
  {
    ...base,
    id: 'messaging-rest.access.sender-and-recipients',
    section: '§4.3',
    operation: 'messaging-rest.GetMimeMessage',
    title: 'the sender and the recipient of a message may both retrieve it by MID (Get MIME message)',
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    expectBody(await t.rest.getMime(primary.auth, mid), MimeResponseSchema, "the sender's MIME retrieval (spec §4.3: senders have access)");
    expectBody(await t.rest.getMime(peer.auth, mid), MimeResponseSchema, "the recipient's MIME retrieval (spec §4.3: recipients have access)");
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.access.outsider-mime',
    section: '§7.2',
    operation: 'messaging-rest.GetMimeMessage',
    title: 'Get MIME by a user who neither sent nor received the message is refused with "The user associated with the SessionKey: [SessionKey] does not have permission to access MID: [MID]"',
    needs,
  },
  async (t) => {
    const [primary, peer, outsider] = await threeUsers(t);
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    expectDocumentedError(await t.rest.getMime(outsider.auth, mid), noPermission(outsider.auth.sessionKey, mid));
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.access.outsider-message',
    section: '§5',
    operation: 'messaging-rest.GetMessage',
    title: 'Get a message by a user who neither sent nor received it is refused (rule 9: access by MID only for sender and recipients)',
    needs,
  },
  async (t) => {
    const [primary, peer, outsider] = await threeUsers(t);
    const subject = `${primary.tag} private`;
    const mid = await t.given('primary sends peer a message', () => primary.send([peer], { Subject: subject }));
    const res = await t.rest.getMessage(outsider.auth, mid);
    expectRefused(res, 'spec §5 rule 9: the outsider is neither sender nor recipient');
    check(!res.text.includes(subject), `GET /Message/${mid}: the refusal to the outsider still shows the message's subject.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.delete.outsider-refused',
    section: '§7.2',
    operation: 'messaging-rest.DeleteMessage',
    title: 'Delete by a user without permission is refused with "Message could not be deleted", and every copy stays',
    needs,
  },
  async (t) => {
    const [primary, peer, outsider] = await threeUsers(t);
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    const [peerSystem, primarySystem] = await t.given('find the system folders', () => Promise.all([peer.systemFolders(), primary.systemFolders()]));
    expectDocumentedError(await t.rest.deleteMessage(outsider.auth, mid), 'Message could not be deleted');
    check((await peer.idsIn(peerSystem.inbox)).includes(mid) && (await primary.idsIn(primarySystem.outbox)).includes(mid),
      `message ${mid} should still be in peer's Inbox and primary's Outbox after the outsider's refused delete.`);
  },
);
