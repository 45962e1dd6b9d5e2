import { specUnit } from '../contract/spec/index.js';
import { esc } from './html-escape.js';
import { specHref } from './spec-link.js';

/**
 * The words of the spec a card quotes, each linking to its unit in spec.html. A quote is shown as
 * what the rule enforces only when it says something on its own:
 * - a quote of one word (`string`, the Type cell of a §2.1 row) is shown as the unit's whole text
 *   with the word marked, so the card says which field of which table is `string`;
 * - a quote that states the spec is silent (`Its fields: not shown.`) is context, not a rule: it is
 *   shown apart, with the catalogued reading (contract/silences/) the rule holds instead.
 * Quotes repeated (by several rules of one finding) are shown once.
 */

export interface Quoted {
  anchor: string;
  quote: string;
  silence?: string;
}

export type QuoteKind = 'words' | 'word' | 'silent';

/** What a quote is, as a card shows it. */
export function quoteKind(q: Quoted): QuoteKind {
  if (/\bnot (shown|described)\b/i.test(q.quote)) return 'silent';
  return /^\S+$/.test(q.quote.trim()) ? 'word' : 'words';
}

/** A unit's text as the reader sees it: a row's cells named by their columns, markdown marks dropped. */
function unitText(anchor: string): string | undefined {
  const unit = specUnit(anchor);
  if (!unit) return undefined;
  const text = unit.text.replace(/\*\*([^*]+)\*\*/g, '$1').replace(/`([^`]+)`/g, '$1');
  const columns = 'columns' in unit ? (unit.columns as readonly string[] | undefined) : undefined;
  const cells = text.split(' | ');
  return columns && cells.length === columns.length ? cells.map((cell, i) => `${columns[i]}: ${cell}`).join(' · ') : text;
}

/** The unit's text, escaped, with each quoted word marked where it stands as a word. */
function marked(text: string, words: string[]): string {
  let html = esc(text);
  for (const w of new Set(words.map(esc))) {
    html = html.replace(new RegExp(`(^|[^\\w])(${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(?![\\w])`, 'g'), '$1<mark>$2</mark>');
  }
  return html;
}

const cite = (anchor: string, silence?: string) =>
  `<cite>interface spec <a href="${esc(specHref(anchor))}">${esc(anchor)}</a>${silence ? `, as the suite reads it (silence <code>${esc(silence)}</code>)` : ''}</cite>`;

/** The quotes of one rule, or the union of a finding's rules' quotes, in order of first appearance. */
export function quotesHtml(refs: readonly Quoted[]): string {
  const seen = new Set<string>();
  const unique = refs.filter((q) => {
    const k = `${q.anchor}\u0000${q.quote}\u0000${q.silence ?? ''}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
  const out: string[] = [];
  const words = new Map<string, Quoted[]>();
  for (const q of unique) if (quoteKind(q) === 'word') words.set(q.anchor, [...(words.get(q.anchor) ?? []), q]);
  const shownUnits = new Set<string>();
  for (const q of unique) {
    const kind = quoteKind(q);
    if (kind === 'words') out.push(`<blockquote class="sentence"><a href="${esc(specHref(q.anchor))}">${esc(q.quote)}</a>${cite(q.anchor, q.silence)}</blockquote>`);
    if (kind === 'word' && !shownUnits.has(q.anchor)) {
      shownUnits.add(q.anchor);
      const all = words.get(q.anchor)!;
      const text = unitText(q.anchor);
      const silence = all.find((w) => w.silence)?.silence;
      const which = all.map((w) => `“${esc(w.quote)}”`).join(', ');
      out.push(
        text
          ? `<blockquote class="sentence unit"><a href="${esc(specHref(q.anchor))}">${marked(text, all.map((w) => w.quote))}</a>${cite(q.anchor, silence)}<span class="which">the rule checks ${which} of it</span></blockquote>`
          : `<blockquote class="sentence"><a href="${esc(specHref(q.anchor))}">${esc(q.quote)}</a>${cite(q.anchor, silence)}</blockquote>`,
      );
    }
  }
  const silent = unique.filter((q) => quoteKind(q) === 'silent');
  if (silent.length)
    out.push(
      `<div class="context"><p>Context, not a requirement: here the spec is silent, and the rule holds the suite's reading of it (each reading is catalogued; docs/silences.md).</p>${silent
        .map((q) => `<p><a href="${esc(specHref(q.anchor))}">“${esc(q.quote)}”</a> (${esc(q.anchor)}${q.silence ? `; reading <code>${esc(q.silence)}</code>` : ''})</p>`)
        .join('')}</div>`,
    );
  return out.join('');
}
