import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

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
    for (const form of [v, encodeURIComponent(v), JSON.stringify(v).slice(1, -1), Buffer.from(v).toString('base64')]) if (form) forms.add(form);
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

export interface Scrubbed {
  files: number;
  hits: number;
  /** every file swept, by path: its bytes as they are on disk now (redacted where a secret was found) */
  contents: Map<string, Buffer>;
}

/** Files read at once: enough to keep the disk busy, few enough to hold little memory. */
const READ_AHEAD = 32;

/**
 * Sweeps every file under `dir` (or the `only` files given) in one pass each, rewrites the files
 * where a secret was found, and hands back what it read so the caller need not read it again.
 */
export async function scrubSecrets(dir: string, secrets: string[], only?: string[]): Promise<Scrubbed> {
  const matcher = secretMatcher(secrets);
  const paths = only ?? (await walk(dir));
  const contents = new Map<string, Buffer>();
  let files = 0;
  let hits = 0;
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      let bytes: Buffer;
      try {
        bytes = await readFile(path);
      } catch {
        continue; // gone since the listing (a staging dir swapped away): nothing left to leak
      }
      const found = matcher?.redact(bytes.toString('utf8'));
      if (found && found.hits > 0) {
        files += 1;
        hits += found.hits;
        bytes = Buffer.from(found.text, 'utf8');
        await writeFile(path, bytes);
      }
      contents.set(path, bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_AHEAD, paths.length) }, worker));
  return { files, hits, contents };
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else if (entry.isFile() || entry.isSymbolicLink()) out.push(path);
  }
  return out;
}
