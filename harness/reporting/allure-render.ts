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
 */
import { spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, parse, relative, resolve, sep } from "node:path";

export interface AllureRenderOptions {
  resultsDir: string;
  reportDir: string;
  reportName: string;
  environment: Record<string, string>;
  timeoutMs?: number;
}

type AllureStatus = "failed" | "broken" | "skipped";

const CATEGORIES: ReadonlyArray<{ name: string; status: AllureStatus }> = [
  { name: "Non-conformance (rule failed)", status: "failed" },
  { name: "Broken target (could not evaluate)", status: "broken" },
  { name: "Not applicable", status: "skipped" },
];

// interface → spec section → rule (allure-annotate.ts puts the section in "feature")
const TREE_GROUP_BY = ["epic", "feature"];
const DEFAULT_TIMEOUT_MS = 120_000;
const OUTPUT_TAIL_LINES = 25;
const OUTPUT_BUFFER_CHARS = 64 * 1024;

export async function writeAllureMetadata(
  resultsDir: string,
  environment: Record<string, string>,
): Promise<void> {
  await mkdir(resultsDir, { recursive: true });
  const properties = Object.entries(environment)
    .map(([key, value]) => `${escapeProperty(key, true)}=${escapeProperty(value, false)}`)
    .join("\n");
  await writeFile(join(resultsDir, "environment.properties"), `${properties}\n`, "utf8");
  const allure2Categories = CATEGORIES.map(({ name, status }) => ({ name, matchedStatuses: [status] }));
  await writeFile(join(resultsDir, "categories.json"), JSON.stringify(allure2Categories, null, 2), "utf8");
}

export async function renderAllure(opts: AllureRenderOptions): Promise<void> {
  const resultsDir = resolve(opts.resultsDir);
  const reportDir = resolve(opts.reportDir);
  assertReplaceable(reportDir, resultsDir);
  await writeAllureMetadata(resultsDir, opts.environment);

  // Render into a fresh sibling dir and swap it in at the end: a failed render
  // keeps the previous report, and Allure only flattens its per-plugin
  // subdirectory into the output root when that root holds nothing else.
  await mkdir(dirname(reportDir), { recursive: true });
  const stagingDir = await mkdtemp(`${reportDir}.staging-`);
  const configDir = await mkdtemp(join(tmpdir(), "allurerc-"));
  try {
    const configPath = join(configDir, "allurerc.json");
    await writeFile(configPath, JSON.stringify(buildConfig(opts.reportName, stagingDir), null, 2), "utf8");
    // "." plus --cwd instead of the absolute path: Allure treats result dirs as
    // globs, so brackets or braces in a real path would silently match nothing.
    await runAllureCli(
      ["generate", ".", "--config", configPath, "--cwd", resultsDir],
      resultsDir,
      opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    await stripAnalytics(join(stagingDir, "index.html"));
    // mkdtemp makes the dir owner-only; a report should be as readable as any output dir.
    await chmod(stagingDir, 0o755);
    await rm(reportDir, { recursive: true, force: true });
    await rename(stagingDir, reportDir);
  } finally {
    await rm(configDir, { recursive: true, force: true });
    await rm(stagingDir, { recursive: true, force: true });
  }
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
      rules: CATEGORIES.map(({ name, status }) => ({ name, matchers: { statuses: [status] }, expand: true })),
    },
  };
}

function runAllureCli(args: string[], cwd: string, timeoutMs: number): Promise<void> {
  // Importing "allure" runs its CLI, so only resolve it; cli.js sits next to dist/.
  const cliPath = resolve(dirname(createRequire(import.meta.url).resolve("allure")), "..", "cli.js");
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: Buffer): void => {
      output = (output + chunk.toString("utf8")).slice(-OUTPUT_BUFFER_CHARS);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    let settled = false;
    const settle = (error?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolvePromise();
    };
    // Settle at the deadline itself instead of waiting for "close": Allure runs
    // git subprocesses that could keep the pipes open after Allure is killed.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      child.stdout.destroy();
      child.stderr.destroy();
      settle(new Error(`Allure report generation timed out after ${timeoutMs} ms and was killed.${formatTail(output)}`));
    }, timeoutMs);
    child.on("error", (err) => {
      settle(new Error(`Could not start the Allure CLI (${cliPath}): ${err.message}`));
    });
    child.on("close", (code, signal) => {
      if (code === 0) {
        settle();
        return;
      }
      const how = code === null ? `signal ${signal}` : `exit code ${code}`;
      settle(new Error(`Allure report generation failed with ${how}.${formatTail(output)}`));
    });
  });
}

// Awesome hard-codes a Google Tag Manager snippet (no opt-out, unlike the allure2
// plugin's ALLURE_NO_ANALYTICS); it would phone home, with the file path, on every open.
async function stripAnalytics(indexPath: string): Promise<void> {
  let html: string;
  try {
    html = await readFile(indexPath, "utf8");
  } catch {
    throw new Error(`Allure finished but wrote no ${indexPath}.`);
  }
  const stripped = html.replace(
    /<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*<script>[^<]*?gtag\([^<]*<\/script>/,
    "",
  );
  if (stripped !== html) await writeFile(indexPath, stripped, "utf8");
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
