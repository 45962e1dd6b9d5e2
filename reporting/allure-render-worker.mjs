// The Allure 3 render, in a worker thread (reporting/allure-render.ts starts it).
// Plain JavaScript: a worker thread does not inherit the TypeScript loader of the CLI or of vitest.
//
// Why a worker and not the `allure` CLI: the CLI is a second Node process that loads every
// command of Allure (about 1.7 s of CPU before it reads a result), then reads back each result
// and attachment the run has just written. The worker loads only the report core, starts
// loading it while the run is still sweeping its reports, and takes the results from memory
// when the caller has them (the secret sweep has just read them all).
import { parentPort } from "node:worker_threads";

// Started now, awaited on the first message: the import overlaps the caller's other work.
const loading = Promise.all([import("@allurereport/core"), import("@allurereport/reader"), import("@allurereport/reader-api")]);
loading.catch(() => {}); // reported when a render asks for it

parentPort.on("message", async ({ config, resultsDir, files }) => {
  try {
    const [{ AllureReport, resolveConfig }, { allure2, attachments }, { BufferResultFile }] = await loading;
    const resolved = await resolveConfig(config, { cwd: resultsDir });
    // only the readers of what allure-vitest writes (results, containers, attachments, environment):
    // the stock list also tries Allure 1, Cucumber and JUnit formats on every attachment
    const report = new AllureReport({ ...resolved, readers: [allure2, attachments] });
    await report.start();
    if (files) {
      for (const [name, bytes] of files) await report.readResult(new BufferResultFile(Buffer.from(bytes), name));
    } else {
      await report.readDirectory(resultsDir);
    }
    await report.done();
    parentPort.postMessage({ ok: true });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
