import { operationsOf } from '../../contract/operations.js';
import { check } from '../../harness/expect.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapFault, expectSoapResult } from '../../harness/soap-expect.js';

/**
 * spec §4.4 envelope (the operation element, its namespace, SOAPAction, its children); SOAP 1.1
 * (W3C Note, 2000) for what the spec does not say about bad input: §4.4 'the Fault element ...
 * carry error', §6.2 'a SOAP error ... MUST issue an HTTP 500 ... with a SOAP Fault'. These rules
 * are `should`: they rest on SOAP 1.1, not a spec sentence.
 */
const base = { interface: 'messaging-soap', level: 'should' } as const;
const needs = [soapService, account('primary')];

rule(
  {
    ...base,
    id: 'messaging-soap.fault.malformed-xml',
    spec: [
      { anchor: '§4.4/body-soap-1.1-envelope-one', quote: 'The body is a SOAP 1.1 envelope' },
    ],
    operation: 'messaging-soap.GetFolderList',
    title: 'a request that is not well-formed XML gets HTTP 500 with a SOAP Fault (SOAP 1.1 §4.4, §6.2), not a crash page',
    needs,
  },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    expectSoapFault(await t.soap.malformed('GetFolderList', [['SessionKey', me.key]]), undefined, 'SOAP 1.1 §4.4 and §6.2');
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.fault.wrong-namespace',
    spec: [
      { anchor: '§4.4/body-soap-1.1-envelope-one', quote: 'in the namespace {soap_namespace}' },
    ],
    operation: 'messaging-soap.GetFolderList',
    title: 'an operation element outside {soap_namespace} gets a SOAP Fault, not a result',
    needs,
  },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    expectSoapFault(await t.soap.call('GetFolderList', [['SessionKey', me.key]], { namespace: 'urn:conformance:not-the-service' }), undefined, 'spec §4.4: the element is in {soap_namespace}; SOAP 1.1 §4.4');
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.fault.unknown-operation',
    spec: [
      { anchor: '§4.4/body-soap-1.1-envelope-one', quote: 'one element named for the operation' },
    ],
    operation: operationsOf('messaging-soap', ['messaging-soap.Logon', 'messaging-soap.GetWsdl']),
    title: 'an operation the service does not offer gets a SOAP Fault',
    needs,
  },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    expectSoapFault(await t.soap.call('GetWeatherForecast', [['SessionKey', me.key]]), undefined, 'SOAP 1.1 §4.4');
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.fault.missing-element',
    spec: [
      { anchor: '§4.4/CreateFolder', quote: 'CreateFolder | SessionKey, FolderType (int), FolderName (string) | CreateFolderResult' },
      { anchor: '§4.4/body-soap-1.1-envelope-one', quote: 'The body is a SOAP 1.1 envelope' },
    ],
    operation: ['messaging-soap.CreateFolder', 'messaging-soap.GetFolderList'],
    title: 'CreateFolder without its FolderType element gets a SOAP Fault and creates no folder',
    needs,
  },
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
  {
    ...base,
    id: 'messaging-soap.fault.soap-action',
    spec: [
      { anchor: '§4.4/all-use-post-cmv4-cmv4', quote: 'SOAPAction set to {soap_namespace}/<OperationName> in quotes' },
    ],
    operation: ['messaging-soap.GetFolderList', 'messaging-soap.Logout'],
    title: 'a SOAPAction naming another operation than the Body gets a SOAP Fault, and neither operation runs',
    needs,
  },
  async (t) => {
    const key = await t.given('log on as primary (SOAP)', async () => expectSoapResult(await t.soap.logon(t.account('primary')), 'a session key').trim());
    t.onCleanup('log out', () => t.soap.logout(key));
    // spec §4.4: SOAPAction is {soap_namespace}/<OperationName> of the body's operation
    expectSoapFault(await t.soap.call('GetFolderList', [['SessionKey', key]], { actionOf: 'Logout' }), undefined, 'spec §4.4 SOAPAction; SOAP 1.1 §6.1.1');
    expectSoapResult(await t.soap.folderList(key), 'the key still works: the mismatched Logout did not run');
  },
);
