import { existsSync, readFileSync } from 'node:fs';

/**
 * The spec sentence a rule checks, for the report. A rule may quote it (`sentence` in rule());
 * otherwise the report shows the line of the rule's section (a sentence, list item or table
 * row of interface-spec.md) that shares the most words with the rule's title, marked as matched
 * automatically. Reporting only: no verdict depends on it.
 */

const SPEC = new URL('../../../shared/spec/interface-spec.md', import.meta.url);
const LOCAL_SPEC = new URL('../../shared/spec/interface-spec.md', import.meta.url);

const STOP = new Set(
  'a an the and or of to in on for with by is are be it its as at from that this not no any each every when which than then if was were has have had shown'.split(' '),
);

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9_§.\s-]/g, ' ')
    .split(/[\s.]+/)
    .filter((w) => w.length > 1 && !STOP.has(w));

/** Section number (without §) → its lines, cut into sentences, list items and table rows. */
export function specUnits(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string | undefined;
  let major: string | undefined;
  for (const raw of text.split('\n')) {
    const heading = /^(#{2,4})\s+(\d+(?:\.\d+)*)\.?\s/.exec(raw);
    if (heading) {
      current = heading[2]!;
      if (!current.includes('.')) major = current;
      continue;
    }
    const line = raw.trim();
    if (!current || line === '' || /^\|[-| ]+\|$/.test(line)) continue;
    const units = line.startsWith('|') ? [line.replace(/^\||\|$/g, '').split('|').map((c) => c.trim()).join(' | ')] : line.replace(/^[-*]\s+|^\d+\.\s+/, '').split(/(?<=[.;])\s+(?=[A-Z*])/);
    for (const key of new Set([current, major].filter(Boolean) as string[])) {
      const list = out.get(key) ?? [];
      list.push(...units.filter((u) => u.length > 3));
      out.set(key, list);
    }
  }
  return out;
}

let cached: Map<string, string[]> | null | undefined;

function loadUnits(): Map<string, string[]> | null {
  if (cached !== undefined) return cached;
  const file = [LOCAL_SPEC, SPEC].find((u) => existsSync(u));
  cached = file ? specUnits(readFileSync(file, 'utf8')) : null;
  return cached;
}

/** The best-matching unit of the section for a title, or undefined when nothing shares a word. */
export function matchSentence(section: string, title: string, units: Map<string, string[]> | null = loadUnits()): string | undefined {
  const candidates = units?.get(section.replace(/^§/, ''));
  if (!candidates?.length) return undefined;
  const want = new Set(words(title));
  const quoted = [...title.matchAll(/"([^"]{4,})"/g)].map((m) => m[1]!.toLowerCase());
  let best: { unit: string; score: number } | undefined;
  for (const unit of candidates) {
    const have = new Set(words(unit));
    let score = 0;
    for (const w of have) if (want.has(w)) score += w.length > 6 ? 2 : 1;
    for (const q of quoted) if (unit.toLowerCase().includes(q)) score += 10;
    score /= Math.sqrt(Math.max(4, have.size));
    if (!best || score > best.score) best = { unit, score };
  }
  return best && best.score > 0.5 ? best.unit.replace(/\*\*/g, '') : undefined;
}
