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
import { answerXml, faultXml, readEnvelope, readParts, responseXml, SoapFault, successAnswer, type FaultCode } from './envelope.js';
import { reshapeAnswer } from './answer-faults.js';
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

function codeFor(ch: SoapReadings, cause: FaultCode): FaultCode {
  if (cause === 'VersionMismatch' || cause === 'MustUnderstand') return cause;
  return ch.faultCode === 'server' ? 'Server' : ch.faultCode === 'client' ? 'Client' : cause;
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
  const fault = (c: Context<AppEnv>, code: FaultCode, text: string) => {
    const f = c.get('fault');
    const written = f('messaging-soap.fault-code-unqualified') ? faultXml(ch, code, text).replace(/>[A-Za-z-]+:(Client|Server)</, '>$1<') : faultXml(ch, code, text);
    return xml(c, written, 500);
  };

  app.use(async (c, next) => {
    if (offered().length === 0) return c.text('Not Found', 404);
    await next();
  });

  app.get('/', (c) => {
    const wantsWsdl = Object.keys(c.req.queries()).some((k) => k.toLowerCase() === 'wsdl');
    if (!wantsWsdl) return c.html('<html><body><p>CMv4 messaging service (SOAP 1.1). The description is at <a href="?WSDL">?WSDL</a>.</p></body></html>');
    const url = new URL(c.req.url);
    return xml(c, wsdl(offered(), namespace, `${url.origin}${url.pathname}`, c.get('fault')), 200);
  });

  app.post('/', async (c) => {
    const f = c.get('fault');
    const read = await readBody(c);
    if (!read.ok) return fault(c, codeFor(ch, 'Client'), 'The request is too large.');
    let op = '';
    try {
      let request;
      try {
        request = readEnvelope(read.text);
      } catch (e) {
        if (e instanceof SoapFault && e.code === 'Client' && /not well-formed/.test(e.text)) {
          if (f('messaging-soap.malformed-plain-500')) return c.text('Internal Server Error', 500);
          if (f('messaging-soap.malformed-200')) return xml(c, responseXml(ch, namespace, 'Unknown', undefined), 200);
        }
        throw e;
      }
      op = request.op;
      const known = offered().find((o) => o.name === request.op);
      if (!known) {
        if (f('messaging-soap.unknown-op-200')) return xml(c, responseXml(ch, namespace, request.op, undefined), 200);
        throw new SoapFault('Client', `The operation ${request.op} is not offered by this service.`);
      }
      // the test-only refusal mode (reference/refusals.ts), by the operation element's name
      const id = `messaging-soap.${known.name}` as OperationId;
      if (state.refusals.refuses(id, c.req.header(RULE_HEADER), c.req.header(JUDGES_HEADER))) throw new SoapFault('Client', state.refusals.text(id));
      if (request.ns !== namespace && !f('messaging-soap.wrong-namespace-accepted')) {
        throw new SoapFault('Client', `The element ${request.op} is in the namespace "${request.ns}", not "${namespace}".`);
      }
      const action = (c.req.header('soapaction') ?? '').trim().replace(/^"(.*)"$/, '$1');
      if (action !== soapAction(namespace, known.name) && !f('messaging-soap.soap-action-unchecked')) {
        throw new SoapFault('Client', `The SOAPAction "${action}" does not name the operation in the Body (${known.name}).`);
      }
      const element = f('messaging-soap.missing-int-as-zero') ? withZeros(request.element, known.parts, request.ns) : request.element;
      const parts = readParts(known, element, request.ns);
      const result = await HANDLERS[known.name]!({ state, parts, fault: f, shown: c.get('shown'), policy: c.get('mailPolicy'), credentials: c.get('credentialPolicy'), inner, operation: id });
      const shown = known.result === 'void' ? (ch.voidResponse === 'result-text' ? 'OK' : undefined) : (result ?? (f('messaging-soap.delete-result-missing') ? undefined : ''));
      const answer = successAnswer(ch, namespace, known.name, shown, { rawCr: known.name === 'GetMIMEMessage' && f('messaging-soap.mime-raw-cr') });
      return xml(c, answerXml(ch, reshapeAnswer(f, answer)), 200);
    } catch (e) {
      if (e instanceof SoapFault) return fault(c, codeFor(ch, e.code), e.text);
      if (e instanceof MailError) {
        const text = op === 'Logon' && e.code === 'invalidCredentials' && f('messaging-soap.logon-wrong-text') ? 'Invalid credentials' : e.text;
        const res = fault(c, codeFor(ch, CLIENT_CAUSES.has(e.code) ? 'Client' : 'Server'), text);
        return op === 'Logon' && f('messaging-soap.logon-fault-200') ? xml(c, await res.text(), 200) : res;
      }
      if (!state.faults.size) console.error(`reference: SOAP ${op || '(unparsed)'} failed: ${(e as Error).message}`);
      return fault(c, 'Server', generalError(state.domain.clock.now()));
    }
  });
  return app;
}

/** Fault helper: a missing xs:int read as 0 instead of refused. */
function withZeros(element: ReturnType<typeof readEnvelope>['element'], parts: readonly { name: string; type: string }[], ns: string) {
  const children = [...element.children];
  for (const p of parts) {
    if (p.type === 'int' && !children.some((c) => c.local === p.name)) children.push({ ns, local: p.name, prefix: '', attrs: {}, children: [], text: '0', scope: element.scope });
  }
  return { ...element, children };
}
