import { noPermissionText } from '../../contract/messaging-errors.js';
import { MimeResponseSchema } from '../../contract/messaging.js';
import { check, expectBody, expectDocumentedError, expectRefused } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/** spec §5 rule 9: access by MID only for the sender and the recipients; §4.3 'Get a MIME message'; §7.2 GetMIMEMessage. */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer'), account('outsider')];

const threeUsers = (t: RuleContext) =>
  t.given('log on as primary, peer and outsider', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), MailSession.open(t, 'outsider')]));

rule(
  {
    ...base,
    id: 'messaging-rest.access.sender-and-recipients',
    spec: [
      { anchor: '§4.3/get-mime-message', quote: 'Senders and recipients, the only users with access, may retrieve basic header information and the security envelope.' },
      { anchor: '§5/access-message-mid-limited-sender', quote: 'Access to a message by MID is limited to its sender and recipients' },
    ],
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
    spec: [
      { anchor: '§7.2/user-associated-sessionkey-sessionkey-does-not', quote: 'The user associated with the SessionKey: [SessionKey] does not have permission to access MID: [MID]' },
      { anchor: '§5/access-message-mid-limited-sender', quote: 'Access to a message by MID is limited to its sender and recipients' },
      { anchor: '§4.3/get-mime-message', quote: 'Senders and recipients, the only users with access' },
    ],
    operation: 'messaging-rest.GetMimeMessage',
    title: 'Get MIME by a user who neither sent nor received the message is refused with "The user associated with the SessionKey: [SessionKey] does not have permission to access MID: [MID]"',
    needs,
  },
  async (t) => {
    const [primary, peer, outsider] = await threeUsers(t);
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    expectDocumentedError(await t.rest.getMime(outsider.auth, mid), noPermissionText(outsider.auth.sessionKey, mid));
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.access.outsider-message',
    spec: [
      { anchor: '§5/access-message-mid-limited-sender', quote: 'Access to a message by MID is limited to its sender and recipients' },
      { anchor: '§4.3/get-message', quote: 'Get a message | MID | the message' },
    ],
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
