import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { secretForms } from '../contract/secret-forms.js';

/**
 * The last line of defence for "secrets never appear in reports": every file under the reports
 * directory is searched for the profile's secret values, and any hit is replaced. Evidence is
 * redacted at the source; a hit here is a suite defect, so the count is reported loudly.
 *
 * One pass per file with one combined matcher: every form of every secret in a single RegExp
 * (longest first, so a value that contains another is replaced whole). A profile holds some 140
 * secrets, four forms each; searching for each form in turn read a run's 28 MB of reports 560
 * times (about 4 s), the combined pattern reads them once (about 0.1 s).
 */
export interface SecretMatcher {
  /** the text with every form of every secret replaced, and how many were */
  redact(text: string): { text: string; hits: number };
}

const REPLACEMENT = '[redacted]';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The forms a secret takes in a report: as is, URL-encoded, JSON-escaped, base64. Values under 4 characters are too common to sweep. */
export function secretMatcher(secrets: string[]): SecretMatcher | undefined {
  const forms = new Set<string>();
  for (const v of secrets.filter((s) => s.length >= 4)) {
    for (const [form] of secretForms(v)) forms.add(form);
  }
  if (forms.size === 0) return undefined;
  const pattern = new RegExp([...forms].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g');
  return {
    redact(text) {
      let hits = 0;
      const out = text.replace(pattern, () => {
        hits += 1;
        return REPLACEMENT;
      });
      return { text: hits > 0 ? out : text, hits };
    },
  };
}

/**
 * A sweep in progress: each file's bytes (or text) go in as they are about to be written or
 * handed on, and come out with every secret replaced; the files with a hit and the hits are
 * counted. Where nothing was found the very same bytes come back, so a caller can tell whether
 * a file needs writing again.
 */
export interface Sweep {
  bytes(bytes: Buffer): Buffer;
  text(text: string): string;
  /** files in which a secret was found */
  readonly files: number;
  readonly hits: number;
}

export function secretSweep(secrets: string[]): Sweep {
  const matcher = secretMatcher(secrets);
  let files = 0;
  let hits = 0;
  const text = (input: string): string => {
    const found = matcher?.redact(input);
    if (!found || found.hits === 0) return input;
    files += 1;
    hits += found.hits;
    return found.text;
  };
  return {
    bytes: (bytes) => {
      if (!matcher) return bytes;
      const input = bytes.toString('utf8');
      const out = text(input);
      return out === input ? bytes : Buffer.from(out, 'utf8');
    },
    text,
    get files() {
      return files;
    },
    get hits() {
      return hits;
    },
  };
}

export interface Scrubbed {
  files: number;
  hits: number;
  /** every file swept, by path: its bytes as they are on disk now (redacted where a secret was found) */
  contents: Map<string, Buffer>;
}

/**
 * Sweeps every file under `dir` (or the `only` files given) in one pass each, rewrites the files
 * where a secret was found, and hands back what it read so the caller need not read it again.
 * Reads are synchronous on purpose: the files were just written and sit in the page cache, and
 * 3,000 small reads through libuv's pool cost four times the CPU of reading them in line.
 */
export function scrubSecrets(dir: string, secrets: string[], only?: string[]): Scrubbed {
  const sweep = secretSweep(secrets);
  const contents = new Map<string, Buffer>();
  for (const path of only ?? filesUnder(dir)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue; // gone since the listing: nothing left to leak
    }
    const swept = sweep.bytes(bytes);
    if (swept !== bytes) writeFileSync(path, swept);
    contents.set(path, swept);
  }
  return { files: sweep.files, hits: sweep.hits, contents };
}

/** Every file under `dir`, at any depth (none where it does not exist). */
export function filesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() || entry.isSymbolicLink() ? [path] : [];
  });
}
