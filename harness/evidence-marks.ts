import type { Exchange } from './http.js';
import { ConformanceAssertionError, NotApplicable, OperationAbsent, TargetBroken, type Judged } from './outcomes.js';

/**
 * Which recorded exchange decided a rule's verdict, and in which part of the test each piece of
 * evidence was recorded: the report opens a failure on the answer that broke
 * the rule, not on the cleanup that happened to come last.
 */

/**
 * given(): a precondition; body: the rule's own work; shrink: a property's attempt at a smaller
 * input after its first failure; cleanup: after the body; counterexample: a property's shrunk input, replayed.
 */
export type Phase = 'given' | 'body' | 'shrink' | 'cleanup' | 'counterexample';

/** Evidence that is not an HTTP exchange: an SMTP dialogue, a property's counterexample. */
export interface Note {
  title: string;
  text: string;
  phase: Phase;
  /** how many exchanges had been recorded when it was: its place in time among them */
  after: number;
  /** an SMTP dialogue (may decide a verdict), a note that the card opens on (a counterexample), or a client's decoded view of the exchange before it (never decisive) */
  kind: 'dialogue' | 'opening' | 'view';
}

/** Where a client puts its decoded view of an exchange it just made (a provisioning call, decrypted). */
export type EvidenceView = (title: string, text: string) => void;

export type Decisive = { kind: 'exchange'; index: number } | { kind: 'note'; index: number };

/** The title prefixes the Allure attachments carry, read back by the verdict page. */
export const PHASE_TAG: Record<Phase, string> = { given: '[precondition] ', body: '', shrink: '[shrink attempt] ', cleanup: '[cleanup] ', counterexample: '[counterexample] ' };
export const DECISIVE_TAG = '[decisive] ';

/** Reads the tags back off a title: its phase, whether it decided the verdict, and the plain title. */
export function readTags(title: string): { phase: Phase; decisive: boolean; title: string } {
  let rest = title;
  let decisive = false;
  let phase: Phase = 'body';
  for (;;) {
    if (rest.startsWith(DECISIVE_TAG)) {
      decisive = true;
      rest = rest.slice(DECISIVE_TAG.length);
      continue;
    }
    const found = (Object.entries(PHASE_TAG) as Array<[Phase, string]>).find(([, tag]) => tag && rest.startsWith(tag));
    if (!found) return { phase, decisive, title: rest };
    phase = found[0];
    rest = rest.slice(found[1].length);
  }
}

const METHOD_PATH = /^(?:Precondition "[^"]*" failed, so the rule could not be checked: )?([A-Z]+) (\/\S*?):? /;

/** The answer an error judged: carried by the error, or read from a message that starts with 'POST /path: … HTTP 400'. */
export function judgedOf(error: unknown): Judged | undefined {
  if ((error instanceof ConformanceAssertionError || error instanceof TargetBroken) && error.judged) return error.judged;
  const message = (error as Error | undefined)?.message ?? '';
  const label = METHOD_PATH.exec(message);
  const status = /\bHTTP (\d{3})\b/.exec(message);
  return label ? { label: `${label[1]} ${label[2]}`, status: status ? Number(status[1]) : 0 } : undefined;
}

const labelOf = (x: Exchange) => `${x.method} ${new URL(x.url).pathname}`;

/** The latest exchange before `upTo` with the judged method, path and status; the body decides between equals. */
function findJudged(exchanges: readonly Exchange[], upTo: number, judged: Judged): number {
  let candidate = -1;
  for (let i = Math.min(upTo, exchanges.length) - 1; i >= 0; i--) {
    const x = exchanges[i]!;
    if (labelOf(x) !== judged.label || (judged.status !== 0 && x.status !== judged.status)) continue;
    if (judged.text === undefined || x.responseBody === judged.text) return i;
    if (candidate < 0) candidate = i;
  }
  return candidate;
}

/**
 * The evidence that decided `outcome` (a thrown error; undefined when the rule held): the answer
 * the failing assertion judged; failing that, the last exchange or SMTP dialogue before the body
 * ended (a check() over several answers, a transport error, a precondition with no answer named).
 */
export function decisiveOf(outcome: unknown, exchanges: readonly Exchange[], upTo: number, notes: readonly Note[]): Decisive | undefined {
  if (outcome === undefined) return undefined;
  const judged = judgedOf(outcome);
  if (judged) {
    const index = findJudged(exchanges, upTo, judged);
    if (index >= 0) return { kind: 'exchange', index };
  }
  const lastExchange = Math.min(upTo, exchanges.length) - 1;
  let dialogue = -1;
  notes.forEach((n, i) => {
    if (n.kind === 'dialogue' && n.after <= upTo && n.phase !== 'cleanup') dialogue = i;
  });
  if (dialogue >= 0 && notes[dialogue]!.after > lastExchange) return { kind: 'note', index: dialogue };
  return lastExchange >= 0 ? { kind: 'exchange', index: lastExchange } : undefined;
}

/** One exchange as a rule recorded it: when it ended (ms since the epoch; repeated polls fold in the evidence) and the part of the test it belongs to (precondition, body, cleanup, counterexample). */
export interface RecordedExchange {
  exchange: Exchange;
  at: number;
  phase: Phase;
}

/**
 * *Not applicable* is only for what the profile lacks. A rule body that gave up as not applicable
 * after the target answered a 5xx or nothing at all (an account pool probed with log-ons that
 * all failed, say) could not be checked because of the target: that is *broken*, never a pass
 * for the exit code.
 */
export function honest(outcome: unknown, exchanges: readonly Exchange[]): unknown {
  // an operation the profile says is absent is the profile's decision, taken before the request
  // left: no earlier answer of the target (a SOAP Fault is an HTTP 500) makes it the target's
  if (!(outcome instanceof NotApplicable) || outcome instanceof OperationAbsent) return outcome;
  const bad = exchanges.find((x) => x.error !== undefined || (x.status !== undefined && x.status >= 500));
  if (!bad) return outcome;
  const answer = bad.error ? `no answer (${bad.error})` : `HTTP ${bad.status}`;
  const label = `${bad.method} ${new URL(bad.url).pathname}`;
  return new TargetBroken(`${label} got ${answer} while the rule was being set up, so it could not be checked (it would otherwise be not applicable: ${outcome.message}).`, {
    label,
    status: bad.status ?? 0,
  });
}
