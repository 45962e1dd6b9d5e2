import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { TaskMeta } from 'vitest';
import { TaskAllure } from '../harness/allure-task.js';

const ROOT = join(import.meta.dirname, '..');

describe("a rule's Allure runtime (harness/allure-task.ts)", () => {
  test("writes into its own test's meta, where allure-vitest's reporter reads runtime messages, even after the meta object is replaced", async () => {
    const task: { meta: TaskMeta } = { meta: {} };
    const allure = new TaskAllure(task);
    await allure.label('ruleId', 'x.y.z');
    task.meta = { ...task.meta };
    await allure.attachment('evidence', 'text', { contentType: 'text/plain' });
    const messages = (task.meta as Record<string, unknown>).allureRuntimeMessages as Array<{ type: string; data: Record<string, unknown> }>;
    expect(messages.map((m) => m.type)).toEqual(['metadata', 'attachment_content']);
    expect(messages[0]!.data).toEqual({ labels: [{ name: 'ruleId', value: 'x.y.z' }] });
    expect(Buffer.from(String(messages[1]!.data.content), 'base64').toString('utf8')).toBe('text');
  });

  test("no rule, fixture or generator calls the global allure API: concurrent rules' messages would land on whichever test is current", () => {
    const users = ['specs', 'harness', 'generators'].flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => join(dir, f))
        .filter((f) => /from 'allure-js-commons'|from "allure-js-commons"/.test(readFileSync(join(ROOT, f), 'utf8'))),
    );
    expect(users).toEqual([]);
  });
});
