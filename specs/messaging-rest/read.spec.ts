import PostalMime from 'postal-mime';
import { MessageSchema, MetadataSchema, MimeResponseSchema, statusesOf } from '../../contract/messaging.js';
import { inReadColumn, inUnreadColumn } from '../../contract/message-status.js';
import { check, expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §4.3 'Get a message', 'Get a MIME message'; §3.2 'Get MIME message' by a recipient. */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];
const same = (a: string | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();
/** Line endings and one trailing newline are transport detail, not content. */
const text = (s: string | null | undefined) => (s ?? '').replace(/\r\n/g, '\n').replace(/\n$/, '');

rule(
  { ...base, id: 'messaging-rest.message.get', section: '§4.3', operation: 'messaging-rest.GetMessage', title: 'Get a message returns the message as sent: From, To, Subject, TextBody and HtmlBody', needs },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const sent = { Subject: `${primary.tag} Grüße ☃`, TextBody: 'Plain words.\nSecond line.', HtmlBody: '<p>Plain <b>words</b>.</p>' };
    const mid = await t.given('primary sends peer a message', () => primary.send([peer], sent));
    const got = expectBody(await t.rest.getMessage(peer.auth, mid), MessageSchema, 'the message (vendor-wire §1.2 Message)');
    const wrong = [
      same(got.From, primary.email) ? '' : `From "${got.From}"`,
      got.To.some((to) => same(to, peer.email)) ? '' : `To ${JSON.stringify(got.To)}`,
      got.Subject === sent.Subject ? '' : `Subject "${got.Subject}"`,
      text(got.TextBody) === text(sent.TextBody) ? '' : `TextBody ${JSON.stringify(got.TextBody)}`,
      text(got.HtmlBody) === text(sent.HtmlBody) ? '' : `HtmlBody ${JSON.stringify(got.HtmlBody)}`,
    ].filter(Boolean);
    check(wrong.length === 0, `GET /Message/${mid}: the message differs from what was sent: ${wrong.join(', ')}.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.mime.rfc5322',
    section: '§4.3',
    operation: 'messaging-rest.GetMimeMessage',
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
    section: '§3.2',
    operation: 'messaging-rest.GetMimeMessage',
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
