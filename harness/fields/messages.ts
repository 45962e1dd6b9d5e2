import { shared } from '../shared-fixture.js';
import PostalMime from 'postal-mime';
import type { FieldRead, FieldWrite } from '../../contract/fields.js';
import { MessageIdsSchema, MetadataSchema, MimeResponseSchema, SearchResponseSchema, SendMimeResponseSchema, SendResponseSchema, SummariesSchema, type Summary } from '../../contract/messaging.js';
import { descendantsNamed } from '../../contract/wire/xml.js';
import { mimeAlternative, type TransferEncoding } from '../../generators/mime-message.js';
import { bodyText, displayText, drawText } from '../../generators/unicode-text.js';
import { eventually } from '../eventually.js';
import { expectBody } from '../expect.js';
import type { HttpResponse } from '../http.js';
import type { RuleContext } from '../rule.js';
import { expectInnerXml, expectSoapResult, intOf } from '../soap-expect.js';
import { inboxOf, restSession, soapSession } from './sessions.js';

/**
 * The shared messages of the SendMessage cells (contract/field-models-mail.ts): one per write,
 * from primary to peer and outsider, with a non-ASCII Subject, text and HTML body (and, through
 * MIME, non-ASCII display names in From and To). Peer's copy is opened (Get a message, the MIME
 * reads); outsider's copy is only listed, so it stays unread for Get unread messages (spec §3.2: a
 * recipient's MIME read marks it read). Every copy is purged when the worker ends.
 */

export interface MessageRecord {
  readonly mid: number;
  /** the run tag its Subject starts with (a search filter finds it by it) */
  readonly tag: string;
  readonly sent: { To: string[]; From: string; Subject: string; HtmlBody: string; TextBody: string };
}

const encodingOf = (write: FieldWrite): TransferEncoding => (write.id.endsWith(':quoted-printable') ? 'quoted-printable' : 'base64');

export function writtenMessage(t: RuleContext, write: FieldWrite): Promise<MessageRecord> {
  const performs = [write.operation, 'messaging-rest.GetInboxMessageIds'] as const;
  return shared(t, `message:${write.slug}`, `a message written by ${write.label}`, performs, async (s) => {
    const [primary, peer, outsider] = await Promise.all([restSession(s, 'primary'), restSession(s, 'peer'), restSession(s, 'outsider')]);
    const tag = s.prefix;
    const seed = s.run.settings.seed;
    const sent = {
      To: [peer.email, outsider.email],
      From: primary.email,
      Subject: drawText(displayText(tag, 3), seed, `${tag}.Subject`),
      HtmlBody: `<p>${drawText(displayText(tag, 3), seed, `${tag}.HtmlBody`)}</p>`,
      TextBody: drawText(bodyText(tag), seed, `${tag}.TextBody`),
    };
    let mid: number;
    if (write.operation === 'messaging-rest.SendMessage') {
      ({ MessageId: mid } = expectBody(await s.rest.send(primary.auth, { To: sent.To, Subject: sent.Subject, HtmlBody: sent.HtmlBody, TextBody: sent.TextBody }), SendResponseSchema, 'the MessageId (spec §4.3 Send)'));
    } else {
      const name = (who: string) => drawText(displayText(tag, 1), seed, `${tag}.${who}`);
      const mime = mimeAlternative({ from: { name: name('from'), address: sent.From }, to: sent.To.map((address, i) => ({ name: name(`to${i}`), address })), subject: sent.Subject, text: sent.TextBody, html: sent.HtmlBody, encoding: encodingOf(write), boundary: `=_${tag}` });
      if (write.operation === 'messaging-rest.SendMimeMessage') {
        ({ MessageId: mid } = expectBody(await s.rest.sendMime(primary.auth, mime), SendMimeResponseSchema, 'the MessageId (spec §4.3 Send MIME)'));
      } else {
        const sender = await soapSession(s, 'primary');
        const a = await s.soap.sendMime(sender.key, mime);
        mid = intOf(a, expectInnerXml(a, expectSoapResult(a, 'SendMIMEMessageResult: MID'), 'SendMessage'), 'NewMID', 'the new MID');
      }
    }
    s.onCleanup(`purge message ${mid}`, () => Promise.all([primary, peer, outsider].map((session) => s.rest.deleteMessage(session.auth, mid, true))), undefined, 'purge');
    // spec §4.3 Get inbox message ids: the message reaches both recipients' Inboxes
    for (const [role, session] of [['peer', peer], ['outsider', outsider]] as const) {
      const inbox = await inboxOf(s, role);
      await eventually(`message ${mid} in ${role}'s Inbox`, async () => (expectBody(await s.rest.inboxMessageIds(session.auth, { FolderId: inbox, MessageListFilter: 0, MustHaveAttachments: false }), MessageIdsSchema, 'MessageIds').MessageIds.includes(mid) ? true : undefined), {
        timeoutMs: s.run.settings.eventuallyTimeoutMs,
      });
    }
    return { mid, tag, sent };
  });
}

/** A MIME text as a reader with a MIME parser sees it (postal-mime: RFC 2047 words and both transfer encodings decoded). */
async function parsedMime(text: string): Promise<Record<string, unknown>> {
  const email = await PostalMime.parse(text);
  const to = (email.to ?? []).flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address ?? '']));
  return { To: to, From: email.from && !email.from.group ? email.from.address : undefined, Subject: email.subject, 'text/html': email.html, 'text/plain': email.text };
}

/** Every summary of a listing, pages followed while it says there are more (`after`: the last MID of the page before). */
async function allSummaries(page: (after: number | undefined) => Promise<HttpResponse>, what: string): Promise<{ found: Summary[]; label: string }> {
  const found: Summary[] = [];
  let after: number | undefined;
  let label = '';
  for (let n = 0; n < 50; n++) {
    const res = await page(after);
    label = res.label;
    const body = expectBody(res, SummariesSchema, what);
    const fresh = body.Summaries.filter((x) => !found.some((f) => f.MessageId === x.MessageId));
    found.push(...fresh);
    if (!(body.MoreMessagesAvailable === true || body.MoreMessagesAvailable === 'true') || fresh.length === 0) break;
    after = body.Summaries.at(-1)!.MessageId;
  }
  return { found, label };
}

/** What `read` shows of the message (by the names it shows fields under); undefined when it does not show it. */
export async function readMessage(t: RuleContext, read: FieldRead, message: MessageRecord): Promise<{ shown?: Record<string, unknown>; where: string }> {
  const { mid } = message;
  const first = t.profile.messaging.firstPageNumber;
  switch (read.operation) {
    case 'messaging-rest.GetMessage': {
      const res = await t.rest.getMessage((await restSession(t, 'peer')).auth, mid);
      return { shown: res.status < 300 && res.json && typeof res.json === 'object' ? (res.json as Record<string, unknown>) : undefined, where: `${res.label} (HTTP ${res.status})` };
    }
    case 'messaging-rest.GetMimeMessage': {
      const res = await t.rest.getMime((await restSession(t, 'peer')).auth, mid);
      return { shown: await parsedMime(expectBody(res, MimeResponseSchema, 'MimeMessage text (vendor-wire §1.1)').MimeMessage), where: res.label };
    }
    case 'messaging-soap.GetMIMEMessage': {
      const a = await t.soap.getMime((await soapSession(t, 'peer')).key, mid);
      return { shown: await parsedMime(expectSoapResult(a, 'GetMIMEMessageResult')), where: 'SOAP GetMIMEMessage' };
    }
    case 'messaging-rest.GetMessageMetadata': {
      const res = await t.rest.metadata((await restSession(t, 'primary')).auth, mid);
      const tracking = expectBody(res, MetadataSchema, 'the sender’s metadata (vendor-wire §1.2)').Tracking ?? [];
      return { shown: { Tracking: tracking.map((e) => e.Email) }, where: res.label };
    }
    case 'messaging-rest.SearchInbox': {
      const [outsider, inbox] = await Promise.all([restSession(t, 'outsider'), inboxOf(t, 'outsider')]);
      const res = await t.rest.search(outsider.auth, { Filter: message.tag, FolderId: inbox, GetRetractedMsgs: true, OrderBy: 'DATE', OrderDesc: true, PageNum: first, PageSize: 50 });
      const item = expectBody(res, SearchResponseSchema, 'search results (vendor-wire §1.2)').Results.find((r) => r.MessageId === mid);
      return { shown: item, where: res.label };
    }
    case 'messaging-soap.GetMailboxXML': {
      const [outsider, inbox] = await Promise.all([soapSession(t, 'outsider'), inboxOf(t, 'outsider')]);
      const a = await t.soap.mailboxXml(outsider.key, { mailboxType: 0, folderId: inbox, pageNum: first, pageSize: 50, filter: message.tag, orderDesc: true });
      const root = expectInnerXml(a, expectSoapResult(a, 'the mailbox listing'), 'GetMailboxXML');
      const text = (e: typeof root, name: string) => descendantsNamed(e, name)[0]?.text;
      const item = [...(root.local === 'MessageListItem' ? [root] : []), ...descendantsNamed(root, 'MessageListItem')].find((e) => Number(text(e, 'MID')?.trim()) === mid);
      return { shown: item ? { Subject: text(item, 'Subject'), FromEMail: text(item, 'FromEMail') } : undefined, where: 'SOAP GetMailboxXML' };
    }
    default: {
      const [outsider, inbox] = await Promise.all([restSession(t, 'outsider'), inboxOf(t, 'outsider')]);
      const unread = read.operation === 'messaging-rest.GetUnreadMessages';
      const { found, label } = await allSummaries(
        (after) => (unread ? t.rest.unread(outsider.auth, after) : t.rest.messageSummaries(outsider.auth, { FolderId: inbox, LastMessageIDReceived: after ?? 0 })),
        unread ? 'unread summaries (vendor-wire §1.1)' : 'summaries (vendor-wire §1.1)',
      );
      return { shown: found.find((x) => x.MessageId === mid), where: label };
    }
  }
}
