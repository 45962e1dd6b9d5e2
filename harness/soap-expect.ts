import { SOAP11_ENV, soapOperation } from '../contract/messaging-soap.js';
import { answerSchema } from '../contract/soap-answers.js';
import { descendantsNamed, parseXml, type XmlElement } from '../contract/wire/xml.js';
import type { SoapAnswer } from './clients/messaging-soap.js';
import { ConformanceAssertionError } from './outcomes.js';
import { answerProblems } from './soap-answer-schema.js';

/**
 * Assertions over SOAP answers (spec §4.4, B4), worded like harness/expect.ts: what the spec or
 * SOAP 1.1 requires, and what came back (redacted, clipped).
 */

const got = (a: SoapAnswer) => `got HTTP ${a.http.status}${a.http.shown ? ` with body ${a.http.shown}` : ' with an empty body'}`;

function fail(a: SoapAnswer, expected: string): never {
  throw new ConformanceAssertionError(`SOAP ${a.op}: expected ${expected}; ${got(a)}.`, a.http);
}

/**
 * spec §4.4: a success is HTTP 200 whose Body holds <Op>Response (in {soap_namespace}); one the
 * rule judges is also valid against the schema of its response element. Returns the <Op>Result
 * string ('' when the operation has none: the void ones, 'not shown').
 */
export function expectSoapSuccess(a: SoapAnswer, what: string): string {
  if (a.http.status !== 200 || a.problem || a.fault || a.body?.local !== `${a.op}Response`) {
    fail(a, `HTTP 200 with a ${a.op}Response (spec §4.4: ${what})${a.problem ? ` (${a.problem})` : a.fault ? ` (a Fault: ${a.fault.text})` : ''}`);
  }
  expectAnswerSchema(a);
  return a.result ?? '';
}

/**
 * Every success the suite judges (clarification S11): <Op>Response is valid against the XML
 * Schema of its response element (contract/soap-answers.ts: the vendor WSDL's, with the spec's
 * required Result and the catalogued readings), validated by libxml2. A precondition's answer is
 * not judged: it only has to be usable (its own operation's rules judge it). An element the spec
 * does not name (a made-up operation) has no schema to meet.
 */
export function expectAnswerSchema(a: SoapAnswer): void {
  const op = soapOperation(a.op);
  if (!op || !a.judged) return;
  const problems = answerProblems(answerSchema(a.namespace, [op]), a.http.text);
  if (problems.length > 0) fail(a, `a ${a.op}Response valid against its schema (spec §4.4, B4; clarification S11): ${problems.join('; ')}`);
}

/** spec §4.4: the result is a string child <Op>Result, here required non-empty. */
export function expectSoapResult(a: SoapAnswer, what: string): string {
  const result = expectSoapSuccess(a, what);
  if (a.result === undefined || result.trim() === '') fail(a, `a non-empty ${a.op}Result (spec §4.4: ${what})`);
  return result;
}

/**
 * B4 / SOAP 1.1 §4.4 and §6.2: a refusal is HTTP 500 with a Fault whose faultcode is a QName in
 * the SOAP envelope namespace (Client or Server: which one is not shown); with `text`, the
 * faultstring is the spec §7.2 text word for word.
 */
export function expectSoapFault(a: SoapAnswer, text?: string | string[], why = 'spec §4.4, B4'): void {
  const texts = text === undefined ? undefined : Array.isArray(text) ? text : [text];
  const f = a.fault;
  const codeOk = f && f.code.ns === SOAP11_ENV && (f.code.local === 'Client' || f.code.local === 'Server');
  const textOk = !texts || (f && texts.includes(f.text));
  if (a.http.status !== 500 || !codeOk || !textOk) {
    const wanted = texts ? ` and faultstring ${texts.map((x) => `"${x}"`).join(' or ')} (spec §7.2)` : '';
    const saw = f ? ` (faultcode "${f.codeText}", faultstring "${f.text}")` : a.problem ? ` (${a.problem})` : '';
    fail(a, `HTTP 500 with a SOAP 1.1 Fault, faultcode Client or Server in the envelope namespace${wanted} (${why})${saw}`);
  }
}

/** B4: an XML document inside the result string, read leniently (unknown elements allowed). */
export function expectInnerXml(a: SoapAnswer, result: string, what: string): XmlElement {
  const parsed = parseXml(result);
  if (!parsed.ok) fail(a, `${a.op}Result to hold an XML document (${what}; vendor-wire §4, B4); it is ${parsed.reason}`);
  return parsed.root;
}

/** The text of every element with a local name, anywhere in the document (the root included). */
export function valuesOf(root: XmlElement, local: string): string[] {
  return [...(root.local === local ? [root] : []), ...descendantsNamed(root, local)].map((e) => e.text.trim());
}

/** One integer element of an inner document (e.g. NewFID, NewMID). */
export function intOf(a: SoapAnswer, root: XmlElement, local: string, what: string): number {
  const [value] = valuesOf(root, local);
  if (value === undefined || !/^-?\d+$/.test(value)) fail(a, `an integer <${local}> in ${a.op}Result (${what}; vendor-wire §4)`);
  return Number(value);
}

/** xs:boolean, and .NET's True/False. */
export function boolOf(a: SoapAnswer, root: XmlElement, local: string, what: string): boolean {
  const [value] = valuesOf(root, local);
  if (value === undefined || !/^(true|false|1|0)$/i.test(value)) fail(a, `a boolean <${local}> in ${a.op}Result (${what}; vendor-wire §4)`);
  return /^(true|1)$/i.test(value);
}
