import type { FieldModel, FieldRead, FieldWrite } from './fields.js';

/**
 * The messaging models of the matrix `fields` (contract/fields.ts): spec §2.3 Folder (create) and
 * SendMessage, written through REST (JSON, MIME in JSON) and SOAP (MIME in XML), read through both.
 * The fields of the reads are not shown (§2.3): their names are the binding's (B3, B4; vendor-wire
 * §1.2, §4), read by the silence response-fields (clarification F4).
 */

const FOLDER_LIST_FIELDS = { anchor: '§2.3/fields-folder-list-folder-statistics', quote: 'Fields of the folder list and folder statistics', silence: 'response-fields' } as const;

/** spec §2.3 Folder (create), through REST and SOAP, read through both folder lists. */
export const FOLDER_FIELDS: FieldModel = {
  id: 'folder',
  model: 'Folder (create) (§2.3)',
  spec: [{ anchor: '§2.3/folder-create', quote: 'FolderName (string, at most 65 characters), FolderType (int: 0 = inbox, 1 = outbox)' }],
  fields: [
    { name: 'FolderName', kind: 'text' },
    // sent as 1 (outbox): 0 is what a folder is without one (vendor-wire §1.1)
    { name: 'FolderType', kind: 'int' },
  ],
  writes: [
    { slug: 'rest', id: 'messaging-rest.CreateFolder', operation: 'messaging-rest.CreateFolder', encoding: 'JSON', label: 'Create a new folder (REST)', interface: 'messaging-rest', spec: [{ anchor: '§4.3/create-new-folder', quote: 'Create a new folder | FolderName, FolderType' }] },
    { slug: 'soap', id: 'messaging-soap.CreateFolder', operation: 'messaging-soap.CreateFolder', encoding: 'SOAP', label: 'CreateFolder (SOAP)', interface: 'messaging-soap', spec: [{ anchor: '§4.4/CreateFolder', quote: 'CreateFolder | SessionKey, FolderType (int), FolderName (string) | CreateFolderResult' }] },
  ],
  reads: [
    { slug: 'list', id: 'messaging-rest.ListFolders', operation: 'messaging-rest.ListFolders', label: 'List all folders (REST)', spec: [{ anchor: '§4.3/list-all-folders', quote: "List all folders | (session) | user's folders with statistics" }, FOLDER_LIST_FIELDS], shows: { FolderName: 'FolderName', FolderType: 'FolderType' }, hides: '' },
    {
      slug: 'soap-list',
      id: 'messaging-soap.GetFolderList',
      operation: 'messaging-soap.GetFolderList',
      label: 'GetFolderList (SOAP)',
      spec: [{ anchor: '§4.4/GetFolderList', quote: 'GetFolderList | SessionKey | GetFolderListResult' }, FOLDER_LIST_FIELDS],
      shows: { FolderName: 'Name', FolderType: 'Type' },
      hides: '',
    },
  ],
  alsoReadBy: {
    'rest.list': ['messaging-rest.folder.name-any-1-65', 'messaging-rest.folder.name-max-65', 'messaging-rest.folder.create', 'messaging-rest.folder.type-0-or-1'],
    'soap.soap-list': ['messaging-soap.create-folder.new-fid', 'messaging-soap.create-folder.name-length', 'messaging-soap.create-folder.type-invalid'],
  },
};

const mimeWrite = (iface: 'messaging-rest' | 'messaging-soap', encoding: 'quoted-printable' | 'base64'): FieldWrite => {
  const rest = iface === 'messaging-rest';
  const words = encoding === 'quoted-printable' ? 'Q' : 'B';
  return {
    slug: `${rest ? 'mime' : 'soap'}-${encoding === 'quoted-printable' ? 'qp' : 'base64'}`,
    id: `${rest ? 'messaging-rest.SendMimeMessage' : 'messaging-soap.SendMIMEMessage'}:${encoding}`,
    operation: rest ? 'messaging-rest.SendMimeMessage' : 'messaging-soap.SendMIMEMessage',
    encoding: `MIME (RFC 2045 ${encoding} parts, RFC 2047 ${words}-encoded Subject and names) in ${rest ? 'JSON' : 'SOAP'}`,
    label: `${rest ? 'Send a MIME message' : 'SendMIMEMessage'}, ${encoding}`,
    interface: iface,
    spec: rest
      ? [{ anchor: '§4.3/send-mime-message', quote: 'Send a MIME message | SendMessage plus a file location of the MIME content | MID (string)' }]
      : [{ anchor: '§4.4/SendMIMEMessage', quote: 'SendMIMEMessage | SessionKey, Message (string, MIME text) | SendMIMEMessageResult: MID' }],
  };
};

const MESSAGE_BODY = { anchor: '§2.3/fields-folder-list-folder-statistics', quote: 'the message body', silence: 'response-fields' } as const;
const SUMMARY_HIDES = 'a summary shows no recipients and no body (vendor-wire §1.2 Summary and search Result; §4 MessageListItem)';

const listing = (slug: string, id: string, operation: FieldRead['operation'], label: string, spec: FieldRead['spec'], from: string): FieldRead => ({
  slug,
  id,
  operation,
  label,
  spec,
  shows: { Subject: 'Subject', From: from },
  hides: SUMMARY_HIDES,
});

/** spec §2.3 SendMessage through Send (JSON) and Send MIME (REST and SOAP, quoted-printable and base64), read through every read that shows it. */
export const MESSAGE_FIELDS: FieldModel = {
  id: 'message',
  model: 'SendMessage (§2.3)',
  spec: [{ anchor: '§2.3/SendMessage', quote: 'To (list of strings), From (string), Subject (string), HtmlBody (string), TextBody (string)' }],
  fields: [
    { name: 'To', kind: 'addresses' },
    { name: 'From', kind: 'address' },
    { name: 'Subject', kind: 'text' },
    { name: 'HtmlBody', kind: 'body' },
    { name: 'TextBody', kind: 'body' },
  ],
  writes: [
    {
      slug: 'send',
      id: 'messaging-rest.SendMessage',
      operation: 'messaging-rest.SendMessage',
      encoding: 'JSON',
      label: 'Send a message',
      interface: 'messaging-rest',
      spec: [{ anchor: '§4.3/send-message', quote: 'Send a message | SendMessage | MID (int)' }],
      unsent: { From: 'not sent through JSON: the sender is the session’s user, and a server may ignore or refuse another From (clarification M18); messaging-rest.message.get reads the sender there' },
    },
    mimeWrite('messaging-rest', 'quoted-printable'),
    mimeWrite('messaging-rest', 'base64'),
    mimeWrite('messaging-soap', 'quoted-printable'),
    mimeWrite('messaging-soap', 'base64'),
  ],
  reads: [
    { slug: 'get', id: 'messaging-rest.GetMessage', operation: 'messaging-rest.GetMessage', label: 'Get a message', spec: [{ anchor: '§4.3/get-message', quote: 'Get a message | MID | the message' }, MESSAGE_BODY], shows: { To: 'To', From: 'From', Subject: 'Subject', HtmlBody: 'HtmlBody', TextBody: 'TextBody' }, hides: '' },
    { slug: 'mime', id: 'messaging-rest.GetMimeMessage', operation: 'messaging-rest.GetMimeMessage', label: 'Get a MIME message (read with a MIME parser)', spec: [{ anchor: '§4.3/get-mime-message', quote: 'the message in standard MIME format' }], shows: { To: 'To', From: 'From', Subject: 'Subject', HtmlBody: 'text/html', TextBody: 'text/plain' }, hides: '' },
    {
      slug: 'soap-mime',
      id: 'messaging-soap.GetMIMEMessage',
      operation: 'messaging-soap.GetMIMEMessage',
      label: 'GetMIMEMessage (read with a MIME parser)',
      spec: [
        { anchor: '§4.4/GetMIMEMessage', quote: 'GetMIMEMessage | SessionKey, MID (int), WithCMHeaderXML, WithTrackingXML, WithSecurityEnvelope (booleans) | GetMIMEMessageResult' },
        { anchor: '§4.3/get-mime-message', quote: 'the message in standard MIME format' },
      ],
      shows: { To: 'To', From: 'From', Subject: 'Subject', HtmlBody: 'text/html', TextBody: 'text/plain' },
      hides: '',
    },
    {
      slug: 'metadata',
      id: 'messaging-rest.GetMessageMetadata',
      operation: 'messaging-rest.GetMessageMetadata',
      label: 'Get message metadata (the sender’s tracking)',
      spec: [
        { anchor: '§4.3/get-message-metadata', quote: 'tracking and security information for a sent message' },
        { anchor: '§2.3/fields-folder-list-folder-statistics', quote: 'message metadata (tracking and security information)', silence: 'response-fields' },
      ],
      shows: { To: 'Tracking' },
      hides: 'metadata shows each recipient’s tracking (vendor-wire §1.2 Tracking Email), no sender, subject or body',
    },
    listing('summaries', 'messaging-rest.GetMessageSummaries', 'messaging-rest.GetMessageSummaries', 'Get message summaries of the Inbox', [{ anchor: '§4.3/get-message-summaries', quote: 'summaries of all messages in the folder' }, { anchor: '§2.3/fields-folder-list-folder-statistics', quote: 'message summaries', silence: 'response-fields' }], 'SenderAddress'),
    listing('search', 'messaging-rest.SearchInbox', 'messaging-rest.SearchInbox', 'Search the inbox', [{ anchor: '§4.3/search-inbox', quote: 'Search the inbox | SearchInbox | paged results' }, { anchor: '§2.3/fields-folder-list-folder-statistics', quote: 'inbox search results', silence: 'response-fields' }], 'SenderEmail'),
    listing('unread', 'messaging-rest.GetUnreadMessages', 'messaging-rest.GetUnreadMessages', 'Get unread messages', [{ anchor: '§4.3/get-unread-messages', quote: 'summaries of all unread inbox messages' }, { anchor: '§2.3/fields-folder-list-folder-statistics', quote: 'message summaries', silence: 'response-fields' }], 'SenderAddress'),
    listing('mailbox-xml', 'messaging-soap.GetMailboxXML', 'messaging-soap.GetMailboxXML', 'GetMailboxXML of the inbox (SOAP)', [{ anchor: '§4.4/library-only-operations-older-form', quote: 'Get mailbox XML' }, { anchor: '§2.3/soap-form-mailbox-listing-uses', quote: 'The SOAP form of the mailbox listing uses these inputs' }], 'FromEMail'),
  ],
  alsoReadBy: {
    'send.get': ['messaging-rest.message.get'],
    ...Object.fromEntries(['To', 'Subject', 'TextBody'].map((f) => [`send.mime.${f}`, ['messaging-rest.mime.rfc5322']])),
    'mime-base64.get.Subject': ['messaging-rest.send-mime.delivered'],
    'send.soap-mime.Subject': ['messaging-soap.get-mime.mime-text'],
    'send.mailbox-xml.Subject': ['messaging-soap.mailbox-xml.listing'],
  },
};
