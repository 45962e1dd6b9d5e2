import { SOAP11_ENV, soapAction } from '../../contract/messaging-soap.js';
import type { OperationId } from '../../contract/operations.js';
import { encrypt, hmac, newKey } from '../../contract/wire/envelope-crypto.js';
import { escapeXml } from '../../contract/wire/xml.js';

/**
 * A request of the deviant client before it goes on the wire: structured, so a switch
 * (judge/deviant/switches.ts) can break exactly one thing of it (a field, a header, the
 * encryption) before `wire()` writes it out the way the default binding says (B2-B5).
 */
export type Body =
  | { kind: 'none' }
  | { kind: 'raw'; text: string }
  | { kind: 'json'; value: unknown }
  | { kind: 'soap'; op: string; namespace: string; envelopeNs: string; parts: Array<[string, string]> }
  /** the administration log-on: the LoginModel, sealed with the company key (vendor-wire §3.1) */
  | { kind: 'login'; model: Record<string, unknown>; automationId: string; key: string; tamper?: 'hash' | 'key' }
  /** a provisioning RequestModel: the frame in clear, the model sealed with the provisioner key (vendor-wire §5) */
  | { kind: 'provisioning'; frame: Record<string, unknown>; model: unknown; key: string; plaintext?: string; tamper?: 'hash' | 'key' };

export interface Draft {
  op: OperationId;
  method: string;
  /** absolute URL */
  url: string;
  headers: Record<string, string>;
  body: Body;
}

export interface Wire {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export function soapEnvelope(b: Extract<Body, { kind: 'soap' }>): string {
  const children = b.parts.map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`).join('');
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${b.envelopeNs}"><soap:Body><${b.op} xmlns="${b.namespace}">${children}</${b.op}></soap:Body></soap:Envelope>`;
}

/** A SOAP draft as spec §4.4 says: text/xml; charset=utf-8 and the quoted SOAPAction of the operation. */
export function soapDraft(url: string, namespace: string, op: string, parts: Array<[string, string | number | boolean]>): Draft {
  return {
    op: `messaging-soap.${op}` as OperationId,
    method: 'POST',
    url,
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${soapAction(namespace, op)}"` },
    body: { kind: 'soap', op, namespace, envelopeNs: SOAP11_ENV, parts: parts.map(([k, v]) => [k, String(v)]) },
  };
}

/** Writes the draft out as bytes and headers. */
export function wire(d: Draft): Wire {
  const headers = { ...d.headers };
  const b = d.body;
  switch (b.kind) {
    case 'none':
      return { method: d.method, url: d.url, headers };
    case 'raw':
      return { method: d.method, url: d.url, headers, body: b.text };
    case 'json':
      return { method: d.method, url: d.url, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(b.value) };
    case 'soap':
      return { method: d.method, url: d.url, headers, body: soapEnvelope(b) };
    case 'login': {
      // vendor-wire §3.1: the LoginModel JSON sealed with the company key, the IV and hash in headers, the AutomationId and e-mail in clear
      const plaintext = JSON.stringify(b.model);
      const env = encrypt(b.tamper === 'key' ? newKey() : b.key, plaintext);
      const hash = b.tamper === 'hash' ? hmac(b.key, `${plaintext} `) : env.hash;
      const email = (b.model.Identity as { Email?: string } | undefined)?.Email;
      const clear: Record<string, string> = { 'content-type': 'application/json', 'x-company-automation-id': b.automationId, 'x-iv': env.iv, 'x-hash': hash, ...(email ? { 'x-email': email } : {}) };
      return { method: d.method, url: d.url, headers: { ...clear, ...headers }, body: JSON.stringify(env.data) };
    }
    case 'provisioning': {
      const plaintext = b.plaintext ?? JSON.stringify(b.model);
      const env = encrypt(b.tamper === 'key' ? newKey() : b.key, plaintext);
      const hash = b.tamper === 'hash' ? hmac(b.key, `${plaintext} `) : env.hash;
      const frame = { ...b.frame, IV: env.iv, Data: env.data, Hash: hash };
      return { method: d.method, url: d.url, headers: { 'content-type': 'application/json', accept: 'application/json', 'x-iv': env.iv, ...headers }, body: JSON.stringify(frame) };
    }
  }
}
