import type { SpecRef } from '../../contract/spec/index.js';
import { eachRequest, type ClientRule, type ClientRuleMeta } from '../../judge/client-rule.js';
import type { Observed } from '../../judge/exchange.js';

/**
 * What the spec and the binding ask of a client of the SMTP gateway (spec §1 SMTP paragraph, §4.2
 * SMTP rows; B7: "SMTP with STARTTLS and AUTH (PLAIN and LOGIN) using the company SMTP
 * credentials from the administration interface"), judged command by command over the gateway's
 * recorded sessions (judge/smtp.ts). Only what they state: TLS before the credentials, AUTH by
 * PLAIN or LOGIN, authenticated before any mail, with the credentials the administration
 * interface issued, from an address the company's whitelist admits (should: the spec says the
 * gateway takes no mail from another). The message's format is not judged: the spec relies on no
 * part of RFC 5322 (clarification G10).
 */

const TLS_ROUTING: SpecRef = { anchor: '§1/gateway-accepts-mail-only-whitelisted', quote: 'can deliver plain-text SMTP messages with TLS routing' };
const COMPANY_CREDENTIALS: SpecRef = { anchor: '§1/company-level-smtp-credentials-obtained', quote: 'Company-level SMTP credentials are obtained through the administration interface.' };
const WHITELISTED: SpecRef = { anchor: '§1/gateway-accepts-mail-only-whitelisted', quote: 'The gateway accepts mail only from whitelisted IP addresses' };
const RESET: SpecRef = { anchor: '§4.2/reset-password', quote: 'SMTPCredentialsModel with a newly generated SMTP password' };

const meta = (behaviour: string, title: string, level: 'must' | 'should', spec: readonly [SpecRef, ...SpecRef[]]): ClientRuleMeta => ({
  id: `smtp.client.${behaviour}`,
  title,
  interface: 'smtp',
  level,
  spec,
  binding: ['B7'],
  operation: 'smtp.Deliver',
});

/** An AUTH command (not its continuation lines). */
const isAuth = (o: Observed) => o.smtp?.verb === 'AUTH';
/** The reply that settles an AUTH: 235 (accepted) or 535 (credentials invalid), on the AUTH line or its last continuation. */
const settlesAuth = (o: Observed) => (o.smtp?.verb === 'AUTH' || o.smtp?.verb === 'AUTH…') && (o.smtp.reply?.code === 235 || o.smtp.reply?.code === 535);

export const SMTP_CLIENT_RULES: readonly ClientRule[] = [
  eachRequest(meta('starttls-before-auth', 'a client starts TLS (STARTTLS) before it sends AUTH, so the company credentials never cross the wire in clear', 'must', [TLS_ROUTING, COMPANY_CREDENTIALS]), (o) =>
    !isAuth(o) ? 'skip' : o.smtp!.secure ? undefined : 'AUTH was sent in clear, before STARTTLS had put the session inside TLS',
  ),
  eachRequest(meta('auth-mechanism', 'a client authenticates with AUTH PLAIN or AUTH LOGIN', 'must', [COMPANY_CREDENTIALS]), (o) =>
    !isAuth(o) ? 'skip' : ['PLAIN', 'LOGIN'].includes(o.smtp!.mechanism ?? '') ? undefined : `AUTH names the mechanism ${JSON.stringify(o.smtp!.mechanism ?? '')}, not PLAIN or LOGIN (B7)`,
  ),
  eachRequest(meta('auth-before-mail', 'a client authenticates with the company SMTP credentials before it gives MAIL FROM', 'must', [COMPANY_CREDENTIALS]), (o) =>
    o.smtp?.verb !== 'MAIL' ? 'skip' : o.smtp.authenticated ? undefined : 'MAIL FROM was sent in a session no AUTH had authenticated',
  ),
  eachRequest(meta('issued-credentials', 'a client authenticates with the company SMTP credentials as the administration interface last issued them', 'should', [COMPANY_CREDENTIALS, RESET]), (o) =>
    !settlesAuth(o) ? 'skip' : o.smtp!.reply!.code === 235 ? undefined : `the gateway refused the credentials (${o.smtp!.reply!.code} ${o.smtp!.reply!.text}): not the company's as last issued`,
  ),
  // judged where the gateway checks the address: a MAIL FROM conforms unless it was refused so; any command it refused so violates
  eachRequest(meta('whitelisted-address', "a client sends mail from an address the company's SMTP whitelist admits", 'should', [WHITELISTED]), (o) =>
    o.smtp?.outsideWhitelist ? `the gateway found ${o.x.client.replace(/:\d*$/, '')} outside the company's whitelist (${o.smtp.reply?.code ?? 'no reply'} ${o.smtp.reply?.text ?? ''})`.trim() : o.smtp?.verb === 'MAIL' && o.smtp.authenticated ? undefined : 'skip',
  ),
];
