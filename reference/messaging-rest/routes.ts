import { Hono, type Context } from 'hono';
import type { ReferenceState } from '../state.js';
import type { User } from '../core/domain.js';
import { MailError, type Actor } from '../core/mail/index.js';
import { accountRoutes, publicAccountRoutes } from './account.js';
import { errorResponse } from './errors.js';
import { folderRoutes } from './folders.js';
import { messageRoutes } from './messages.js';
import { Shapes } from './shapes.js';
import type { AuthedEnv, RestDeps, RestEnv } from './deps.js';
import { AUTH_SCHEME } from '../axes/token.js';
import { lenientRead, type InputFields } from '../axes/lenient.js';
import { RULE_HEADER } from '../../contract/rule-channel.js';
import { patchAnswer, restOperation } from './edge.js';

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
export function messagingRestRoutes(state: ReferenceState): Hono<RestEnv> {
  const { domain, credentials, mailbox, variant } = state;
  const deps: RestDeps = {
    state,
    shapes: new Shapes(variant, state.mail),
    actor: (c) => ({ user: c.get('user'), credential: c.get('credential'), policy: c.get('restPolicy'), operation: restOperation(c.req.method, c.req.path) }),
    text: (c, text) => (state.mail.plainTextResponses ? c.text(text) : c.json(text)),
  };
  const onError = (err: Error, c: Context) => {
    if (err instanceof MailError) return errorResponse(c, variant, err);
    throw err;
  };

  const app = new Hono<RestEnv>();
  app.onError(onError);
  const lenient = lenientRead(variant, REST_INPUT);
  app.use(async (c, next) => {
    c.set('lenientJson', lenient);
    c.set('restPolicy', state.faults.restPolicy(c.req.header(RULE_HEADER), c.get('mailPolicy')));
    await next();
  });
  // what the form sends, as the faults on for the request patch it (edge.ts)
  app.use(patchAnswer);
  publicAccountRoutes(app, deps);

  const authed = new Hono<AuthedEnv>();
  authed.onError(onError);
  authed.use(async (c, next) => {
    const key = c.req.header('x-session-key');
    const authorization = c.req.header('authorization');
    const policy = c.get('restPolicy');
    let user: User | undefined;
    // the sender of the message the path names (§5 rule 9), for a policy that lets a call act without a key
    const sender = () => {
      const mid = /\/Message\/(-?\d+)/.exec(c.req.path)?.[1];
      const senderId = mid === undefined ? undefined : mailbox.store.contents.get(Number(mid))?.senderId;
      return senderId === undefined ? undefined : domain.users.get(senderId);
    };
    const withoutKey = !key && !authorization ? policy.actorWithoutKey(sender) : undefined;
    if (key) {
      try {
        user = mailbox.accounts.sessionUser(key, policy, 'messaging-rest', c.get('credentialPolicy'));
      } catch (e) {
        user = e instanceof MailError && !credentials.session(key) ? policy.actorForUnknownKey(sender) : undefined;
        if (!user) throw e;
      }
    } else if (withoutKey) {
      user = withoutKey;
    } else if (authorization) {
      // B2: the token interface's access token in place of a session key
      const [scheme, token] = authorization.split(/\s+/, 2);
      if (scheme?.toLowerCase() === variant.get(AUTH_SCHEME).toLowerCase() && token && policy.acceptsAccessToken()) {
        const issuedTo = credentials.userForAccessToken(token, 'messaging-rest', c.get('credentialPolicy'));
        user = issuedTo ? policy.accessTokenUser(issuedTo, domain.users.values()) : policy.userForUnknownAccessToken(domain.users.values());
      }
    } else if (c.req.method === 'GET' && c.req.path.endsWith('/Folder/List') && policy.listsFoldersWithoutKey()) {
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
