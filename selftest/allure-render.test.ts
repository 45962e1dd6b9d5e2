import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderAllure } from "../harness/reporting/allure-render.js";

const ENVIRONMENT = {
  target: "http://127.0.0.1:4567",
  edition: "selftest-edition",
  release: "9.8.7",
  suiteVersion: "0.1.0",
  seed: "1234567",
};

function resultJson(name: string, status: "failed" | "broken", message: string): string {
  const now = Date.now();
  return JSON.stringify({
    uuid: randomUUID(),
    historyId: randomUUID(),
    name,
    fullName: `selftest#${name}`,
    status,
    statusDetails: { message },
    stage: "finished",
    start: now,
    stop: now + 5,
    steps: [],
    attachments: [],
    parameters: [],
    labels: [
      { name: "epic", value: "Messaging API" },
      { name: "feature", value: "sendMessage" },
      { name: "story", value: `rule ${name}` },
    ],
  });
}

// The single-file report embeds every data file as d("<path>","<base64>").
function embeddedData(html: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, name, base64] of html.matchAll(/d\("([^"]+)","([^"]*)"\)/g)) {
    if (name !== undefined && base64 !== undefined) files.set(name, Buffer.from(base64, "base64").toString("utf8"));
  }
  return files;
}

describe("renderAllure", () => {
  let workDir = "";
  let html = "";

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), "allure-render-selftest-"));
    const resultsDir = join(workDir, "allure-results");
    await mkdir(resultsDir);
    await writeFile(join(resultsDir, `${randomUUID()}-result.json`), resultJson("fails", "failed", "expected 422"));
    await writeFile(join(resultsDir, `${randomUUID()}-result.json`), resultJson("breaks", "broken", "ECONNREFUSED"));
    const reportDir = join(workDir, "allure-report");
    await renderAllure({ resultsDir, reportDir, reportName: "Selftest report", environment: ENVIRONMENT });
    const indexPath = join(reportDir, "index.html");
    expect(existsSync(indexPath)).toBe(true);
    html = await readFile(indexPath, "utf8");
  }, 20_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("shows the environment", () => {
    const environment = embeddedData(html).get("widgets/allure_environment.json") ?? "";
    for (const [key, value] of Object.entries(ENVIRONMENT)) {
      expect(environment).toContain(`"name":"${key}","values":["${value}"]`);
    }
  });

  it("separates non-conformance from a broken target", () => {
    const categories = embeddedData(html).get("widgets/categories.json") ?? "";
    expect(categories).toContain('"name":"Non-conformance (rule failed)","statistic":{"total":1,"failed":1}');
    expect(categories).toContain('"name":"Broken target (could not evaluate)","statistic":{"total":1,"broken":1}');
  });

  it("groups the tree by interface (epic) and spec section (feature), offline and without analytics", () => {
    expect(html).toContain('"groupBy":["epic","feature"]');
    expect(html).toContain("<title> Selftest report </title>");
    expect(html).not.toContain("googletagmanager");
  });
});
