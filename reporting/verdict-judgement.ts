import type { Summary } from '../contract/summary.js';
import { esc } from './verdict-card.js';

/**
 * The part of the verdict page only a judgement of recorded traffic has (serve --judge, observe):
 * what was seen, the operations the traffic exercised out of those the spec lists, what the judge
 * could not read (one sentence each), and the client rules violated only by requests the suite's
 * own rules sent wrong on purpose (reported apart, never counted).
 */
export function judgementSection(summary: Summary): string {
  const j = summary.judgement;
  if (!j) return '';
  const listed = j.operations.exercised.length + j.operations.notExercised.length;
  return `<h2 id="judgement">The traffic judged (${esc(j.by)})</h2>
<p>${j.exchanges} exchange(s) recorded${j.unplaced ? `, ${j.unplaced} under no interface of the profile` : ''}. Operations exercised: <b>${j.operations.exercised.length} of ${listed}</b> the spec lists.</p>
<details><summary>Operations not exercised (${j.operations.notExercised.length})</summary><p>${j.operations.notExercised.map((o) => `<code>${esc(o)}</code>`).join(', ') || 'none'}</p></details>
<details><summary>Operations exercised (${j.operations.exercised.length})</summary><p>${j.operations.exercised.map((o) => `<code>${esc(o)}</code>`).join(', ') || 'none'}</p></details>
${j.problems.length ? `<h3 id="problems">What the judge could not read (${j.problems.length})</h3><ul>${j.problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>` : ''}
${j.deliberate.length ? `<h3 id="deliberate">Sent wrong on purpose (${j.deliberate.length} client rules; not counted)</h3><p class="note">Requests the suite's rules bent deliberately, to see the server refuse them (the rule ledger).</p><ul>${j.deliberate.map((d) => `<li><code>${esc(d.rule)}</code>: ${d.count} request(s) by ${d.by.map((b) => `<code>${esc(b)}</code>`).join(', ')}; first: ${esc(d.first)}</li>`).join('')}</ul>` : ''}`;
}
