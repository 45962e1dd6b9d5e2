/**
 * What a property's counterexample is, in the terms of the rule it broke: a text's length in the
 * spec's unit (a character is one Unicode code point, contract/limits-messaging.ts; UTF-16 units
 * and UTF-8 bytes are added where they differ, since a target may count those instead), the
 * scripts it mixes, an escaped form for characters a reader's font shows as empty boxes, and the
 * boundary it stands against when the rule knows its limit ("66 characters, over the
 * 65-character limit of §8/folder-name-length").
 */

/** A limit on a text's length, in characters, and the spec unit that sets it. */
export interface TextLimit {
  min?: number;
  max?: number;
  /** the spec unit, e.g. §8/folder-name-length */
  anchor: string;
}

/** What the describer says: one line for the failure's reason, the full account for the report. */
export interface Description {
  line: string;
  lines: string[];
}

/** Scripts a generated text may hold, as Unicode script properties; what is in none of them is "Common" (digits, punctuation, symbols, spaces) or "other". */
const SCRIPTS = ['Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Devanagari', 'Thai', 'Hangul', 'Hiragana', 'Katakana', 'Han', 'Common', 'Inherited'] as const;
const SCRIPT_RE = new Map(SCRIPTS.map((s) => [s, new RegExp(`^\\p{Script=${s}}$`, 'u')]));

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The scripts of a text, most used first, with how many characters of each. */
export function scriptsOf(text: string): Array<{ script: string; count: number }> {
  const counts = new Map<string, number>();
  for (const ch of text) {
    const script = SCRIPTS.find((s) => SCRIPT_RE.get(s)!.test(ch)) ?? 'other';
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  return [...counts].map(([script, count]) => ({ script, count })).sort((a, b) => b.count - a.count || a.script.localeCompare(b.script));
}

/** The text with every character outside printable ASCII as \u{…}: what it is, whatever the font shows. */
export const escaped = (text: string) => [...text].map((ch) => (/^[\x20-\x7e]$/.test(ch) ? ch : `\\u{${ch.codePointAt(0)!.toString(16).toUpperCase()}}`)).join('');

/** Where a length stands against the limit, in words. */
function boundary(n: number, limit: TextLimit): string {
  const { min, max, anchor } = limit;
  if (max !== undefined && n > max) return `over the ${max}-character limit of ${anchor} by ${n - max}`;
  if (min !== undefined && n < min) return `under the ${min}-character minimum of ${anchor} by ${min - n}`;
  const range = min !== undefined && max !== undefined ? `${min} to ${max} characters` : max !== undefined ? `at most ${max} characters` : `at least ${min} characters`;
  const edge = n === max ? ', exactly at the limit' : n === min ? ', exactly at the minimum' : '';
  return `within the ${range} of ${anchor}${edge}`;
}

export function describeText(text: string, limit?: TextLimit): Description {
  const chars = [...text].length;
  const units = text.length;
  const bytes = Buffer.byteLength(text, 'utf8');
  const other = [...(units !== chars ? [plural(units, 'UTF-16 unit')] : []), ...(bytes !== chars ? [plural(bytes, 'UTF-8 byte')] : [])];
  const length = `${plural(chars, 'character')}${other.length ? ` (code points; ${other.join(', ')})` : ''}`;
  const scripts = scriptsOf(text);
  const scriptWords = scripts.map((s) => `${s.script} ${s.count}`).join(', ');
  const where = limit ? `, ${boundary(chars, limit)}` : '';
  const lines = [`Length: ${length}${where}.`, `Scripts: ${scriptWords || 'none (empty)'}.`];
  const esc = escaped(text);
  if (esc !== text) lines.push(`Escaped (each character outside printable ASCII as \\u{code point}, whatever a font shows): "${esc}"`);
  return { line: `${plural(chars, 'character')}${where}; scripts ${scripts.map((s) => s.script).join(', ') || 'none'}${other.length ? `; ${other.join(', ')}` : ''}`, lines };
}

/**
 * Without a describer of the rule's own: a text with characters beyond printable ASCII (whose
 * length and scripts a reader cannot see) is described without a limit; anything else is not
 * (a date such as "02/29/2027" says what it is).
 */
export function describeDefault(value: unknown): Description | undefined {
  return typeof value === 'string' && /[^\x20-\x7e]/.test(value) ? describeText(value) : undefined;
}
