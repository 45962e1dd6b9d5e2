import { ANSWER_CELLS, type AnswerAspect } from '../../contract/soap-answers.js';
import type { FaultDef } from '../fault-def.js';
import { EXTENSION_ELEMENT, resultElement, type SuccessAnswer } from './envelope.js';

/**
 * Faults that reshape a success answer at the SOAP adapter's edge (spec §4.4), each declared
 * with its reshaping beside its catalogue entry. routes.ts hands every success answer to
 * `reshapeAnswer` before writing it; no operation handler knows of these faults.
 */
export interface AnswerFault<I extends string = string> extends FaultDef {
  readonly id: I;
  readonly answer: { readonly op: string; readonly reshape: (a: SuccessAnswer) => SuccessAnswer };
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

/** The success answer as the faults on for this request reshape it (none: as it was). */
export function reshapeAnswer(fault: (id: AnswerFaultId) => boolean, a: SuccessAnswer): SuccessAnswer {
  return SOAP_ANSWER_FAULTS.reduce<SuccessAnswer>((answer, f) => (f.answer.op === a.op && fault(f.id) ? f.answer.reshape(answer) : answer), a);
}
