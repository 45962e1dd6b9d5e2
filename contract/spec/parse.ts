/**
 * Cuts the interface specification into units: every sentence, list item
 * and table row of §1-§9, each with a stable anchor `§<section>/<key>`. A table row's key is
 * its key cell (the first column whose values are unique in the table: an identifier as
 * written, e.g. `§7.3/LicenseQuantityLessThanNumberOfUsers`, `§4.4/DeleteMessage`, other text
 * as a slug, e.g. `§4.3/move-message`); a sentence's key is a slug of its first words, as many
 * as keep it apart from the section's other units. Pure: the generator (`npm run docs`) and the
 * staleness self-test both call it on the spec's text. A section's heading is the unit
 * `§<section>/title`.
 */

export type UnitKind = 'heading' | 'sentence' | 'item' | 'row';

export interface ParsedUnit {
  /** `§4.4/DeleteMessage` */
  anchor: string;
  /** `§4.4` */
  section: string;
  kind: UnitKind;
  /** 1-based line in interface-spec.md */
  line: number;
  /** the unit as the spec writes it (markdown kept; a row's cells joined by ' | ') */
  text: string;
  /** a row's column headings, in order */
  columns?: string[];
}

const STOP = new Set('a an the of to in with and or is are be by for your as its on at from that this it'.split(' '));
const SENTENCE_WORDS = 5;
const ROW_WORDS = 6;

/** Text without markdown emphasis or code marks, white space collapsed: what a quote is matched against. */
export function plain(text: string): string {
  return text
    .replace(/\*\*|__|`/g, '')
    .replace(/(^|\s)\*(\S)/g, '$1$2')
    .replace(/\s*\|\s*/g, ' | ')
    .replace(/\s+/g, ' ')
    .trim();
}

const words = (text: string) =>
  plain(text)
    .toLowerCase()
    .replace(/'s\b/g, '')
    .replace(/(\d)\.(?=\d)/g, '$1_')
    .replace(/[^a-z0-9_]+/g, ' ')
    .replace(/(\d)_(?=\d)/g, '$1.')
    .split(' ')
    .filter((w) => w !== '' && !STOP.has(w));

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Sentences of a paragraph or list item: split after . ! ? followed by a capital, a bold mark or a quote. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z*'(])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Keys from word lists: the shortest prefix of at least `min` words that no other entry shares. */
function distinctPrefixes(lists: string[][], min: number): string[] {
  return lists.map((mine, i) => {
    for (let n = Math.min(min, mine.length); n <= mine.length; n++) {
      const key = mine.slice(0, n).join('-');
      if (lists.every((other, j) => j === i || other.slice(0, n).join('-') !== key)) return key;
    }
    return mine.join('-');
  });
}

interface Raw {
  section: string;
  kind: UnitKind;
  line: number;
  text: string;
  columns?: string[];
  /** for rows: the key cell */
  keyCell?: string;
  /** for rows whose key cell repeats in the table: the first cell, to tell them apart */
  qualifier?: string;
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** Picks the key column of a table: the first whose cells are all distinct, else the most varied. */
function keyColumn(rows: string[][]): { index: number; unique: boolean } {
  const width = Math.max(...rows.map((r) => r.length));
  let best = { index: 0, distinct: -1 };
  for (let c = 0; c < width; c++) {
    const distinct = new Set(rows.map((r) => r[c] ?? '')).size;
    if (distinct === rows.length) return { index: c, unique: true };
    if (distinct > best.distinct) best = { index: c, distinct };
  }
  return { index: best.index, unique: false };
}

export function parseSpec(markdown: string): ParsedUnit[] {
  const lines = markdown.split('\n');
  const raws: Raw[] = [];
  let section: string | undefined;
  let table: { columns: string[]; rows: Array<{ cells: string[]; line: number }> } | undefined;

  const flushTable = () => {
    if (!table || !section) return (table = undefined);
    const { index, unique } = keyColumn(table.rows.map((r) => r.cells));
    for (const row of table.rows)
      raws.push({
        section,
        kind: 'row',
        line: row.line,
        text: row.cells.join(' | '),
        columns: table.columns,
        keyCell: row.cells[index] ?? '',
        ...(unique ? {} : { qualifier: row.cells[0] }),
      });
    table = undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const heading = /^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s/.exec(raw);
    if (heading || /^#\s/.test(raw)) {
      flushTable();
      section = heading ? `§${heading[1]}` : undefined;
      // a heading is a unit too: some say what the section leaves out ('§7.2 … body shape of these: not shown')
      if (section) raws.push({ section, kind: 'heading', line: i + 1, text: raw.replace(/^#+\s+/, '') });
      continue;
    }
    const line = raw.trim();
    if (line.startsWith('|')) {
      if (/^\|[-:| ]+\|$/.test(line)) continue;
      const next = lines[i + 1]?.trim() ?? '';
      if (!table && /^\|[-:| ]+\|$/.test(next)) {
        table = { columns: cellsOf(line), rows: [] };
        continue;
      }
      table?.rows.push({ cells: cellsOf(line), line: i + 1 });
      continue;
    }
    flushTable();
    if (!section || line === '') continue;
    const item = /^(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    for (const text of sentences(item ? item[1]! : line)) raws.push({ section, kind: item ? 'item' : 'sentence', line: i + 1, text });
  }
  flushTable();
  return anchor(raws);
}

function anchor(raws: Raw[]): ParsedUnit[] {
  const keys = new Map<Raw, string>();
  const bySection = new Map<string, Raw[]>();
  for (const r of raws) bySection.set(r.section, [...(bySection.get(r.section) ?? []), r]);
  for (const group of bySection.values()) {
    const rows = group.filter((r) => r.kind === 'row');
    const idRows = rows.filter((r) => IDENTIFIER.test(r.keyCell!));
    const counts = new Map<string, number>();
    for (const r of idRows) counts.set(r.keyCell!, (counts.get(r.keyCell!) ?? 0) + 1);
    for (const r of idRows) keys.set(r, counts.get(r.keyCell!)! > 1 ? `${r.keyCell}-${words(r.qualifier ?? '').join('-')}` : r.keyCell!);
    const textRows = rows.filter((r) => !IDENTIFIER.test(r.keyCell!));
    const rowKeys = distinctPrefixes(
      textRows.map((r) => words(r.keyCell!)),
      ROW_WORDS,
    );
    textRows.forEach((r, i) => keys.set(r, rowKeys[i]!));
    for (const r of group) if (r.kind === 'heading') keys.set(r, 'title');
    const prose = group.filter((r) => r.kind !== 'row' && r.kind !== 'heading');
    const taken = new Set(rows.map((r) => keys.get(r)!));
    const proseKeys = distinctPrefixes(
      prose.map((r) => words(r.text)),
      SENTENCE_WORDS,
    );
    prose.forEach((r, i) => {
      let key = proseKeys[i]!;
      for (let n = 2; taken.has(key); n++) key = `${proseKeys[i]}-${n}`;
      taken.add(key);
      keys.set(r, key);
    });
  }
  const seen = new Set<string>();
  return raws.map((r) => {
    let a = `${r.section}/${keys.get(r)}`;
    for (let n = 2; seen.has(a); n++) a = `${r.section}/${keys.get(r)}-${n}`;
    seen.add(a);
    return { anchor: a, section: r.section, kind: r.kind, line: r.line, text: r.text, ...(r.columns ? { columns: r.columns } : {}) };
  });
}
