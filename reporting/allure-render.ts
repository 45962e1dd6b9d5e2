/**
 * Renders allure-vitest results into an offline Allure 3 ("awesome") report.
 *
 * How Allure 3.18 is wired (read from node_modules/allure and @allurereport/*):
 * - Environment: the allure2 reader turns `environment.properties` in the results
 *   dir into the `allure_environment` metadata, which the awesome overview shows
 *   as "Metadata". (Config `variables` would show the same data a second time as
 *   "Variables", so it is deliberately not set.)
 * - Categories: awesome ignores `categories.json` in the results dir (only the
 *   classic/allure2 plugins read it); it takes them from the config `categories`.
 *   We write both so the results dir stays meaningful to Allure 2 tooling too.
 * - Grouping: awesome plugin option `groupBy` (label names) shapes the tree.
 * - The single file is then made light (allure-light.ts): the app and each data file beside it.
 * - Allure keeps the report in memory (allure-render-worker.mjs) and hands it back: it is made
 *   light, swept and written once, never read back from disk.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, parse, relative, resolve, sep } from "node:path";
import { Worker } from "node:worker_threads";
import { INTERFACES } from "../contract/profile.js";
import { sectionKey } from "../contract/spec/coverage.js";
import { lightenPage, type RunSpan } from "./allure-light.js";

export interface AllureRenderOptions {
  resultsDir: string;
  reportDir: string;
  reportName: string;
  environment: Record<string, string>;
  timeoutMs?: number;
  /** the results dir's files by name, as the caller has just read them (else the worker reads the dir) */
  files?: Map<string, Buffer>;
  /** the run's start and duration as summary.json states them (Allure's own are its first and last test's) */
  run?: RunSpan;
  /** applied to every file of the report before it is written (the secret sweep of the rendered report) */
  sweep?: (bytes: Buffer) => Buffer;
  /** called once the worker has the inputs: the caller's work that overlaps the render */
  alongside?: () => void;
}

type AllureStatus = "failed" | "broken" | "skipped" | "unknown";

// one category per standing that is not a pass (allure-annotate.ts: a rule's standing is its status
// and its "standing" label), so the categories count what the verdict page and junit.xml count
const CATEGORIES: ReadonlyArray<{ name: string; status: AllureStatus; standing: string }> = [
  { name: "Non-conformance (must-level rule failed)", status: "failed", standing: "fail" },
  { name: "Broken (must-level rule could not be evaluated)", status: "broken", standing: "broken" },
  { name: "Warnings (should-level rule did not hold; not counted in the verdict)", status: "unknown", standing: "warning" },
  { name: "Expected failures (expectations file; not counted in the verdict)", status: "skipped", standing: "expected" },
  { name: "Not applicable (the profile lacks what the rule needs)", status: "skipped", standing: "notApplicable" },
];

// interface → spec section → rule (allure-annotate.ts puts the section in "feature")
const TREE_GROUP_BY = ["epic", "feature"];
const DEFAULT_TIMEOUT_MS = 120_000;
const OUTPUT_TAIL_LINES = 25;
const OUTPUT_BUFFER_CHARS = 64 * 1024;

/** environment.properties and categories.json, as the results dir holds them for Allure 2 tooling. */
function allureMetadata(environment: Record<string, string>): Record<string, string> {
  const properties = Object.entries(environment)
    .map(([key, value]) => `${escapeProperty(key, true)}=${escapeProperty(value, false)}`)
    .join("\n");
  const allure2Categories = CATEGORIES.map(({ name, status }) => ({ name, matchedStatuses: [status] })).filter((c, i, all) => all.findIndex((o) => o.matchedStatuses[0] === c.matchedStatuses[0]) === i);
  return { "environment.properties": `${properties}\n`, "categories.json": JSON.stringify(allure2Categories, null, 2) };
}

export async function writeAllureMetadata(resultsDir: string, environment: Record<string, string>): Promise<void> {
  await mkdir(resultsDir, { recursive: true });
  for (const [name, text] of Object.entries(allureMetadata(environment))) await writeFile(join(resultsDir, name), text, "utf8");
}

/**
 * A render worker started ahead of need: it loads Allure's report core at once (about a second
 * of CPU), so a caller that has other work first (the secret sweep) overlaps the two.
 */
export interface AllureRenderer {
  /** renders into `reportDir` (its page is index.html); resolves to the files written, by their path from it */
  render(opts: AllureRenderOptions): Promise<string[]>;
  /** ends the worker; safe to call more than once, and without a render */
  close(): Promise<void>;
}

export function startAllureRenderer(): AllureRenderer {
  const worker = new Worker(new URL("./allure-render-worker.mjs", import.meta.url), { stdout: true, stderr: true, env: { ...process.env, NO_COLOR: "1" } });
  // never the reason the process stays up: a run that ended early (refused profile) just exits
  worker.unref();
  let output = "";
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_BUFFER_CHARS);
  };
  worker.stdout.on("data", collect);
  worker.stderr.on("data", collect);
  let exited = false;
  let failure: Error | undefined;
  worker.once("exit", () => (exited = true));
  // a worker that fails while idle must not take the run down (an unheard "error" event would):
  // the failure is kept and told by the render that needed it
  worker.on("error", (error: Error) => (failure ??= error));
  const close = async (): Promise<void> => {
    if (!exited) await worker.terminate();
  };
  const render = async (opts: AllureRenderOptions): Promise<string[]> => {
    if (exited) throw new Error(`The Allure render worker had stopped before the render: ${failure?.message ?? "no reason given"}${formatTail(output)}`);
    const resultsDir = resolve(opts.resultsDir);
    const reportDir = resolve(opts.reportDir);
    assertReplaceable(reportDir, resultsDir);
    const metadata = allureMetadata(opts.environment);
    await writeAllureMetadata(resultsDir, opts.environment);
    // Render into a fresh sibling dir and swap it in at the end: a failed render
    // keeps the previous report.
    await mkdir(dirname(reportDir), { recursive: true });
    const stagingDir = await mkdtemp(`${reportDir}.staging-`);
    try {
      const files = opts.files
        ? [...new Map([...opts.files, ...Object.entries(metadata).map(([name, text]): [string, Buffer] => [name, Buffer.from(text, "utf8")])])].sort(([a], [b]) => a.localeCompare(b))
        : undefined;
      const rendering = inWorker(worker, { config: buildConfig(opts.reportName, stagingDir), resultsDir, files }, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, () => output);
      try {
        opts.alongside?.();
      } catch (error) {
        await rendering.catch(() => undefined);
        throw error;
      }
      const rendered = await rendering;
      const page = rendered.get("index.html");
      if (!page) throw new Error(`Allure finished but wrote no index.html for ${reportDir}.`);
      const light = lightenPage(page, "index.html", { run: opts.run, prepare: stripAnalytics, rewrite: { names: /^widgets\/(?:[^/]+\/)?tree\.json$/, json: treeInSpecOrder } });
      const report = new Map([...rendered, ["index.html", Buffer.from(light.html, "utf8")], ...light.files]);
      // written in line: some 1,300 small files, each as the sweep hands it back
      for (const dir of new Set([...report.keys()].map((path) => dirname(join(stagingDir, path))))) mkdirSync(dir, { recursive: true });
      for (const [path, bytes] of report) writeFileSync(join(stagingDir, path), opts.sweep ? opts.sweep(bytes) : bytes);
      // mkdtemp makes the dir owner-only; a report should be as readable as any output dir.
      await chmod(stagingDir, 0o755);
      await rm(reportDir, { recursive: true, force: true });
      await rename(stagingDir, reportDir);
      return [...report.keys()];
    } finally {
      await rm(stagingDir, { recursive: true, force: true });
    }
  };
  return { render, close };
}

/** Renders once, in a worker of its own (the `report` and `merge` commands, the self-tests). */
export async function renderAllure(opts: AllureRenderOptions): Promise<string[]> {
  const renderer = startAllureRenderer();
  try {
    return await renderer.render(opts);
  } finally {
    await renderer.close();
  }
}

interface Tree {
  root: { groups?: string[] };
  groupsById: Record<string, { name?: string; groups?: string[] }>;
}

/**
 * A tree widget with its groups in spec order: interfaces as contract/profile.ts lists them, spec
 * sections §1, §2.1, … §4.10 (Allure keeps groups in the order their first result was read).
 */
export function treeInSpecOrder(json: string): string {
  const tree = JSON.parse(json) as Tree;
  if (!tree.root || !tree.groupsById) return json;
  const key = (id: string): string => {
    const name = tree.groupsById[id]?.name ?? "";
    if (name.startsWith("§")) return sectionKey(name);
    const area = (INTERFACES as readonly string[]).indexOf(name);
    return area < 0 ? `~${name}` : String(area).padStart(4, "0");
  };
  for (const node of [tree.root, ...Object.values(tree.groupsById)]) node.groups?.sort((a, b) => key(a).localeCompare(key(b)));
  return JSON.stringify(tree);
}

/** The report the worker rendered: its files by their path from the report dir. */
function inWorker(worker: Worker, message: { config: Record<string, unknown>; resultsDir: string; files?: Array<[string, Buffer]> }, timeoutMs: number, output: () => string): Promise<Map<string, Buffer>> {
  return new Promise((resolvePromise, reject) => {
    const settle = (error?: Error, files?: Array<[string, Uint8Array]>): void => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      if (error) reject(error);
      else resolvePromise(new Map((files ?? []).map(([path, bytes]) => [path, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)])));
    };
    const onMessage = (answer: { ok?: true; error?: string; files?: Array<[string, Uint8Array]> }): void =>
      settle(answer.ok ? undefined : new Error(`Allure report generation failed: ${answer.error ?? "no reason given"}${formatTail(output())}`), answer.files);
    const onError = (err: Error): void => settle(new Error(`The Allure render worker failed: ${err.message}${formatTail(output())}`));
    const onExit = (code: number): void => settle(new Error(`The Allure render worker exited (code ${code}) before it finished.${formatTail(output())}`));
    const timer = setTimeout(() => {
      void worker.terminate();
      settle(new Error(`Allure report generation timed out after ${timeoutMs} ms and was stopped.${formatTail(output())}`));
    }, timeoutMs);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(message);
  });
}

function buildConfig(reportName: string, output: string): Record<string, unknown> {
  return {
    name: reportName,
    output,
    plugins: {
      awesome: {
        options: {
          // One self-contained HTML file: the directory variant fetch()es its JSON,
          // which browsers refuse for file:// URLs, so it would need a web server.
          singleFile: true,
          reportLanguage: "en",
          groupBy: TREE_GROUP_BY,
        },
      },
    },
    categories: {
      rules: CATEGORIES.map(({ name, status, standing }) => ({ name, matchers: { statuses: [status], labels: { standing } }, expand: true })),
    },
  };
}

// Awesome hard-codes a Google Tag Manager snippet (no opt-out, unlike the allure2
// plugin's ALLURE_NO_ANALYTICS); it would phone home, with the file path, on every open.
function stripAnalytics(html: string): string {
  return html.replace(
    /<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*<script>[^<]*?gtag\([^<]*<\/script>/,
    "",
  );
}

function formatTail(output: string): string {
  if (output.trim() === "") return " Allure printed nothing.";
  return `\nLast Allure output:\n${output.trimEnd().split("\n").slice(-OUTPUT_TAIL_LINES).join("\n")}`;
}

// The report dir is deleted and replaced, so refuse paths where that would hurt.
function assertReplaceable(reportDir: string, resultsDir: string): void {
  const contains = (outer: string, inner: string): boolean => {
    const rel = relative(outer, inner);
    return rel === "" || (rel.split(sep)[0] !== ".." && !isAbsolute(rel));
  };
  if (reportDir === parse(reportDir).root || contains(reportDir, process.cwd()) || contains(reportDir, resultsDir)) {
    throw new Error(`Refusing to use ${reportDir} as the Allure report dir: replacing it would delete the working dir or the results.`);
  }
  if (contains(resultsDir, reportDir)) {
    throw new Error(`Refusing to write the Allure report into its own results dir ${resultsDir}.`);
  }
}

// Java .properties escaping, which the Allure reader decodes.
function escapeProperty(text: string, isKey: boolean): string {
  const escaped = text
    .replace(/\\/g, "\\\\")
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r")
    .replace(/\t/g, "\\t");
  return isKey ? escaped.replace(/^([#!])|([=: ])/g, "\\$1$2") : escaped.replace(/^([ #!])/, "\\$1");
}
