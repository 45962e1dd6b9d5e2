// The Allure 3 render, in a worker thread (reporting/allure-render.ts starts it).
// Plain JavaScript: a worker thread does not inherit the TypeScript loader of the CLI or of vitest.
//
// Why a worker and not the `allure` CLI: the CLI is a second Node process that loads every
// command of Allure (about 1.7 s of CPU before it reads a result), then reads back each result
// and attachment the run has just written. The worker loads only the report core, starts
// loading it while the run is still sweeping its reports, and takes the results from memory
// when the caller has them (the secret sweep has just read them all).
//
// The report is kept in memory too (Allure's `reportFiles`) and handed back to the caller, which
// makes it light, sweeps it and writes it once: Allure writing a 20 MB page that the caller then
// read back, rewrote and read a third time to sweep it cost more than the render itself.
import { parentPort } from "node:worker_threads";

// Started now, awaited on the first message: the import overlaps the caller's other work.
const loading = Promise.all([import("@allurereport/core"), import("@allurereport/reader"), import("@allurereport/reader-api"), import("@allurereport/ci")]).then(async (modules) => {
  settleLocalCi(modules[3].detect());
  // the plugins' modules too (resolveConfig imports them): a render resolves its config from the cache
  await modules[0].resolveConfig({ plugins: { awesome: { options: {} } } });
  return modules;
});
loading.catch(() => {}); // reported when a render asks for it

// Outside a CI, Allure describes the run by asking git, in a child process per question, each
// time the page is written (repoName, jobRunBranch, provider, repository, sourceBranch: five
// spawns of about 40 ms from the render). Asked once here, while the worker waits for the specs,
// the answers are the same and the render spawns nothing.
function settleLocalCi(ci) {
  if (ci?.type !== "local") return;
  for (const key of ["repoName", "jobRunBranch", "provider", "repository", "sourceBranch"]) {
    const descriptor = Object.getOwnPropertyDescriptor(ci, key);
    if (!descriptor?.get || !descriptor.configurable) continue;
    const value = ci[key];
    Object.defineProperty(ci, key, { value, enumerable: descriptor.enumerable, configurable: true });
  }
}

// Allure writes a lone plugin's folder (awesome/) into the output's root, but for the files it keeps
// at the root (@allurereport/core report.js, done(): ROOT_INTEGRATION_FILENAMES); the same, in memory
const ROOT_INTEGRATION_FILENAMES = new Set(["test-results.json", "quality-gate.json", "artifacts.json"]);

function flattened(files) {
  const dirs = new Set([...files.keys()].filter((path) => path.includes("/")).map((path) => path.split("/")[0]));
  if (dirs.size !== 1) return [...files];
  const [dir] = dirs;
  return [...files].flatMap(([path, bytes]) => {
    if (!path.startsWith(`${dir}/`)) return [[path, bytes]];
    const inner = path.slice(dir.length + 1);
    return ROOT_INTEGRATION_FILENAMES.has(inner.split("/")[0]) ? [] : [[inner, bytes]];
  });
}

parentPort.on("message", async ({ config, resultsDir, files }) => {
  try {
    const [{ AllureReport, resolveConfig }, { allure2, attachments }, { BufferResultFile }] = await loading;
    // a result file in memory, read as it is: BufferResultFile reads its buffer through a stream,
    // copying it twice (a fifth of the render for a run's 870 files); the bytes are the same
    class MemoryResultFile extends BufferResultFile {
      async asBuffer() {
        return this.buffer;
      }
      async asUtf8String() {
        return this.buffer.toString("utf8");
      }
      async asJson() {
        return JSON.parse(this.buffer.toString("utf8"));
      }
    }
    const resolved = await resolveConfig(config, { cwd: resultsDir });
    const output = new Map();
    const reportFiles = {
      addFile: async (path, data) => {
        output.set(path, data);
        return path;
      },
    };
    // only the readers of what allure-vitest writes (results, containers, attachments, environment):
    // the stock list also tries Allure 1, Cucumber and JUnit formats on every attachment
    const report = new AllureReport({ ...resolved, readers: [allure2, attachments], reportFiles });
    await report.start();
    if (files) {
      // the bytes as they came (a structured clone's own copy), viewed as a Buffer, not copied again
      for (const [name, bytes] of files) await report.readResult(new MemoryResultFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), name));
    } else {
      await report.readDirectory(resultsDir);
    }
    await report.done();
    const rendered = flattened(output);
    // a buffer that owns its whole memory moves to the caller instead of being copied
    const transfer = [...new Set(rendered.map(([, bytes]) => bytes.buffer).filter((buffer, i) => rendered[i][1].byteOffset === 0 && rendered[i][1].byteLength === buffer.byteLength))];
    parentPort.postMessage({ ok: true, files: rendered }, transfer);
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
