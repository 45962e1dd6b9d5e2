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

/**
 * One command of an SMTP session as a recorder saw it (the reference gateway's tap for
 * `serve --judge`, or the deviant client's own record), for the client rules of the gateway:
 * the verb and the line with any credential withheld, whether the session was inside TLS and
 * authenticated when it was sent, and the reply. Never a password or an AUTH argument.
 */
export interface SmtpCommandRecord {
  /** the SMTP session (connection) it belongs to */
  session: string;
  /** the connecting address and port */
  client: string;
  at: number;
  /** EHLO, STARTTLS, AUTH, MAIL, RCPT, DATA, QUIT…; an AUTH continuation line is `AUTH…` */
  verb: string;
  /** the command line with any credential withheld */
  line: string;
  /** inside TLS when it was sent */
  secure: boolean;
  /** a successful AUTH came before it in the session */
  authenticated: boolean;
  /** the AUTH mechanism named (AUTH lines only) */
  mechanism?: string;
  reply?: { code: number; text: string };
  /** the gateway found the connecting address outside the authenticated company's whitelist at this command */
  outsideWhitelist?: boolean;
}

/** A command line as recorded: an AUTH's argument (an initial response) and AUTH continuation lines are credentials. */
export function withheldLine(verb: string, line: string, continuation: boolean): string {
  if (continuation) return '<credential withheld>';
  if (verb !== 'AUTH') return line;
  const [, mechanism, initial] = line.trim().split(/\s+/);
  return `AUTH ${mechanism ?? ''}${initial ? ' <credential withheld>' : ''}`.trim();
}
