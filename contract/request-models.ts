import { z } from 'zod';
import type { OperationId } from './operations.js';
import type { InterfaceName } from './profile.js';
import type { Anchor } from './spec/index.js';
import { AccountIndexRequestModelSchema, AccountModelSchema, IdentityModelSchema, SmtpEndpointModelSchema } from './account.js';
import { AutomationKeyModelSchema, CompanyModelSchema } from './provisioning.js';

/**
 * The request models of spec §2 as a caller sends them: which operation carries which model, where
 * in the request it travels (B2, B3, B5), and the spec rows that name its fields. The client rules
 * (specs/<interface>/client.rules.ts) derive one rule per field a row states from this table, and
 * the deviant client (judge/deviant/) one switch per such rule: both sides from the same data.
 */

const int = z.number().int();

/** spec §2.3 LogOn. */
export const LogOnModelSchema = z.looseObject({ UserIdOrEmail: z.string(), Password: z.string() });
/** spec §2.3 ChangePassword (REST form: no EmailAddr). */
export const ChangePasswordModelSchema = z.looseObject({ OldPassword: z.string(), NewPassword: z.string() });
/** spec §2.3 Folder (create). */
export const FolderCreateModelSchema = z.looseObject({ FolderName: z.string(), FolderType: int });
/** spec §2.3 GetInboxMIDRequest. */
export const GetInboxMidModelSchema = z.looseObject({ FolderId: int, MessageListFilter: int, MustHaveAttachments: z.boolean() });
/** spec §2.3 GetMessageSummariesRequest. */
export const GetMessageSummariesModelSchema = z.looseObject({ FolderId: int, LastMessageIDReceived: int });
/** spec §2.3 SearchInbox. */
export const SearchInboxModelSchema = z.looseObject({
  Filter: z.string(),
  FolderId: int,
  GetInboxUnReadOnly: z.boolean(),
  GetRetractedMsgs: z.boolean(),
  OrderBy: z.string(),
  OrderDesc: z.boolean(),
  PageNum: int,
  PageSize: int,
});
/** spec §2.3 SendMessage (the REST form: To a list of strings). */
export const SendMessageModelSchema = z.looseObject({ To: z.array(z.string()), From: z.string(), Subject: z.string(), HtmlBody: z.string(), TextBody: z.string() });
/** spec §2.3 MessageOperations as Move sends it: the MessageId travels in the path (vendor-wire §1.1), DestinationFolderId in the body. */
export const MoveModelSchema = z.looseObject({ DestinationFolderId: int });

/** Where a model travels: the JSON body, each item of a JSON array body, or the encrypted Data (B5). */
export type ModelCarrier = 'json' | 'json-items' | 'sealed';

export interface RequestModel {
  /** stable short name, in rule ids */
  readonly id: string;
  readonly interface: InterfaceName;
  readonly operations: readonly [OperationId, ...OperationId[]];
  readonly carrier: ModelCarrier;
  readonly schema: z.ZodType;
  /** the spec row that names the fields at each depth ('' the model itself, 'Admin' its nested model) */
  readonly rows: Readonly<Record<string, Anchor>>;
}

/** spec §2.2-§2.4: every request model a JSON or encrypted body carries. */
export const REQUEST_MODELS: readonly RequestModel[] = [
  { id: 'log-on', interface: 'messaging-rest', operations: ['messaging-rest.LogOn'], carrier: 'json', schema: LogOnModelSchema, rows: { '': '§2.3/LogOn' } },
  { id: 'change-password', interface: 'messaging-rest', operations: ['messaging-rest.ChangePassword'], carrier: 'json', schema: ChangePasswordModelSchema, rows: { '': '§2.3/ChangePassword' } },
  { id: 'folder', interface: 'messaging-rest', operations: ['messaging-rest.CreateFolder'], carrier: 'json', schema: FolderCreateModelSchema, rows: { '': '§2.3/folder-create' } },
  { id: 'inbox-mid', interface: 'messaging-rest', operations: ['messaging-rest.GetInboxMessageIds'], carrier: 'json', schema: GetInboxMidModelSchema, rows: { '': '§2.3/GetInboxMIDRequest' } },
  { id: 'summaries', interface: 'messaging-rest', operations: ['messaging-rest.GetMessageSummaries'], carrier: 'json', schema: GetMessageSummariesModelSchema, rows: { '': '§2.3/GetMessageSummariesRequest' } },
  { id: 'search', interface: 'messaging-rest', operations: ['messaging-rest.SearchInbox'], carrier: 'json', schema: SearchInboxModelSchema, rows: { '': '§2.3/SearchInbox' } },
  { id: 'send', interface: 'messaging-rest', operations: ['messaging-rest.SendMessage'], carrier: 'json', schema: SendMessageModelSchema, rows: { '': '§2.3/SendMessage' } },
  { id: 'move', interface: 'messaging-rest', operations: ['messaging-rest.MoveMessage'], carrier: 'json', schema: MoveModelSchema, rows: { '': '§2.3/MessageOperations' } },
  {
    id: 'identity',
    interface: 'admin',
    operations: ['admin.GetEncryptionKey', 'admin.NewEncryptionKey', 'admin.ViewAccount', 'admin.DeleteAccount'],
    carrier: 'json',
    schema: IdentityModelSchema,
    rows: { '': '§2.2/IdentityModel' },
  },
  { id: 'account-index', interface: 'admin', operations: ['admin.ListAccounts'], carrier: 'json', schema: AccountIndexRequestModelSchema, rows: { '': '§2.2/AccountIndexRequestModel' } },
  { id: 'account', interface: 'admin', operations: ['admin.CreateAccount', 'admin.UpdateAccount'], carrier: 'json', schema: AccountModelSchema, rows: { '': '§2.2/AccountModel' } },
  { id: 'smtp-endpoint', interface: 'admin', operations: ['admin.UpdateIpWhitelist'], carrier: 'json-items', schema: SmtpEndpointModelSchema, rows: { '': '§2.2/SMTPEndpoint2Model' } },
  {
    id: 'company',
    interface: 'provisioning',
    operations: ['provisioning.Provision'],
    carrier: 'sealed',
    schema: CompanyModelSchema,
    rows: {
      '': '§2.4/CompanyModel',
      Admin: '§2.4/UserModel',
      UserTypes: '§2.4/UserTypeModel',
      BillingInterval: '§2.4/BillingIntervalModel',
      Cobrand: '§2.4/CobrandModel',
      'Cobrand.SecureContacts': '§2.4/SecureContactModel',
    },
  },
  {
    id: 'automation-key',
    interface: 'provisioning',
    operations: ['provisioning.GetEncryptionKey', 'provisioning.NewEncryptionKey'],
    carrier: 'sealed',
    schema: AutomationKeyModelSchema,
    rows: { '': '§2.4/AutomationKeyModel' },
  },
];
