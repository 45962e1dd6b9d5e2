/**
 * Allure's single-file report made light. The awesome plugin's single file inlines every data
 * file, base64, as d("<path>","<base64>") calls, and its app as one base64 data: URL: a full run
 * made a 12-18 MB page that the browser parsed whole on every open, and every "in Allure" link
 * from the verdict page opened it again. Here the app becomes one script file and every data
 * file one small script beside the page (allure/), loaded on demand through the one door the
 * app reads its data by (`globalThis.allureReportData`, @allurereport/web-commons data.js): a
 * Proxy whose lookups load the script that holds the entry. <script src> works from file://,
 * where the plugin's multi-file variant (fetch) does not, so the report still opens from disk.
 *
 * The run's start and duration replace Allure's (computed from the first and last test), so the
 * Allure view states the run summary.json states.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The folder beside the page that holds the app and the data scripts. */
export const ASSETS = 'allure';

const APP = /<script\s+src="data:text\/javascript;base64,([A-Za-z0-9+/=]+)"><\/script>/;
const DATA = /d\("([^"]+)","([A-Za-z0-9+/=]*)"\)/g;
const LOADER_START = /<script async>\s*window\.allureReportDataReady = false;[\s\S]*?<\/script>\s*<script defer>\s*Promise\.allSettled\(\[[\s\S]*?<\/script>/;
const OPTIONS = /(window\.allureReportOptions = )(\{.*\})/;

export interface RunSpan {
  startedAt?: string;
  durationMs: number;
}

/** The page's data loader: the entries' scripts by name, each loaded once, when first asked for. */
function loader(files: Record<string, string>): string {
  return `<script>
(function () {
  var files = ${JSON.stringify(files)};
  var loaded = Object.create(null), waiting = Object.create(null);
  window.allureData = function (name, value) {
    loaded[name] = value;
    (waiting[name] || []).forEach(function (w) { w[0](value); });
    delete waiting[name];
  };
  function load(name) {
    return new Promise(function (resolve, reject) {
      if (name in loaded) return resolve(loaded[name]);
      var queue = waiting[name] || (waiting[name] = []);
      queue.push([resolve, reject]);
      if (queue.length > 1) return;
      var script = document.createElement("script");
      script.src = files[name];
      script.onerror = function () {
        (waiting[name] || []).forEach(function (w) { w[1](new Error('Data "' + name + '" could not be loaded from ' + files[name])); });
        delete waiting[name];
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
  /** rewrites a data entry's JSON (by its name, such as widgets/tree.json) before it is written */
  rewrite?: (name: string, json: string) => string;
}

/** Rewrites the single-file report `page` in `dir` into the light form; returns the files it wrote. */
export async function lightenReport(dir: string, page: string, { run, rewrite }: LightenOptions = {}): Promise<number> {
  const path = join(dir, page);
  let html = await readFile(path, 'utf8');
  const app = APP.exec(html);
  if (!app || !LOADER_START.test(html)) throw new Error(`${path} is not the Allure single-file report this suite knows (Allure's layout changed?); it is left as Allure wrote it.`);
  await mkdir(join(dir, ASSETS, 'data'), { recursive: true });
  await writeFile(join(dir, ASSETS, 'app.js'), Buffer.from(app[1]!, 'base64'));
  const files: Record<string, string> = {};
  let n = 0;
  for (const [, name, encoded] of html.matchAll(DATA)) {
    const file = `${ASSETS}/data/${(n++).toString(36)}.js`;
    files[name!] = file;
    const base64 = rewrite && name!.endsWith('.json') ? Buffer.from(rewrite(name!, Buffer.from(encoded!, 'base64').toString('utf8')), 'utf8').toString('base64') : encoded;
    await writeFile(join(dir, file), `allureData(${JSON.stringify(name)},"${base64}");\n`, 'utf8');
  }
  html = html.replace(APP, `<script src="${ASSETS}/app.js"></script>`).replace(LOADER_START, () => loader(files));
  if (run) html = html.replace(OPTIONS, (_, head: string, json: string) => head + JSON.stringify(withRun(JSON.parse(json) as ReportOptions, run)).replace(/</g, '\\u003c'));
  await writeFile(path, html, 'utf8');
  return n + 1;
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
  for (const [name, file] of Object.entries(files)) {
    const text = await readFile(join(dir, file), 'utf8');
    const m = /^allureData\("(?:[^"\\]|\\.)*","([A-Za-z0-9+/=]*)"\);/.exec(text);
    if (m) out.set(name, Buffer.from(m[1]!, 'base64').toString('utf8'));
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
