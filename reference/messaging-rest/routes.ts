import { Hono, type Context } from 'hono';
import type { ReferenceState } from '../state.js';
import type { User } from '../core/domain.js';
import { STATUS_READ, STATUS_UNREAD } from '../core/mailbox.js';
import { readBody, type AppEnv } from '../http.js';
import { MESSAGING_ERRORS as E } from './errors.js';

type AuthedEnv = AppEnv & { Variables: AppEnv['Variables'] & { user: User } };

/**
 * Messaging REST adapter at {base_url}/SecureMessagingAPI (B1, vendor-wire §1.1). This first
 * cut holds what the token interface needs (log on, account details, unread, get message); the
 * messaging issue adds the rest of spec §4.3 over the same mail core.
 */
export function messagingRestRoutes(state: ReferenceState): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { domain, credentials, mailbox, variant } = state;

  /** B3: documented errors are a 4xx with the spec §7.2 text as the body. */
  const error = (c: Context, status: 400 | 401 | 403, text: string) => c.json(variant.wrapErrorText(text) as object, status);

  app.post('/Account/Logon', async (c) => {
    const read = await readBody(c);
    let body: { UserIdOrEmail?: unknown; Password?: unknown } = {};
    try {
      body = read.ok ? (JSON.parse(read.text) as typeof body) : {};
    } catch {
      return error(c, 400, 'The LogonRequestData model is required in the request body.');
    }
    if (typeof body?.UserIdOrEmail !== 'string' || typeof body.Password !== 'string' || !body.UserIdOrEmail || !body.Password) {
      return error(c, 400, 'The LogonRequestData model is required in the request body.');
    }
    const user = domain.findUser(body.UserIdOrEmail);
    if (!user || user.password !== body.Password) return error(c, 401, E.invalidCredentials);
    if (user.lockedOut) return error(c, 401, E.lockedOut);
    if (!user.verified) return error(c, 401, E.unverified);
    if (user.disabled) return error(c, 401, E.disabled);
    if (user.passwordExpired) return error(c, 401, E.passwordExpired);
    if (!user.apiEnabled) return error(c, 401, E.notApiUser);
    return c.json({ SessionKey: credentials.newSessionKey(user) });
  });

  /** spec §5.4 session key (X-Session-Key), or the token interface's access token (B2). */
  const authed = new Hono<AuthedEnv>();
  authed.use(async (c, next) => {
    const key = c.req.header('x-session-key');
    const authorization = c.req.header('authorization');
    let user: User | undefined;
    if (key) {
      const session = credentials.session(key);
      if (session && 'expired' in session) return error(c, 401, E.sessionExpired);
      user = session?.user;
    } else if (authorization) {
      const [scheme, token] = authorization.split(/\s+/, 2);
      if (scheme?.toLowerCase() === 'bearer' && token && !c.get('fault')('token.bearer-ignored')) {
        user = credentials.userForAccessToken(token);
        if (!user && c.get('fault')('token.any-bearer-accepted')) user = domain.users.values().next().value;
      }
    }
    if (!user) return error(c, 401, E.notAuthenticated);
    c.set('user', user);
    await next();
  });

  authed.get('/Account/Details', (c) => {
    const user = c.get('user');
    const inbox = mailbox.inbox(user);
    return c.json({
      EmailAddress: user.email,
      FirstName: user.firstName,
      LastName: user.lastName,
      Uid: user.id,
      UserId: user.username,
      Statistics: {
        TotalMessagesInInbox: inbox.length,
        TotalUnreadMessagesInInbox: inbox.filter((m) => m.status === STATUS_UNREAD).length,
      },
    });
  });

  authed.get('/Message/Inbox/Unread', (c) => {
    const after = Number(c.req.query('After') ?? '0');
    const unread = mailbox.inbox(c.get('user')).filter((m) => m.status === STATUS_UNREAD && m.messageId > after);
    return c.json({
      MoreMessagesAvailable: false,
      Summaries: variant.order(unread).map((m) => ({
        MessageId: m.messageId,
        Subject: m.subject,
        SenderAddress: m.from,
        MessageStatus: m.status,
        Read: false,
        createTimeString: m.createdAt.toISOString(),
      })),
    });
  });

  authed.get('/Message/:id{[0-9]+}', (c) => {
    const id = Number(c.req.param('id'));
    const message = mailbox.find(c.get('user'), id);
    if (!message) return error(c, 401, `You do not have access to message with id ${id}.`);
    message.status = STATUS_READ;
    return c.json({ To: message.to, From: message.from, Cc: [], Bcc: [], Subject: message.subject, CreateTime: message.createdAt.toISOString(), Attachments: [], HtmlBody: message.htmlBody, TextBody: message.textBody });
  });

  app.route('/', authed);
  return app;
}
