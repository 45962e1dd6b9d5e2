import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readTags, type Phase } from '../harness/evidence-marks.js';

/**
 * The evidence of each rule as the Allure results hold it, read back for the verdict page: each
 * attachment's phase and whether it decided the verdict (the tags harness/rule-evidence.ts
 * put in its title), and a provisioning call's decrypted view paired with its raw exchange.
 */

/**
 * The command that replays rules alone, with the run's seed: `run --rule` runs only them (not the
 * whole suite) and prints their exchanges; the target and profile are the run's own.
 */
export function replayCommand(ruleIds: readonly string[], seed: number | undefined): string {
  return `npx secure-messaging-conformance run --rule ${ruleIds.join(',')}${seed === undefined ? '' : ` --seed ${seed}`}`;
}

export interface EvidenceEntry {
  title: string;
  text: string;
  phase: Phase;
  decisive: boolean;
  /** the decrypted view of this (provisioning) exchange, written by its client while the test ran */
  decrypted?: { title: string; text: string };
}

export interface RuleEvidence {
  entries: EvidenceEntry[];
  /** the test's id in Allure 3's view (allure.html#/<id>: its router reads the hash) */
  allureId?: string;
}

interface Attachment {
  name: string;
  source: string;
}

const DECRYPTED = / \(decrypted\) → /;
const firstLine = (s: string) => s.split('\n', 1)[0] ?? '';
/** An exchange's request line: its first line that is not a `# ` note (such as `# spec operation <id>`, harness/evidence.ts). */
const requestLine = (s: string) => s.split('\n').find((line) => !line.startsWith('# ')) ?? '';

/**
 * Each decrypted view (first line `Operation: POST <url>`) joins the next raw exchange of that
 * URL (first line `POST <url>`), in order: the client writes its view while the test runs, the
 * raw exchanges are attached after it, so without this they sit far apart.
 */
export function pairDecrypted(raw: Array<{ title: string; text: string }>): EvidenceEntry[] {
  const entries: EvidenceEntry[] = [];
  const views: Array<{ title: string; text: string }> = [];
  for (const a of raw) {
    if (DECRYPTED.test(a.title)) views.push(a);
    else entries.push({ ...readTags(a.title), text: a.text });
  }
  for (const view of views) {
    const request = firstLine(view.text).replace(/^[^:]*: /, '');
    const home = entries.find((e) => !e.decrypted && requestLine(e.text) === request);
    if (home) home.decrypted = view;
    else entries.push({ title: view.title, text: view.text, phase: 'body', decisive: false });
  }
  return entries;
}

/**
 * Each rule's evidence, from the results dir, or from `files` (its files by name, as the caller
 * has just read and swept them) without reading the dir again.
 */
export async function evidenceFromAllure(resultsDir: string, ids: Set<string>, files?: ReadonlyMap<string, Buffer>): Promise<Map<string, RuleEvidence>> {
  const out = new Map<string, RuleEvidence>();
  let names: string[];
  try {
    names = files ? [...files.keys()] : await readdir(resultsDir);
  } catch {
    return out;
  }
  const read = async (name: string): Promise<string> => {
    if (!files) return readFile(join(resultsDir, name), 'utf8');
    const bytes = files.get(name);
    if (!bytes) throw new Error(`no ${name}`);
    return bytes.toString('utf8');
  };
  for (const name of names.filter((n) => n.endsWith('-result.json'))) {
    const result = JSON.parse(await read(name)) as {
      uuid?: string;
      labels?: Array<{ name: string; value: string }>;
      steps?: Array<{ name: string; attachments?: Attachment[] }>;
      attachments?: Attachment[];
    };
    const id = result.labels?.find((l) => l.name === 'ruleId')?.value;
    if (!id) continue;
    // Allure 3 names a test result by the md5 of its uuid (@allurereport/core, store/convert.js)
    const allureId = result.uuid ? createHash('md5').update(result.uuid).digest('hex') : undefined;
    if (!ids.has(id)) {
      out.set(id, { entries: [], allureId });
      continue;
    }
    const attachments = [...(result.steps ?? []).flatMap((s) => s.attachments ?? []), ...(result.attachments ?? [])].filter((a) => !a.name.startsWith('technical detail'));
    const raw: Array<{ title: string; text: string }> = [];
    for (const a of attachments) raw.push({ title: a.name, text: await read(a.source).catch(() => '(attachment missing)') });
    out.set(id, { entries: pairDecrypted(raw), allureId });
  }
  return out;
}
