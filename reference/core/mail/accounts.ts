import type { Credentials } from '../credentials.js';
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

  /** spec §4.3 'Get a session key (log on)'; the §7.2 Login texts for each refusal. */
  logon(login: string, password: string, policy: MailPolicy): string {
    const user = this.domain.findUser(login);
    if (!user) throw new MailError('invalidCredentials', policy.invalidCredentialsText());
    if (user.lockedOut) fail('lockedOut');
    if (user.password !== password) {
      if (policy.countsFailedLogon()) user.failedAttempts += 1;
      if (user.failedAttempts >= this.domain.lockoutThreshold) {
        user.lockedOut = true;
        this.domain.readings.lockingAttemptError === 'AccountLockedOut' ? fail('lockedOut') : fail('invalidCredentials');
      }
      throw new MailError('invalidCredentials', policy.invalidCredentialsText());
    }
    user.failedAttempts = 0;
    if (!user.verified) fail(policy.unverifiedRefusal());
    if (user.disabled && policy.refusesDisabledUser()) fail('disabled');
    if (user.passwordExpired && policy.refusesExpiredPassword()) fail('passwordExpired');
    if (!user.apiEnabled && policy.refusesNonApiUser()) fail('notApiUser');
    return this.credentials.newSessionKey(user, this.sessionLifetimes.get(user.id));
  }

  /** The user a session key belongs to (spec §5.4); 'SessionKey Expired' once it lapses (§7.2). */
  sessionUser(key: string, policy: MailPolicy): User {
    const session = this.credentials.session(key, policy.sessionKeysLapse());
    if (session && 'expired' in session) fail(policy.expiredKeyRefusal());
    if (session && 'user' in session) return session.user;
    return policy.userForUnknownKey(this.domain.users.values()) ?? fail('notAuthenticated');
  }

  /** spec §4.3 'Log out': invalidates the key; later calls with it are invalid. */
  logout(actor: Actor): void {
    if (actor.policy.logoutEndsSession()) this.credentials.endSession(actor.credential);
  }

  /**
   * spec §4.3 / §5.6 'Change your password': needs no session key and works on an expired
   * password. The user is the session's, or the one named by login (the REST body carries
   * EmailAddr, spec §2.3's SOAP field, or UserIdOrEmail).
   */
  changePassword(who: { user?: User; login?: string }, oldPassword: string, newPassword: string, policy: MailPolicy): void {
    const user = who.user ?? (who.login ? this.domain.findUser(who.login) : undefined);
    if (!user || user.password !== oldPassword) fail('invalidCredentials');
    if (user.lockedOut) fail('lockedOut');
    if (user.disabled) fail('disabled');
    if (user.passwordExpired && !policy.changePasswordAcceptsExpired()) fail('passwordExpired');
    if (newPassword === oldPassword) fail('samePassword');
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
