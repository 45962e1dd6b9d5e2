import { mkdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSystemWriter } from 'allure-js-commons/sdk/reporter';
import AllureVitestReporter from 'allure-vitest/reporter';

/**
 * allure-vitest's reporter with a writer that does not fsync. The stock writer writes every
 * attachment to a temporary file, fsyncs it and renames it: with one attachment per exchange
 * that was 9 of a run's 12 seconds of main-thread time, spent blocking the thread that
 * also serves the embedded reference. The results are rendered right after the run, so
 * durability across a power cut buys nothing here. Attachments are written asynchronously (off
 * the main thread, in libuv's pool); the reporter waits for them before the run ends.
 *
 * Given a map (`keep`, the CLI's run), results, containers and attachments go there instead:
 * the CLI writes them to the results dir after the secret sweep, while Allure renders
 * (cli/finish.ts). Nearly 900 files are then neither created on the thread that serves vitest's
 * workers while the rules run nor read back from disk.
 */
class QuickWriter extends FileSystemWriter {
  readonly #dir: string;
  #made = false;
  readonly #pending = new Set<Promise<void>>();
  readonly #keep?: Map<string, Buffer>;

  constructor(resultsDir: string, keep?: Map<string, Buffer>) {
    super({ resultsDir });
    this.#dir = resultsDir;
    this.#keep = keep;
  }

  #path(name: string): string {
    if (!this.#made) mkdirSync(this.#dir, { recursive: true });
    this.#made = true;
    return join(this.#dir, name);
  }

  override writeAttachment(name: string, content: Buffer): void {
    if (this.#keep) {
      this.#keep.set(name, Buffer.isBuffer(content) ? content : Buffer.from(content));
      return;
    }
    const write = writeFile(this.#path(name), content).finally(() => this.#pending.delete(write));
    this.#pending.add(write);
  }

  /** Resolves once every attachment is on disk; rejects with the first write that failed. */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  override writeResult(result: { uuid: string }): void {
    this.#put(`${result.uuid}-result.json`, JSON.stringify(result));
  }

  override writeGroup(result: { uuid: string }): void {
    this.#put(`${result.uuid}-container.json`, JSON.stringify(result));
  }

  #put(name: string, json: string): void {
    if (this.#keep) this.#keep.set(name, Buffer.from(json, 'utf8'));
    else writeFileSync(this.#path(name), json, 'utf8');
  }
}

/** The reporter's options: allure-vitest's, where results go, and (the CLI's run) the map they are kept in instead. */
export type QuickAllureOptions = ConstructorParameters<typeof AllureVitestReporter>[0] & { resultsDir: string; keep?: Map<string, Buffer> };

export default class QuickAllureReporter extends AllureVitestReporter {
  constructor({ keep, ...config }: QuickAllureOptions) {
    super(config);
    // no concurrency runner: it enters an AsyncLocalStorage at each test's start so the global
    // allure API can find the current one, which turns on V8's promise hooks for the worker's every
    // promise. A rule writes to its own test instead (harness/allure-task.ts).
    (this as unknown as { enableConcurrencySupport: () => void }).enableConcurrencySupport = () => undefined;
    const writer = new QuickWriter(config.resultsDir, keep);
    const onInit = this.onInit.bind(this);
    this.onInit = (vitest) => {
      onInit(vitest);
      (this as unknown as { allureReporterRuntime: { writer: unknown } }).allureReporterRuntime.writer = writer;
    };
    // each rule's result and evidence are written when the rule ends, not all at the run's end:
    // the writing overlaps the rest of the run instead of standing between the last rule and the
    // report. The run's end then handles only what no rule result carried
    // (suite hooks), skipping the rules already written.
    type Task = Parameters<AllureVitestReporter['handleTask']>[0];
    const written = new Set<string>();
    const handleTask = this.handleTask.bind(this);
    this.handleTask = (task: Task) => {
      if (task.type !== 'test' || !written.has(task.id)) handleTask(task);
    };
    (this as { onTestCaseResult?: (testCase: { task: Task }) => void }).onTestCaseResult = (testCase) => {
      handleTask(testCase.task);
      written.add(testCase.task.id);
    };
    const onTestRunEnd = this.onTestRunEnd.bind(this);
    this.onTestRunEnd = async (...args: Parameters<typeof onTestRunEnd>) => {
      onTestRunEnd(...args);
      await writer.flush();
    };
  }
}
