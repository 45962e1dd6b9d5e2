import type { Context } from 'hono';
import { getPath as honoPath } from 'hono/utils/url';
import { RULE_HEADER, type FaultCheck, type FaultId, type Faults } from './faults.js';
import { JUDGES_HEADER, type Refusals } from './refusals.js';
import { operation, operationOf, type OperationId } from '../contract/operations.js';
import type { InterfaceName } from '../contract/profile.js';
import type { MailPolicy } from './core/mail/policy.js';
import type { PartyPolicy } from './core/party-policy.js';
import type { CredentialPolicy } from './core/credential-policy.js';
import type { ProvisioningPolicy } from './provisioning/policy.js';
import type { TokenPolicy } from './token/policy.js';
import type { AdminPolicy } from './admin/policy.js';
import type { DirectoryPolicy } from './directory/policy.js';
import type { LenientRead } from './axes/lenient.js';
import { shownValue, type Shown, type TextShown } from './shown.js';

/** Per-request values every route module can read. */
export interface AppEnv {
  Variables: {
    /** whether a fault is on for this request (see reference/faults.ts) */
    fault: FaultCheck;
    /** the mail core's policy for this request: the spec's, with the hooks of the faults on for its rule replaced */
    mailPolicy: MailPolicy;
    /** the party decision for this request (reference/core/party-policy.ts), as administration asks it */
    partyPolicy: PartyPolicy;
    /** the core's credential policy for this request (reference/core/credential-policy.ts), likewise */
    credentialPolicy: CredentialPolicy;
    /** the provisioning adapter's decisions on the spec's limits for this request (reference/provisioning/policy.ts) */
    provisioningPolicy: ProvisioningPolicy;
    /** the token endpoint's decisions and answers for this request (reference/token/policy.ts) */
    tokenPolicy: TokenPolicy;
    /** the administration interface's decisions and answers for this request (reference/admin/policy.ts) */
    adminPolicy: AdminPolicy;
    /** the directory's decisions and answers for this request (reference/directory/policy.ts) */
    directoryPolicy: DirectoryPolicy;
    /** what a read shows of a stored field: the variant's reading of text, and the faults of the matrix `fields` on for its rule (shown.ts) */
    shown: Shown;
    /** the peer address, for IP restrictions (spec §7.1 IpRestriction) */
    clientIp: string;
    /** JSON property names matched without regard to case (json.ts; reference/axes/vendor.ts) */
    caselessJson: boolean;
    /** the interface's lenient reading of JSON input, if its variant takes one (reference/axes/lenient.ts) */
    lenientJson: LenientRead | undefined;
  };
}

export type Ctx = Context<AppEnv>;

/** Largest request body any reference route reads; larger bodies are invalid requests. */
export const MAX_BODY_BYTES = 256 * 1024;

export function requestScope(faults: Faults, caselessJson = true, text: TextShown = 'as-stored') {
  return async (c: Ctx, next: () => Promise<void>) => {
    const rule = c.req.header(RULE_HEADER);
    c.set('caselessJson', caselessJson);
    c.set('fault', (id: FaultId) => faults.on(id, rule));
    c.set('mailPolicy', faults.mailPolicy(rule));
    c.set('partyPolicy', faults.partyPolicy(rule));
    c.set('credentialPolicy', faults.credentialPolicy(rule));
    c.set('provisioningPolicy', faults.provisioningPolicy(rule));
    c.set('tokenPolicy', faults.tokenPolicy(rule));
    c.set('adminPolicy', faults.adminPolicy(rule));
    c.set('directoryPolicy', faults.directoryPolicy(rule));
    c.set('shown', shownValue(text, faults.garbles(rule)));
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

type Segment = { literal: string; lower: string } | { param: RegExp | undefined };

/** A route pattern split into segments; a `:param` segment matches one segment that fits its `{regex}`. */
function patternSegments(pattern: string): Segment[] | undefined {
  const raw: string[] = [];
  let current = '';
  let braces = 0;
  for (const ch of pattern) {
    if (ch === '{') braces += 1;
    if (ch === '}') braces -= 1;
    if (ch === '/' && braces === 0) {
      raw.push(current);
      current = '';
    } else current += ch;
  }
  raw.push(current);
  const segments: Segment[] = [];
  for (const s of raw) {
    // wildcards and optional parameters match more than one shape: such routes match as written
    if (s.includes('*') || (s.startsWith(':') && /\?$|\{[^}]*\/[^}]*\}/.test(s))) return undefined;
    if (!s.startsWith(':')) segments.push({ literal: s, lower: s.toLowerCase() });
    else {
      const re = /\{(.*)\}$/.exec(s)?.[1];
      segments.push({ param: re === undefined ? undefined : new RegExp(`^(?:${re})$`) });
    }
  }
  return segments;
}

/**
 * The routing path of a request, matched the way ASP.NET (the vendor's server) matches routes:
 * without regard to case (`/SecureMessagingApi/Account/Logon`, `/token`, `/provisioning`) and
 * ignoring one trailing slash. A path whose segments equal a route's literal segments without
 * regard to case is rewritten to the route's spelling, so every route module registers one
 * spelling and the router stays exact. Routes are read from the app when first needed, so routes
 * added by any module (and by later interfaces) are covered. Used as Hono's `getPath` option.
 */
export function caselessRouting(routes: () => ReadonlyArray<{ path: string }>): (request: Request) => string {
  let table: Segment[][] = [];
  let builtFrom = -1;
  const patterns = () => {
    const all = routes();
    if (builtFrom !== all.length) {
      const seen = new Set<string>();
      table = [];
      for (const { path } of all) {
        if (seen.has(path)) continue;
        seen.add(path);
        const segments = patternSegments(path);
        if (segments) table.push(segments);
      }
      builtFrom = all.length;
    }
    return table;
  };
  return (request) => {
    let path = honoPath(request);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const parts = path.split('/');
    let fallback: string | undefined;
    for (const pattern of patterns()) {
      if (pattern.length !== parts.length) continue;
      let exact = true;
      let matches = true;
      for (let i = 0; i < pattern.length && matches; i += 1) {
        const segment = pattern[i]!;
        const part = parts[i]!;
        if ('param' in segment) matches = part !== '' && (!segment.param || segment.param.test(part));
        else if (segment.literal !== part) {
          exact = false;
          matches = segment.lower === part.toLowerCase();
        }
      }
      if (!matches) continue;
      if (exact) return path;
      fallback ??= pattern.map((segment, i) => ('param' in segment ? parts[i]! : segment.literal)).join('/');
    }
    return fallback ?? path;
  };
}

/**
 * The test-only refusal mode (reference/refusals.ts) at the HTTP edge: which spec operation a
 * request is, by contract/operations.ts (the interface by its base, B1), refused with HTTP 400
 * before any route runs. SOAP operations are told apart by their element in the SOAP
 * dispatcher instead (one POST carries them all); only the ?WSDL read is told here.
 */
export function refusalScope(refusals: Refusals) {
  return async (c: Ctx, next: () => Promise<void>) => {
    if (!refusals.active) return next();
    const path = c.req.path;
    const base = BASES.find(([prefix]) => path.toLowerCase() === prefix.toLowerCase() || path.toLowerCase().startsWith(`${prefix.toLowerCase()}/`));
    if (base) {
      const [prefix, iface] = base;
      const rest = path.slice(prefix.length) || '/';
      const wsdl = iface === 'messaging-soap' && c.req.method === 'GET' && Object.keys(c.req.queries()).some((k) => k.toLowerCase() === 'wsdl');
      const op = iface === 'messaging-soap' ? (wsdl ? operation('messaging-soap.GetWsdl') : undefined) : operationOf(iface, c.req.method, rest);
      if (op && refusals.refuses(op.id as OperationId, c.req.header(RULE_HEADER), c.req.header(JUDGES_HEADER))) return c.json(refusals.text(op.id as OperationId), 400);
    }
    await next();
  };
}

/** B1: each interface's base under the reference's one origin (token's operations sit at the root). */
const BASES: ReadonlyArray<readonly [string, InterfaceName]> = [
  ['/SecureMessagingAPI', 'messaging-rest'],
  ['/Provisioning', 'provisioning'],
  ['/cmv4/cmv4.asmx', 'messaging-soap'],
  ['/Remote', 'admin'],
  ['/HpdProxyApi', 'directory'],
  ['', 'token'],
];
