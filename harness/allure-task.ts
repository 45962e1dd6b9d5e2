import type { TaskMeta } from 'vitest';
import type { RuntimeMessage } from 'allure-js-commons/sdk';
import { MessageTestRuntime } from 'allure-js-commons/sdk/runtime';

/** Where allure-vitest's reporter reads a test's runtime messages (its runtime.js, ALLURE_VITEST_RUNTIME_MESSAGES_META_KEY). */
const MESSAGES_KEY = 'allureRuntimeMessages';

/**
 * The Allure runtime of ONE test: its labels, parameters and attachments go into that test's own
 * task meta, where allure-vitest's reporter reads them. Rules run concurrently, so the global
 * `allure.*` API would have to find "the current test": allure-vitest does that with an
 * AsyncLocalStorage entered at each test's start, which turns V8's promise hooks on for every
 * promise of the worker, the run's own included. A rule holds its test's runtime instead
 * (reporting/allure-reporter.ts leaves the concurrency runner out).
 */
export class TaskAllure extends MessageTestRuntime {
  // the task, not its meta: a setup hook may give the task a new meta object
  constructor(private readonly task: { meta: TaskMeta }) {
    super();
  }

  override sendMessage(message: RuntimeMessage): Promise<void> {
    const meta = this.task.meta as Record<string, unknown>;
    ((meta[MESSAGES_KEY] ??= []) as RuntimeMessage[]).push(message);
    return Promise.resolve();
  }
}

/** A runtime whose messages go nowhere: a shared fixture's handle belongs to no test. */
export class NoAllure extends MessageTestRuntime {
  override sendMessage(): Promise<void> {
    return Promise.resolve();
  }
}
