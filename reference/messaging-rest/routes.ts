import { Hono, type Context } from 'hono';
import type { ReferenceState } from '../state.js';
import type { User } from '../core/domain.js';
import { MailError, type Actor } from '../core/mail/index.js';
import type { AppEnv } from '../http.js';
import { accountRoutes, publicAccountRoutes } from './account.js';
import { errorResponse } from './errors.js';
import { folderRoutes } from './folders.js';
import { messageRoutes } from './messages.js';
import { Shapes } from './shapes.js';
import type { AuthedEnv, RestDeps } from './deps.js';
import { AUTH_SCHEME } from '../axes/token.js';
import { lenientRead, type InputFields } from '../axes/lenient.js';
import { operationOf } from '../../contract/operations.js';

/** The spec operation a request under {base_url}/SecureMessagingAPI is (B1; matched as routed, without regard to case). */
const restOperation = (method: string, path: string) => operationOf('messaging-rest', method, path.replace(/^\/SecureMessagingAPI/i, '') || '/')?.id;

/**
 * The inputs a lenient reading touches (axes common.input-trimming, common.numeric-strings):
 * the validated name, and the ints of spec §2.3 (FolderId, MessageId … are read from digits in a
 * string anyway, body.ts `int`; FolderType only under that reading).
 */
const REST_INPUT: InputFields = {
  text: ['FolderName'],
  ints: ['FolderType', 'FolderId', 'FolderID', 'DestinationFolderId', 'MessageId', 'MessageListFilter', 'LastMessageIDReceived', 'PageNum', 'PageSize'],
};

/**
 * Messaging REST adapter at {base_url}/SecureMessagingAPI (B1; paths and bodies of
 * vendor-wire §1.1). Every operation of spec §4.3 calls the mail core; a MailError becomes the
 * documented 4xx (B3). Sessions: X-Session-Key (spec §5.4) or a Bearer access token (B2).
 */
export function messagingRestRoutes(state: ReferenceState): Hono<AppEnv> {
  const { domain, credentials, mailbox, variant } = state;
  const deps: RestDeps = {
    state,
    shapes: new Shapes(variant, state.mail),
    actor: (c) => ({ user: c.get('user'), credential: c.get('credential'), policy: c.get('mailPolicy'), operation: restOperation(c.req.method, c.req.path) }),
    text: (c, text) => (state.mail.plainTextResponses ? c.text(text) : c.json(text)),
  };
  const onError = (err: Error, c: Context) => {
    if (err instanceof MailError) return errorResponse(c, variant, err);
    throw err;
  };

  const app = new Hono<AppEnv>();
  app.onError(onError);
  const lenient = lenientRead(variant, REST_INPUT);
  app.use(async (c, next) => {
    c.set('lenientJson', lenient);
    await next();
  });
  publicAccountRoutes(app, deps);

  const authed = new Hono<AuthedEnv>();
  authed.onError(onError);
  authed.use(async (c, next) => {
    const key = c.req.header('x-session-key');
    const authorization = c.req.header('authorization');
    const fault = c.get('fault');
    let user: User | undefined;
    // faults: a server that checks no key on operations by message id acts as the message's sender
    const sender = () => {
      const mid = /\/Message\/(-?\d+)/.exec(c.req.path)?.[1];
      const senderId = mid === undefined ? undefined : mailbox.store.contents.get(Number(mid))?.senderId;
      return senderId === undefined ? undefined : domain.users.get(senderId);
    };
    if (key) {
      try {
        user = mailbox.accounts.sessionUser(key, c.get('mailPolicy'), 'messaging-rest', c.get('credentialPolicy'));
      } catch (e) {
        user = e instanceof MailError && !credentials.session(key) && fault('messaging-rest.unknown-key-acts-as-sender') ? sender() : undefined;
        if (!user) throw e;
      }
    } else if (!authorization && fault('messaging-rest.no-key-acts-as-sender') && sender()) {
      user = sender();
    } else if (authorization) {
      // B2: the token interface's access token in place of a session key
      const [scheme, token] = authorization.split(/\s+/, 2);
      if (scheme?.toLowerCase() === variant.get(AUTH_SCHEME).toLowerCase() && token && !fault('token.bearer-ignored')) {
        user = credentials.userForAccessToken(token, 'messaging-rest', c.get('credentialPolicy'));
        if (!user && fault('token.any-bearer-accepted')) user = domain.users.values().next().value;
        // fault (token.access-token.authorizes): a valid access token opens another user's account
        if (user && fault('token.bearer-wrong-user')) user = [...domain.users.values()].find((u) => u !== user) ?? user;
      }
    } else if (fault('messaging-rest.folder-list-anonymous') && c.req.method === 'GET' && c.req.path.endsWith('/Folder/List')) {
      return c.json({ Folders: [] });
    }
    if (!user) throw new MailError('notAuthenticated');
    c.set('user', user);
    c.set('credential', key ?? authorization?.split(/\s+/, 2)[1] ?? '');
    await next();
  });
  accountRoutes(authed, deps);
  folderRoutes(authed, deps);
  messageRoutes(authed, deps);

  app.route('/', authed);
  return app;
}
