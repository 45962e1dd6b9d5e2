import type { FieldModel, FieldRead } from './fields.js';

/**
 * The administration, provisioning and token models of the matrix `fields` (contract/fields.ts):
 * spec §2.2 AccountModel, §2.4 CompanyModel, §2.1 (company id). Field names a read shows are the
 * binding's where the spec's are not shown (B3, vendor-wire §1.2 and §3; clarification F4).
 */

const VIEW_SPEC = { anchor: '§4.2/view-user-account', quote: 'View a user account | session key, IdentityModel | AccountModel' } as const;
const LIST_SPECS = [
  { anchor: '§4.2/list-user-accounts', quote: 'List user accounts | session key, AccountIndexRequestModel | AccountListModel' },
  // the list's shape is not shown: the bare array or the object's one array field (A3); its items' names are vendor-wire §3's AccountListItem (F4)
  { anchor: '§2.2/AccountListModel', quote: 'Its fields: not shown.', silence: 'account-list-model' },
] as const;
const DETAILS_SPECS = [
  { anchor: '§4.3/get-account-details', quote: 'Get your account details | (session) | account details; fields not shown' },
  // B3: the vendor's AccountDetails names (vendor-wire §1.2); extra fields ignored
  { anchor: '§2.3/fields-folder-list-folder-statistics', quote: 'account details', silence: 'response-fields' },
  { anchor: '§4.2/get-session-key', quote: 'LoginModel, sent as an encrypted payload' },
  { anchor: '§4.2/session-key-obtained-here-valid', quote: 'The session key obtained here is valid for every interface that uses session keys' },
] as const;

const ALL_ACCOUNT_FIELDS = { Email: 'Email', FirstName: 'FirstName', LastName: 'LastName', SingleSignOnId: 'SingleSignOnId', UserId: 'UserId', ButtonUser: 'ButtonUser', CompanyId: 'CompanyId', Disabled: 'Disabled', UserTypeId: 'UserTypeId' };
const BLANKED = 'the blank update left it blank, so no View can name the account by it';

const view = (form: 'Email' | 'UserId' | 'SingleSignOnId', slug: string): FieldRead => ({
  slug,
  id: `admin.ViewAccount:${form}`,
  operation: 'admin.ViewAccount',
  label: `View a user account by ${form}`,
  spec: [VIEW_SPEC, { anchor: '§2.2/IdentityModel', quote: 'Email (string), SingleSignOnId (string), UserId (string). Used to identify a user.' }],
  shows: ALL_ACCOUNT_FIELDS,
  hides: '',
  ...(form === 'Email' ? {} : { cannotRead: { 'update-blank': BLANKED } }),
});

/** spec §2.2 AccountModel through Create and Update (JSON), read by View (each identity), List and the account's own details. */
export const ACCOUNT_FIELDS: FieldModel = {
  id: 'account',
  model: 'AccountModel (§2.2)',
  spec: [{ anchor: '§2.2/AccountModel', quote: 'ButtonUser (boolean), CompanyId (int), Disabled (boolean), Email (string), FirstName (string), LastName (string), SingleSignOnId (string), UserId (string), UserTypeId (int)' }],
  fields: [
    { name: 'Email', kind: 'identifier', group: 'names' },
    { name: 'FirstName', kind: 'text', group: 'names' },
    { name: 'LastName', kind: 'text', group: 'names' },
    { name: 'SingleSignOnId', kind: 'identifier', group: 'names' },
    { name: 'UserId', kind: 'identifier', group: 'names' },
    { name: 'ButtonUser', kind: 'boolean', group: 'settings' },
    // an administrator may name only its own company, which is also where an account without one goes: the cells read that it shows it
    { name: 'CompanyId', kind: 'int', group: 'settings' },
    { name: 'Disabled', kind: 'boolean', group: 'settings' },
    { name: 'UserTypeId', kind: 'int', group: 'settings' },
  ],
  writes: [
    { slug: 'create', id: 'admin.CreateAccount', operation: 'admin.CreateAccount', encoding: 'JSON', label: 'Create a user account', interface: 'admin', spec: [{ anchor: '§4.2/create-user-account', quote: 'Create a user account | session key, AccountModel | AccountModel' }] },
    { slug: 'update', id: 'admin.UpdateAccount', operation: 'admin.UpdateAccount', encoding: 'JSON', label: 'Update a user account (every field a new value)', interface: 'admin', spec: [{ anchor: '§4.2/update-user-account', quote: 'Overwrites all existing values' }] },
    {
      slug: 'update-blank',
      id: 'admin.UpdateAccount:blank',
      operation: 'admin.UpdateAccount',
      encoding: 'JSON, each field blank or null',
      label: 'Update a user account (fields left blank or null)',
      interface: 'admin',
      expects: 'blank',
      spec: [
        { anchor: '§4.2/update-user-account', quote: 'any body field left blank or null, except the password, is stored blank or null.' },
        // blank, null or absent all read back as blank (A8)
        { anchor: '§4.2/update-user-account', quote: 'is stored blank or null', silence: 'account-update-blank' },
      ],
      unsent: {
        Email: 'kept: Update names the account by it (vendor-wire §3: UniqueId or Email) and it is the address mail and log-on use (clarification F3)',
        CompanyId: 'kept: every account is of a company, which List selects by (§2.2 AccountIndexRequestModel); an administrator cannot move an account out of its own (F3)',
        UserTypeId: 'kept: every account is of a user type, which List selects by (§2.2 AccountIndexRequestModel) and licenses count (§8; F3)',
      },
    },
  ],
  reads: [
    view('Email', 'view-email'),
    view('UserId', 'view-user-id'),
    view('SingleSignOnId', 'view-sso'),
    {
      slug: 'list',
      id: 'admin.ListAccounts',
      operation: 'admin.ListAccounts',
      label: 'List user accounts of the company and type',
      spec: LIST_SPECS,
      shows: { Email: 'Email', FirstName: 'FirstName', LastName: 'LastName', UserId: 'UserId', CompanyId: 'CompanyId', UserTypeId: 'UserTypeId' },
      hides: 'AccountListModel’s fields are not shown (§2.2), and the vendor’s AccountListItem (vendor-wire §3) has no ButtonUser, Disabled or SingleSignOnId',
    },
    {
      slug: 'details',
      id: 'messaging-rest.GetAccountDetails',
      operation: 'messaging-rest.GetAccountDetails',
      label: 'Get your account details, with the key Get a session key gives the account (encrypted LoginModel naming it)',
      spec: DETAILS_SPECS,
      also: ['admin.GetSessionKey'],
      shows: { Email: 'EmailAddress', FirstName: 'FirstName', LastName: 'LastName', UserId: 'UserId' },
      hides: 'account details’ fields are not shown (§2.3), and the vendor’s AccountDetails (vendor-wire §1.2) names only EmailAddress, FirstName, LastName, Uid and UserId',
      notHeld: { 'update-blank.UserId': 'account details’ UserId is the name the user logs on with (vendor-wire §1.2); with UserId blanked that name is the e-mail address on some servers (the reference’s), so blank is not what every reading shows' },
    },
  ],
  alsoReadBy: {
    'create.view-email.Email': ['admin.accounts.create', 'admin.accounts.view-by-identity'],
    ...Object.fromEntries(['UserId', 'FirstName', 'LastName', 'UserTypeId'].map((f) => [`create.view-email.${f}`, ['admin.accounts.create']])),
    'create.view-user-id.Email': ['admin.accounts.view-by-identity'],
    'create.view-sso.Email': ['admin.accounts.view-by-identity'],
    'create.list.Email': ['admin.accounts.list-filters'],
    'create.details.Email': ['admin.session-key.identity-fields'],
    ...Object.fromEntries(['FirstName', 'LastName', 'SingleSignOnId', 'UserId'].flatMap((f) => [[`update.view-email.${f}`, ['admin.accounts.update-overwrites']], [`update-blank.view-email.${f}`, ['admin.accounts.update-overwrites']]])),
  },
};

const NOT_IN_RESPONSE = 'only Provision’s ResponseModel could show it, and its fields are not shown (§2.4 ResponseModel; clarification P13)';

/** spec §2.4 CompanyModel through Provision Create and Update (encrypted JSON), read through the company’s own administrator. */
export const COMPANY_FIELDS: FieldModel = {
  id: 'company',
  model: 'CompanyModel (§2.4)',
  spec: [
    { anchor: '§2.4/CompanyModel', quote: 'Admin (UserModel), UserTypes (list of UserTypeModel), BillingInterval (BillingIntervalModel), Cobrand (CobrandModel)' },
    { anchor: '§2.4/UserModel', quote: 'Email, FirstName, LastName, PhoneNumber (strings)' },
  ],
  fields: [
    { name: 'Admin.Email', kind: 'identifier' },
    { name: 'Admin.FirstName', kind: 'text' },
    { name: 'Admin.LastName', kind: 'text' },
    { name: 'Admin.PhoneNumber', kind: 'text', hidden: 'no operation shows a phone number: the administrator’s AccountModel (§2.2) has none, and the ResponseModel’s fields are not shown (P13)' },
    { name: 'ReferenceId', kind: 'text', hidden: 'no operation shows it: Get an encryption key (§4.5) finds the company by it and answers the key; whether a key answer echoes it is not stated' },
    { name: 'CompanyName', kind: 'text', hidden: 'no operation shows it: Update and Cancel name the company by it (clarification P1), which the provisioning rules read' },
    { name: 'ExpirationDate', kind: 'text', hidden: `${NOT_IN_RESPONSE}; provisioning.update.provisions-changes reads it there where the profile says it is (provisioning.companyInResponse)` },
    { name: 'Status', kind: 'int', hidden: `${NOT_IN_RESPONSE}; its effect is read through provisioning.cancel.status-cancelled` },
    { name: 'BillingInterval.Monthly', kind: 'boolean', hidden: NOT_IN_RESPONSE },
    { name: 'BillingInterval.Years', kind: 'int', hidden: NOT_IN_RESPONSE },
    // the list: Get user types lists the company's types, each a TypeId whose fields are not shown (A4), so what can be held to Provision is how many
    { name: 'UserTypes', kind: 'count' },
    { name: 'UserTypes.UserTypeCode', kind: 'text', hidden: 'Get user types lists the company’s types, but UserTypeModel’s fields are not shown (§2.2; clarification A4), so a code cannot be matched to a TypeId' },
    { name: 'UserTypes.LicenseQuantity', kind: 'int', hidden: 'no operation shows it; its effect, the §8 limit, is read by provisioning.update.license-below-users and provisioning.update.license-equal-users-accepted' },
    { name: 'Cobrand.Color', kind: 'text', hidden: 'no operation shows a company’s cobrand: Provision returns a ResponseModel whose fields are not shown (§2.4)' },
    { name: 'Cobrand.Url', kind: 'text', hidden: 'no operation shows a company’s cobrand: Provision returns a ResponseModel whose fields are not shown (§2.4)' },
    { name: 'Cobrand.SecureContacts', kind: 'text', hidden: 'no operation shows them; whether a SecureContact is a user of the company is the profile’s reading (provisioning.secureContactsCountAsUsers, clarification P5)' },
  ],
  writes: [
    { slug: 'create', id: 'provisioning.Provision:create', operation: 'provisioning.Provision', encoding: 'encrypted JSON (vendor-wire §5)', label: 'Provision a company, Command Create', interface: 'provisioning', spec: [{ anchor: '§2.4/Command', quote: 'Create = 1' }] },
    { slug: 'update', id: 'provisioning.Provision:update', operation: 'provisioning.Provision', encoding: 'encrypted JSON (vendor-wire §5)', label: 'Provision a company, Command Update (a new administrator e-mail address and names)', interface: 'provisioning', spec: [{ anchor: '§2.4/Command', quote: 'Update = 2' }] },
  ],
  reads: [
    { slug: 'view', id: 'admin.ViewAccount:Email', operation: 'admin.ViewAccount', label: 'View a user account (the administrator, by Email, with the company’s own key)', spec: [VIEW_SPEC], shows: { 'Admin.Email': 'Email', 'Admin.FirstName': 'FirstName', 'Admin.LastName': 'LastName' }, hides: 'AccountModel (§2.2) has no other CompanyModel field' },
    { slug: 'list', id: 'admin.ListAccounts', operation: 'admin.ListAccounts', label: 'List user accounts of the company (with its own key)', spec: LIST_SPECS, shows: { 'Admin.Email': 'Email', 'Admin.FirstName': 'FirstName', 'Admin.LastName': 'LastName' }, hides: 'an account listed shows no other CompanyModel field (vendor-wire §3 AccountListItem)' },
    { slug: 'details', id: 'messaging-rest.GetAccountDetails', operation: 'messaging-rest.GetAccountDetails', label: 'Get your account details, as the administrator (with the key Get a session key gives it)', spec: DETAILS_SPECS, shows: { 'Admin.Email': 'EmailAddress', 'Admin.FirstName': 'FirstName', 'Admin.LastName': 'LastName' }, hides: 'account details show no other CompanyModel field (vendor-wire §1.2)' },
    {
      slug: 'user-types',
      id: 'admin.GetUserTypes',
      operation: 'admin.GetUserTypes',
      label: 'Get user types (with the company’s own key)',
      spec: [
        { anchor: '§4.2/get-user-types', quote: 'Get user types | session key | list of UserTypeModel' },
        { anchor: '§2.2/UserTypeModel', quote: 'Returned as a list of user types provisioned for a company.' },
        // its fields are not shown: the TypeIds are read by the profile's id field, and counted (A4)
        { anchor: '§2.2/UserTypeModel', quote: 'Its fields: not shown.', silence: 'user-type-model' },
      ],
      shows: { UserTypes: 'UserTypes' },
      hides: 'a user type shows no other CompanyModel field, and UserTypeModel’s own fields are not shown (§2.2; clarification A4)',
    },
  ],
};

/** spec §2.1 (company id) of the authorization_code grant: the user it provisions is in that company, and in no other. */
export const TOKEN_FIELDS: FieldModel = {
  id: 'company-id',
  model: 'Token request (company id) (§2.1)',
  spec: [{ anchor: '§2.1/company-id', quote: 'Company id for users that are automatically provisioned through the external identity provider.' }],
  fields: [{ name: '(company id)', kind: 'int' }],
  writes: [
    {
      slug: 'auto-provision',
      id: 'token.Token:authorization_code',
      operation: 'token.Token',
      encoding: 'JSON (company_id, B2)',
      label: 'POST /Token, authorization_code for a user the service does not know, with the company id',
      interface: 'token',
      spec: [
        { anchor: '§4.1/authorization_code', quote: 'and the company id when auto-provisioning users through the external identity provider' },
        { anchor: '§2.1/company-id', quote: 'Its JSON name: not shown.', silence: 'company-id-name' },
      ],
    },
  ],
  reads: [
    { slug: 'view', id: 'admin.ViewAccount:Email', operation: 'admin.ViewAccount', label: 'View a user account by Email, by that company’s administrator', spec: [VIEW_SPEC, { anchor: '§2.2/AccountModel', quote: 'CompanyId (int)' }], shows: { '(company id)': 'CompanyId' }, hides: '' },
    { slug: 'list', id: 'admin.ListAccounts', operation: 'admin.ListAccounts', label: 'List user accounts of that company', spec: LIST_SPECS, shows: { '(company id)': 'CompanyId' }, hides: '' },
    {
      slug: 'elsewhere',
      id: 'admin.ViewAccount:elsewhere',
      operation: 'admin.ViewAccount',
      label: 'View a user account by Email, by the administrator of another company',
      spec: [VIEW_SPEC, { anchor: '§2.2/IdentityModel', quote: 'Used to identify a user.' }],
      shows: { '(company id)': 'CompanyId' },
      hides: '',
      expects: 'absent',
    },
  ],
};
