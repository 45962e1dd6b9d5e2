/**
 * How the vendor's client libraries read an answer (vendor-wire §1.2 models), for the
 * vendor-client self-tests. JAVA-REST maps every body with a plain Jackson `ObjectMapper`: it
 * rejects any property its model does not name (FAIL_ON_UNKNOWN_PROPERTIES), matches names
 * exactly, and coerces a numeric string into an int field. CS-REST reads with Newtonsoft:
 * names without regard to case, unknown properties ignored, a number read into a string field.
 */

/** A model: field name → 'int' | 'string' | 'bool' | 'any' | nested model | [item model]. */
export type Model = { [field: string]: Kind };
type Kind = 'int' | 'string' | 'bool' | 'any' | Model | [Kind];

const STATISTICS: Model = Object.fromEntries(
  ['AccountSize', 'AvailableAccountSize', 'DateCreated', 'DateOfLastNotice', 'DateOfLastVisit', 'DatePasswordExpires', 'TotalFilesInOutbox', 'TotalFilesSent', 'TotalMessagesInInbox', 'TotalMessagesInOutbox', 'TotalMessagesReceived', 'TotalMessagesSent', 'TotalUnreadMessagesInInbox', 'TotalVisits', 'UsedAccountSize'].map((k) => [k, k.startsWith('Date') ? 'string' : 'int']),
);
const FOLDER: Model = { FolderId: 'int', FolderName: 'string', FolderType: 'int', FolderTypeDescription: 'string', IsSystemFolder: 'bool', TotalMessages: 'int', TotalSize: 'int' };
const SUMMARY: Model = { AttachmentCount: 'int', createTimeString: 'string', FolderId: 'int', MessageId: 'int', MessageSize: 'int', Read: 'bool', MessageStatus: 'int', SenderAddress: 'string', Subject: 'string' };
const RESULT: Model = {
  CreateTime: 'string', LastAction: 'int', MessageId: 'int', MessageSize: 'int', MessageStatusId: 'int', PasswordHint: 'string', Read: 'bool',
  MessageStatus: 'int', ReadConfirmation: 'bool', SenderEmail: 'string', SenderId: 'int', Subject: 'string',
};
const TRACKING: Model = { DateOpened: 'string', Email: 'string', MessageStatusDescription: 'string', MessageStatusId: 'int', ReceiverField: 'string' };
const ATTACHMENT: Model = { AttachmentBase64: 'string', ContentType: 'string', FileName: 'string', ContentId: 'string' };

/** The response models of vendor-wire §1.1/§1.2 (JAVA-REST class names). */
export const MODELS = {
  SessionKey: { SessionKey: 'string' },
  Details: { EmailAddress: 'string', FirstName: 'string', LastName: 'string', Uid: 'int', UserId: 'string', Statistics: STATISTICS },
  Folders: { Folders: [FOLDER] },
  NewFolderId: { FolderId: 'int' },
  MessageIds: { MessageIds: ['int'] },
  MessageSummariesResponse: { MoreMessagesAvailable: 'bool', Summaries: [SUMMARY] },
  SearchResponse: { PageDetails: { CurrentPage: 'int', FolderId: 'int', OrderBy: 'any', PageSize: 'int', TotalMessages: 'int', TotalPages: 'int' }, Results: [RESULT] },
  MetaData: {
    MessageId: 'int', MessageSize: 'int', ExpirationDate: 'string',
    SecurityEnvelope: { Checksum: 'string', HashAlgorithm: 'string', Status: 'int', StatusDescription: 'string' },
    Tracking: [TRACKING], Attachments: ['any'],
  },
  Message: { To: ['string'], From: 'string', Cc: ['string'], Bcc: ['string'], Subject: 'string', CreateTime: 'string', Attachments: [ATTACHMENT], HtmlBody: 'string', TextBody: 'string' },
  MimeMessage: { MimeMessage: 'string' },
  MessageId: { MessageId: 'int' },
  /** JAVA-REST DeleteMessageResponse names the text field Result */
  DeleteMessageResponse: { NewFolderId: 'int', Result: 'string' },
} satisfies Record<string, Model>;

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function javaValue(kind: Kind, value: unknown, at: string): unknown {
  if (value === null || kind === 'any') return value;
  if (Array.isArray(kind)) {
    if (!Array.isArray(value)) throw new Error(`Jackson: ${at} is ${typeName(value)}, the model wants a list`);
    return value.map((v, i) => javaValue(kind[0], v, `${at}[${i}]`));
  }
  if (typeof kind === 'object') return javaRead(kind, value, at);
  if (kind === 'int') {
    // Jackson coerces "123" into an int field; anything else is a mismatch
    const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n)) throw new Error(`Jackson: ${at} is ${typeName(value)}, the model wants an int`);
    return n;
  }
  if (kind === 'bool' && typeof value !== 'boolean') throw new Error(`Jackson: ${at} is ${typeName(value)}, the model wants a boolean`);
  if (kind === 'string' && typeof value === 'object') throw new Error(`Jackson: ${at} is ${typeName(value)}, the model wants a String`);
  return kind === 'string' ? String(value) : value;
}

/** Reads a body as JAVA-REST does: an unknown property is an UnrecognizedPropertyException. */
export function javaRead<M extends Model>(model: M, value: unknown, at = '$'): Record<keyof M, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`Jackson: ${at} is ${typeName(value)}, the model wants an object`);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!Object.hasOwn(model, key)) throw new Error(`Jackson: UnrecognizedPropertyException: "${key}" at ${at} is not a field of the model (${Object.keys(model).join(', ')})`);
    out[key] = javaValue(model[key]!, v, `${at}.${key}`);
  }
  return out as Record<keyof M, unknown>;
}

/** Reads a body as CS-REST (Newtonsoft) does: names without regard to case, unknown names ignored. */
export function csharpRead<M extends Model>(model: M, value: unknown): Record<keyof M, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`Newtonsoft: expected an object, got ${typeName(value)}`);
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(model)) {
    const key = Object.keys(value).find((k) => k.toLowerCase() === field.toLowerCase());
    const v = key === undefined ? undefined : (value as Record<string, unknown>)[key];
    const kind = model[field];
    if (kind === 'string' && (typeof v === 'number' || typeof v === 'boolean')) out[field] = String(v);
    else if (kind === 'int' && typeof v === 'string' && /^-?\d+$/.test(v)) out[field] = Number(v);
    else if (kind === 'int' && v !== undefined && v !== null && !Number.isInteger(v)) throw new Error(`Newtonsoft: ${field} is ${typeName(v)}, the model wants an int`);
    else out[field] = v;
  }
  return out as Record<keyof M, unknown>;
}
