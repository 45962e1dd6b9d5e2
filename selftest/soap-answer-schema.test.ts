import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SOAP_OPERATIONS, WSDL_NS, XSD_NS, type SoapOperation } from '../contract/messaging-soap.js';
import { ANSWER_CELLS, answerSchema } from '../contract/soap-answers.js';
import { childNamed, childrenNamed, parseXml, type XmlElement } from '../contract/wire/xml.js';
import { answerProblems, schemaOfWsdl } from '../harness/soap-answer-schema.js';
import type { Axis, AxisValue } from '../reference/axes/axis.js';
import { reshapeAnswer } from '../reference/messaging-soap/answer-faults.js';
import { answerXml, successAnswer } from '../reference/messaging-soap/envelope.js';
import { ENVELOPE_PREFIX, EXTRA_ELEMENTS, RESULT_ESCAPING, VOID_RESPONSE } from '../reference/axes/messaging-soap.js';
import { soapReadings } from '../reference/messaging-soap/readings.js';
import { ROOT } from './support/cli.js';
import { sharedFile } from './support/shared.js';

/**
 * The schema every judged SOAP success is validated against (contract/soap-answers.ts) agrees
 * with the vendor's WSDL (spec/wire/cmv4.wsdl, read at test time) for every operation's response
 * element, and differs only where the spec or the catalogue of silences says (clarification S11):
 * the Result required where spec §4.4 shows a response, an optional string Result for the void
 * operations (soap-void-response), elements of other namespaces after the Result
 * (soap-extra-elements). Then, validated by libxml2: every answer the reference writes under
 * every catalogued reading is valid; every fault of the soap-answers matrix makes it invalid,
 * and invalid under the vendor's schema too, but for a missing Result the vendor's minOccurs="0"
 * allows and the spec's sentence does not.
 */

const VENDOR_WSDL = readFileSync(sharedFile('spec/wire/cmv4.wsdl') ?? join(ROOT, '../shared/spec/wire/cmv4.wsdl'), 'utf8');

function vendorSchemaElement(): XmlElement {
  const parsed = parseXml(VENDOR_WSDL);
  if (!parsed.ok) throw new Error(`the vendor WSDL is ${parsed.reason}`);
  const schema = childNamed(childNamed(parsed.root, 'types', WSDL_NS)!, 'schema', XSD_NS);
  if (!schema) throw new Error('the vendor WSDL has no schema in its types');
  return schema;
}

function parsedSchema(text: string): XmlElement {
  const parsed = parseXml(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.root;
}

interface Particle {
  name: string;
  type: string;
  minOccurs: string;
  maxOccurs: string;
}

/** The element particles of a response element's sequence (none for an empty complexType), and its wildcards. */
function responseElement(schema: XmlElement, op: string): { particles: Particle[]; wildcards: Record<string, string>[] } {
  const element = childrenNamed(schema, 'element', XSD_NS).find((e) => e.attrs.name === `${op}Response`);
  if (!element) throw new Error(`no ${op}Response element`);
  const sequence = childNamed(childNamed(element, 'complexType', XSD_NS)!, 'sequence', XSD_NS);
  const particles = (sequence ? childrenNamed(sequence, 'element', XSD_NS) : []).map((e) => ({
    name: e.attrs.name ?? '',
    type: (e.attrs.type ?? '').split(':').pop()!,
    minOccurs: e.attrs.minOccurs ?? '1',
    maxOccurs: e.attrs.maxOccurs ?? '1',
  }));
  return { particles, wildcards: sequence ? childrenNamed(sequence, 'any', XSD_NS).map((w) => w.attrs) : [] };
}

const vendor = vendorSchemaElement();
const NS = vendor.attrs.targetNamespace!;
const ours = parsedSchema(answerSchema(NS));
const shown = (op: SoapOperation) => op.result !== 'void';

describe('the answer schema agrees with the vendor WSDL', () => {
  test('same target namespace, elements qualified', () => {
    expect(ours.attrs.targetNamespace).toBe(NS);
    expect([vendor.attrs.elementFormDefault, ours.attrs.elementFormDefault]).toEqual(['qualified', 'qualified']);
  });

  test.each(SOAP_OPERATIONS.map((op) => [op.name, op] as const))('%sResponse: the vendor’s Result, adjusted only as the spec and the catalogue say', (_, op) => {
    const theirs = responseElement(vendor, op.name);
    const mine = responseElement(ours, op.name);
    // spec §4.4 shows a response exactly where the vendor's element has a string Result
    expect(theirs.particles.map((p) => `${p.name}:${p.type}:${p.maxOccurs}`)).toEqual(shown(op) ? [`${op.name}Result:string:1`] : []);
    const expected = shown(op)
      ? theirs.particles.map((p) => ({ ...p, minOccurs: '1' })) // spec §4.4: "with a string child <OperationName>Result"
      : [{ name: `${op.name}Result`, type: 'string', minOccurs: '0', maxOccurs: '1' }]; // soap-void-response: empty, or a text Result
    expect(mine.particles).toEqual(expected);
    // soap-extra-elements: other namespaces only, after the Result, never read
    expect(mine.wildcards).toEqual([{ namespace: '##other', processContents: 'skip', minOccurs: '0', maxOccurs: 'unbounded' }]);
  });
});

/** A Result as the operation's kind of result reads (characters XML must escape, and a CDATA end). */
const SAMPLE = { string: 'K3Y<&>]]>', xml: '<?xml version="1.0"?><Folders><Folder><FID>1</FID><Name>A &amp; B</Name></Folder></Folders>', mime: 'From: a@example.com\r\nSubject: x\r\n\r\nbody ]]> <\r\n' };

/** Every combination of the readings that shape a success answer (reference/messaging-soap/readings.ts). */
function readingCombinations() {
  const axes: Axis[] = [ENVELOPE_PREFIX, EXTRA_ELEMENTS, RESULT_ESCAPING, VOID_RESPONSE];
  let combos: Map<string, AxisValue>[] = [new Map()];
  for (const a of axes) combos = combos.flatMap((c) => a.values.map((v) => new Map([...c, [a.id, v]])));
  return combos.map((picks) => ({ picks, ch: soapReadings({ name: 'selftest', get: <V extends AxisValue>(a: Axis<V>) => (picks.get(a.id) ?? a.values[0]) as V }) }));
}

/** The reference's success answer of `op` under readings `ch` (routes.ts: a void operation shows 'OK' under result-text). */
function answerOf(op: SoapOperation, ch: ReturnType<typeof soapReadings>) {
  const result = op.result === 'void' ? (ch.voidResponse === 'result-text' ? 'OK' : undefined) : SAMPLE[op.result];
  return successAnswer(ch, NS, op.name, result);
}

const vendorSchema = schemaOfWsdl(VENDOR_WSDL);
const schemaOf = (op: SoapOperation) => answerSchema(NS, [op]);

describe('validated by libxml2', () => {
  test('the reference’s answers under every catalogued reading are valid; the vendor’s schema takes those without extensions or a void Result', () => {
    const wrong: string[] = [];
    for (const { picks, ch } of readingCombinations()) {
      for (const op of SOAP_OPERATIONS) {
        const text = answerXml(ch, answerOf(op, ch));
        const at = `${op.name} under ${[...picks].map(([k, v]) => `${k}=${v}`).join(',')}`;
        for (const p of answerProblems(schemaOf(op), text)) wrong.push(`${at}: ${p}`);
        const vendorValid = answerProblems(vendorSchema, text).length === 0;
        const vendorShould = !ch.extraElements && (shown(op) || ch.voidResponse === 'empty');
        if (vendorValid !== vendorShould) wrong.push(`${at}: the vendor's schema ${vendorValid ? 'takes' : 'refuses'} it`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test.each(ANSWER_CELLS.map((c) => [c.fault, c] as const))('%s makes the answer invalid, under the vendor’s schema too where the spec is not stricter', (_, cell) => {
    // the envelope's prefix does not reach the Response: its default reading is enough here
    for (const { ch } of readingCombinations().filter(({ picks }) => picks.get(ENVELOPE_PREFIX.id) === ENVELOPE_PREFIX.values[0])) {
      const text = answerXml(ch, reshapeAnswer((id) => id === cell.fault, answerOf(cell.op, ch)));
      expect(answerProblems(schemaOf(cell.op), text), text).not.toEqual([]);
      const specStricter = cell.aspect === 'result-occurs' && shown(cell.op) && !ch.extraElements;
      if (!specStricter) expect(answerProblems(vendorSchema, text), `the vendor's schema takes ${text}`).not.toEqual([]);
    }
  });
});
