import { Hono, type Context } from 'hono';
import { internalErrorText } from '../../contract/messaging-errors.js';
import { offeredOperations, soapAction } from '../../contract/messaging-soap.js';
import { MailError, type MailErrorCode } from '../core/mail/index.js';
import { readBody, type AppEnv } from '../http.js';
import { RULE_HEADER } from '../faults.js';
import { JUDGES_HEADER } from '../refusals.js';
import type { OperationId } from '../../contract/operations.js';
import type { ReferenceState } from '../state.js';
import { soapReadings, type SoapReadings } from './readings.js';
import { answerXml, faultXml, readEnvelope, readParts, SoapFault, successAnswer, type FaultCode } from './envelope.js';
import type { RefusalCause, WrittenRefusal } from './answer-faults.js';
import { patchRefusal, patchResult, reshapeAnswer } from './edge.js';
import { InnerXml } from './inner.js';
import { HANDLERS } from './operations.js';
import { wsdl } from './wsdl.js';

/** B4 / vendor-wire §4: {soap_namespace} of the reference (the profile's default). */
export const REFERENCE_SOAP_NAMESPACE = 'https://ssl.certifiedmail.com/CMv4';

/** Refusals caused by what the client sent; the rest are the server's (B4: Client or Server). */
const CLIENT_CAUSES: ReadonlySet<MailErrorCode> = new Set([
  'invalidInput',
  'folderTypeInvalid',
  'folderExists',
  'folderNameTooLong',
  'noRecipients',
  'badPaging',
  'samePassword',
  'moveAcrossTypes',
  'moveToTrash',
  'systemFolder',
  'notSender',
  'draftNotSent',
  'folderNotFound',
]);

const generalError = (at: Date) => internalErrorText(at.toISOString());

/** The faultcode each reading of soap-fault-code gives a Fault of the body (S1); by-cause keeps the cause's. */
const BODY_FAULT_CODE: Record<SoapReadings['faultCode'], FaultCode | undefined> = { 'by-cause': undefined, server: 'Server', client: 'Client' };

function codeFor(ch: SoapReadings, cause: FaultCode): FaultCode {
  // an envelope's own faults (SOAP 1.1 §4.4.1) keep their codes under every reading
  if (cause === 'VersionMismatch' || cause === 'MustUnderstand') return cause;
  return BODY_FAULT_CODE[ch.faultCode] ?? cause;
}

/**
 * The messaging SOAP adapter at {base_url}/cmv4/cmv4.asmx (B1, B4): SOAP 1.1 document/literal
 * wrapped over the same mail core as REST. Offered only where spec §9 says the release has it;
 * `?WSDL` describes exactly the operations offered. Every failure is a SOAP 1.1 Fault (HTTP 500,
 * SOAP 1.1 §6.2) whose faultstring carries the spec §7.2 text; nothing escapes as a crash.
 */
export function messagingSoapRoutes(state: ReferenceState): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const ch = soapReadings(state.variant);
  const inner = new InnerXml(ch);
  const namespace = REFERENCE_SOAP_NAMESPACE;
  const offered = () => offeredOperations(state.platform.edition, state.platform.release);

  const xml = (c: Context, body: string, status: 200 | 500) => c.body(body, status, { 'content-type': 'text/xml; charset=utf-8' });
  /** A refusal as it leaves: a SOAP 1.1 Fault (HTTP 500), as the faults on for the request patch it (edge.ts). */
  const refuse = (c: Context<AppEnv>, cause: RefusalCause, op: string, code: FaultCode, text: string) => {
    const r: WrittenRefusal = patchRefusal(c.get('fault'), cause, { ch, namespace, op }, { status: 500, type: 'xml', body: faultXml(ch, code, text) });
    return r.type === 'text' ? c.text(r.body, r.status) : xml(c, r.body, r.status);
  };
  const policy = (c: Context<AppEnv>) => state.faults.soapPolicy(c.req.header(RULE_HEADER), c.get('mailPolicy'));

  app.use(async (c, next) => {
    if (offered().length === 0) return c.text('Not Found', 404);
    await next();
  });

  app.get('/', (c) => {
    const wantsWsdl = Object.keys(c.req.queries()).some((k) => k.toLowerCase() === 'wsdl');
    if (!wantsWsdl) return c.html('<html><body><p>CMv4 messaging service (SOAP 1.1). The description is at <a href="?WSDL">?WSDL</a>.</p></body></html>');
    const url = new URL(c.req.url);
    return xml(c, wsdl(offered(), namespace, `${url.origin}${url.pathname}`, policy(c)), 200);
  });

  app.post('/', async (c) => {
    const f = c.get('fault');
    const soap = policy(c);
    let op = '';
    let cause: RefusalCause = 'invalid';
    try {
      const read = await readBody(c);
      if (!read.ok) throw new SoapFault('Client', 'The request is too large.');
      let request;
      try {
        request = readEnvelope(read.text);
      } catch (e) {
        if (e instanceof SoapFault && e.code === 'Client' && /not well-formed/.test(e.text)) cause = 'malformed-xml';
        throw e;
      }
      op = request.op;
      const known = offered().find((o) => o.name === request.op);
      if (!known) {
        cause = 'unknown-operation';
        throw new SoapFault('Client', `The operation ${request.op} is not offered by this service.`);
      }
      // the test-only refusal mode (reference/refusals.ts), by the operation element's name
      const id = `messaging-soap.${known.name}` as OperationId;
      if (state.refusals.refuses(id, c.req.header(RULE_HEADER), c.req.header(JUDGES_HEADER))) throw new SoapFault('Client', state.refusals.text(id));
      if (request.ns !== namespace && soap.requiresNamespace()) {
        throw new SoapFault('Client', `The element ${request.op} is in the namespace "${request.ns}", not "${namespace}".`);
      }
      const action = (c.req.header('soapaction') ?? '').trim().replace(/^"(.*)"$/, '$1');
      if (action !== soapAction(namespace, known.name) && soap.requiresSoapAction()) {
        throw new SoapFault('Client', `The SOAPAction "${action}" does not name the operation in the Body (${known.name}).`);
      }
      const element = soap.requiresIntParts() ? request.element : withZeros(request.element, known.parts, request.ns);
      const parts = readParts(known, element, request.ns);
      const result = await HANDLERS[known.name]!({ state, parts, shown: c.get('shown'), policy: soap, credentials: c.get('credentialPolicy'), inner, operation: id });
      const shown = known.result === 'void' ? (ch.voidResponse === 'result-text' ? 'OK' : undefined) : patchResult(f, known.name, result ?? '');
      return xml(c, answerXml(ch, reshapeAnswer(f, successAnswer(ch, namespace, known.name, shown))), 200);
    } catch (e) {
      if (e instanceof SoapFault) return refuse(c, cause, op, codeFor(ch, e.code), e.text);
      if (e instanceof MailError) return refuse(c, 'refused', op, codeFor(ch, CLIENT_CAUSES.has(e.code) ? 'Client' : 'Server'), e.text);
      if (!state.faults.size) console.error(`reference: SOAP ${op || '(unparsed)'} failed: ${(e as Error).message}`);
      return refuse(c, 'internal', op, 'Server', generalError(state.domain.clock.now()));
    }
  });
  return app;
}

/** A request read without its xs:int parts required (SoapDecisions.requiresIntParts): a missing one reads as 0. */
function withZeros(element: ReturnType<typeof readEnvelope>['element'], parts: readonly { name: string; type: string }[], ns: string) {
  const children = [...element.children];
  for (const p of parts) {
    if (p.type === 'int' && !children.some((c) => c.local === p.name)) children.push({ ns, local: p.name, prefix: '', attrs: {}, children: [], text: '0', scope: element.scope });
  }
  return { ...element, children };
}
