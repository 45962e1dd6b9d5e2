import { z } from 'zod';

/**
 * spec §2.2: account models of the administration interface. Field names are the spec's; the
 * wire adds fields (vendor-wire §3: UniqueId, Password, Phone, Errors…), so every model is loose.
 */

/** spec §2.2 IdentityModel: 'Used to identify a user' (one identity field is enough, vendor-wire §3.1). */
export const IdentityModelSchema = z.looseObject({
  Email: z.string().optional(),
  SingleSignOnId: z.string().optional(),
  UserId: z.string().optional(),
});

/** spec §2.2 LoginModel: Identity and TimeStamp (sent encrypted, spec §4.2). */
export const LoginModelSchema = z.looseObject({
  Identity: IdentityModelSchema,
  TimeStamp: z.string(),
});

/** spec §2.2 AccountIndexRequestModel. */
export const AccountIndexRequestModelSchema = z.looseObject({
  CompanyId: z.number().int(),
  UserTypeId: z.number().int(),
});

/** spec §2.2 AccountModel. */
export const AccountModelSchema = z.looseObject({
  ButtonUser: z.boolean(),
  CompanyId: z.number().int(),
  Disabled: z.boolean(),
  Email: z.string(),
  FirstName: z.string().nullable(),
  LastName: z.string().nullable(),
  SingleSignOnId: z.string().nullable(),
  UserId: z.string().nullable(),
  UserTypeId: z.number().int(),
});

/** spec §2.2 SMTPEndpoint2Model: one whitelist entry, as the suite sends it and the reference stores it. */
export interface SmtpEndpoint {
  Domain: string;
  Incoming: boolean;
  IpAddress: string;
  Outgoing: boolean;
  Port: number;
  Subnet: string;
}

/** spec §2.2 SMTPEndpoint2Model: one element per whitelist entry. */
export const SmtpEndpointModelSchema = z.looseObject({
  Domain: z.string().nullable(),
  Incoming: z.boolean(),
  IpAddress: z.string(),
  Outgoing: z.boolean(),
  Port: z.number().int(),
  Subnet: z.string().nullable(),
});

/**
 * spec §2.2 SMTPCredentialsModel: 'a company user id and a company password'; field names not
 * shown (vendor-wire §3: UserId, Password, Endpoints).
 */
export const SmtpCredentialsModelSchema = z.looseObject({
  UserId: z.string(),
  Password: z.string(),
  Endpoints: z.array(SmtpEndpointModelSchema).optional(),
});
