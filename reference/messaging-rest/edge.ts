import type { Context } from 'hono';
import { operationOf } from '../../contract/operations.js';
import type { FaultId } from '../faults.js';
import type { AuthedEnv, RestEnv } from './deps.js';
import { MESSAGING_REST_FAULTS } from './faults.js';
import type { JsonBody, RestFaultDef } from './answer-patch.js';

/** The spec operation a request under {base_url}/SecureMessagingAPI is (B1; matched as routed, without regard to case). */
export const restOperation = (method: string, path: string) => operationOf('messaging-rest', method, path.replace(/^\/SecureMessagingAPI/i, '') || '/')?.id;

const PATCHES: readonly (RestFaultDef & { readonly id: FaultId })[] = MESSAGING_REST_FAULTS.filter((f) => 'answer' in f);

/**
 * The REST form's edge: a success answer (a JSON body) as the faults on for the request patch it
 * (each patch declared beside its catalogue entry, faults*.ts), as it leaves. A patch is asked for
 * only where its operation's success answer leaves, so a fault's footprint is the rules whose
 * requests get that answer.
 */
export async function patchAnswer(c: Context<RestEnv>, next: () => Promise<void>): Promise<void> {
  await next();
  const op = restOperation(c.req.method, c.req.path);
  if (!op || !c.res.ok || !c.res.headers.get('content-type')?.includes('json')) return;
  const fault = c.get('fault');
  const on = PATCHES.filter((f) => f.answer?.op === op && fault(f.id));
  if (on.length === 0) return;
  // a 'string response' (spec §4.3) written as JSON is no body a patch names fields of
  const sent: unknown = await c.res.clone().json();
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return;
  const reader = (c as unknown as Context<AuthedEnv>).get('user');
  const body = on.reduce((b, f) => f.answer!.patch(b, reader), sent as JsonBody);
  const { status, headers } = c.res;
  c.res = undefined;
  c.res = new Response(JSON.stringify(body), { status, headers });
}
