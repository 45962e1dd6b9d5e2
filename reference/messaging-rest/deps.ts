import type { Context } from 'hono';
import type { User } from '../core/domain.js';
import type { Actor } from '../core/mail/index.js';
import type { AppEnv } from '../http.js';
import type { ReferenceState } from '../state.js';
import type { Shapes } from './shapes.js';
import type { RestPolicy } from './policy.js';

/*
 * What the messaging REST router (routes.ts) hands its route modules, beside the router so the
 * route modules and the router import it in one direction, not each other.
 */

/** Per-request values of the REST form: the request's policy (policy.ts), the mail core's decisions included: the actor's. */
export type RestEnv = AppEnv & { Variables: AppEnv['Variables'] & { restPolicy: RestPolicy } };

export type AuthedEnv = RestEnv & { Variables: RestEnv['Variables'] & { user: User; credential: string } };

/** What every route module receives. */
export interface RestDeps {
  state: ReferenceState;
  shapes: Shapes;
  actor(c: Context<AuthedEnv>): Actor;
  /** spec §4.3 'string response': a JSON string, or plain text (a reading) */
  text(c: Context, text: string): Response;
}
