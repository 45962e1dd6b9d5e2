import { exchangeTitle, renderExchange } from './evidence.js';
import type { Exchange } from './http.js';
import { DECISIVE_TAG, PHASE_TAG, type Phase, type RecordedExchange } from './evidence-marks.js';
import type { RuleContext } from './rule-context.js';

/** What a rule leaves in the Allure report: its exchanges (and notes) as evidence; its labels are harness/rule.ts's. */

/** Exchanges attached per test; a long property or model run keeps its first and (failing) last ones. */
const EVIDENCE_HEAD = 50;
const EVIDENCE_TAIL = 150;

/** One evidence entry: an exchange, or a run of identical ones (a poll) folded into one. */
interface Folded {
  x: Exchange;
  count: number;
  first: number;
  last: number;
  /** index of the first and last exchange folded in */
  from: number;
  to: number;
  phase: Phase;
}

const sameExchange = (a: Exchange, b: Exchange) =>
  a.method === b.method && a.url === b.url && a.requestBody === b.requestBody && a.status === b.status && a.responseBody === b.responseBody && a.error === b.error;

/** Consecutive identical exchanges of one phase (eventually() polling the same state) become one entry with a count and timing. */
function fold(all: readonly RecordedExchange[]): Folded[] {
  const out: Folded[] = [];
  all.forEach(({ exchange: x, at, phase }, i) => {
    const last = out[out.length - 1];
    if (last && last.phase === phase && sameExchange(last.x, x)) {
      last.count += 1;
      last.last = at;
      last.to = i;
      last.x = x;
    } else out.push({ x, count: 1, first: at, last: at, from: i, to: i, phase });
  });
  return out;
}

/**
 * The exchanges and other evidence (SMTP dialogues, a counterexample) in time order, each titled
 * with its phase ([precondition], [cleanup], [counterexample]) and the one that decided the
 * verdict with [decisive]; the verdict page reads the tags back to open the card on it.
 *
 * A rule that passed gets the same entries, in the same order and with the same titles, as ONE
 * attachment (`compact`): nobody opens a card for it, and one file instead of a dozen per rule is
 * most of what the run writes, sweeps for secrets and renders (about 2,700
 * fewer files a run, 1.4 s less rendering, allure.html 14.4 → 12.3 MB).
 */
export async function attachEvidence(t: RuleContext, { compact }: { compact: boolean }): Promise<void> {
  const entries = evidenceEntries(t);
  if (!compact) {
    for (const e of entries) await t.allure.attachment(e.title, e.text, { contentType: 'text/plain' });
    return;
  }
  if (entries.length === 0) return;
  const text = entries.map((e) => `── ${e.title} ${'─'.repeat(Math.max(3, 76 - e.title.length))}\n${e.text}`).join('\n\n');
  await t.allure.attachment(`Evidence: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} in time order`, text, { contentType: 'text/plain' });
}

/** The evidence entries (title and redacted text) of a rule, in time order, folded and cut as described above. */
function evidenceEntries(t: RuleContext): Array<{ title: string; text: string }> {
  const out: Array<{ title: string; text: string }> = [];
  const all = fold(t.recorded);
  const d = t.decisive;
  const isDecisive = (f: Folded) => d?.kind === 'exchange' && d.index >= f.from && d.index <= f.to;
  const omitted = all.length - EVIDENCE_HEAD - EVIDENCE_TAIL;
  // a long run keeps its head and tail, and always the entry that decided the verdict
  const kept = omitted > 0 ? all.filter((f, i) => i < EVIDENCE_HEAD || i >= all.length - EVIDENCE_TAIL || isDecisive(f)) : all;
  const notes = [...t.attachments.entries()];
  const takeNotes = (upTo: number) => {
    while (notes.length > 0 && notes[0]![1].after <= upTo) {
      const [i, n] = notes.shift()!;
      const opens = n.kind === 'opening' || (d?.kind === 'note' && d.index === i);
      out.push({ title: `${opens ? DECISIVE_TAG : ''}${PHASE_TAG[n.phase]}${n.title}`, text: t.redact.text(n.text) });
    }
  };
  let shownOmission = false;
  for (const f of kept) {
    takeNotes(f.from);
    if (omitted > 0 && !shownOmission && all.indexOf(f) >= EVIDENCE_HEAD) {
      shownOmission = true;
      out.push({ title: `… ${omitted} exchanges omitted`, text: `${all.length} evidence entries in all; the first ${EVIDENCE_HEAD}, the last ${EVIDENCE_TAIL} and the one that decided the verdict are attached.` });
    }
    const title = `${isDecisive(f) ? DECISIVE_TAG : ''}${PHASE_TAG[f.phase]}${exchangeTitle(f.x, t.redact)}`;
    if (f.count === 1) out.push({ title, text: renderExchange(f.x, t.redact) });
    else {
      const seconds = ((f.last - f.first) / 1000).toFixed(1);
      const note = `The same request got the same answer ${f.count} times in a row, over ${seconds} s (consecutive identical exchanges, such as eventually() polling until the rule held or time ran out, are shown once). The last one:\n\n`;
      out.push({ title: `${title} (× ${f.count} identical, over ${seconds} s)`, text: note + renderExchange(f.x, t.redact) });
    }
  }
  takeNotes(Number.POSITIVE_INFINITY);
  return out;
}
