import type { KeyAcceptor, PasswordAcceptor } from '../../../contract/credentials.js';
import { logOnUser, passwordOpens, refusesDisabled, type CredentialPolicy } from '../credential-policy.js';
import type { Credentials, LogOut } from '../credentials.js';
import type { Domain, User } from '../domain.js';
import { MailError, fail } from './errors.js';
import type { MailStore } from './store.js';
import { statusOf, UNREAD_COLUMN, type Actor } from './model.js';
import type { MailPolicy } from './policy.js';

/**
 * Log on, log out, change password and account details (spec §4.3 rows 1-4, §5 rules 4 and
 * 6, §7.2 'Login'). Session keys are the shared Credentials' (spec §4.2: one key, every
 * session-key interface).
 */
export class MailAccounts {
  /** per-user session-key lifetimes shorter than the server's (fixture users, §7.2 'SessionKey Expired') */
  readonly sessionLifetimes = new Map<number, number>();

  constructor(
    private readonly domain: Domain,
    private readonly credentials: Credentials,
    private readonly store: MailStore,
  ) {}

  /**
   * spec §4.3 'Get a session key (log on)', §4.4 Logon (`at` says which form); the §7.2 Login
   * texts for each refusal. Whose password it is, after a change or a delete, the credential
   * policy answers.
   */
  logon(login: string, password: string, policy: MailPolicy, at: Extract<PasswordAcceptor, `messaging-${string}`>, credentials: CredentialPolicy): string {
    const user = logOnUser(this.domain, login, at, credentials);
    if (!user) throw new MailError('invalidCredentials', policy.invalidCredentialsText());
    if (user.lockedOut) fail('lockedOut');
    if (!passwordOpens(user, password, at, credentials)) {
      if (policy.countsFailedLogon()) user.failedAttempts += 1;
      if (user.failedAttempts >= this.domain.lockoutThreshold) {
        user.lockedOut = true;
        this.domain.readings.lockingAttemptError === 'AccountLockedOut' ? fail('lockedOut') : fail('invalidCredentials');
      }
      throw new MailError('invalidCredentials', policy.invalidCredentialsText());
    }
    user.failedAttempts = 0;
    if (!user.verified) fail(policy.unverifiedRefusal());
    if (refusesDisabled(user, at, credentials) && policy.refusesDisabledUser()) fail('disabled');
    if (user.passwordExpired && policy.refusesExpiredPassword()) fail('passwordExpired');
    if (!user.apiEnabled && policy.refusesNonApiUser()) fail('notApiUser');
    return this.credentials.newSessionKey(user, at === 'messaging-rest.LogOn' ? 'rest-key' : 'soap-key', this.sessionLifetimes.get(user.id));
  }

  /** The user a session key belongs to on `at` (spec §5.4); 'SessionKey Expired' once it lapses (§7.2). */
  sessionUser(key: string, policy: MailPolicy, at: Extract<KeyAcceptor, `messaging-${string}`>, credentials: CredentialPolicy): User {
    const session = this.credentials.sessionOn(key, at, credentials, policy.sessionKeysLapse());
    if (session && 'expired' in session) fail(policy.expiredKeyRefusal());
    if (session && 'user' in session) return session.user;
    return policy.userForUnknownKey(this.domain.users.values()) ?? fail('notAuthenticated');
  }

  /** spec §4.3 'Log out', §4.4 Logout (`via` says which form): invalidates the key; later calls with it are invalid. */
  logout(actor: Actor, via: LogOut): void {
    if (actor.policy.logoutEndsSession()) this.credentials.endSession(actor.credential, via);
  }

  /**
   * spec §4.3 / §5.6 'Change your password': needs no session key and works on an expired
   * password. The user is the session's, or the one named by login (the REST body carries
   * EmailAddr, spec §2.3's SOAP field, or UserIdOrEmail).
   */
  changePassword(
    who: { user?: User; login?: string },
    oldPassword: string,
    newPassword: string,
    policy: MailPolicy,
    change: 'rest-change-password' | 'soap-change-password',
  ): void {
    const user = who.user ?? (who.login ? this.domain.findUser(who.login) : undefined);
    if (!user || user.password !== oldPassword) fail('invalidCredentials');
    if (user.lockedOut) fail('lockedOut');
    if (user.disabled) fail('disabled');
    if (user.passwordExpired && !policy.changePasswordAcceptsExpired()) fail('passwordExpired');
    if (newPassword === oldPassword) fail('samePassword');
    user.replacedPassword = { password: user.password, change };
    user.password = newPassword;
    user.passwordExpired = false;
    user.failedAttempts = 0;
  }

  /** spec §4.3 'Get your account details' (fields: vendor-wire §1.2 AccountDetails). */
  details(actor: Actor) {
    const { user } = actor;
    const copies = this.store.copiesOwnedBy(user.id);
    const inbox = this.store.system(user, 'inbox');
    const received = copies.filter((c) => c.side === 'received');
    const sent = copies.filter((c) => c.side === 'sent');
    const inInbox = received.filter((c) => c.folderId === inbox.id);
    return {
      user,
      statistics: {
        TotalMessagesInInbox: inInbox.length,
        TotalUnreadMessagesInInbox: inInbox.filter((c) => UNREAD_COLUMN.has(statusOf(c))).length,
        TotalMessagesInOutbox: sent.filter((c) => c.folderId === this.store.system(user, 'outbox').id).length,
        TotalMessagesReceived: received.length,
        TotalMessagesSent: sent.length,
      },
    };
  }
}
