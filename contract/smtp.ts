import { z } from 'zod';

/**
 * SMTP gateway conventions shared by the suite's client and the reference gateway (spec §1, B7).
 *
 * Every connection names the rule whose test opened it in its EHLO name, as every HTTP request
 * names it in the `x-conformance-rule` header, so a target's logs can be matched with the
 * report (and the reference can scope a fault to its own rule). Rule ids are valid host names.
 */
const EHLO_SUFFIX = '.conformance.invalid';

export function ehloNameFor(ruleId: string): string {
  return `${ruleId}${EHLO_SUFFIX}`;
}

/** The rule id an EHLO name carries, if it is one of the suite's. */
export function ruleOfEhloName(name: string): string | undefined {
  const lower = name.toLowerCase();
  return lower.endsWith(EHLO_SUFFIX) ? lower.slice(0, -EHLO_SUFFIX.length) : undefined;
}

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
