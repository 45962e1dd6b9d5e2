import { offeredOperations, soapAction, soapOperation } from '../../contract/messaging-soap.js';
import { check } from '../../harness/expect.js';
import { soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { readWsdl } from '../../harness/wsdl.js';

/** spec §4.4 SOAPAction and request children, described by the service's WSDL for the operations §9 offers. */
const base = { interface: 'messaging-soap' } as const;

rule(
  {
    ...base,
    level: 'should',
    id: 'messaging-soap.wsdl.operations',
    spec: [
      { anchor: '§4.4/all-use-post-cmv4-cmv4', quote: 'SOAPAction set to {soap_namespace}/<OperationName> in quotes' },
      { anchor: '§9/soap-messaging-calls-offered-server', quote: 'The SOAP messaging calls are offered for server releases up to 5.36 (secure-mail edition) and up to 6.2 (direct-messaging edition).' },
      { anchor: '§9/mailbox-xml-listing-removed-new', quote: 'The mailbox XML listing is removed from new releases beginning with 5.37 (secure-mail edition) and 6.2 (direct-messaging edition).' },
    ],
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
