import { randomBytes } from 'node:crypto';
import type { Account, ProfileInput } from '../../contract/profile.js';
import type { User } from '../core/domain.js';
import type { ReferenceState } from '../state.js';

/** Accounts each pool holds: every run of the suite uses up at most one of a pool. */
const POOL_SIZE = 25;
/** Session-key lifetime of the short-session fixture user (spec §7.2 'SessionKey Expired'). */
const SHORT_SESSION_SECONDS = 2;

const secret = () => `Pw-${randomBytes(12).toString('base64url')}`;

/**
 * Messaging fixtures of the generated profile (B8): password-change and lockout pools, the
 * and the short-session user.
 */
export function seedMessaging(state: ReferenceState, companyId: number, primary: User): NonNullable<ProfileInput['messaging']> {
  const { domain, mailbox } = state;
  const make = (name: string, fields: Partial<User> = {}): Account & { user: User } => {
    const account = { username: name, email: `${name}@reference.test`, password: secret() };
    const user = domain.addUser({ companyId, ...account, firstName: name, lastName: 'Reference', ...fields });
    return { ...account, user };
  };
  const plain = ({ username, email, password }: Account) => ({ username, email, password });
  const pool = (prefix: string, fields: Partial<User> = {}) => Array.from({ length: POOL_SIZE }, (_, i) => plain(make(`${prefix}${i + 1}`, fields)));

  const short = make('shortsession');
  mailbox.accounts.sessionLifetimes.set(short.user.id, SHORT_SESSION_SECONDS);
  // the plain-text TLS message (status 5) comes through the reference's SMTP gateway now: the
  // suite delivers one itself (harness/fixtures/smtp.ts), so the profile names none
  return {
    passwordChangeAccounts: pool('mpassword'),
    expiredPasswordAccounts: pool('mexpired', { passwordExpired: true }),
    lockableAccounts: pool('mlockable'),
    shortSession: { account: plain(short), lifetimeSeconds: SHORT_SESSION_SECONDS },
    // the reference's readings a target declares in its profile (M1, M2, M4, M11, M20)
    changePasswordUserField: state.mail.changePasswordUser,
    firstPageNumber: state.mail.firstPage,
    trashAdvance: state.mail.trashAdvance,
    folderNameUnit: state.mail.nameLength,
    inboxIdCodes: state.mail.inboxIdCodes,
  };
}
