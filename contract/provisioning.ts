import { z } from 'zod';

/**
 * The provisioning interface's models (spec §2.4), error names (spec §7.3) and wire models
 * (vendor-wire §5, adopted by B5). Field names are the vendor's PascalCase.
 */

/** spec §2.4 Command: Create = 1, Update = 2, Cancel = 3. */
export const COMMANDS = { Create: 1, Update: 2, Cancel: 3 } as const;
export type CommandName = keyof typeof COMMANDS;

/** spec §2.4 / §3.3 company Status: Active 0, Trial 1, Cancelled 2; any other value is UnknownCompanyStatus. */
export const COMPANY_STATUS = { Active: 0, Trial: 1, Cancelled: 2 } as const;

/** spec §7.3, in the table's order, with its group. Exactly 39 names. */
export const PROVISIONING_ERRORS = {
  CouldNotCreateCompany: 'Company',
  CompanyNotFound: 'Company',
  CompanyTypeNotFound: 'Company',
  CompanyNameAlreadyExists: 'Company',
  DomainAlreadyRegistered: 'Company',
  UnableToRegisterDomain: 'Company',
  ReferenceIdAlreadyUsed: 'Company',
  UnknownCompanyStatus: 'Company',
  BillingPeriodInvalid: 'Company',
  PastExpirationDate: 'Company',
  CouldNotCreateAdmin: 'Admin',
  CouldNotLoadUser: 'User',
  UserNotInCompany: 'User',
  CouldNotAddUserToUserType: 'User',
  CouldNotUpdateUser: 'User',
  CouldNotCreateUser: 'User',
  InvalidUserId: 'User',
  ErrorDeletingUser: 'User',
  InvalidEmailAddress: 'User',
  TemplateNotFound: 'UserType',
  UserTypeNotFound: 'UserType',
  LicenseQuantityLessThanNumberOfUsers: 'UserType',
  CouldNotCreateType: 'UserType',
  ErrorDeletingUserType: 'UserType',
  CouldNotCreateCobrand: 'Cobrand',
  IncompleteCobrandData: 'Cobrand',
  CobrandExists: 'Cobrand',
  UnableToProcessCobrandLogo: 'Cobrand',
  MoreSecureContactsThanLicenses: 'Cobrand',
  SecureContactProvisioningNotAllowed: 'Cobrand',
  SecureContactRequiresCobrand: 'Cobrand',
  NotAuthorized: 'Other',
  BadCrypto: 'Other',
  InvalidPlatformName: 'Other',
  UnknownCommand: 'Other',
  ErrorConnectingToRemotePlatform: 'Other',
  InvalidDate: 'Other',
  MalformedJsonString: 'Other',
  UnknownError: 'Other',
} as const;
export type ProvisioningErrorName = keyof typeof PROVISIONING_ERRORS;
export const PROVISIONING_ERROR_NAMES = Object.keys(PROVISIONING_ERRORS) as ProvisioningErrorName[];

/** vendor-wire §5 ErrorCodes enum, 0-based, in order (DMWEB-CS ResponseModel.cs). */
export const VENDOR_ERROR_CODES = [
  'NoError',
  'CouldNotCreateCompany',
  'CompanyNotFound',
  'CompanyTypeNotFound',
  'CompanyNameAlreadyExists',
  'DomainAlreadyRegistered',
  'UnableToRegisterDomain',
  'ReferenceIdAlreadyUsed',
  'UnknownCompanyStatus',
  'BillingPeriodInvalid',
  'PastExpirationDate',
  'CouldNotCreateAdmin',
  'CouldNotLoadUser',
  'UserNotInCompany',
  'CouldNotAddUserToUserType',
  'CouldNotUpdateUser',
  'CouldNotCreateUser',
  'InvalideUserId',
  'ErrorDeletingUser',
  'InvalidEmailAddress',
  'TemplateNotFound',
  'UserTypeNotFound',
  'LicenseQuanityLessThanNumberOfUsers',
  'CouldNotCreateUserType',
  'ErrorDeletingUserType',
  'CouldNotCreateCobrand',
  'IncompleteCobrandData',
  'CobrandExists',
  'UnableToProcessCobrandLogo',
  'MoreSecureContactsThanLicenses',
  'SecureContactProvisioningNotAllowed',
  'SecureContactRequiresCobrand',
  'NotAuthenticated',
  'BadCrypto',
  'InvalidPlatformName',
  'UnknownCommand',
  'ErrorConnectingToRemotePlatform',
  'InvalidDate',
  'MalformedJsonString',
  'UnknownError',
] as const;
export type VendorErrorName = (typeof VENDOR_ERROR_CODES)[number];

/** B5: the vendor's spellings that differ from the spec §7.3 names the suite reports. */
export const VENDOR_TO_SPEC_NAME: Partial<Record<VendorErrorName, ProvisioningErrorName>> = {
  NotAuthenticated: 'NotAuthorized',
  InvalideUserId: 'InvalidUserId',
  LicenseQuanityLessThanNumberOfUsers: 'LicenseQuantityLessThanNumberOfUsers',
  CouldNotCreateUserType: 'CouldNotCreateType',
};

const isSpecName = (name: string): name is ProvisioningErrorName => Object.hasOwn(PROVISIONING_ERRORS, name);

/** A vendor or spec spelling as the spec §7.3 name; undefined for NoError and unknown names. */
export function specErrorName(name: string): ProvisioningErrorName | undefined {
  const mapped = VENDOR_TO_SPEC_NAME[name as VendorErrorName];
  if (mapped) return mapped;
  return isSpecName(name) ? name : undefined;
}

/** B5: an integer of the vendor's enum as the spec §7.3 name (0 = NoError is no error). */
export function errorNameForCode(code: number): ProvisioningErrorName | undefined {
  const vendor = VENDOR_ERROR_CODES[code];
  return vendor === undefined ? undefined : specErrorName(vendor);
}

/** B5: the vendor's integer for a spec §7.3 name. */
export function codeForErrorName(name: ProvisioningErrorName): number {
  const code = VENDOR_ERROR_CODES.findIndex((vendor) => specErrorName(vendor) === name);
  if (code < 1) throw new Error(`no vendor code for ${name}`);
  return code;
}

/** The vendor's spelling of a spec §7.3 name (what a target that reports names may send). */
export function vendorErrorName(name: ProvisioningErrorName): VendorErrorName {
  return VENDOR_ERROR_CODES[codeForErrorName(name)]!;
}

/** spec §2.4 UserModel. */
export const UserModelSchema = z.object({
  Email: z.string(),
  FirstName: z.string().optional(),
  LastName: z.string().optional(),
  PhoneNumber: z.string().optional(),
});
export type UserModel = z.infer<typeof UserModelSchema>;

/** spec §2.4 UserTypeModel. */
export const UserTypeModelSchema = z.object({ LicenseQuantity: z.number().int(), UserTypeCode: z.string() });
export type UserTypeModel = z.infer<typeof UserTypeModelSchema>;

/** spec §2.4 BillingIntervalModel; the §8 rule is generators/billing-interval.ts. */
export const BillingIntervalModelSchema = z.object({ Monthly: z.boolean(), Years: z.number().int() });
export type BillingIntervalModel = z.infer<typeof BillingIntervalModelSchema>;

/** spec §2.4 SecureContactModel. */
export const SecureContactModelSchema = z.object({ DisplayName: z.string(), Email: z.string(), UserTypeCode: z.string() });
export type SecureContactModel = z.infer<typeof SecureContactModelSchema>;

/**
 * spec §2.4 CobrandModel: Color (hex colour) and Url are required on create or update;
 * SecureContacts is one SecureContactModel in the spec and the vendor's model (see
 * docs/clarifications.md, Provisioning: the reference also accepts a list).
 */
export const CobrandModelSchema = z.object({
  Color: z.string().optional(),
  Url: z.string().optional(),
  SecureContacts: z.union([SecureContactModelSchema, z.array(SecureContactModelSchema)]).optional(),
});
export type CobrandModel = z.infer<typeof CobrandModelSchema>;

/**
 * spec §2.4 CompanyModel. AutoSenderDomains is the vendor's (vendor-wire §5), named by spec
 * §7.3 DomainAlreadyRegistered; a company-type field, where a target has one, is named in the
 * profile (provisioning.companyType), so the model stays open to extra keys.
 */
export const CompanyModelSchema = z.looseObject({
  ReferenceId: z.string(),
  CompanyName: z.string(),
  ExpirationDate: z.string(),
  Status: z.number().int(),
  Admin: UserModelSchema,
  UserTypes: z.array(UserTypeModelSchema),
  BillingInterval: BillingIntervalModelSchema,
  Cobrand: CobrandModelSchema.optional(),
  AutoSenderDomains: z.array(z.string()).optional(),
});
export type CompanyModel = z.infer<typeof CompanyModelSchema>;

/** spec §2.4 AutomationKeyModel. */
export const AutomationKeyModelSchema = z.looseObject({
  ApiEncryptionKey: z.string().nullish(),
  AutomationId: z.string().nullish(),
  ReferenceId: z.string().nullish(),
});
export type AutomationKeyModel = z.infer<typeof AutomationKeyModelSchema>;

/** vendor-wire §5 RequestModel (B5); Data is the encrypted model, Hash the HMAC of its plaintext. */
export interface RequestModel {
  UserName: string;
  PlatformCode: string;
  Command?: number;
  IV: string;
  Data: string;
  Hash: string;
}

/**
 * vendor-wire §5 ResponseModel (B5). Errors are the vendor's integers, or names where the
 * profile says so; the suite tolerates extra keys and absent Data/IV/Hash on errors.
 */
export const ResponseModelSchema = z.looseObject({
  TransactionId: z.union([z.string(), z.number()]).nullish(),
  Errors: z.array(z.union([z.number().int(), z.string()])).nullish(),
  IV: z.string().nullish(),
  Data: z.string().nullish(),
  Hash: z.string().nullish(),
});
export type ResponseModel = z.infer<typeof ResponseModelSchema>;

/** vendor-wire §5 paths under the provisioning base (B1, B5). */
export const PROVISIONING_PATHS = {
  provision: '/',
  getEncryptionKey: '/company/GetEncryptionKey',
  newEncryptionKey: '/company/NewEncryptionKey',
} as const;
