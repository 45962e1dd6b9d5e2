import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { mimeMessage } from '../../../generators/mime-message.js';
import { FOLDER_NAME_MAX } from '../../../generators/folder-name.js';
import type { DiffSession, Observation } from '../session.js';
import { skipped, type StepFamily } from './family.js';
import { createFolder, delivered, index } from './mailbox.js';

/**
 * More of the messaging REST interface (spec §4.3, §3.2), where the spec leaves the answer to the
 * server: changing a password without a key (the field that names the user, M1), searching for
 * a sender (M11), what opening or retracting a message does to its tracking and the unread
 * listing (R2, M13), what opening a purged copy answers (§7.2 text or the permission text), a
 * folder name of characters outside the Basic Multilingual Plane (how a character is counted),
 * and the MessageId a Send MIME answer carries.
 */
export type MailboxMoreOp =
  | { kind: 'changePassword' }
  | { kind: 'searchSender' }
  | { kind: 'openThenUnread'; k: number }
  | { kind: 'retractThenLook'; k: number }
  | { kind: 'createFolderAstral' }
  | { kind: 'sendMime' }
  | { kind: 'purgeThenOpen'; k: number };

/** spec §2.3 names the user of ChangePassword by EmailAddr (its SOAP form); the REST model names none (M1). */
const SPEC_USER_FIELD = 'EmailAddr';

/** Changes the password of a profile's password-change account and puts it back in the same step; the passwords are secrets. */
async function changePassword(s: DiffSession, step: string): Promise<Observation> {
  const a = s.profile.messaging.passwordChangeAccounts?.[0];
  if (!a) return skipped(step);
  const fresh = `Np-${randomBytes(12).toString('base64url')}`;
  s.redact.learn(fresh);
  s.norm.word(fresh, '<secret>');
  const rest = s.clients.rest;
  const change = (from: string, to: string, field: string) => rest.changePassword('none', { [field]: a.email, OldPassword: from, NewPassword: to } as never);
  const res = await change(a.password, fresh, SPEC_USER_FIELD);
  if (res.status < 300) {
    // put the profile's password back at once (and again when the sequence ends, should that fail)
    const back = await change(fresh, a.password, SPEC_USER_FIELD);
    if (back.status >= 300) s.onClose(() => rest.changePasswordWithoutKey(a, fresh, a.password));
  }
  return s.observe(step, res);
}

/** A message of the sequence, sent as a MIME text (spec §4.3 Send MIME message), kept for cleanup. */
async function sendMime(s: DiffSession, step: string): Promise<Observation> {
  const mime = mimeMessage({ from: s.account('sender').email, to: [s.account('recipient').email], subject: `${s.tag} m${s.mids.length + 1}`, text: 'diff run' });
  const res = await s.clients.rest.sendMime(s.rest('sender'), mime);
  const mid = (res.json as { MessageId?: unknown } | undefined)?.MessageId;
  if (/^\d+$/.test(String(mid ?? '').trim())) {
    s.mids.push(Number(mid));
    s.norm.id(Number(mid), `#m${s.mids.length}`, 'm');
    await delivered(s, Number(mid));
  }
  return s.observe(step, res);
}

export const MAILBOX_MORE: StepFamily<MailboxMoreOp> = {
  operations: {
    changePassword: ['messaging-rest.ChangePassword'],
    searchSender: ['messaging-rest.SearchInbox'],
    openThenUnread: ['messaging-rest.GetMessage', 'messaging-rest.GetUnreadMessages'],
    retractThenLook: ['messaging-rest.RetractMessage', 'messaging-rest.GetMessageMetadata', 'messaging-rest.GetUnreadMessages'],
    createFolderAstral: ['messaging-rest.CreateFolder'],
    sendMime: ['messaging-rest.SendMimeMessage'],
    purgeThenOpen: ['messaging-rest.DeleteMessage', 'messaging-rest.GetMessage'],
  },
  // one draw among them, so random sequences stay mostly mailbox moves (their axes are shown by the canonical part)
  steps: [
    [
      2,
      fc.oneof(
        fc.constantFrom<MailboxMoreOp>({ kind: 'changePassword' }, { kind: 'searchSender' }, { kind: 'createFolderAstral' }, { kind: 'sendMime' }),
        index.map((k): MailboxMoreOp => ({ kind: 'openThenUnread', k })),
        index.map((k): MailboxMoreOp => ({ kind: 'retractThenLook', k })),
        index.map((k): MailboxMoreOp => ({ kind: 'purgeThenOpen', k })),
      ),
    ],
  ],
  // the retraction and the opening each on an unread message of its own, so one's effect does not hide the other's
  canonical: [
    { kind: 'changePassword' },
    { kind: 'createFolderAstral' },
    { kind: 'sendMime' },
    { kind: 'retractThenLook', k: 0 },
    { kind: 'sendMime' },
    { kind: 'openThenUnread', k: 0 },
    { kind: 'searchSender' },
    // the retracted message: the newest stays for the families after this one (a retraction, a SOAP fault)
    { kind: 'purgeThenOpen', k: 1 },
  ],
  async run(s, op, step) {
    const rest = s.clients.rest;
    switch (op.kind) {
      case 'changePassword':
        return changePassword(s, step);
      case 'searchSender':
        // spec §2.3 SearchInbox Filter: the sender's address, which is in no subject of the sequence
        return s.observe(step, await rest.search(s.rest('recipient'), { Filter: s.account('sender').email, PageNum: s.profile.messaging.firstPageNumber, PageSize: 10 }));
      case 'createFolderAstral': {
        // spec §8 'at most 65 characters': 65 code points, 130 UTF-16 units (musical symbols, U+1D11E)
        const name = `${s.tag} `;
        return createFolder(s, step, 'recipient', 0, name + '\u{1D11E}'.repeat(FOLDER_NAME_MAX - name.length));
      }
      case 'sendMime':
        return sendMime(s, step);
      default: {
        const m = s.mid(op.k);
        if (m === undefined) return skipped(step);
        if (op.kind === 'purgeThenOpen') {
          // spec §3.2: a permanent delete ends the copy (in up to three steps, as the server moves it on);
          // what opening it then answers is the text of §7.2 for it, or the permission text (purged-message-text)
          for (let i = 0; i < 3; i++) if ((await rest.deleteMessage(s.rest('recipient'), m, true)).status >= 300) break;
          return s.observe(step, await rest.getMessage(s.rest('recipient'), m));
        }
        if (op.kind === 'openThenUnread') {
          // spec §3.2 says Get MIME marks a recipient's copy read; of Get message it says nothing (R2)
          const opened = await rest.getMessage(s.rest('recipient'), m);
          if (opened.status >= 300) return s.observe(`${step}: open`, opened);
          return s.observe(step, await rest.unread(s.rest('recipient')));
        }
        const retracted = await rest.retract(s.rest('sender'), m);
        if (retracted.status >= 300) return s.observe(`${step}: retract`, retracted);
        // M13: the recipient's tracking after a retraction (as the sender reads it); R2: whether Get unread lists it
        const tracking = s.observe(step, await rest.metadata(s.rest('sender'), m));
        const unread = s.observe(step, await rest.unread(s.rest('recipient')));
        return { step, status: tracking.status, type: tracking.type, body: { tracking: tracking.body, unread: { status: unread.status, body: unread.body } } };
      }
    }
  },
};
