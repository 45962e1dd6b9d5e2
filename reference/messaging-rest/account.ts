import type { Hono } from 'hono';
import { MailError } from '../core/mail/index.js';
import { jsonBody, str } from './body.js';
import type { AuthedEnv, RestDeps, RestEnv } from './deps.js';

/** The LogOn model is missing or incomplete (vendor-wire §1 DOC-RM wording; spec: not shown). */
const LOGON_REQUIRED = 'The LogonRequestData model is required in the request body.';

/** Log on and change password: the operations that need no session key (spec §5 rules 4, 6). */
export function publicAccountRoutes(app: Hono<RestEnv>, { state, shapes, text }: RestDeps): void {
  const { mailbox } = state;

  app.post('/Account/Logon', async (c) => {
    const body = await jsonBody(c).catch(() => ({}) as Record<string, unknown>);
    const login = typeof body.UserIdOrEmail === 'string' ? body.UserIdOrEmail : '';
    const password = typeof body.Password === 'string' ? body.Password : '';
    if (!login || !password) throw new MailError('invalidInput', LOGON_REQUIRED);
    const key = mailbox.accounts.logon(login, password, c.get('restPolicy'), 'messaging-rest.LogOn', c.get('credentialPolicy'));
    return c.json(shapes.extra({ SessionKey: key }));
  });

  /**
   * spec §4.3 / §5.6: no session key needed, and it works on an expired password. Without a
   * key the body names the user: EmailAddr (spec §2.3, SOAP form) or UserIdOrEmail.
   */
  app.post('/Account/ChangePassword', async (c) => {
    const body = await jsonBody(c);
    const oldPassword = str(body, 'OldPassword', '')!;
    const newPassword = str(body, 'NewPassword', '')!;
    const key = c.req.header('x-session-key');
    const policy = c.get('restPolicy');
    if (!key && !policy.changePasswordWithoutKey()) throw new MailError('notAuthenticated');
    const user = key ? mailbox.accounts.sessionUser(key, policy, 'messaging-rest', c.get('credentialPolicy')) : undefined;
    // M1: the field that names the user is the server's choice (axis mail.change-password-user)
    const login = str(body, state.mail.changePasswordUser, '')!;
    if (!oldPassword || !newPassword || (!user && !login)) throw new MailError('invalidInput');
    if (policy.changesPassword()) mailbox.accounts.changePassword({ user, login }, oldPassword, newPassword, policy, 'rest-change-password');
    return text(c, 'The password has been changed.');
  });
}

/** Account details and log out (spec §4.3). */
export function accountRoutes(app: Hono<AuthedEnv>, { state, shapes, actor, text }: RestDeps): void {
  const { mailbox } = state;

  app.get('/Account/Details', (c) => {
    const { user, statistics } = mailbox.accounts.details(actor(c));
    // what a read shows of the account's fields (reference/shown.ts), each by the AccountModel field that wrote it
    const shown = <T>(field: string, as: string, value: T) => c.get('shown')('messaging-rest.GetAccountDetails', state.accounts.origin(user, field), as, value);
    return c.json(
      shapes.extra({
        EmailAddress: shown('Email', 'EmailAddress', user.email),
        FirstName: shown('FirstName', 'FirstName', user.firstName),
        LastName: shown('LastName', 'LastName', user.lastName),
        Uid: user.id,
        UserId: shown('UserId', 'UserId', user.username),
        Statistics: statistics,
      }),
    );
  });

  app.post('/Account/Logout', async (c) => {
    mailbox.accounts.logout(actor(c), 'rest-logout');
    return text(c, 'You have been logged out.');
  });
}
