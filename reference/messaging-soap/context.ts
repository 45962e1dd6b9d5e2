import type { Shown } from '../shown.js';
import { MailError, type Actor } from '../core/mail/index.js';
import type { CredentialPolicy } from '../core/credential-policy.js';
import type { FolderType } from '../core/mail/model.js';
import type { ReferenceState } from '../state.js';
import { SoapFault, type PartValue } from './envelope.js';
import type { InnerXml } from './inner.js';
import type { SoapPolicy } from './policy.js';

/**
 * What every SOAP operation handler receives: the parsed parts, the request's policy and the
 * inner-XML writer. Handlers call the one mail core; none keeps mailbox state.
 */
export interface OpContext {
  state: ReferenceState;
  parts: Record<string, PartValue>;
  /** what a read shows of a stored field (reference/shown.ts) */
  shown: Shown;
  /** the SOAP form's policy for this request (reference/messaging-soap/policy.ts), the mail core's decisions included: the actor's */
  policy: SoapPolicy;
  /** the core's credential policy for this request (reference/core/credential-policy.ts) */
  credentials: CredentialPolicy;
  inner: InnerXml;
  /** the spec operation being served (`messaging-soap.<element>`) */
  operation: string;
}

export type Handler = (c: OpContext) => string | undefined | Promise<string | undefined>;

export const str = (c: OpContext, name: string) => (c.parts[name] as string | undefined) ?? '';
export const int = (c: OpContext, name: string) => c.parts[name] as number;
export const bool = (c: OpContext, name: string) => c.parts[name] as boolean;

/** spec §5.4: the SessionKey child names the session; 'SessionKey Expired' once it lapses (§7.2). */
export function actor(c: OpContext): Actor {
  const key = str(c, 'SessionKey');
  const { mailbox, domain } = c.state;
  const user = key === '' ? c.policy.userWithoutKey(domain.users.values()) : mailbox.accounts.sessionUser(key, c.policy, 'messaging-soap', c.credentials);
  if (!user) throw new MailError('notAuthenticated');
  return { user, credential: key, policy: c.policy, operation: c.operation };
}

export function folderType(value: number): FolderType {
  if (value !== 0 && value !== 1) throw new SoapFault('Client', `FolderType ${value} is neither 0 (inbox) nor 1 (outbox).`);
  return value;
}

