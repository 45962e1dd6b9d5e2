import type { Context } from 'hono';
import { RULE_HEADER, type Faults } from './faults.js';

/** Per-request values every route module can read. */
export interface AppEnv {
  Variables: {
    /** whether a fault is on for this request (see reference/faults.ts) */
    fault: (id: string) => boolean;
    /** the peer address, for IP restrictions (spec §7.1 IpRestriction) */
    clientIp: string;
  };
}

export type Ctx = Context<AppEnv>;

/** Largest request body any reference route reads; larger bodies are invalid requests. */
export const MAX_BODY_BYTES = 256 * 1024;

export function requestScope(faults: Faults) {
  return async (c: Ctx, next: () => Promise<void>) => {
    const rule = c.req.header(RULE_HEADER);
    c.set('fault', (id: string) => faults.on(id, rule));
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
    c.set('clientIp', incoming?.socket?.remoteAddress ?? '127.0.0.1');
    await next();
  };
}

export type BodyRead = { ok: true; text: string } | { ok: false; reason: 'too-large' };

/** Reads the raw body with a size cap, so oversized input gets the documented 400, not a crash. */
export async function readBody(c: Ctx): Promise<BodyRead> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return { ok: false, reason: 'too-large' };
  const buffer = await c.req.arrayBuffer();
  if (buffer.byteLength > MAX_BODY_BYTES) return { ok: false, reason: 'too-large' };
  return { ok: true, text: new TextDecoder().decode(buffer) };
}

/** The media type of a Content-Type or Accept entry, lower-cased, without parameters. */
export function mediaType(value: string | undefined): string | undefined {
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}
