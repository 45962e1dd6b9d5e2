import type { Matrix, MatrixCell } from './matrix.js';
import { SOAP_OPERATIONS, XSD_NS, type SoapOperation } from './messaging-soap.js';
import { OPERATIONS, type OperationId } from './operations.js';
import { escapeAttribute } from './wire/xml.js';

/**
 * What a SOAP success answer is (spec §4.4: "A success is HTTP 200 whose body holds
 * <OperationName>Response with a string child <OperationName>Result, where the response is
 * shown"), written as an XML Schema the harness validates every judged answer against
 * (harness/soap-answer-schema.ts, with libxml2). It is the vendor WSDL's schema of each response
 * element (vendor-wire §4, B4: document/literal wrapped, elementFormDefault qualified, the
 * Result an xs:string, first), with what the spec and its catalogued readings add:
 * - where §4.4 shows a response, the Result is required (the vendor's minOccurs="0" is .NET's
 *   null string; the spec's sentence asks for the child);
 * - where it does not (the void operations), an optional string Result (silence
 *   soap-void-response: the vendor's empty element, or a text Result);
 * - elements of other namespaces may follow the Result (silence soap-extra-elements).
 * The suite's own schema, not the one the target serves at ?WSDL: the spec is the authority, a
 * target need not serve a WSDL (wsdl.operations is should-level), and one may serve the
 * vendor's while it takes a catalogued reading the vendor's schema does not describe
 * (clarification S11). selftest/soap-answer-schema.test.ts checks it against the vendor WSDL.
 */

/** Where the extensions of the soap-extra-elements reading may stand: after the Result, in another namespace. */
const EXTENSIONS = '<xs:any namespace="##other" processContents="skip" minOccurs="0" maxOccurs="unbounded"/>';

/** The XML Schema of the <Op>Response elements of `ops`, in {soap_namespace}. */
export function answerSchema(namespace: string, ops: readonly SoapOperation[] = SOAP_OPERATIONS): string {
  const declaration = (op: SoapOperation) =>
    `<xs:element name="${op.name}Response"><xs:complexType><xs:sequence>` +
    `<xs:element name="${op.name}Result" type="xs:string" minOccurs="${op.result === 'void' ? 0 : 1}" maxOccurs="1"/>${EXTENSIONS}` +
    `</xs:sequence></xs:complexType></xs:element>`;
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<xs:schema xmlns:xs="${XSD_NS}" targetNamespace="${escapeAttribute(namespace)}" elementFormDefault="qualified">${ops.map(declaration).join('')}</xs:schema>`
  );
}

/**
 * The aspects of the Result child the schema fixes, one cell of the `soap-answers` matrix per
 * operation and aspect; each cell's fault (reference/messaging-soap/answer-faults.ts) breaks
 * exactly that aspect of that operation's answer.
 */
export const ANSWER_ASPECTS = [
  { id: 'result-name', requires: 'the child is named <Op>Result' },
  { id: 'result-namespace', requires: '<Op>Result is qualified: in {soap_namespace}, as the Response (elementFormDefault qualified)' },
  { id: 'result-order', requires: '<Op>Result comes first; elements of other namespaces only after it' },
  { id: 'result-type', requires: '<Op>Result is an xs:string: character data, no element inside it' },
  { id: 'result-occurs', requires: 'one <Op>Result where spec §4.4 shows a response, at most one where it does not' },
] as const;

export type AnswerAspect = (typeof ANSWER_ASPECTS)[number]['id'];

/** The SOAP operations with a response element: every operation element of contract/operations.ts (not the ?WSDL GET). */
export type SoapOperationId = Exclude<Extract<OperationId, `messaging-soap.${string}`>, 'messaging-soap.GetWsdl'>;

export const ANSWERING_OPERATIONS: readonly { id: SoapOperationId; op: SoapOperation }[] = OPERATIONS.flatMap((o) => {
  if (!('soap' in o.wire)) return [];
  const op = SOAP_OPERATIONS.find((s) => s.name === o.name);
  if (!op) throw new Error(`contract/messaging-soap.ts does not describe the SOAP operation ${o.name}.`);
  return [{ id: o.id as SoapOperationId, op }];
});

/** GetMIMEMessage → get-mime-message (rule and fault ids). */
export const kebab = (name: string) => (name.match(/[A-Z]+(?![a-z])|[A-Z][a-z]*|\d+/g) ?? [name]).join('-').toLowerCase();

/** The generated rule that validates an operation's success answer (specs/messaging-soap/schema.spec.ts). */
export const schemaRuleId = (op: SoapOperation) => `messaging-soap.schema.${kebab(op.name)}`;

/** The reference fault that breaks one aspect of one operation's answer. */
export const answerFaultId = (op: SoapOperation, aspect: AnswerAspect) => `messaging-soap.schema.${kebab(op.name)}.${aspect}` as const;

export interface AnswerCell {
  readonly operation: SoapOperationId;
  readonly op: SoapOperation;
  readonly aspect: AnswerAspect;
  readonly rule: string;
  readonly fault: ReturnType<typeof answerFaultId>;
}

/** Every operation × aspect: the data the rules, the faults and the matrix are generated from. */
export const ANSWER_CELLS: readonly AnswerCell[] = ANSWERING_OPERATIONS.flatMap(({ id, op }) =>
  ANSWER_ASPECTS.map(({ id: aspect }) => ({ operation: id, op, aspect, rule: schemaRuleId(op), fault: answerFaultId(op, aspect) })),
);

/**
 * Every SOAP success answer against its schema: each operation's answer, each aspect of its
 * Result. All cells are enforced: an operation the profile declares absent (spec §9) makes its
 * rule not applicable at run time, through the harness's gate.
 */
export const SOAP_ANSWERS: Matrix = {
  id: 'soap-answers',
  title: 'SOAP success answers against the schema of their response element (spec §4.4, B4)',
  anchors: ['§4.4/success-http-200-whose-body', '§4.4/body-soap-1.1-envelope-one'],
  axes: ['operation', 'aspect'],
  cells: ANSWER_CELLS.map((c): MatrixCell => ({ at: [c.operation, c.aspect], status: 'enforced', rule: c.rule, fault: c.fault })),
};
