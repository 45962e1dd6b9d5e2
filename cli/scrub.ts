import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The last line of defence for "secrets never appear in reports": every file under the reports
 * directory is searched for the profile's secret values, and any hit is replaced. Evidence is
 * redacted at the source; a hit here is a suite defect, so the count is reported loudly.
 */
export async function scrubSecrets(dir: string, secrets: string[]): Promise<{ files: number; hits: number }> {
  const values = secrets.filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  let files = 0;
  let hits = 0;
  for (const path of await walk(dir)) {
    const text = await readFile(path, 'utf8');
    let out = text;
    for (const v of values) {
      for (const form of new Set([v, encodeURIComponent(v), JSON.stringify(v).slice(1, -1), Buffer.from(v).toString('base64')])) {
        if (form && out.includes(form)) {
          hits += out.split(form).length - 1;
          out = out.split(form).join('[redacted]');
        }
      }
    }
    if (out !== text) {
      files += 1;
      await writeFile(path, out);
    }
  }
  return { files, hits };
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    const info = await stat(path);
    if (info.isDirectory()) out.push(...(await walk(path)));
    else out.push(path);
  }
  return out;
}
