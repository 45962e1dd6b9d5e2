import { ANSWERING_OPERATIONS, schemaRuleId } from '../../contract/soap-answers.js';
import type { SoapOperation } from '../../contract/messaging-soap.js';
import { specUnit, type Anchor, type SpecRef } from '../../contract/spec/index.js';
import { ANSWER_RECIPES } from '../../harness/fixtures/soap-answers.js';
import { soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapSuccess } from '../../harness/soap-expect.js';

/**
 * spec §4.4: a SOAP success answers <Op>Response with its string child <Op>Result, valid against
 * the XML Schema of its response element (contract/soap-answers.ts: the vendor WSDL's, with the
 * spec's required Result and the catalogued readings; clarification S11). One generated rule per
 * operation with a response; each aspect of its Result is a cell of the soap-answers matrix with
 * a reference fault of its own. Every other rule that takes a SOAP success validates it the same
 * way (harness/soap-expect.ts); these make sure each operation's answer is validated at least once.
 */

/** where §4.4 shows a response, the whole sentence; where it does not, its first half */
const success = (shown: boolean): SpecRef => ({
  anchor: '§4.4/success-http-200-whose-body',
  quote: shown ? 'A success is HTTP 200 whose body holds <OperationName>Response with a string child <OperationName>Result' : 'A success is HTTP 200 whose body holds <OperationName>Response',
});
const NAMESPACE: SpecRef = { anchor: '§4.4/body-soap-1.1-envelope-one', quote: 'in the namespace {soap_namespace}' };
const EXTRA: SpecRef = { anchor: '§4.4/success-http-200-whose-body', quote: 'A success is HTTP 200 whose body holds <OperationName>Response', silence: 'soap-extra-elements' };

/** The operation's row of the §4.4 table, quoting its "Response shown" cell; GetMailboxXML is the library-only sentence's. */
function rowOf(op: SoapOperation): SpecRef {
  const anchor = `§4.4/${op.name}` as Anchor;
  const shown = specUnit(anchor)?.text.split(' | ')[2];
  if (shown === undefined) return { anchor: '§4.4/library-only-operations-older-form', quote: 'Library-only operations of the older form: Get mailbox XML' };
  return op.result === 'void' ? { anchor, quote: shown, silence: 'soap-void-response' } : { anchor, quote: shown };
}

for (const { id, op } of ANSWERING_OPERATIONS) {
  const shown = op.result !== 'void';
  const recipe = ANSWER_RECIPES[id];
  rule(
    {
      interface: 'messaging-soap',
      id: schemaRuleId(op),
      // where §4.4 shows no response, what the answer holds rests on the reading soap-void-response
      level: shown ? 'must' : 'should',
      spec: [success(shown), rowOf(op), NAMESPACE, EXTRA],
      operation: id,
      title: shown
        ? `a ${op.name} success is ${op.name}Response in {soap_namespace} whose first child is one string ${op.name}Result, qualified, followed only by elements of other namespaces (valid against its XML Schema)`
        : `a ${op.name} success is ${op.name}Response in {soap_namespace}, empty or with one string ${op.name}Result first, qualified, and otherwise only elements of other namespaces (valid against its XML Schema)`,
      needs: [soapService, ...recipe.needs],
    },
    async (t) => {
      expectSoapSuccess(await recipe.answer(t), `${op.name}Response valid against the schema of its response element`);
    },
  );
}
