import { MESSAGING_ERROR_TEXTS as TEXT, noPermissionText } from '../../contract/messaging-errors.js';
import PostalMime from 'postal-mime';
import { MetadataSchema, MimeResponseSchema, statusesOf } from '../../contract/messaging.js';
import { inReadColumn, inUnreadColumn } from '../../contract/message-status.js';
import { check, expectBody, expectOneOfDocumentedErrors, expectSuccess } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/** spec §4.3 'Get a MIME message'; §3.2 'Get MIME message' by a recipient; §7.2 GetMIMEMessage texts for deleted messages. */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.GetMimeMessage', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];
const same = (a: string | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();
/** Line endings and one trailing newline are transport detail, not content. */
const text = (s: string | null | undefined) => (s ?? '').replace(/\r\n/g, '\n').replace(/\n$/, '');

const pair = (t: RuleContext) =>
  t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));

rule(
  {
    ...base,
    id: 'messaging-rest.mime.rfc5322',
    spec: [
      { anchor: '§4.3/get-mime-message', quote: 'the message in standard MIME format' },
    ],
    title: 'Get a MIME message returns standard MIME (RFC 5322) that a MIME parser reads back as the sent From, To, Subject (non-ASCII included) and text',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const sent = { Subject: `${primary.tag} Grüße ☃ — 日本語`, TextBody: 'Línea uno.\nLine two ✓.' };
    const mid = await t.given('primary sends peer a message', () => primary.send([peer], sent));
    const { MimeMessage } = expectBody(await t.rest.getMime(peer.auth, mid), MimeResponseSchema, 'MimeMessage text (vendor-wire §1.1)');
    const email = await PostalMime.parse(MimeMessage);
    const from = email.from && !email.from.group ? email.from.address : undefined;
    const to = (email.to ?? []).flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address ?? '']));
    const wrong = [
      same(from, primary.email) ? '' : `From ${JSON.stringify(from)}`,
      to.some((a) => same(a, peer.email)) ? '' : `To ${JSON.stringify(to)}`,
      email.subject === sent.Subject ? '' : `Subject ${JSON.stringify(email.subject)}`,
      text(email.text) === text(sent.TextBody) ? '' : `text ${JSON.stringify(email.text)}`,
    ].filter(Boolean);
    check(wrong.length === 0, `GET /Message/${mid}/Mime: parsed as MIME (postal-mime), the message differs from what was sent: ${wrong.join(', ')}.`);
  },
);

/** The tracking entry of one recipient in the sender's metadata. */
async function trackedStatus(sender: MailSession, mid: number, recipient: MailSession): Promise<number[] | undefined> {
  const metadata = expectBody(await sender.rest.metadata(sender.auth, mid), MetadataSchema, 'metadata (vendor-wire §1.2)');
  const entry = (metadata.Tracking ?? []).find((e) => same(e.Email, recipient.email));
  return entry ? statusesOf(entry) : undefined;
}

rule(
  {
    ...base,
    id: 'messaging-rest.mime.marks-read',
    spec: [
      { anchor: '§3.2/get-mime-message', quote: 'Tracking information is written automatically, marking it read by the recipient.' },
      { anchor: '§4.3/get-mime-message', quote: 'Get a MIME message' },
    ],
    title: "a recipient's Get MIME writes tracking: the sender's metadata then shows the message read by that recipient",
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    await t.given("the sender's tracking shows peer's copy unread before", async () => {
      const before = await trackedStatus(primary, mid, peer);
      check(before?.length && before.every(inUnreadColumn), `before retrieval peer's tracking status is ${JSON.stringify(before)}, not an Unread one (spec §3.1).`);
    });
    expectBody(await t.rest.getMime(peer.auth, mid), MimeResponseSchema, 'MimeMessage text');
    const after = await trackedStatus(primary, mid, peer);
    check(
      after?.length && after.every(inReadColumn),
      `GET /Message/${mid}/Metadata: after peer retrieved the MIME message, primary's tracking for peer should show a status of the Read column (spec §3.1, e.g. 4 Read); it shows ${JSON.stringify(after)}.`,
    );
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.mime.deleted-from-inbox',
    spec: [
      { anchor: '§7.2/message-has-been-deleted-inbox-no', quote: TEXT.deletedFromInbox },
      { anchor: '§7.2/user-associated-sessionkey-sessionkey-does-not', quote: 'Message not sent or received by the user, deleted, expired, etc.', silence: 'purged-message-text' },
      { anchor: '§4.3/get-mime-message', quote: 'Get a MIME message' },
    ],
    title: 'Get MIME of a message the recipient permanently deleted is refused with "The message has been deleted from the Inbox and is no longer available." (or the permission text, whose causes include deletion)',
    needs,
  },
  async (t) => {
    const [primary, peer] = await pair(t);
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    await t.given('peer deletes it permanently', async () => expectSuccess(await t.rest.deleteMessage(peer.auth, mid, true), 'permanent delete'));
    expectOneOfDocumentedErrors(await t.rest.getMime(peer.auth, mid), [
      TEXT.deletedFromInbox,
      noPermissionText(peer.auth.sessionKey, mid),
    ]);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.mime.deleted-from-track-sent',
    spec: [
      { anchor: '§7.2/message-has-been-deleted-track-sent', quote: TEXT.deletedFromTrackSent },
      { anchor: '§7.2/user-associated-sessionkey-sessionkey-does-not', quote: 'Message not sent or received by the user, deleted, expired, etc.', silence: 'purged-message-text' },
      { anchor: '§4.3/get-mime-message', quote: 'Get a MIME message' },
    ],
    title: 'Get MIME of a message the sender permanently deleted is refused with "This message has been deleted from Track Sent and is no longer available" (or the permission text)',
    needs,
  },
  async (t) => {
    const [primary, peer] = await pair(t);
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    await t.given('primary deletes the sent copy permanently', async () => expectSuccess(await t.rest.deleteMessage(primary.auth, mid, true), 'permanent delete'));
    expectOneOfDocumentedErrors(await t.rest.getMime(primary.auth, mid), [
      TEXT.deletedFromTrackSent,
      noPermissionText(primary.auth.sessionKey, mid),
    ]);
  },
);
