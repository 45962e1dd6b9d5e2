import { Hono } from 'hono';
import type { User } from '../core/domain.js';
import type { CredentialPolicy } from '../core/credential-policy.js';
import { readBody, type AppEnv, type Ctx } from '../http.js';
import { parseJson } from '../json.js';
import { PATH_CASE } from '../axes/vendor.js';
import type { ReferenceState } from '../state.js';
import { accountHandlers } from './accounts.js';
import { keyHandlers } from './keys.js';
import { AdminRefusal, invalid, refuse, refusalResponse } from './answers.js';
import { getSessionKey } from './login.js';
import type { AdminCall, AdminHandler } from './call.js';
import type { AdminPolicy } from './policy.js';
import { lackedOperations } from './readings.js';
import { operationOf } from '../../contract/operations.js';
import { smtpHandlers } from './smtp.js';

/** vendor-wire §3 spellings (DMWEB-CS), for the strict path reading. */
const CANONICAL: Record<string, string> = Object.fromEntries(
  [
    'POST /Account/GetSessionKey',
    'GET /Account/GetUserTypes',
    'POST /Account/List',
    'POST /Account/Create',
    'POST /Account/Read',
    'POST /Account/Update',
    'POST /Account/Delete',
    'POST /Account/GetEncryptionKey',
    'POST /Account/NewEncryptionKey',
    'GET /Smtp/GetCredentials',
    'PUT /Smtp/ResetPassword',
    'PUT /Smtp/PutSmtpEndpoints',
  ].map((r) => [r.toLowerCase().replace(/^[a-z]+/, (m) => m.toUpperCase()), r.split(' ')[1]!]),
);


/**
 * The administration interface at {base_url}/Remote (B1; paths of vendor-wire §3). Paths are
 * matched without regard to case (CS-ADMIN writes /SMTP/, DMWEB-CS /Smtp/) and a trailing
 * slash is ignored. Every operation but Get a session key needs an administrator's session key
 * in X-Session-Key (spec §4.2 'session-key authenticated'; B3).
 */
export function adminRoutes(state: ReferenceState): Hono<AppEnv> {
  const handlers: Record<string, AdminHandler> = { ...accountHandlers, ...keyHandlers, ...smtpHandlers };
  const app = new Hono<AppEnv>();
  app.onError((err, c) => {
    if (err instanceof AdminRefusal) return refusalResponse(c, state.variant, err);
    throw err;
  });
  const dispatch = async (c: Ctx) => {
    const exact = c.req.path.replace(/^\/remote/i, '');
    const path = exact.replace(/\/+$/, '').toLowerCase();
    const route = `${c.req.method} ${path}`;
    // the strict reading (axis common.path-case): the B1 / vendor-wire §3 spelling only
    if (state.variant.get(PATH_CASE) === 'exact' && (!c.req.path.startsWith('/Remote/') || CANONICAL[route] !== exact)) return c.json('No such administration operation.', 404);
    if (route === 'POST /account/getsessionkey') return getSessionKey(c, state);
    const handler = handlers[route];
    const policy = c.get('adminPolicy');
    const op = operationOf('admin', c.req.method, path);
    if (!handler || !policy.offersOperation(op?.id)) return c.json('No such administration operation.', 404);
    // spec §9 (A1): an operation the edition lacks, as the generated profile declares it, is refused
    // the way the vendor's direct-messaging servers refuse it
    if (op && (lackedOperations(state.variant, state.platform.edition) as string[]).includes(op.id.slice('admin.'.length))) {
      return c.json(`${op.name} is not available on the Direct messaging platform.`, 400);
    }
    const sessionKey = c.req.header('x-session-key')?.trim() ?? '';
    const admin = authenticate(state, sessionKey, policy, c.get('credentialPolicy'));
    return handler({ c, state, admin, sessionKey, policy, shown: c.get('shown'), body: () => jsonBody(c), operation: op?.id, parties: c.get('partyPolicy') });
  };
  // one route per operation, so the app's route table (caseless routing, the fuzz self-test) sees them
  for (const route of Object.keys(CANONICAL)) {
    const [method, path] = [route.split(' ')[0]!, CANONICAL[route]!];
    app.on(method, path, dispatch);
  }
  return app;
}

function authenticate(state: ReferenceState, sessionKey: string, policy: AdminPolicy, credentialPolicy: CredentialPolicy): User {
  const { credentials, accounts, domain } = state;
  const anyAdmin = () => [...domain.users.values()].find((u) => accounts.isAdministrator(u));
  if (!sessionKey) return policy.userForMissingKey(anyAdmin()) || refuse('A session key is required.');
  // spec §4.2, §5 item 5: a key this interface (or another, B3) issued, as the credential policy answers
  const session = credentials.sessionOn(sessionKey, 'admin', credentialPolicy);
  const user = session && 'user' in session ? session.user : accounts.adminOnlyUser(sessionKey);
  if (!user) return policy.userForUnknownKey(anyAdmin()) || refuse('The session key is not valid.');
  if (!accounts.isAdministrator(user) && policy.refusesNonAdministrator()) refuse('The user is not an administrator of the company.');
  return user;
}

/**
 * A JSON body: an object or array; zero-length, `""` and `null` read as empty (B3). DMWEB-JAVA
 * wraps the serialized object in extra quotes (vendor-wire §3): a string holding JSON is read
 * through.
 */
export async function jsonBody(c: Ctx): Promise<unknown> {
  const read = await readBody(c);
  if (!read.ok) return invalid('The request body is too large.');
  if (read.text.trim() === '') return '';
  const caseless = c.get('caselessJson') ?? true;
  const parsed = parseJson(read.text, caseless);
  if (!parsed.ok) return invalid('The request body is not JSON.');
  let value = parsed.value;
  if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
    const inner = parseJson(value, caseless);
    if (!inner.ok) return invalid('The request body is not JSON.');
    value = inner.value;
  }
  return value ?? '';
}

