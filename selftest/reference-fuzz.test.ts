import { describe, expect, test } from 'vitest';
import { encrypt, hmac } from '../contract/wire/envelope-crypto.js';
import { fuzzBody, Prng, weirdValue } from './support/fuzz.js';
import { inProcessReference } from './support/reference.js';
import { variantNamed } from '../reference/variant.js';
import { SOAP11_ENV } from '../contract/messaging-soap.js';
import { childNamed, parseXml } from '../contract/wire/xml.js';

function isSoapFault(text: string): boolean {
  const parsed = parseXml(text);
  if (!parsed.ok || parsed.root.local !== 'Envelope' || parsed.root.ns !== SOAP11_ENV) return false;
  const fault = childNamed(parsed.root, 'Body', SOAP11_ENV)?.children[0];
  return fault?.local === 'Fault' && fault.ns === SOAP11_ENV && childNamed(fault, 'faultstring') !== undefined;
}

/**
 * Malformed input never earns a 5xx: a bounded, seeded
 * fuzzer sends REQUESTS malformed requests to every route of the reference, enumerated from the
 * hono app (so routes other interfaces add later are fuzzed too), and fails on any 5xx with the
 * seed and the offending request. Replay a failure with REFERENCE_FUZZ_SEED=<seed>.
 */
const SEED = Number(process.env.REFERENCE_FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.REFERENCE_FUZZ_REQUESTS ?? 3000);

const CONTENT_TYPES = [null, 'application/json', 'application/json; charset=utf8', 'text/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/soap+xml', 'text/xml; charset=utf-8'];
const PATH_VALUES = ['1', '0', '-1', '3', '2147483647', '2147483648', '99999999999999', '007', 'x', '%00', '..', 'a@b.c'];

/** A concrete path for a route pattern: parameters filled, case and trailing slash varied. */
function instantiate(r: Prng, pattern: string): string {
  let path = pattern.replace(/:\w+(\{(?:[^{}]|\{[^}]*\})*\})?\??/g, (_m, re: string | undefined) => (re?.includes('/') ? r.pick(['', '/']) : r.pick(PATH_VALUES)));
  path = path.replace(/\/{2,}/g, '/');
  if (r.chance(0.2)) path = r.chance(0.5) ? path.toLowerCase() : path.toUpperCase();
  if (r.chance(0.15)) path += '/';
  if (r.chance(0.2)) path += r.pick(['?After=', '?After=x', '?After=-99999999999', '?Permanently=maybe', '?permanently=TRUE', '?wsdl', '?a=%ZZ']);
  return path;
}

describe('reference fuzz: malformed requests to every route', () => {
  test.each([
    ['default', REQUESTS],
    ['alt', Math.ceil(REQUESTS / 2)],
  ])('%s variant: %i seeded requests to every route get no 5xx', { timeout: 60_000 }, async (variantName, requests) => {
    const { app, profile } = inProcessReference(undefined, variantNamed(variantName));
    const routes = [...new Map(app.routes.filter((rt) => rt.method !== 'ALL' && !rt.path.includes('*')).map((rt) => [`${rt.method} ${rt.path}`, rt])).values()];
    expect(routes.length, 'routes enumerated from the app').toBeGreaterThan(20);
    const peer = profile.accounts!.peer!;
    const prov = profile.provisioning!;
    const logon = async () => {
      const res = await app.request('/SecureMessagingAPI/Account/Logon', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserIdOrEmail: peer.username, Password: peer.password }) });
      return ((await res.json()) as { SessionKey: string }).SessionKey;
    };
    let key = await logon();
    const r = new Prng(SEED);
    const failures: string[] = [];
    const hit = new Set<string>();

    for (let i = 0; i < requests; i += 1) {
      if (i % 100 === 0) key = await logon();
      const route = routes[i % routes.length]!;
      const method = r.chance(0.05) ? r.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) : route.method;
      const path = instantiate(r, route.path);
      const headers: Record<string, string> = {};
      const type = r.pick(CONTENT_TYPES);
      if (type) headers['content-type'] = type;
      if (r.chance(0.6)) headers['x-session-key'] = r.chance(0.8) ? key : r.pick(['', 'x', key.toLowerCase(), 'A'.repeat(5000)]);
      if (r.chance(0.1)) headers.authorization = r.pick(['Bearer', 'Bearer x', 'Basic Zm9vOmJhcg==', 'bearer ' + 'a.b.c']);
      if (r.chance(0.2)) headers['x-iv'] = r.pick(['', '!!!', 'AAAAAAAAAAAAAAAAAAAAAA==', 'x'.repeat(1000)]);
      if (r.chance(0.1)) headers.accept = r.pick(['text/json', 'application/xml', '*/*', '']);
      let body: string | undefined;
      if (path.toLowerCase().startsWith('/provisioning') && r.chance(0.5)) {
        // a well-formed envelope around a malformed CompanyModel / key model reaches the validators
        const model = r.chance(0.3) ? 'not json {' : JSON.stringify(weirdValue(r));
        const sealed = encrypt(prov.key, model);
        const request: Record<string, unknown> = { UserName: prov.userName, PlatformCode: prov.platformCode, Command: r.pick([1, 2, 3, 'Create', 0, '2', null, {}]), IV: sealed.iv, Data: sealed.data, Hash: hmac(prov.key, model) };
        if (r.chance(0.3)) request[r.pick(['Command', 'IV', 'Data', 'Hash', 'PlatformCode'])] = weirdValue(r);
        body = JSON.stringify(request);
      } else body = fuzzBody(r, { UserName: prov.userName, PlatformCode: prov.platformCode, UserIdOrEmail: peer.username });
      if (method === 'GET' || method === 'HEAD') body = undefined;
      let status: number;
      try {
        const res = await app.request(path, { method, headers, body });
        status = res.status;
        // SOAP 1.1 §6.2 and B4: the SOAP form's documented error is a Fault with HTTP 500; only
        // a 500 that is not a well-formed SOAP 1.1 Fault is a crash
        if (status === 500 && /^\/cmv4\//i.test(path) && isSoapFault(await res.text())) status = 200;
      } catch (e) {
        status = 599;
        headers['x-thrown'] = (e as Error).message;
      }
      hit.add(`${route.method} ${route.path}`);
      if (status >= 500) {
        const shown = body === undefined ? '(none)' : body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body;
        failures.push(`#${i} ${method} ${path} → ${status}\n  headers: ${JSON.stringify({ ...headers, 'x-session-key': headers['x-session-key'] ? '<redacted>' : undefined })}\n  body: ${shown}`);
      }
    }
    expect(hit.size, 'every route was fuzzed').toBe(routes.length);
    if (failures.length) console.error(`reference fuzz (${variantName} variant): seed ${SEED} (REFERENCE_FUZZ_SEED=${SEED} replays), ${failures.length} requests got a 5xx:\n${failures.slice(0, 20).join('\n')}`);
    expect(failures, `seed ${SEED}: ${failures.length} requests got a 5xx; first: ${failures[0] ?? ''}`).toEqual([]);
  });
});
