import { buildMime } from '../core/mail/mime.js';
import { shownMessage } from '../shown.js';
import { MailError } from '../core/mail/index.js';
import { actor, bool, folderType, int, str, type Handler } from './context.js';
import { LISTING_HANDLERS } from './listing.js';

/**
 * The operations of spec §4.4 over the one mail core (no mailbox state of their own): each
 * reads its parts, calls MailCore, and returns `<Op>Result`'s string (undefined: void). Where
 * the SOAP form decides something itself, it asks its policy (c.policy, policy.ts).
 */

const logon: Handler = (c) => c.state.mailbox.accounts.logon(str(c, 'UserIDorEmail'), str(c, 'Password'), c.policy, 'messaging-soap.Logon', c.credentials);

const accountDetails: Handler = (c) => {
  const a = actor(c);
  const { statistics: s } = c.state.mailbox.accounts.details(a);
  const now = c.state.domain.clock.now();
  return c.inner.record('AccountDetails', [
    ['MsgUnread', s.TotalUnreadMessagesInInbox],
    ['MsgSent', s.TotalMessagesInOutbox],
    ['TotalMsgSent', s.TotalMessagesSent],
    ['MsgReceived', s.TotalMessagesInInbox],
    ['TotalMsgReceived', s.TotalMessagesReceived],
    ['TotalDiskSpace', 1_073_741_824],
    ['DiskSpaceUsed', 0],
    ['TotalVisits', 1],
    ['LastLoginDateTime', now],
    ['DateCreated', now],
    ['DateLastNotice', now],
    ['DatePasswordExpires', new Date(now.getTime() + 90 * 86_400_000)],
    ['TotalFilesSent', 0],
    ['TotalFilesInOutbox', 0],
  ]);
};

/** spec §2.3: the SOAP form names the user by EmailAddr; spec §4.3/§5.6: no session key needed. */
const changePassword: Handler = (c) => {
  if (!c.policy.changePasswordWithoutKey()) throw new MailError('notAuthenticated');
  if (!c.policy.changesPassword()) return undefined;
  c.state.mailbox.accounts.changePassword({ login: str(c, 'EmailAddr') }, str(c, 'OldPassword'), str(c, 'NewPassword'), c.policy, 'soap-change-password');
  return undefined;
};

const logout: Handler = (c) => {
  c.state.mailbox.accounts.logout(actor(c), 'soap-logout');
  return undefined;
};

const TYPE_DESC = ['Inbox', 'Outbox'];

const folderList: Handler = (c) => {
  const folders = c.state.mailbox.folders.list(actor(c)).filter((f) => f.system === undefined || c.policy.listsSystemFolder(f.system));
  return c.inner.list(
    c.inner.root('folders'),
    'Folder',
    folders.map((f) => [
      ['FID', f.id],
      ['Name', c.shown('messaging-soap.GetFolderList', f.origin, 'Name', f.name)],
      ['Type', c.shown('messaging-soap.GetFolderList', f.origin, 'Type', f.type)],
      ['TypeDesc', TYPE_DESC[f.type]!],
      ['TotalMessages', f.totalMessages],
    ]),
  );
};

const createFolder: Handler = (c) => {
  const a = actor(c);
  // a CreateFolder that makes nothing answers a NewFID no folder has
  const created = c.policy.createsFolder() ? c.state.mailbox.folders.create(a, str(c, 'FolderName'), int(c, 'FolderType'), 'messaging-soap.CreateFolder') : { id: c.state.domain.ids.next('folder') };
  return c.inner.record(c.inner.root('createFolder'), [['NewFID', created.id]]);
};

const deleteFolder: Handler = (c) => {
  const a = actor(c);
  c.state.mailbox.folders.delete(a, c.state.mailbox.folders.get(a, int(c, 'FID')).id);
  return undefined;
};

/** spec §4.4 GetMIMEMessage; §3.2: a recipient's read writes tracking (marks it read). */
const getMime: Handler = (c) => {
  const { messages } = c.state.mailbox;
  const opened = messages.open(actor(c), int(c, 'MID'), 'mime');
  if (c.policy.mimeReadWritesTracking()) messages.markRead(opened.copy);
  return buildMime(shownMessage(c.shown, 'messaging-soap.GetMIMEMessage', opened.content));
};

/** spec §4.4 SendMIMEMessage → SendMessage/NewMID; §3.2: malformed MIME goes to Drafts, no error. */
const sendMime: Handler = async (c) => {
  const a = actor(c);
  const message = str(c, 'Message');
  // XML 1.0 §2.11: a CR reaches the server only as &#13;
  const text = c.policy.readsCrReferences() ? message : message.split('\r').join('&#13;');
  // a SendMIMEMessage that sends nothing answers a NewMID no message has
  const sent = c.policy.sendsMime() ? await c.state.mailbox.messages.sendMime(a, text, 'messaging-soap.SendMIMEMessage') : { mid: c.state.domain.ids.next('message') };
  return c.inner.record('SendMessage', [['NewMID', sent.mid]]);
};

/** spec §3.2 move; §4.4 un-delete is a move of a deleted message back to the inbox. */
const move: Handler = (c) => {
  const a = actor(c);
  if (c.policy.movesMessage()) c.state.mailbox.messages.move(a, int(c, 'MID'), int(c, 'DestFID'));
  return undefined;
};

/** spec §3.2 delete: Trash, Deleted Trash, purge; PermanentlyDelete purges at once; only this user's copy. */
const deleteMessage: Handler = (c) => {
  const a = actor(c);
  folderType(int(c, 'FolderType'));
  const { text } = c.state.mailbox.messages.delete(a, int(c, 'MID'), bool(c, 'PermanentlyDelete'));
  return c.inner.record(c.inner.root('deleteMessage'), [['Description', text]]);
};

const retract: Handler = (c) => {
  const a = actor(c);
  if (c.policy.retractsMessage()) c.state.mailbox.messages.retract(a, int(c, 'MID'));
  return undefined;
};

export const HANDLERS: Record<string, Handler> = {
  Logon: logon,
  GetAccountDetails: accountDetails,
  ChangePassword: changePassword,
  Logout: logout,
  GetFolderList: folderList,
  CreateFolder: createFolder,
  DeleteFolder: deleteFolder,
  GetMIMEMessage: getMime,
  SendMIMEMessage: sendMime,
  MoveMessage: move,
  DeleteMessage: deleteMessage,
  RetractMessage: retract,
  ...LISTING_HANDLERS,
};
