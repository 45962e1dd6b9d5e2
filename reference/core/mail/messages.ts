import { trashStageExact } from '../../../contract/trash-mechanism.js';
import type { Domain, User } from '../domain.js';
import type { MailReadings } from './readings.js';
import { MailError, fail, MAIL_TEXTS, noPermissionText } from './errors.js';
import { parseMime } from './mime.js';
import { copyType, STATUS, UNREAD_COLUMN, type Actor, type Attachment, type Content, type Copy, type ReceiverField } from './model.js';
import type { MailParties } from './parties.js';
import type { MailStore } from './store.js';

/** What a message is composed of (spec §2.3 SendMessage). */
export interface Outgoing {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments?: Attachment[];
  /** the write that composed it, and how (reference/shown.ts) */
  origin?: string;
}

/** Messages expire (spec §3.2 'until it expires'); the span is the reference's choice. */
const RETENTION_DAYS = 30;

export type Access = 'message' | 'mime' | 'metadata';

/** Sending, reading, moving, deleting and retracting messages (spec §3.2, §4.3, §5 rule 9). */
export class MailMessages {
  constructor(
    private readonly domain: Domain,
    private readonly store: MailStore,
    private readonly parties: MailParties,
    private readonly readings: MailReadings,
  ) {}

  #content(from: string, senderId: number | undefined, m: Outgoing): Content {
    const createdAt = this.domain.clock.now();
    const content: Content = {
      mid: this.domain.ids.next('message'),
      senderId,
      from,
      to: m.to,
      cc: m.cc ?? [],
      bcc: m.bcc ?? [],
      subject: m.subject,
      textBody: m.textBody,
      htmlBody: m.htmlBody,
      attachments: m.attachments ?? [],
      createdAt,
      expiresAt: new Date(createdAt.getTime() + RETENTION_DAYS * 86_400_000),
      retracted: false,
      tracking: [],
      ...(m.origin ? { origin: m.origin } : {}),
    };
    this.store.addContent(content);
    return content;
  }

  /** A recipient's copy in their Inbox, tracked per recipient (spec §3.1 'Per recipient'). */
  #receive(content: Content, user: User | undefined, email: string, field: ReceiverField, status: number): void {
    const tracking = { email, userId: user?.id, field, status };
    content.tracking.push(tracking);
    if (!user) return;
    this.store.addCopy({ mid: content.mid, ownerId: user.id, side: 'received', folderId: this.store.system(user, 'inbox').id, status, tracking });
  }

  /** spec §4.3 'Send a message': a copy for the sender (Track Sent) and one per recipient. */
  send(actor: Actor, m: Outgoing): Content {
    const fields: Array<[ReceiverField, string[]]> = [['TO', m.to], ['CC', m.cc ?? []], ['BCC', m.bcc ?? []]];
    // one copy per address, under the first field that names it
    const recipients = new Map<string, [ReceiverField, string]>();
    for (const [field, list] of fields) for (const a of list) if (!recipients.has(a.toLowerCase())) recipients.set(a.toLowerCase(), [field, a]);
    if (recipients.size === 0) fail('noRecipients');
    const content = this.#content(actor.user.email, actor.user.id, m);
    this.store.addCopy({ mid: content.mid, ownerId: actor.user.id, side: 'sent', folderId: this.store.system(actor.user, 'outbox').id, status: STATUS.noticeSent });
    [...recipients.values()].forEach(([field, email], i) => {
      const user = i > 0 && !actor.policy.deliversToEveryRecipient() ? undefined : this.domain.findUserByEmail(email);
      this.#receive(content, user, email, field, STATUS.unread);
    });
    return content;
  }

  /**
   * spec §4.3 'Send a MIME message'. spec §3.2: improperly formatted MIME raises no error; the
   * message is saved in Drafts and its MID returned. MIME without recipients is kept the same way.
   */
  async sendMime(actor: Actor, text: string, via?: string): Promise<Content> {
    const parsed = await parseMime(text);
    const origin = via && parsed ? `${via}:${parsed.encoding}` : via;
    if (!parsed && actor.policy.refusesMalformedMime()) fail('invalidInput');
    if (parsed && parsed.to.length + parsed.cc.length + parsed.bcc.length > 0 && actor.policy.sendsMimeWithRecipients()) {
      return this.send(actor, { ...parsed, origin });
    }
    const draft = this.#content(actor.user.email, actor.user.id, {
      to: parsed?.to ?? [],
      cc: parsed?.cc,
      bcc: parsed?.bcc,
      subject: parsed?.subject ?? '',
      textBody: parsed?.textBody ?? text,
      htmlBody: parsed?.htmlBody ?? '',
      attachments: parsed?.attachments,
      origin,
    });
    this.store.addCopy({ mid: draft.mid, ownerId: actor.user.id, side: 'sent', folderId: this.store.system(actor.user, 'drafts').id, status: STATUS.draft });
    return draft;
  }

  /** Mail from outside the service into a user's Inbox (e-mailed OTPs, B2; plain-text TLS, B7). */
  deliver(user: User, m: { from: string; subject: string; textBody: string; htmlBody?: string }, status: number = STATUS.unread): Content {
    const content = this.#content(m.from, undefined, { to: [user.email], subject: m.subject, textBody: m.textBody, htmlBody: m.htmlBody ?? '' });
    this.#receive(content, user, user.email, 'TO', status);
    return content;
  }

  /**
   * spec §5 rule 9: access by MID only for the sender and recipients. A user whose copy was
   * purged gets the §7.2 'deleted from Track Sent / the Inbox' text; anyone else the
   * permission text with their key and the MID.
   */
  open(actor: Actor, mid: number, access: Access): { copy?: Copy; content: Content } {
    const p = actor.policy;
    const copy = this.parties.copy(actor, mid);
    const content = this.store.contents.get(mid);
    if (copy && content) {
      if (access === 'mime' && copy.side === 'sent' && !p.senderReadsOwnMime()) throw this.#denied(actor, mid);
      return { copy, content };
    }
    const purged = this.store.purgedSide(actor.user, mid);
    if (content && purged && p.purgedCopyReadable()) return { content };
    if (content && !purged && access === 'mime' && p.outsiderReadsMime()) return { content };
    if (content && !purged && access === 'message' && p.outsiderReadsMessage()) return { content };
    if (purged && this.readings.purgedText === 'specific') {
      const fromInbox = purged === 'received' || p.purgedSentNamesInbox();
      throw new MailError('noPermission', fromInbox ? MAIL_TEXTS.deletedFromInbox : MAIL_TEXTS.deletedFromTrackSent);
    }
    if (!purged && p.outsiderRefusal() === 'notAuthenticated') fail('notAuthenticated');
    throw this.#denied(actor, mid);
  }

  #denied(actor: Actor, mid: number): MailError {
    return new MailError('noPermission', noPermissionText(actor.credential, mid));
  }

  /** Reading by a recipient writes tracking and marks the copy read (spec §3.2 'Get MIME message'). */
  markRead(copy: Copy | undefined): void {
    const t = copy?.tracking;
    if (!t || !UNREAD_COLUMN.has(t.status)) return;
    t.status = STATUS.read;
    t.openedAt = this.domain.clock.now();
  }

  /** spec §4.3 'Get message metadata'; detailed tracking only for the sender (§4.3 Get MIME row). */
  metadata(actor: Actor, mid: number): { content: Content; tracking?: Content['tracking'] } {
    const { copy, content } = this.open(actor, mid, 'metadata');
    const isSender = copy?.side === 'sent';
    if (isSender) return { content, tracking: actor.policy.senderSeesTracking() ? content.tracking : [] };
    if (actor.policy.recipientSeesTracking()) return { content, tracking: content.tracking };
    if (this.readings.recipientMetadata === 'refused') throw this.#denied(actor, mid);
    return { content };
  }

  /** spec §3.2 'Move message': only to a folder of the message's own type (also §8). */
  move(actor: Actor, mid: number, destinationId: number): void {
    const copy = this.parties.copy(actor, mid);
    if (!copy) throw this.#denied(actor, mid);
    if (!actor.policy.undeletes() && this.store.folder(actor.user, copy.folderId)?.system === 'trash') fail('moveToTrash');
    const dest = this.parties.folder(actor, destinationId) ?? fail('folderNotFound');
    if (dest.system === 'trash' || dest.system === 'deletedTrash') fail('moveToTrash');
    if (copyType(copy) !== dest.type && actor.policy.refusesMoveAcrossTypes()) fail('moveAcrossTypes');
    if (!actor.policy.movesCopy()) return;
    copy.folderId = dest.id;
  }

  /**
   * spec §3.2 'Delete message': this user's copy moves to Trash, then Deleted Trash, then is
   * purged, one step per delete; with the permanent flag it is purged at once. Other users'
   * copies stay. §7.2: 'Message could not be deleted' when there is nothing of theirs to delete.
   */
  delete(actor: Actor, mid: number, permanently: boolean): { newFolderId: number; text: string } {
    const p = actor.policy;
    const copy = this.parties.copy(actor, mid);
    if (!copy) {
      const purged = this.store.purgedSide(actor.user, mid) !== undefined;
      if ((purged && !p.refusesDeletingPurged()) || (!purged && !p.refusesDeletingOthersMessage())) return { newFolderId: 0, text: 'Message deleted.' };
      throw new MailError('messageNotDeleted', p.notDeletedText());
    }
    if (!permanently && !p.deletesCopy()) return { newFolderId: copy.folderId, text: 'Message moved to the Trash folder.' };
    const targets = p.deleteTakesOnlyOwnCopy() ? [copy] : [...this.store.copiesOf(mid)];
    let result = { newFolderId: 0, text: 'Message permanently deleted.' };
    for (const target of targets) result = this.#deleteOne(actor, target, permanently && p.honoursPermanentDelete());
    return result;
  }

  #deleteOne(actor: Actor, copy: Copy, permanently: boolean): { newFolderId: number; text: string } {
    const p = actor.policy;
    const owner = this.domain.users.get(copy.ownerId)!;
    const trash = this.store.systemFor(owner, 'trash', copyType(copy));
    const deletedTrash = this.store.systemFor(owner, 'deletedTrash', copyType(copy));
    const folder = this.store.folder(owner, copy.folderId);
    const purge = () => (this.store.purge(copy), { newFolderId: 0, text: 'Message permanently deleted.' });
    if (permanently || folder?.system === 'deletedTrash') return purge();
    if (folder?.system === 'trash') {
      const step = p.deleteInTrash();
      if (step === 'restore') copy.folderId = this.store.parent(owner, copyType(copy)).id;
      if (step !== 'advance') return { newFolderId: copy.folderId, text: 'Message moved to the Trash folder.' };
      if (!p.trashDeleteKeepsOtherCopies()) for (const c of [...this.store.copiesOf(copy.mid)]) if (c !== copy) this.store.purge(c);
      // M4: where the trash stage is only a lower bound, the server alone moves copies on from
      // Trash (after a retention no run sees); a user's delete there ends the copy
      if (!trashStageExact(this.readings.trashAdvance) || !p.trashDeleteStepsToDeletedTrash()) return purge();
      copy.folderId = deletedTrash.id;
      return { newFolderId: deletedTrash.id, text: 'Message moved to the Deleted Trash folder.' };
    }
    if (!p.deleteStepsToTrash()) return purge();
    const to = copy.tracking?.status === STATUS.read && !p.readCopyDeleteStepsToTrash() ? deletedTrash : trash;
    copy.folderId = to.id;
    return { newFolderId: to.id, text: `Message moved to the ${to.name} folder.` };
  }

  /**
   * spec §3.2 'Retract message': retracted from recipients, but each recipient's copy stays in
   * their account until it expires or they delete it. Only the sender retracts.
   */
  retract(actor: Actor, mid: number): void {
    const copy = this.parties.copy(actor, mid);
    const content = this.store.contents.get(mid);
    if (!copy || !content) throw this.#denied(actor, mid);
    const sent = this.store.copiesOf(mid).find((c) => c.ownerId === copy.ownerId && c.side === 'sent');
    if (!sent) fail('notSender');
    // the caller is the sender of a draft, which no recipient received: a success that changes
    // nothing, or refused, never as a permission matter (X2, spec §3.2 Retract row)
    if (sent.status === STATUS.draft) return this.readings.retractDraft === 'refused' ? fail('draftNotSent') : undefined;
    content.retracted = true;
    if (!actor.policy.retractMarksSenderCopy()) return;
    sent.status = actor.policy.retractedStatus(STATUS.retracted);
    // M13: each recipient's copy stays; it keeps its status or is marked Read (axis mail.retracted-recipient-status)
    if (this.readings.retractedRecipientStatus === 'read') for (const c of this.store.copiesOf(mid)) if (c.side === 'received') this.markRead(c);
    if (!actor.policy.retractKeepsRecipientCopies()) {
      for (const c of [...this.store.copiesOf(mid)]) if (c.side === 'received') this.store.purge(c);
    }
  }
}
