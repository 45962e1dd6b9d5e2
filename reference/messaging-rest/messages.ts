import type { Context, Hono } from 'hono';
import { MailError } from '../core/mail/index.js';
import { buildMime } from '../core/mail/mime.js';
import type { Attachment } from '../core/mail/model.js';
import type { Listed } from '../core/mail/listing.js';
import { bool, int, jsonBody, list, pathId, str, strList, type Body } from './body.js';
import type { AuthedEnv, RestDeps } from './deps.js';
import { ordered } from '../common-readings.js';
import { shownMessage } from '../shown.js';

type C = Context<AuthedEnv>;

/** The name each listing shows the sender under (vendor-wire §1.2 Summary, search Result). */
const SENDER: Record<string, string> = { 'messaging-rest.GetMessageSummaries': 'SenderAddress', 'messaging-rest.GetUnreadMessages': 'SenderAddress', 'messaging-rest.SearchInbox': 'SenderEmail' };
/** The names Get a message shows a message's fields under (vendor-wire §1.2 Message). */
const GET_NAMES = { to: 'To', from: 'From', subject: 'Subject', htmlBody: 'HtmlBody', textBody: 'TextBody' } as const;

function attachments(body: Body): Attachment[] {
  return list(body, 'Attachments').map((a) => {
    const data = typeof a.AttachmentBase64 === 'string' ? a.AttachmentBase64.replace(/\s+/g, '') : '';
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || typeof a.FileName !== 'string') throw new MailError('invalidInput');
    return {
      fileName: a.FileName,
      contentType: typeof a.ContentType === 'string' && a.ContentType ? a.ContentType : 'application/octet-stream',
      contentId: typeof a.ContentId === 'string' && a.ContentId ? a.ContentId : undefined,
      data: Buffer.from(data, 'base64'),
    };
  });
}

/** spec §4.3 message operations (vendor-wire §1.1 /Message paths and bodies). */
export function messageRoutes(app: Hono<AuthedEnv>, { state, shapes, actor, text }: RestDeps): void {
  const { mailbox, variant } = state;
  const { listing, messages } = mailbox;
  /** A listed message's Subject and sender as the read shows them (reference/shown.ts). */
  const shownListed = (c: C, read: string, l: Listed): Listed => {
    const shown = c.get('shown');
    return { ...l, content: { ...l.content, subject: shown(read, l.content.origin, 'Subject', l.content.subject), from: shown(read, l.content.origin, SENDER[read]!, l.content.from) } };
  };
  const summaries = (c: C, read: string, listed: ReturnType<typeof listing.unread>) =>
    c.json(shapes.extra({ MoreMessagesAvailable: false, Summaries: ordered(variant, listed.map((l) => shapes.summary(shownListed(c, read, l))), (s) => s.MessageId) }));

  app.post('/Message/GetInboxMessageIds', async (c) => {
    const body = await jsonBody(c);
    const ids = listing.inboxIds(actor(c), {
      folderId: int(body, ['FolderId', 'FolderID']),
      filter: int(body, 'MessageListFilter', 0)!,
      mustHaveAttachments: bool(body, 'MustHaveAttachments'),
    });
    return c.json(shapes.extra({ MessageIds: ordered(variant, ids, (id) => id) }));
  });

  app.post('/Message/GetMessageSummaries', async (c) => {
    const body = await jsonBody(c);
    const last = int(body, ['LastMessageIDReceived', 'LastMessageIdReceived'], 0)!;
    return summaries(c, 'messaging-rest.GetMessageSummaries', listing.summaries(actor(c), int(body, ['FolderId', 'FolderID']), last));
  });

  const unread = (c: C) => {
    const after = c.req.query('After');
    if (after !== undefined && after !== '' && !/^-?\d{1,10}$/.test(after)) throw new MailError('invalidInput');
    return summaries(c, 'messaging-rest.GetUnreadMessages', listing.unread(actor(c), Number(after || 0)));
  };
  app.get('/Message/Inbox/Unread', unread);
  app.get('/Message/Inbox/Unread/', unread);

  app.post('/Message/Inbox/Search', async (c) => {
    const body = await jsonBody(c);
    const page = listing.search(actor(c), {
      filter: str(body, 'Filter', '')!,
      folderId: int(body, ['FolderId', 'FolderID']),
      unreadOnly: bool(body, 'GetInboxUnReadOnly') || bool(body, 'GetInboxUnreadOnly'),
      retracted: bool(body, 'GetRetractedMsgs'),
      orderBy: str(body, 'OrderBy', 'DATE')!,
      orderDesc: bool(body, 'OrderDesc'),
      pageNum: int(body, 'PageNum', 0)!,
      pageSize: int(body, 'PageSize', 0)!,
    });
    return c.json(
      shapes.extra({
        PageDetails: { CurrentPage: page.pageNum, FolderId: page.folderId, OrderBy: page.orderBy, PageSize: page.pageSize, TotalMessages: page.total, TotalPages: page.totalPages },
        Results: page.items.map((l) => shapes.searchResult(shownListed(c, 'messaging-rest.SearchInbox', l))),
      }),
    );
  });

  app.get('/Message/:id{-?[0-9]+}/Metadata', (c) => {
    const { content, tracking } = messages.metadata(actor(c), pathId(c));
    // the recipients as the read shows them (reference/shown.ts)
    return c.json(shapes.metadata(content, tracking && c.get('shown')('messaging-rest.GetMessageMetadata', content.origin, 'Tracking', tracking)));
  });

  app.get('/Message/:id{-?[0-9]+}', (c) => {
    const { copy, content } = messages.open(actor(c), pathId(c), 'message');
    if (state.mail.getMessageTracking === 'marks-read') messages.markRead(copy);
    return c.json(shapes.message(shownMessage(c.get('shown'), 'messaging-rest.GetMessage', content, GET_NAMES), copy?.side === 'sent'));
  });

  app.get('/Message/:id{-?[0-9]+}/Mime', (c) => {
    const policy = c.get('restPolicy');
    const { copy, content } = messages.open(actor(c), pathId(c), 'mime');
    if (policy.mimeReadWritesTracking()) messages.markRead(copy);
    if (policy.mimeReadMarksAllRead()) {
      for (const other of mailbox.store.copiesOwnedBy(actor(c).user.id)) if (other.side === 'received') messages.markRead(other);
    }
    return c.json(shapes.extra({ MimeMessage: buildMime(shownMessage(c.get('shown'), 'messaging-rest.GetMimeMessage', content)) }));
  });

  const send = async (c: C) => {
    const body = await jsonBody(c);
    const sent = messages.send(actor(c), {
      to: strList(body, 'To'),
      cc: strList(body, 'Cc'),
      bcc: strList(body, 'Bcc'),
      subject: str(body, 'Subject', '')!,
      textBody: str(body, 'TextBody', '')!,
      htmlBody: str(body, 'HtmlBody', '')!,
      attachments: attachments(body),
      origin: 'messaging-rest.SendMessage',
    });
    return c.json(shapes.extra({ MessageId: sent.mid }));
  };
  app.post('/Message', send);
  app.post('/Message/', send);

  app.post('/Message/Mime', async (c) => {
    const mime = str(await jsonBody(c), 'MimeMessage', '')!;
    const sent = await messages.sendMime(actor(c), mime, 'messaging-rest.SendMimeMessage');
    return c.json(shapes.extra({ MessageId: state.mail.sendMimeIdAsString ? String(sent.mid) : sent.mid }));
  });

  const move = async (c: C) => {
    const destination = int(await jsonBody(c), 'DestinationFolderId');
    if (destination === undefined) throw new MailError('invalidInput');
    messages.move(actor(c), pathId(c), destination);
    return state.mail.plainTextResponses ? c.body(null, 200) : text(c, 'The message has been moved.');
  };
  app.post('/Message/:id{-?[0-9]+}/Move', move);
  app.post('/Message/:id{-?[0-9]+}/Move/', move);

  app.delete('/Message/:id{-?[0-9]+}', (c) => {
    const flag = (c.req.query('Permanently') ?? c.req.query('permanently') ?? 'false').toLowerCase();
    if (flag !== 'true' && flag !== 'false') throw new MailError('invalidInput');
    const { newFolderId, text: said } = messages.delete(actor(c), pathId(c), flag === 'true');
    return c.json(shapes.extra({ NewFolderId: newFolderId, [state.mail.deleteTextKey]: said }));
  });

  app.post('/Message/:id{-?[0-9]+}/Retract', (c) => {
    messages.retract(actor(c), pathId(c));
    return text(c, 'The message has been retracted.');
  });
}
