import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createContext, runInContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAllureData } from "../reporting/allure-light.js";
import { renderAllure, treeInSpecOrder } from "../reporting/allure-render.js";

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
      { name: "standing", value: status === "failed" ? "fail" : "broken" },
    ],
  });
}

describe("renderAllure", () => {
  let workDir = "";
  let html = "";
  let data = new Map<string, string>();

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
    data = await readAllureData(reportDir, "index.html");
  }, 20_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("shows the environment", () => {
    const environment = data.get("widgets/allure_environment.json") ?? "";
    for (const [key, value] of Object.entries(ENVIRONMENT)) {
      expect(environment).toContain(`"name":"${key}","values":["${value}"]`);
    }
  });

  it("separates non-conformance from a broken target", () => {
    const categories = data.get("widgets/categories.json") ?? "";
    expect(categories).toContain('"name":"Non-conformance (must-level rule failed)","statistic":{"total":1,"failed":1}');
    expect(categories).toContain('"name":"Broken (must-level rule could not be evaluated)","statistic":{"total":1,"broken":1}');
  });

  it("groups the tree by interface (epic) and spec section (feature), offline and without analytics", () => {
    expect(html).toContain('"groupBy":["epic","feature"]');
    expect(html).toContain("<title> Selftest report </title>");
    expect(html).not.toContain("googletagmanager");
  });

  it("is light: the page holds the app's loader, the app and every data file sit beside it", async () => {
    expect(html.length).toBeLessThan(50_000);
    expect(html).not.toMatch(/d\("data\//);
    expect(existsSync(join(workDir, "allure-report", "allure", "app.js"))).toBe(true);
    expect([...data.keys()].filter((k) => k.startsWith("data/test-results/"))).toHaveLength(2);
  });

  it("its loader hands the app every entry, loading each data script once, and tells which script could not be loaded", async () => {
    const reportDir = join(workDir, "allure-report");
    const script = /<script>\s*(\(function \(\) \{\s*var files = [\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(script, "the page's data loader").toBeDefined();
    // the page's own script, run as a browser would: a <script src> appended to the head runs the file it names, or fails
    const loads: string[] = [];
    const context = createContext({ Proxy, Promise, Object, Error, setImmediate, document: {}, window: {} });
    context.document = {
      createElement: () => ({}) as { src?: string; onerror?: () => void },
      head: {
        appendChild: (tag: { src: string; onerror: () => void }) => {
          loads.push(tag.src);
          setImmediate(() => readFile(join(reportDir, tag.src), "utf8").then((text) => runInContext(text, context), () => tag.onerror()));
        },
      },
    };
    context.window = context;
    runInContext(script!, context);
    const door = context.allureReportData as Record<string, Promise<string>>;
    const names = [...data.keys()];
    const got = await Promise.all(names.map((name) => door[name]!.then((base64) => Buffer.from(base64, "base64").toString("utf8"))));
    expect(Object.fromEntries(names.map((name, i) => [name, got[i]]))).toEqual(Object.fromEntries(data));
    expect(loads.length, "each data script once").toBe(new Set(loads).size);
    expect("no/such/entry" in door).toBe(false);
    // a script that cannot be loaded rejects the entries it holds, naming it
    const files = JSON.parse(/var files = (\{.*\});/.exec(html)![1]!) as Record<string, string>;
    runInContext(script!.replace(/var files = \{.*\};/, `var files = ${JSON.stringify({ ...files, "data/gone.json": "allure/data/gone.js" })};`), context);
    await expect((context.allureReportData as Record<string, Promise<string>>)["data/gone.json"]).rejects.toThrow('Data "data/gone.json" could not be loaded from allure/data/gone.js');
  });
});

describe("treeInSpecOrder", () => {
  it("orders interfaces as the profile lists them and sections §1, §2.1 … §4.9, §4.10", () => {
    const group = (name: string, groups?: string[]) => ({ nodeId: name, name, ...(groups ? { groups } : {}) });
    const tree = { root: { groups: ["smtp", "token"] }, groupsById: { smtp: group("smtp"), token: group("token", ["§4.10", "§5", "§4.9", "§2.1"]), "§4.10": group("§4.10"), "§5": group("§5"), "§4.9": group("§4.9"), "§2.1": group("§2.1") } };
    const sorted = JSON.parse(treeInSpecOrder(JSON.stringify(tree))) as typeof tree;
    expect(sorted.root.groups).toEqual(["token", "smtp"]);
    expect(sorted.groupsById.token.groups).toEqual(["§2.1", "§4.9", "§4.10", "§5"]);
  });
});
