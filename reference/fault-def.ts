import type { MailPolicy } from './core/mail/policy.js';
import type { PartyPolicy } from './core/party-policy.js';
import type { CredentialPolicy } from './core/credential-policy.js';
import type { ProvisioningPolicy } from './provisioning/policy.js';
import type { TokenPolicy } from './token/policy.js';
import type { AdminPolicy } from './admin/policy.js';
import type { DirectoryPolicy } from './directory/policy.js';
import type { ShownCell } from './shown.js';
import type { SoapPolicy } from './messaging-soap/policy.js';
import type { RestPolicy } from './messaging-rest/policy.js';
import type { SmtpPolicy } from './smtp/policy.js';

/**
 * The shape of one deliberate fault of the reference (reference/faults.ts lists them). It lives
 * beside the catalogue, not in it, so the interface files that declare faults import this type
 * and the catalogue imports them: one direction, no circle (as contract/silences/types.ts).
 */
export interface FaultDef {
  readonly id: string;
  /** the rule id (specs/) whose test must fail while this fault is on */
  readonly rule: string;
  /**
   * The rule is judged on observed traffic only (judge/observe/server-checks.ts), no rule of a run:
   * the fault rounds leave the fault out, and the observe self-test shows it fail its rule.
   */
  readonly observed?: true;
  /** what the server does wrong, in one sentence */
  readonly breaks: string;
  /**
   * Other rules this fault cannot help breaking when it is on for every request, and why
   * (`npm run confinement` lists a fault's spill over other rules as inherent only if declared).
   */
  readonly alsoBreaks?: { readonly rules: readonly string[]; readonly why: string };
  /**
   * The mail core's decisions this fault answers otherwise (reference/core/mail/policy.ts): a
   * fault of the core is a named override of a policy hook, never a check inside the core.
   */
  readonly mail?: Partial<MailPolicy>;
  /** the party decision this fault answers otherwise (reference/core/party-policy.ts), for the mail core and administration alike */
  readonly parties?: Partial<PartyPolicy>;
  /**
   * The credential decisions this fault answers otherwise (reference/core/credential-policy.ts):
   * one question of the credential matrix, for one cell (reference/credential-faults.ts).
   */
  readonly credentials?: Partial<CredentialPolicy>;
  /** the provisioning adapter's decisions this fault answers otherwise (reference/provisioning/policy.ts) */
  readonly provisioning?: Partial<ProvisioningPolicy>;
  /** the token endpoint's decisions and answers this fault gives otherwise (reference/token/policy.ts) */
  readonly token?: Partial<TokenPolicy>;
  /** the administration interface's decisions and answers this fault gives otherwise (reference/admin/policy.ts) */
  readonly admin?: Partial<AdminPolicy>;
  /** the directory's decisions and answers this fault gives otherwise (reference/directory/policy.ts) */
  readonly directory?: Partial<DirectoryPolicy>;
  /**
   * The messaging SOAP form's decisions this fault answers otherwise (reference/messaging-soap/policy.ts),
   * the mail core's as the SOAP form asks them included: it reaches SOAP requests only.
   */
  readonly soap?: Partial<SoapPolicy>;
  /** the messaging REST form's decisions this fault answers otherwise (reference/messaging-rest/policy.ts), likewise for REST requests */
  readonly rest?: Partial<RestPolicy>;
  /** the SMTP gateway's decisions this fault answers otherwise (reference/smtp/policy.ts) */
  readonly smtp?: Partial<SmtpPolicy>;
  /**
   * The one cell of the matrix `fields` this fault breaks (reference/fields-faults.ts): the read
   * shows that field garbled, of records that write wrote (reference/shown.ts). An answer patch at
   * the read's edge, never a check inside a handler.
   */
  readonly shown?: ShownCell;
}

/** What a fault may also break: other rules, and why (the interface files' `f` helpers take it). */
export type AlsoBreaks = { readonly rules: readonly string[]; readonly why: string };
