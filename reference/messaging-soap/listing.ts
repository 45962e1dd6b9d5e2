import { INBOX_TYPE } from '../core/mail/model.js';
import { actor, bool, folderType, int, str, type Handler } from './context.js';

/** spec §4.4 GetInTransit / SetInTransit and the library-only GetMailboxXML (spec §2.3, §9). */

const getInTransit: Handler = (c) => {
  const a = actor(c);
  const value = c.state.mailbox.transit.get(a, folderType(int(c, 'FolderType')), int(c, 'MID'));
  return c.inner.record(c.inner.root('inTransit'), [['Value', c.policy.inTransitValue(value)]]);
};

const setInTransit: Handler = (c) => {
  const a = actor(c);
  const type = folderType(int(c, 'FolderType'));
  if (c.policy.setsInTransit()) c.state.mailbox.transit.set(a, type, int(c, 'MID'), bool(c, 'InTransitValue'));
  return undefined;
};

/** spec §2.3 'SOAP form of the mailbox listing' (GetMailboxXML), over the core's search. */
const mailboxXml: Handler = (c) => {
  const a = actor(c);
  const mailboxType = folderType(int(c, 'MailboxType'));
  const { store, listing } = c.state.mailbox;
  const folderId = int(c, 'FolderID');
  const home = store.system(a.user, mailboxType === INBOX_TYPE ? 'inbox' : 'outbox').id;
  const page = listing.search(a, {
    filter: str(c, 'Filter'),
    folderId: folderId > 0 ? folderId : home,
    unreadOnly: bool(c, 'GetInboxUnReadOnly'),
    retracted: bool(c, 'GetRetractedMsgs'),
    orderBy: str(c, 'OrderBy') || 'DATE',
    orderDesc: bool(c, 'OrderDesc'),
    pageNum: int(c, 'PageNum'),
    pageSize: int(c, 'PageSize'),
  });
  return c.inner.list(
    c.inner.root('mailbox'),
    'MessageListItem',
    page.items.map(({ copy, content }) => [
      ['MID', content.mid],
      ['CreateTime', content.createdAt],
      ['FromEMail', c.shown('messaging-soap.GetMailboxXML', content.origin, 'FromEMail', content.from)],
      ['Subject', c.shown('messaging-soap.GetMailboxXML', content.origin, 'Subject', content.subject)],
      ['MsgSize', content.textBody.length + content.htmlBody.length],
      ['MsgStatus', copy.tracking?.status ?? copy.status],
      ['ReadConfirmation', false],
    ]),
  );
};

export const LISTING_HANDLERS: Record<string, Handler> = {
  GetInTransit: getInTransit,
  SetInTransit: setInTransit,
  GetMailboxXML: mailboxXml,
};
