import { ANSWER_CELLS, type AnswerAspect } from '../../contract/soap-answers.js';
import type { FaultDef } from '../fault-def.js';
import { EXTENSION_ELEMENT, resultElement, type SuccessAnswer } from './envelope.js';
import type { SoapReadings } from './readings.js';

/**
 * How a fault patches what the SOAP form sends, at the adapter's edge (routes.ts, edge.ts),
 * declared with the fault beside its catalogue entry (faults.ts): no operation handler knows of
 * these faults. A success answer is patched in its Result text before it is written (`result`)
 * or as written (`reshape`); a refusal as written (`refusal`).
 */
export interface SoapAnswerPatch {
  /** the operation whose success answer this patches */
  readonly op: string;
  /** the Result text the operation gives (undefined: no Result), before it is written */
  readonly result?: (text: string | undefined) => string | undefined;
  /** the answer as written */
  readonly reshape?: (a: SuccessAnswer) => SuccessAnswer;
}

/** Why the adapter refuses: unreadable XML, an operation it does not offer, a request it cannot read or serve (SoapFault), a §7.2 refusal of the core, or its own failure. */
export type RefusalCause = 'malformed-xml' | 'unknown-operation' | 'invalid' | 'refused' | 'internal';

/** A refusal as the adapter writes it (a SOAP 1.1 Fault, HTTP 500, unless a patch says otherwise). */
export interface WrittenRefusal {
  readonly status: 200 | 500;
  readonly type: 'xml' | 'text';
  readonly body: string;
}

/** What a refusal patch may need to write another answer. */
export interface RefusalEdge {
  readonly ch: SoapReadings;
  readonly namespace: string;
  /** the operation element's name ('' before one is read) */
  readonly op: string;
}

export interface SoapRefusalPatch {
  /** the refusals it patches: of these causes ('any': every one), and where `op` is given, of that operation only */
  readonly causes: readonly RefusalCause[] | 'any';
  readonly op?: string;
  readonly patch: (r: WrittenRefusal, edge: RefusalEdge) => WrittenRefusal;
}

/** A fault of the SOAP form's catalogue, with its patch at the edge where it is one. */
export interface SoapFaultDef extends FaultDef {
  readonly answer?: SoapAnswerPatch;
  readonly refusal?: SoapRefusalPatch;
}

export interface AnswerFault<I extends string = string> extends SoapFaultDef {
  readonly id: I;
  readonly answer: SoapAnswerPatch & { readonly reshape: (a: SuccessAnswer) => SuccessAnswer };
}

/** The Result content a reshaping breaks: a void operation's is the result-text reading's 'OK' (silence soap-void-response). */
const content = (a: SuccessAnswer) => a.result ?? 'OK';

/**
 * One way to break each aspect of the answer schema (contract/soap-answers.ts), generic over the
 * operation; `shown` is whether spec §4.4 shows the operation's response.
 */
const BREAK: Record<AnswerAspect, { breaks: (op: string, shown: boolean) => string; children: (a: SuccessAnswer, shown: boolean) => string[] }> = {
  'result-name': {
    breaks: (op) => `the result element is <Result> instead of <${op}Result>`,
    children: (a) => [`<Result>${content(a)}</Result>`, ...a.extras],
  },
  'result-namespace': {
    breaks: (op) => `<${op}Result> is unqualified (in no namespace) instead of in {soap_namespace}`,
    children: (a) => [`<${a.op}Result xmlns="">${content(a)}</${a.op}Result>`, ...a.extras],
  },
  'result-order': {
    breaks: (op) => `an element of another namespace comes before <${op}Result>`,
    children: (a) => [EXTENSION_ELEMENT, resultElement(a.op, content(a)), ...a.extras],
  },
  'result-type': {
    breaks: (op) => `<${op}Result> holds an element (<string>) instead of a string`,
    children: (a) => [resultElement(a.op, `<string>${content(a)}</string>`), ...a.extras],
  },
  'result-occurs': {
    breaks: (op, shown) => (shown ? `${op}Response has no <${op}Result>` : `${op}Response has two <${op}Result> elements`),
    children: (a, shown) => (shown ? [...a.extras] : [resultElement(a.op, content(a)), resultElement(a.op, content(a)), ...a.extras]),
  },
};

/** One fault per cell of the soap-answers matrix, generated from the same data (contract/soap-answers.ts ANSWER_CELLS). */
const SCHEMA_FAULTS: readonly AnswerFault<(typeof ANSWER_CELLS)[number]['fault']>[] = ANSWER_CELLS.map((cell) => {
  const shown = cell.op.result !== 'void';
  return {
    id: cell.fault,
    rule: cell.rule,
    breaks: BREAK[cell.aspect].breaks(cell.op.name, shown),
    answer: { op: cell.op.name, reshape: (a) => ({ ...a, children: BREAK[cell.aspect].children(a, shown) }) },
  };
});

export const SOAP_ANSWER_FAULTS = [
  // spec §4.4 envelope and response shape, GetFolderList
  {
    id: 'messaging-soap.response-unqualified',
    rule: 'messaging-soap.wire.response-shape',
    breaks: '<Op>Response is in no namespace instead of {soap_namespace}',
    alsoBreaks: {
      rules: ['create-folder.new-fid', 'fault.missing-element', 'fault.soap-action', 'folder-list.folders', 'schema.get-folder-list'].map((r) => `messaging-soap.${r}`),
      why: 'they judge a GetFolderList success, which is validated against its schema (clarification S11)',
    },
    answer: { op: 'GetFolderList', reshape: (a: SuccessAnswer) => ({ ...a, ns: '' }) },
  },
  {
    id: 'messaging-soap.result-misnamed',
    rule: 'messaging-soap.wire.response-shape',
    breaks: 'the result element is <Result> instead of <Op>Result',
    alsoBreaks: {
      rules: [
        ...['create-folder.name-exists', 'create-folder.name-length', 'create-folder.new-fid', 'create-folder.type-invalid', 'delete-folder.messages-to-parent', 'delete-folder.system-refused'],
        ...['fault.missing-element', 'fault.soap-action', 'folder-list.folders', 'logout.invalidates-key', 'mailbox-xml.listing', 'schema.get-folder-list', 'schema.get-mailbox-xml'],
      ].map((r) => `messaging-soap.${r}`),
      why: 'they read GetFolderListResult',
    },
    answer: { op: 'GetFolderList', reshape: (a: SuccessAnswer) => ({ ...a, children: [`<Result>${content(a)}</Result>`, ...a.extras] }) },
  },
  ...SCHEMA_FAULTS,
] as const satisfies readonly AnswerFault[];

type AnswerFaultId = (typeof SOAP_ANSWER_FAULTS)[number]['id'];

/** A success answer as the faults `faults` on for this request (`fault`) reshape it, in catalogue order. */
export function reshapeWith<I extends string>(faults: readonly (SoapFaultDef & { id: I })[], fault: (id: I) => boolean, a: SuccessAnswer): SuccessAnswer {
  return faults.reduce<SuccessAnswer>((answer, f) => (f.answer?.reshape && f.answer.op === a.op && fault(f.id) ? f.answer.reshape(answer) : answer), a);
}

/** The success answer as the schema faults on for this request reshape it (none: as it was). */
export function reshapeAnswer(fault: (id: AnswerFaultId) => boolean, a: SuccessAnswer): SuccessAnswer {
  return reshapeWith(SOAP_ANSWER_FAULTS, fault, a);
}
