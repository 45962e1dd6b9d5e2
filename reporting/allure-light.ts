/**
 * Allure's single-file report made light. The awesome plugin's single file inlines every data
 * file, base64, as d("<path>","<base64>") calls, and its app as one base64 data: URL: a full run
 * made a 12-18 MB page that the browser parsed whole on every open, and every "in Allure" link
 * from the verdict page opened it again. Here the app becomes one script file and the data files
 * a few scripts beside the page (allure/), each holding a pack of them, loaded on demand through
 * the one door the app reads its data by (`globalThis.allureReportData`, @allurereport/web-commons
 * data.js): a Proxy whose lookups load the script that holds the entry. <script src> works from file://,
 * where the plugin's multi-file variant (fetch) does not, so the report still opens from disk.
 *
 * The run's start and duration replace Allure's (computed from the first and last test), so the
 * Allure view states the run summary.json states.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The folder beside the page that holds the app and the data scripts. */
export const ASSETS = 'allure';

const APP = /<script\s+src="data:text\/javascript;base64,([A-Za-z0-9+/=]+)"><\/script>/;
const LOADER_START = /<script async>\s*window\.allureReportDataReady = false;[\s\S]*?<\/script>\s*<script defer>\s*Promise\.allSettled\(\[[\s\S]*?<\/script>/;
const OPTIONS = /(window\.allureReportOptions = )(\{.*\})/;

export interface RunSpan {
  startedAt?: string;
  durationMs: number;
}

/**
 * A data script holds entries up to about this many bytes of base64. A full run's 1,300 data files
 * were as many scripts, and every file a run writes costs it a create in the file system (on a
 * 2-core VM a create took 0.1-1 ms of kernel time: over a second for the report); packed, they are
 * some 40 scripts, and the browser loads the pack of an entry it asks for, a few hundred KB.
 */
const PACK_BYTES = 512 * 1024;

/** The page's data loader: the entries' scripts by name, each script loaded once, when an entry it holds is first asked for. */
function loader(files: Record<string, string>): string {
  return `<script>
(function () {
  var files = ${JSON.stringify(files)};
  var loaded = Object.create(null), waiting = Object.create(null), requested = Object.create(null);
  window.allureData = function (name, value) {
    loaded[name] = value;
    (waiting[name] || []).forEach(function (w) { w[0](value); });
    delete waiting[name];
  };
  function load(name) {
    return new Promise(function (resolve, reject) {
      if (name in loaded) return resolve(loaded[name]);
      (waiting[name] || (waiting[name] = [])).push([resolve, reject]);
      var file = files[name];
      if (requested[file]) return;
      requested[file] = true;
      var script = document.createElement("script");
      script.src = file;
      script.onerror = function () {
        delete requested[file];
        Object.keys(waiting).forEach(function (n) {
          if (files[n] !== file) return;
          waiting[n].forEach(function (w) { w[1](new Error('Data "' + n + '" could not be loaded from ' + file)); });
          delete waiting[n];
        });
      };
      document.head.appendChild(script);
    });
  }
  window.allureReportData = new Proxy({}, {
    has: function (_, name) { return typeof name === "string" && name in files; },
    get: function (_, name) { return typeof name === "string" && name in files ? load(name) : undefined; }
  });
  window.allureReportDataReady = true;
})();
</script>`;
}

export interface LightenOptions {
  run?: RunSpan;
  /** rewrites the JSON of the data entries whose name it matches (such as widgets/tree.json) before they are written */
  rewrite?: { names: RegExp; json: (json: string, name: string) => string };
  /** applied to the page's own text (its data entries cut out) before it is made light */
  prepare?: (html: string) => string;
}

/** A single-file report made light: the page, and the files beside it by their path from the page's dir. */
export interface LightReport {
  html: string;
  files: Map<string, Buffer>;
}

/** A data entry d("<name>","<base64>") of the page, found at a byte offset: its name, its base64 bytes (not copied) and where it ends. */
interface DataEntry {
  name: string;
  base64: Buffer;
  /** the offsets of the base64 inside the page, and of the entry's end */
  from: number;
  to: number;
  end: number;
}

const QUOTE = 0x22;
const ENTRY_OPEN = Buffer.from('d("');
const NAME_END = Buffer.from('","');
const BASE64_BYTE = new Uint8Array(256).map((_, byte) => Number(/[A-Za-z0-9+/=]/.test(String.fromCharCode(byte))));

/** The entry that starts at `at`, if one does: d("<name>","<base64>"), the name one or more bytes but a quote, the base64 of [A-Za-z0-9+/=] only. */
function entryAt(page: Buffer, at: number): DataEntry | undefined {
  const nameFrom = at + ENTRY_OPEN.length;
  const nameTo = page.indexOf(QUOTE, nameFrom);
  if (nameTo <= nameFrom || !page.subarray(nameTo, nameTo + NAME_END.length).equals(NAME_END)) return undefined;
  const from = nameTo + NAME_END.length;
  let to = from;
  while (to < page.length && BASE64_BYTE[page[to]!]) to += 1;
  if (page[to] !== QUOTE || page[to + 1] !== 0x29 /* ) */) return undefined;
  return { name: page.toString('utf8', nameFrom, nameTo), base64: page.subarray(from, to), from, to, end: to + 2 };
}

/**
 * Every data entry of the page, found in its bytes as /d\("([^"]+)","([A-Za-z0-9+/=]*)"\)/g finds them in
 * its text (leftmost first, none overlapping), and the page without their base64: some 20 MB of a full run's page are data,
 * which is not decoded to text, searched or copied to be cut into files.
 */
function dataEntries(page: Buffer): { entries: DataEntry[]; rest: string } {
  const entries: DataEntry[] = [];
  const parts: Buffer[] = [];
  let kept = 0;
  for (let at = page.indexOf(ENTRY_OPEN); at >= 0; ) {
    const entry = entryAt(page, at);
    if (!entry) {
      at = page.indexOf(ENTRY_OPEN, at + 1);
      continue;
    }
    entries.push(entry);
    parts.push(page.subarray(kept, entry.from));
    kept = entry.to;
    at = page.indexOf(ENTRY_OPEN, entry.end);
  }
  parts.push(page.subarray(kept));
  return { entries, rest: Buffer.concat(parts).toString('utf8') };
}

/**
 * Rewrites the single-file report `page` (Allure's bytes, named `name` in messages) into the light
 * form, in memory: the caller writes the page and its files, after sweeping them.
 */
export function lightenPage(page: Buffer, name: string, { run, rewrite, prepare }: LightenOptions = {}): LightReport {
  const { entries, rest } = dataEntries(page);
  const html = prepare ? prepare(rest) : rest;
  const app = APP.exec(html);
  if (!app || !LOADER_START.test(html)) throw new Error(`${name} is not the Allure single-file report this suite knows (Allure's layout changed?); it is left as Allure wrote it.`);
  const files = new Map<string, Buffer>([[`${ASSETS}/app.js`, Buffer.from(app[1]!, 'base64')]]);
  const names: Record<string, string> = {};
  // the entries in the page's order, packed into scripts of up to PACK_BYTES (an entry larger than that is a pack of its own)
  let pack: Buffer[] = [];
  let packBytes = 0;
  const close = () => {
    if (pack.length > 0) files.set(`${ASSETS}/data/${(files.size - 1).toString(36)}.js`, Buffer.concat(pack));
    pack = [];
    packBytes = 0;
  };
  for (const entry of entries) {
    const base64 = rewrite?.names.test(entry.name) ? Buffer.from(Buffer.from(rewrite.json(Buffer.from(entry.base64.toString('latin1'), 'base64').toString('utf8'), entry.name), 'utf8').toString('base64'), 'latin1') : entry.base64;
    if (packBytes > 0 && packBytes + base64.length > PACK_BYTES) close();
    names[entry.name] = `${ASSETS}/data/${(files.size - 1).toString(36)}.js`;
    pack.push(Buffer.from(`allureData(${JSON.stringify(entry.name)},"`, 'utf8'), base64, Buffer.from('");\n', 'utf8'));
    packBytes += base64.length;
  }
  close();
  let light = html.replace(APP, `<script src="${ASSETS}/app.js"></script>`).replace(LOADER_START, () => loader(names));
  if (run) light = light.replace(OPTIONS, (_, head: string, json: string) => head + JSON.stringify(withRun(JSON.parse(json) as ReportOptions, run)).replace(/</g, '\\u003c'));
  return { html: light, files };
}

interface Span {
  start: number;
  stop: number;
  duration: number;
}
interface ReportOptions {
  runSummary?: Span;
  runSummaryByEnv?: Record<string, Span>;
}

function withRun(options: ReportOptions, run: RunSpan): ReportOptions {
  const start = run.startedAt ? Date.parse(run.startedAt) : options.runSummary?.start;
  if (start === undefined || Number.isNaN(start)) return options;
  const span: Span = { start, stop: start + run.durationMs, duration: run.durationMs };
  return { ...options, runSummary: span, runSummaryByEnv: Object.fromEntries(Object.keys(options.runSummaryByEnv ?? { default: span }).map((env) => [env, span])) };
}

/** Every data entry of a light report, decoded (the self-tests read the report through it). */
export async function readAllureData(dir: string, page = 'allure.html'): Promise<Map<string, string>> {
  const html = await readFile(join(dir, page), 'utf8');
  const out = new Map<string, string>();
  const files = JSON.parse(/var files = (\{.*\});/.exec(html)?.[1] ?? '{}') as Record<string, string>;
  const packs = new Map<string, Map<string, string>>();
  for (const [name, file] of Object.entries(files)) {
    if (!packs.has(file)) {
      const text = await readFile(join(dir, file), 'utf8');
      packs.set(file, new Map([...text.matchAll(/^allureData\(("(?:[^"\\]|\\.)*"),"([A-Za-z0-9+/=]*)"\);$/gm)].map((m) => [JSON.parse(m[1]!) as string, m[2]!])));
    }
    const base64 = packs.get(file)!.get(name);
    if (base64 !== undefined) out.set(name, Buffer.from(base64, 'base64').toString('utf8'));
  }
  return out;
}

/** The report's run span, as the page states it (allureReportOptions.runSummary). */
export async function readRunSummary(dir: string, page = 'allure.html'): Promise<Span | undefined> {
  const html = await readFile(join(dir, page), 'utf8');
  const json = OPTIONS.exec(html)?.[2];
  return json ? (JSON.parse(json) as ReportOptions).runSummary : undefined;
}

/** The number of files a light report is made of, beside its page. */
export async function assetCount(dir: string): Promise<number> {
  return (await readdir(join(dir, ASSETS, 'data')).catch(() => [])).length + 1;
}
