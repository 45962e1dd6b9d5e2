import { createHash } from 'node:crypto';
import { statusRow } from '../../contract/message-status.js';
import { formatTime, type MailReadings } from '../core/mail/readings.js';
import type { Listed } from '../core/mail/listing.js';
import { statusOf, type Content, type Folder, type Tracking } from '../core/mail/model.js';
import type { AxisReader } from '../axes/axis.js';
import { withExtraFields } from '../common-readings.js';

/** Response bodies of vendor-wire §1.2, built from core records; extra fields per the variant (B3). */
export class Shapes {
  constructor(
    private readonly variant: AxisReader,
    /** the messaging readings, resolved once at start (state.mail) */
    private readonly mail: MailReadings,
  ) {}

  #time = (d: Date) => formatTime(d, this.mail);

  extra<T extends object>(body: T): T {
    return withExtraFields(this.variant, body);
  }

  folder(f: Folder & { totalMessages: number; totalSize: number }) {
    return this.extra({
      FolderId: f.id,
      FolderName: f.name,
      FolderType: f.type,
      FolderTypeDescription: f.type === 0 ? 'Inbox' : 'Outbox',
      IsSystemFolder: f.system !== undefined,
      TotalMessages: f.totalMessages,
      TotalSize: f.totalSize,
    });
  }

  #size = (c: Content) => c.textBody.length + c.htmlBody.length + c.attachments.reduce((s, a) => s + a.data.length, 0);

  /** vendor-wire §1.2 Summary. */
  summary({ copy, content }: Listed) {
    const status = statusOf(copy);
    return this.extra({
      AttachmentCount: content.attachments.length,
      createTimeString: this.#time(content.createdAt),
      FolderId: copy.folderId,
      MessageId: content.mid,
      MessageSize: this.#size(content),
      Read: statusRow(status)?.column === 'Read',
      MessageStatus: status,
      SenderAddress: content.from,
      Subject: content.subject,
    });
  }

  /** vendor-wire §1.2 search Result. */
  searchResult({ copy, content }: Listed) {
    const status = statusOf(copy);
    return this.extra({
      CreateTime: this.#time(content.createdAt),
      LastAction: 0,
      MessageId: content.mid,
      MessageSize: this.#size(content),
      MessageStatusId: status,
      PasswordHint: '',
      Read: statusRow(status)?.column === 'Read',
      MessageStatus: status,
      ReadConfirmation: false,
      SenderEmail: content.from,
      SenderId: content.senderId ?? 0,
      Subject: content.subject,
    });
  }

  tracking(t: Tracking) {
    return {
      DateOpened: this.#time(t.openedAt ?? new Date(Date.UTC(1900, 0, 1))),
      Email: t.email,
      MessageStatusDescription: statusRow(t.status)?.name ?? String(t.status),
      MessageStatusId: t.status,
      ReceiverField: t.field,
    };
  }

  /** vendor-wire §1.2 Metadata; Tracking only when the core hands it out (sender only, §4.3). */
  metadata(content: Content, tracking: Tracking[] | undefined) {
    const checksum = createHash('sha256').update(content.textBody).update(content.htmlBody).digest('hex');
    return this.extra({
      MessageId: content.mid,
      MessageSize: this.#size(content),
      ExpirationDate: this.#time(content.expiresAt),
      SecurityEnvelope: { Checksum: checksum, HashAlgorithm: 'SHA256', Status: 1, StatusDescription: 'Valid' },
      ...(tracking ? { Tracking: tracking.map((t) => this.tracking(t)) } : {}),
      Attachments: [],
    });
  }

  /** vendor-wire §1.2 Message; Bcc only for the sender. */
  message(content: Content, isSender: boolean) {
    return this.extra({
      To: content.to,
      From: content.from,
      Cc: content.cc,
      Bcc: isSender ? content.bcc : [],
      Subject: content.subject,
      CreateTime: this.#time(content.createdAt),
      Attachments: content.attachments.map((a) => ({ AttachmentBase64: a.data.toString('base64'), ContentType: a.contentType, FileName: a.fileName, ContentId: a.contentId ?? '' })),
      HtmlBody: content.htmlBody,
      TextBody: content.textBody,
    });
  }
}
