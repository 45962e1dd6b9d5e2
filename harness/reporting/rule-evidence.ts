import * as allure from 'allure-js-commons';
import { exchangeTitle, renderExchange } from '../evidence.js';
import type { Exchange } from '../http.js';
import { judgedNames } from '../../contract/operations.js';
import type { RuleContext, RuleMeta } from '../rule.js';

/** What a rule leaves in the Allure report: its labels, and its exchanges as evidence. */

const SEVERITY = { must: 'critical', should: 'normal' } as const;

/** Exchanges attached per test; a long property or model run keeps its first and (failing) last ones. */
const EVIDENCE_HEAD = 50;
const EVIDENCE_TAIL = 150;

/** One evidence entry: an exchange, or a run of identical ones (a poll) folded into one. */
interface Folded {
  x: Exchange;
  count: number;
  first: number;
  last: number;
}

const sameExchange = (a: Exchange, b: Exchange) =>
  a.method === b.method && a.url === b.url && a.requestBody === b.requestBody && a.status === b.status && a.responseBody === b.responseBody && a.error === b.error;

/** Consecutive identical exchanges (eventually() polling the same state) become one entry with a count and timing. */
function fold(all: Exchange[], times: number[]): Folded[] {
  const out: Folded[] = [];
  all.forEach((x, i) => {
    const last = out[out.length - 1];
    const at = times[i] ?? 0;
    if (last && sameExchange(last.x, x)) {
      last.count += 1;
      last.last = at;
      last.x = x;
    } else out.push({ x, count: 1, first: at, last: at });
  });
  return out;
}

export async function attachEvidence(t: RuleContext): Promise<void> {
  const all = fold(t.exchanges, t.exchangeTimes);
  const omitted = all.length - EVIDENCE_HEAD - EVIDENCE_TAIL;
  const kept = omitted > 0 ? [...all.slice(0, EVIDENCE_HEAD), ...all.slice(-EVIDENCE_TAIL)] : all;
  for (const [i, f] of kept.entries()) {
    if (omitted > 0 && i === EVIDENCE_HEAD) {
      await allure.attachment(`… ${omitted} exchanges omitted`, `${all.length} evidence entries in all; the first ${EVIDENCE_HEAD} and the last ${EVIDENCE_TAIL} are attached.`, 'text/plain');
    }
    const title = exchangeTitle(f.x, t.redact);
    if (f.count === 1) await allure.attachment(title, renderExchange(f.x, t.redact), 'text/plain');
    else {
      const seconds = ((f.last - f.first) / 1000).toFixed(1);
      const note = `The same request got the same answer ${f.count} times in a row, over ${seconds} s (consecutive identical exchanges, such as eventually() polling until the rule held or time ran out, are shown once). The last one:\n\n`;
      await allure.attachment(`${title} (× ${f.count} identical, over ${seconds} s)`, note + renderExchange(f.x, t.redact), 'text/plain');
    }
  }
  for (const a of t.attachments) await allure.attachment(a.title, t.redact.text(a.text), 'text/plain');
}

export async function labelForAllure(meta: RuleMeta): Promise<void> {
  await allure.displayName(`${meta.section} ${meta.title}`);
  await allure.epic(meta.interface);
  await allure.feature(judgedNames(meta.operation));
  await allure.story(meta.title);
  await allure.label('ruleId', meta.id);
  await allure.label('level', meta.level);
  await allure.severity(SEVERITY[meta.level]);
  await allure.tag(meta.level);
  await allure.link(`interface-spec.md#${encodeURIComponent(meta.section)}`, `spec ${meta.section}`);
}
