import { z } from 'zod';

/**
 * SMTP gateway conventions shared by the suite's client and the reference gateway (spec §1, B7).
 * The EHLO name that carries a connection's rule id is in contract/rule-channel.ts.
 */

/** One SMTP reply: its code and its text lines (RFC 5321 §4.2). */
export interface SmtpReply {
  code: number;
  lines: string[];
}

export const isPositive = (code: number) => code >= 200 && code < 400;
/** RFC 5321 §4.2.1: 5yz is a permanent negative completion reply. */
export const isPermanentRefusal = (code: number) => code >= 500 && code < 600;

/**
 * spec §2.2 SMTPCredentialsModel ('a company user id and a company password'; field names not
 * shown): B7 names them UserId and Password; Endpoints (vendor-wire §3) is the whitelist.
 */
export const SmtpCredentialsSchema = z.looseObject({
  UserId: z.string().min(1),
  Password: z.string().min(1),
  Endpoints: z.array(z.looseObject({ IpAddress: z.string().nullish(), Subnet: z.string().nullish() })).nullish(),
});
export type SmtpCredentialsModel = z.infer<typeof SmtpCredentialsSchema>;
