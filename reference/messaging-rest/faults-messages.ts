import type { RestFaultDef } from './answer-patch.js';

/**
 * Messaging REST faults of sending, reading and access by MID (the rest are in faults.ts and
 * faults-listing.ts); each names the rule whose test must fail while it is on. A `mail` entry
 * is the mail core's decision the fault answers otherwise (reference/core/mail/policy.ts), a
 * `rest` entry the REST form's (policy.ts), an `answer` its patch of a success answer (edge.ts).
 */
const getMessage = (patch: (body: Record<string, unknown>, reader: { email: string } | undefined) => Record<string, unknown>) => ({ answer: { op: 'messaging-rest.GetMessage' as const, patch } });
export const MESSAGE_FAULTS = [
  // §4.3 send, send MIME, §3.2 malformed MIME
  { id: 'messaging-rest.send-mid-string', rule: 'messaging-rest.send.mid-int', breaks: 'Send returns the MID as a string', answer: { op: 'messaging-rest.SendMessage', patch: (b) => ({ ...b, MessageId: String(b.MessageId) }) } },
  { id: 'messaging-rest.send-first-recipient-only', mail: { deliversToEveryRecipient: () => false }, rule: 'messaging-rest.send.delivered', breaks: 'only the first recipient gets a copy' },
  { id: 'messaging-rest.send-mime-drafts-all', mail: { sendsMimeWithRecipients: () => false }, rule: 'messaging-rest.send-mime.delivered', breaks: 'every MIME message is kept in Drafts instead of being sent' },
  { id: 'messaging-rest.send-mime-malformed-400', mail: { refusesMalformedMime: () => true }, rule: 'messaging-rest.send-mime.malformed-to-drafts', breaks: 'improperly formatted MIME is refused with 400' },
  // §4.3 get message / MIME, §3.2 tracking, §5 rule 9 access
  { id: 'messaging-rest.get-message-html-as-text', rule: 'messaging-rest.message.get', breaks: 'TextBody carries the HTML body', ...getMessage((b) => ({ ...b, TextBody: b.HtmlBody })) },
  { id: 'messaging-rest.get-message-html-dropped', rule: 'messaging-rest.message.get', breaks: 'Get a message leaves HtmlBody empty', ...getMessage((b) => ({ ...b, HtmlBody: '' })) },
  { id: 'messaging-rest.get-message-subject-ascii', rule: 'messaging-rest.message.get', breaks: 'Get a message replaces non-ASCII characters of the Subject with "?"', ...getMessage((b) => ({ ...b, Subject: String(b.Subject).replace(/[^\x20-\x7e]/g, '?') })) },
  { id: 'messaging-rest.get-message-from-reader', rule: 'messaging-rest.message.get', breaks: 'Get a message names the reader, not the sender, in From', ...getMessage((b, reader) => ({ ...b, From: reader?.email })) },
  { id: 'messaging-rest.get-message-to-empty', rule: 'messaging-rest.message.get', breaks: 'Get a message answers an empty To list', ...getMessage((b) => ({ ...b, To: [] })) },
  { id: 'messaging-rest.mime-no-separator', rule: 'messaging-rest.mime.rfc5322', breaks: 'the MIME text lacks the empty line between header and body', answer: { op: 'messaging-rest.GetMimeMessage', patch: (b) => ({ ...b, MimeMessage: String(b.MimeMessage).replace('\r\n\r\n', '\r\n') }) } },
  { id: 'messaging-rest.mime-no-tracking', rule: 'messaging-rest.mime.marks-read', breaks: "a recipient's MIME retrieval writes no tracking", rest: { mimeReadWritesTracking: () => false } },
  { id: 'messaging-rest.sender-refused', mail: { senderReadsOwnMime: () => false }, rule: 'messaging-rest.access.sender-and-recipients', breaks: 'the sender is refused the MIME of their own message' },
  { id: 'messaging-rest.outsider-mime-allowed', mail: { outsiderReadsMime: () => true }, rule: 'messaging-rest.access.outsider-mime', breaks: 'any user may get the MIME of any message' },
  { id: 'messaging-rest.outsider-get-allowed', mail: { outsiderReadsMessage: () => true }, rule: 'messaging-rest.access.outsider-message', breaks: 'any user may get any message' },
  { id: 'messaging-rest.metadata-no-tracking', mail: { senderSeesTracking: () => false }, rule: 'messaging-rest.metadata.tracking', breaks: "the sender's metadata has no tracking entries" },
  { id: 'messaging-rest.recipient-sees-tracking', mail: { recipientSeesTracking: () => true }, rule: 'messaging-rest.metadata.tracking-sender-only', breaks: 'a recipient gets the detailed tracking' },
  { id: 'messaging-rest.outsider-delete-200', mail: { refusesDeletingOthersMessage: () => false }, rule: 'messaging-rest.delete.outsider-refused', breaks: "deleting someone else's message answers 200" },
  { id: 'messaging-rest.purged-still-readable', mail: { purgedCopyReadable: () => true }, rule: 'messaging-rest.mime.deleted-from-inbox', breaks: 'a recipient can still get the MIME of a copy they purged' },
  { id: 'messaging-rest.track-sent-wrong-text', mail: { purgedSentNamesInbox: () => true }, rule: 'messaging-rest.mime.deleted-from-track-sent', breaks: "the sender's purged copy is refused with the Inbox text" },
  { id: 'messaging-rest.delete-purged-200', mail: { refusesDeletingPurged: () => false }, rule: 'messaging-rest.delete.already-deleted', breaks: 'deleting an already purged message answers 200' },
] as const satisfies readonly RestFaultDef[];
