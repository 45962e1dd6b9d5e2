import { operationsOf } from '../../contract/operations.js';
import { offeredOperations, soapAction, soapOperation } from '../../contract/messaging-soap.js';
import { check } from '../../harness/expect.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapFault, expectSoapResult } from '../../harness/soap-expect.js';
import { readWsdl } from '../../harness/wsdl.js';

/**
 * spec §4.4 envelope and response shape; SOAP 1.1 (W3C Note, 2000) for what the spec does not say
 * about bad input: §4.4 'the Fault element ... carry error', §6.2 'a SOAP error ... MUST issue an
 * HTTP 500 ... with a SOAP Fault'. The bad-input rules are `should`: they rest on SOAP 1.1, not a
 * spec sentence.
 */
const base = { interface: 'messaging-soap' } as const;
const needs = [soapService, account('primary')];

rule(
  { ...base, level: 'must', id: 'messaging-soap.wire.response-shape', section: '§4.4', operation: 'messaging-soap.GetFolderList', title: 'a success is HTTP 200 with <Op>Response in {soap_namespace} holding the string child <Op>Result', needs },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const a = await t.soap.folderList(me.key);
    expectSoapResult(a, 'GetFolderListResult');
    check(a.body?.ns === t.profile.soapNamespace, `GetFolderListResponse is in the namespace "${a.body?.ns}", not {soap_namespace} "${t.profile.soapNamespace}" (spec §4.4).`);
    const media = a.http.mediaType;
    check(media === 'text/xml', `the SOAP 1.1 response has Content-Type ${a.http.headers['content-type'] ?? 'none'}, not text/xml (spec §4.4).`);
  },
);

rule(
  { ...base, level: 'should', id: 'messaging-soap.fault.malformed-xml', section: '§4.4', operation: 'messaging-soap.GetFolderList', title: 'a request that is not well-formed XML gets HTTP 500 with a SOAP Fault (SOAP 1.1 §4.4, §6.2), not a crash page', needs },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    expectSoapFault(await t.soap.malformed('GetFolderList', [['SessionKey', me.key]]), undefined, 'SOAP 1.1 §4.4 and §6.2');
  },
);

rule(
  { ...base, level: 'should', id: 'messaging-soap.fault.wrong-namespace', section: '§4.4', operation: 'messaging-soap.GetFolderList', title: 'an operation element outside {soap_namespace} gets a SOAP Fault, not a result', needs },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    expectSoapFault(await t.soap.call('GetFolderList', [['SessionKey', me.key]], { namespace: 'urn:conformance:not-the-service' }), undefined, 'spec §4.4: the element is in {soap_namespace}; SOAP 1.1 §4.4');
  },
);

rule(
  { ...base, level: 'should', id: 'messaging-soap.fault.unknown-operation', section: '§4.4', operation: operationsOf('messaging-soap', ['messaging-soap.Logon', 'messaging-soap.GetWsdl']), title: 'an operation the service does not offer gets a SOAP Fault', needs },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    expectSoapFault(await t.soap.call('GetWeatherForecast', [['SessionKey', me.key]]), undefined, 'SOAP 1.1 §4.4');
  },
);

rule(
  { ...base, level: 'should', id: 'messaging-soap.fault.missing-element', section: '§4.4', operation: ['messaging-soap.CreateFolder', 'messaging-soap.GetFolderList'], title: 'CreateFolder without its FolderType element gets a SOAP Fault and creates no folder', needs },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const name = me.folderName();
    const a = await t.soap.call('CreateFolder', [['SessionKey', me.key], ['FolderName', name]]);
    const made = (await me.folders()).find((f) => f.name === name);
    if (made) t.onCleanup('remove the folder', () => t.soap.deleteFolder(me.key, made.fid));
    expectSoapFault(a, undefined, 'spec §4.4 lists FolderType (int) as a child of CreateFolder; SOAP 1.1 §4.4 Client');
    check(!made, `CreateFolder without FolderType created folder ${made?.fid}.`);
  },
);

rule(
  { ...base, level: 'should', id: 'messaging-soap.fault.soap-action', section: '§4.4', operation: ['messaging-soap.GetFolderList', 'messaging-soap.Logout'], title: 'a SOAPAction naming another operation than the Body gets a SOAP Fault, and neither operation runs', needs },
  async (t) => {
    const key = await t.given('log on as primary (SOAP)', async () => expectSoapResult(await t.soap.logon(t.account('primary')), 'a session key').trim());
    t.onCleanup('log out', () => t.soap.logout(key));
    // spec §4.4: SOAPAction is {soap_namespace}/<OperationName> of the body's operation
    expectSoapFault(await t.soap.call('GetFolderList', [['SessionKey', key]], { actionOf: 'Logout' }), undefined, 'spec §4.4 SOAPAction; SOAP 1.1 §6.1.1');
    expectSoapResult(await t.soap.folderList(key), 'the key still works: the mismatched Logout did not run');
  },
);

rule(
  {
    ...base,
    level: 'should',
    id: 'messaging-soap.wsdl.operations',
    section: '§4.4',
    operation: 'messaging-soap.GetWsdl',
    title: "?WSDL describes exactly the operations the release offers (spec §9), each with the SOAPAction {soap_namespace}/<Op> and the spec's request children in order",
    needs: [soapService],
  },
  async (t) => {
    const res = await t.soap.wsdl();
    check(res.status === 200, `GET ?WSDL answered HTTP ${res.status} (vendor-wire §4: WSDL URL <endpoint>?wsdl).`);
    const wsdl = readWsdl(res.text);
    check(wsdl.targetNamespace === t.profile.soapNamespace, `the WSDL's targetNamespace is "${wsdl.targetNamespace}", not {soap_namespace}.`);
    const offered = offeredOperations(t.profile.edition, t.profile.release).map((o) => o.name);
    const listed = wsdl.operations.map((o) => o.name);
    check(offered.every((n) => listed.includes(n)), `the WSDL leaves out ${offered.filter((n) => !listed.includes(n)).join(', ')}.`);
    const removed = listed.filter((n) => soapOperation(n) && !offered.includes(n));
    check(removed.length === 0, `the WSDL offers ${removed.join(', ')}, which spec §9 removes from ${t.profile.edition} ${t.profile.release}.`);
    for (const op of wsdl.operations.filter((o) => offered.includes(o.name))) {
      check(op.soapAction === soapAction(t.profile.soapNamespace, op.name), `the WSDL gives ${op.name} the SOAPAction "${op.soapAction}" (spec §4.4: {soap_namespace}/${op.name}).`);
      const want = soapOperation(op.name)!.parts.map((p) => p.name);
      check(want.every((n, i) => op.input[i]?.name === n), `the WSDL's ${op.name} children are ${op.input.map((p) => p.name).join(', ')}; spec §4.4 lists ${want.join(', ')}.`);
    }
  },
);
