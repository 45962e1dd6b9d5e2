import { Hono } from 'hono';
import type { User } from '../core/domain.js';
import { readBody, type AppEnv, type Ctx } from '../http.js';
import type { ReferenceState } from '../state.js';
import { accountHandlers } from './accounts.js';
import { AdminRefusal, invalid, refuse, refusalResponse } from './answers.js';
import { getSessionKey } from './login.js';
import { smtpHandlers } from './smtp.js';

/** What an authenticated administration handler receives. */
export interface AdminCall {
  c: Ctx;
  state: ReferenceState;
  /** the administrator the session key belongs to */
  admin: User;
  sessionKey: string;
  body: () => Promise<unknown>;
  fault: (id: string) => boolean;
}

export type AdminHandler = (call: AdminCall) => Promise<Response> | Response;

/**
 * The administration interface at {base_url}/Remote (B1; paths of vendor-wire §3). Paths are
 * matched without regard to case (CS-ADMIN writes /SMTP/, DMWEB-CS /Smtp/) and a trailing
 * slash is ignored. Every operation but Get a session key needs an administrator's session key
 * in X-Session-Key (spec §4.2 'session-key authenticated'; B3).
 */
export function adminRoutes(state: ReferenceState): Hono<AppEnv> {
  const handlers: Record<string, AdminHandler> = { ...accountHandlers, ...smtpHandlers };
  const app = new Hono<AppEnv>();
  app.onError((err, c) => {
    if (err instanceof AdminRefusal) return refusalResponse(c, state.variant, err);
    throw err;
  });
  app.all('*', async (c) => {
    const path = c.req.path.replace(/^\/remote/i, '').replace(/\/+$/, '').toLowerCase();
    const route = `${c.req.method} ${path}`;
    if (route === 'POST /account/getsessionkey') return getSessionKey(c, state);
    const handler = handlers[route];
    const fault = c.get('fault');
    if (!handler || (route === 'POST /account/getencryptionkey' && fault('admin.securemail-lacks-psk'))) return c.json('No such administration operation.', 404);
    const sessionKey = c.req.header('x-session-key')?.trim() ?? '';
    const admin = authenticate(state, sessionKey, fault);
    return handler({ c, state, admin, sessionKey, fault, body: () => jsonBody(c) });
  });
  return app;
}

function authenticate(state: ReferenceState, sessionKey: string, fault: (id: string) => boolean): User {
  const { credentials, accounts, domain } = state;
  const anyAdmin = () => [...domain.users.values()].find((u) => accounts.isAdministrator(u));
  if (!sessionKey) return (fault('admin.no-key-accepted') && anyAdmin()) || refuse('A session key is required.');
  const session = credentials.session(sessionKey);
  const user = session && 'user' in session ? session.user : accounts.adminOnlyUser(sessionKey);
  if (!user) return (fault('admin.unknown-key-accepted') && anyAdmin()) || refuse('The session key is not valid.');
  if (!accounts.isAdministrator(user) && !fault('admin.non-administrator-accepted')) refuse('The user is not an administrator of the company.');
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
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch {
    return invalid('The request body is not JSON.');
  }
  if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
    try {
      value = JSON.parse(value);
    } catch {
      return invalid('The request body is not JSON.');
    }
  }
  return value ?? '';
}

/** An object body, `{}` for an empty one. */
export async function objectBody(call: AdminCall): Promise<Record<string, unknown>> {
  const value = await call.body();
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) return invalid('The request body must be a JSON object.');
  return value as Record<string, unknown>;
}
