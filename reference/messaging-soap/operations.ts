import { buildMime } from '../core/mail/mime.js';
import { shownMessage } from '../shown.js';
import { MailError } from '../core/mail/index.js';
import { copyType } from '../core/mail/model.js';
import { madeAnyway } from '../made-anyway.js';
import { actor, bool, folderType, int, str, type Handler } from './context.js';
import { SoapFault } from './envelope.js';
import { LISTING_HANDLERS } from './listing.js';

/**
 * The operations of spec §4.4 over the one mail core (no mailbox state of their own): each
 * reads its parts, calls MailCore, and returns `<Op>Result`'s string (undefined: void).
 * Faults named `messaging-soap.*` are the deliberate violations of reference/messaging-soap/faults.ts.
 */

const logon: Handler = (c) => {
  const key = c.state.mailbox.accounts.logon(str(c, 'UserIDorEmail'), str(c, 'Password'), c.policy, 'messaging-soap.Logon', c.credentials);
  return c.fault('messaging-soap.logon-empty-result') ? '' : key;
};

const accountDetails: Handler = (c) => {
  const a = actor(c);
  if (c.fault('messaging-soap.details-not-xml')) return 'OK';
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
  if (c.fault('messaging-soap.change-password-needs-key')) throw new MailError('notAuthenticated');
  if (c.fault('messaging-soap.change-password-noop')) return undefined;
  c.state.mailbox.accounts.changePassword({ login: str(c, 'EmailAddr') }, str(c, 'OldPassword'), str(c, 'NewPassword'), c.policy, 'soap-change-password');
  return undefined;
};

const logout: Handler = (c) => {
  const a = actor(c);
  if (!c.fault('messaging-soap.logout-keeps-key')) c.state.credentials.endSession(a.credential, 'soap-logout');
  return undefined;
};

const TYPE_DESC = ['Inbox', 'Outbox'];

const folderList: Handler = (c) => {
  const folders = c.state.mailbox.folders.list(actor(c)).filter((f) => !(f.system === 'inbox' && c.fault('messaging-soap.folder-list-no-system')));
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

/** Faults of a refused CreateFolder that makes the folder all the same (issue 15 item 7), by §7.2 refusal. */
const MADE_ANYWAY_SOAP = {
  folderNameTooLong: 'messaging-soap.folder-too-long-made-anyway',
  folderTypeInvalid: 'messaging-soap.folder-type-invalid-made-anyway',
  folderExists: 'messaging-soap.folder-duplicate-made-anyway',
} as const;

const createFolder: Handler = (c) => {
  const a = actor(c);
  const { store, folders } = c.state.mailbox;
  let type = int(c, 'FolderType');
  const name = str(c, 'FolderName');
  if (type === 2 && c.fault('messaging-soap.folder-type-2-accepted')) type = 0;
  if (type === -1 && c.fault('messaging-soap.folder-type-negative-accepted')) type = 0;
  const length = [...name].length;
  // answers a NewFID no folder has, and makes none
  if (c.fault('messaging-soap.create-folder-noop')) return c.inner.record(c.inner.root('createFolder'), [['NewFID', c.state.domain.ids.next('folder')]]);
  if (length === 65 && c.fault('messaging-soap.folder-limit-64')) throw new MailError('folderNameTooLong');
  let created;
  if ((length === 66 && c.fault('messaging-soap.folder-limit-66')) || c.fault('messaging-soap.folder-duplicates-allowed')) {
    created = store.addFolder(a.user, name, type === 1 ? 1 : 0);
  } else created = madeAnyway(c.fault, MADE_ANYWAY_SOAP, () => folders.create(a, name, type, 'messaging-soap.CreateFolder'), () => store.addFolder(a.user, name, type === 1 ? 1 : 0));
  if (c.fault('messaging-soap.create-folder-type-swapped')) created.type = created.type === 0 ? 1 : 0;
  const fid = c.fault('messaging-soap.create-folder-wrong-fid') ? created.id + 1000 : created.id;
  return c.inner.record(c.inner.root('createFolder'), [['NewFID', fid]]);
};

const deleteFolder: Handler = (c) => {
  const a = actor(c);
  const folder = c.state.mailbox.folders.get(a, int(c, 'FID'));
  if (folder.system && c.fault('messaging-soap.system-folder-delete-ok')) return undefined;
  if (!folder.system && c.fault('messaging-soap.folder-delete-noop')) return undefined;
  c.state.mailbox.folders.delete(a, folder.id);
  return undefined;
};

/** spec §4.4 GetMIMEMessage; §3.2: a recipient's read writes tracking (marks it read). */
const getMime: Handler = (c) => {
  const a = actor(c);
  const mid = int(c, 'MID');
  const { messages, store } = c.state.mailbox;
  let opened;
  try {
    opened = messages.open(a, mid, 'mime');
  } catch (e) {
    const content = store.contents.get(mid);
    const purged = store.purgedSide(a.user, mid);
    if (content && purged && c.fault('messaging-soap.purged-still-readable')) opened = { content, copy: undefined };
    else if (content && !purged && c.fault('messaging-soap.outsider-mime-allowed')) opened = { content, copy: undefined };
    else if (e instanceof MailError && e.code === 'noPermission' && !purged && c.fault('messaging-soap.outsider-mime-wrong-text')) throw new MailError('notAuthenticated');
    else throw e;
  }
  if (!c.fault('messaging-soap.get-mime-no-tracking')) messages.markRead(opened.copy);
  const mime = buildMime(shownMessage(c.shown, 'messaging-soap.GetMIMEMessage', opened.content));
  return c.fault('messaging-soap.mime-no-separator') ? mime.replace('\r\n\r\n', '\r\n') : mime;
};

/** spec §4.4 SendMIMEMessage → SendMessage/NewMID; §3.2: malformed MIME goes to Drafts, no error. */
const sendMime: Handler = async (c) => {
  const a = actor(c);
  const text = c.fault('messaging-soap.send-mime-cr-as-text') ? str(c, 'Message').split('\r').join('&#13;') : str(c, 'Message');
  if (c.fault('messaging-soap.send-mime-malformed-fault') && !/^[\x21-\x39\x3b-\x7e]+:/m.test(text.split(/\r?\n\r?\n/)[0] ?? '')) {
    throw new SoapFault('Client', 'The MIME message is improperly formatted.');
  }
  // answers a NewMID no message has, and sends nothing
  if (c.fault('messaging-soap.send-mime-noop')) return c.inner.record('SendMessage', [['NewMID', c.state.domain.ids.next('message')]]);
  const sent = await c.state.mailbox.messages.sendMime(a, text, 'messaging-soap.SendMIMEMessage');
  const mid = c.fault('messaging-soap.send-mime-mid-offset') ? sent.mid + 1 : sent.mid;
  return c.inner.record('SendMessage', [['NewMID', mid]]);
};

/** spec §3.2 move; §4.4 un-delete is a move of a deleted message back to the inbox. */
const move: Handler = (c) => {
  const a = actor(c);
  const mid = int(c, 'MID');
  const dest = int(c, 'DestFID');
  const { store, messages } = c.state.mailbox;
  if (c.fault('messaging-soap.move-noop')) return undefined;
  const copy = store.copyFor(a.user, mid);
  const here = copy ? store.folder(a.user, copy.folderId) : undefined;
  if (here?.system === 'trash' && c.fault('messaging-soap.undelete-refused')) throw new MailError('moveToTrash');
  const target = store.folder(a.user, dest);
  if (copy && target && !target.system && copyType(copy) !== target.type && c.fault('messaging-soap.move-across-types')) {
    copy.folderId = target.id;
    return undefined;
  }
  messages.move(a, mid, dest);
  return undefined;
};

/** spec §3.2 delete: Trash, Deleted Trash, purge; PermanentlyDelete purges at once; only this user's copy. */
const deleteMessage: Handler = (c) => {
  const a = actor(c);
  folderType(int(c, 'FolderType'));
  const mid = int(c, 'MID');
  const { store, messages } = c.state.mailbox;
  const copy = store.copyFor(a.user, mid);
  const permanently = bool(c, 'PermanentlyDelete') && !c.fault('messaging-soap.permanent-ignored');
  if (!copy && c.fault('messaging-soap.not-deletable-wrong-text')) throw new MailError('messageNotDeleted', 'Message could not be moved to the trash folder');
  if (!copy && c.fault('messaging-soap.outsider-delete-ok')) return c.inner.record(c.inner.root('deleteMessage'), [['Description', 'Message deleted.']]);
  if (copy && !permanently && c.fault('messaging-soap.delete-noop')) return c.inner.record(c.inner.root('deleteMessage'), [['Description', 'Message moved to the Trash folder.']]);
  const place = copy ? store.folder(a.user, copy.folderId)?.system : undefined;
  let said: string;
  if (copy && place !== 'trash' && place !== 'deletedTrash' && !permanently && c.fault('messaging-soap.delete-purges')) {
    store.purge(copy);
    said = 'Message permanently deleted.';
  } else if (copy && place === 'trash' && !permanently && c.fault('messaging-soap.delete-skips-deleted-trash')) {
    store.purge(copy);
    said = 'Message permanently deleted.';
  } else if (copy && place === 'trash' && !permanently && c.fault('messaging-soap.delete-trash-restores')) {
    // moves the copy backward along the §3.2 trash sequence: out of Trash, back to Inbox / Outbox
    copy.folderId = store.system(a.user, copy.side === 'received' ? 'inbox' : 'outbox').id;
    said = 'Message moved to the Trash folder.';
  } else if (copy && place === 'trash' && !permanently && c.fault('messaging-soap.delete-restarts-trash')) {
    // forgets that the message already reached Trash (e.g. by a REST delete) and puts it there again
    said = 'Message moved to the Trash folder.';
  } else if (copy && c.fault('messaging-soap.delete-all-copies')) {
    for (const other of [...store.copiesOf(mid)]) if (other !== copy) store.purge(other);
    said = messages.delete(a, mid, permanently).text;
  } else said = messages.delete(a, mid, permanently).text;
  if (c.fault('messaging-soap.delete-result-missing')) return undefined;
  return c.inner.record(c.inner.root('deleteMessage'), [['Description', said]]);
};

const retract: Handler = (c) => {
  const a = actor(c);
  const mid = int(c, 'MID');
  if (c.fault('messaging-soap.retract-noop')) return undefined;
  c.state.mailbox.messages.retract(a, mid);
  if (c.fault('messaging-soap.retract-removes-copies')) {
    const { store } = c.state.mailbox;
    for (const copy of [...store.copiesOf(mid)]) if (copy.side === 'received') store.purge(copy);
  }
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
