import type { Acceptor, CredentialKind, PasswordAcceptor, StateChange } from '../../contract/credentials.js';
import type { Domain, User } from './domain.js';

export type { ReplacedPassword } from './domain.js';

/**
 * The credential decisions of the core, each a question of the credential matrix
 * (contract/credential-cells.ts), asked in its axes' terms: does a credential of a kind open an
 * interface or grant, does a state change end it there, does the credential a change hands out
 * open it. SPEC_CREDENTIAL_POLICY answers as the spec says (and, where it is silent, as the
 * reference reads it: every key on every session-key interface, B3). A cell's fault replaces one
 * answer (reference/credential-faults.ts), so a reader of the core sees the spec's behaviour and
 * one named question where a server could get it wrong.
 */
export interface CredentialPolicy {
  /** §4.2 'valid for every interface that uses session keys', §4.6, §5: a valid credential of `kind` opens `at` */
  opens(kind: CredentialKind, at: Acceptor): boolean;
  /** §4.3 Log out, §4.3/§5 item 6 Change password, §4.2 Update (Disabled) and Delete, §4.2/§4.5 new keys: `change` ends the credential it replaced or took away, on `at` */
  ends(change: StateChange, kind: CredentialKind, at: Acceptor): boolean;
  /** the credential `change` hands out (a new password, SMTP password or company key) opens `at` */
  replacementOpens(change: StateChange, kind: CredentialKind, at: Acceptor): boolean;
}

export const SPEC_CREDENTIAL_POLICY: CredentialPolicy = {
  opens: () => true,
  ends: () => true,
  replacementOpens: () => true,
};

/**
 * spec §2.1 client_secret, §2.3 LogOn, §4.4 Logon: whether `given` is the user's password on
 * `at`. After Change password (§4.3, §5 item 6) the new one is, the old one is not; the policy
 * answers for each log-on.
 */
export function passwordOpens(user: User, given: string, at: PasswordAcceptor, policy: CredentialPolicy): boolean {
  const replaced = user.replacedPassword;
  if (replaced && given === replaced.password && given !== user.password) return !policy.ends(replaced.change, 'password', at);
  if (given !== user.password) return false;
  if (replaced && !policy.replacementOpens(replaced.change, 'password', at)) return false;
  return policy.opens('password', at);
}

/**
 * spec §7.1 AccountDisabled, §7.2 'User Disabled | Disabled by an administrator': whether a log-on
 * on `at` refuses the user as disabled. An account disabled through Update a user account is
 * refused where the policy says the change reaches (every log-on, as the spec says).
 */
export function refusesDisabled(user: User, at: PasswordAcceptor | undefined, policy: CredentialPolicy): boolean {
  if (!user.disabled) return false;
  return !user.disabledByUpdate || at === undefined || policy.ends('disabled', 'password', at);
}

/** The user a log-on names on `at` (§2.1 client_id, §2.3 UserIdOrEmail): a user of the domain, or one Delete removed whom the policy says `at` still finds. */
export function logOnUser(domain: Domain, login: string, at: PasswordAcceptor, policy: CredentialPolicy): User | undefined {
  const user = domain.findUser(login);
  if (user) return user;
  const removed = domain.findRemovedUser(login);
  return removed && !policy.ends('deleted', 'password', at) ? removed : undefined;
}

/** A user of `companyId` Delete removed, named by an IdentityModel's Email or UserId (§2.2), whom the policy says Get a session key still finds. */
export function removedIdentity(domain: Domain, companyId: number, identity: { Email?: unknown; UserId?: unknown }, policy: CredentialPolicy): User | undefined {
  if (policy.ends('deleted', 'login-identity', 'admin.GetSessionKey')) return undefined;
  const named = (field: unknown, value: string) => typeof field === 'string' && field.trim() !== '' && field.trim().toLowerCase() === value.toLowerCase();
  return [...domain.removed.values()].find((u) => u.companyId === companyId && (named(identity.Email, u.email) || named(identity.UserId, u.username)));
}
