import { check } from '../../harness/expect.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapResult } from '../../harness/soap-expect.js';

/** spec §4.4: the envelope and the shape of a success response. */
const base = { interface: 'messaging-soap' } as const;
const needs = [soapService, account('primary')];

rule(
  {
    ...base,
    level: 'must',
    id: 'messaging-soap.wire.response-shape',
    spec: [
      { anchor: '§4.4/success-http-200-whose-body', quote: 'A success is HTTP 200 whose body holds <OperationName>Response with a string child <OperationName>Result' },
      { anchor: '§4.4/body-soap-1.1-envelope-one', quote: 'in the namespace {soap_namespace}' },
      { anchor: '§4.4/all-use-post-cmv4-cmv4', quote: 'Content-Type: text/xml; charset=utf-8' },
    ],
    operation: 'messaging-soap.GetFolderList',
    title: 'a success is HTTP 200 with <Op>Response in {soap_namespace} holding the string child <Op>Result',
    needs,
  },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const a = await t.soap.folderList(me.key);
    expectSoapResult(a, 'GetFolderListResult');
    check(a.body?.ns === t.profile.soapNamespace, `GetFolderListResponse is in the namespace "${a.body?.ns}", not {soap_namespace} "${t.profile.soapNamespace}" (spec §4.4).`);
    const media = a.http.mediaType;
    check(media === 'text/xml', `the SOAP 1.1 response has Content-Type ${a.http.headers['content-type'] ?? 'none'}, not text/xml (spec §4.4).`);
  },
);
