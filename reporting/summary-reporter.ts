import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestCase, TestModule, TestSuite, Vitest } from 'vitest/node';
import type { SerializedError } from '@vitest/utils';
import type { RuleRecord } from '../harness/rule.js';
import type { Outcome, RuleResult, Summary } from '../contract/summary.js';
import type { RunMeta } from '../harness/context.js';
import { junitXml } from './junit.js';
import { tally, totalsOf } from './standing.js';

/**
 * A rule --rule / --section / -t left out was never run: no outcome of this run (a rule the
 * target's profile rules out is skipped by rule() itself, with its reason).
 */
const leftOut = (test: TestCase, outcome: Outcome) => outcome === 'notApplicable' && test.meta().notApplicable === undefined;

export function outcomeOf(test: TestCase): Outcome | undefined {
  const result = test.result();
  const meta = test.meta();
  if (result.state === 'passed') return 'pass';
  if (result.state === 'skipped') return 'notApplicable';
  // a test that ran out of time was stopped by the harness, not judged: the target was too slow
  if (result.state === 'failed') return meta.broken || /Test timed out in/.test(result.errors?.[0]?.message ?? '') ? 'broken' : 'fail';
  return undefined;
}

const SYMBOL: Record<Outcome, string> = { pass: '✓', fail: '✗', notApplicable: '○', broken: '!' };

/**
 * Writes summary.json and prints progress: one line per finished spec file, one per rule that
 * did not pass. Everything it prints has been redacted by the rule wrapper already.
 */
export default class SummaryReporter implements Reporter {
  readonly #started = Date.now();
  #files = 0;
  #vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.#vitest = vitest;
  }

  /** A CLI run's spec file is a suite of its bundle (run/bundle-load.ts): its line when its rules are done. */
  onTestSuiteResult(suite: TestSuite): void {
    if (isSpecSuite(suite)) this.#line(suite.name, [...suite.children.allTests()]);
  }

  /** A bare run's spec file is a module of its own: its line when it ends. */
  onTestModuleEnd(module: TestModule): void {
    this.#line(relative(process.cwd(), module.moduleId), [...module.children.allTests()].filter((test) => specSuiteOf(test) === undefined));
  }

  #line(file: string, tests: TestCase[]): void {
    const counts: Record<Outcome, number> = { pass: 0, fail: 0, notApplicable: 0, broken: 0 };
    const notes: string[] = [];
    for (const test of tests) {
      const outcome = outcomeOf(test);
      // as in summary.json: a rule --rule / --section left out is no outcome of this run
      if (!outcome || leftOut(test, outcome)) continue;
      counts[outcome] += 1;
      if (outcome !== 'pass') notes.push(`    ${SYMBOL[outcome]} ${test.meta().rule?.id ?? test.name}: ${firstLine(reasonOf(test, outcome))}`);
    }
    // a file whose every rule was left out ran nothing: no line
    if (Object.values(counts).every((n) => n === 0)) return;
    this.#files += 1;
    const line = `[${this.#files}] ${file}  ${counts.pass} pass · ${counts.fail} fail · ${counts.notApplicable} n/a · ${counts.broken} broken`;
    process.stdout.write(`${line}\n${notes.map((n) => `${n}\n`).join('')}`);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    // the run as the CLI or global setup resolved it (run/run-context.ts)
    const meta = (this.#vitest?.getProvidedContext().conformance?.meta ?? {}) as RunMeta;
    const rules: RuleResult[] = [];
    const suiteErrors = unhandledErrors.map((e) => `${e.name ?? 'Error'}: ${e.message}`);
    for (const module of modules) {
      for (const e of module.errors()) suiteErrors.push(`${relative(process.cwd(), module.moduleId)}: ${e.message}`);
      // a spec file of a bundle that could not be loaded fails its own suite
      for (const suite of module.children.allSuites()) if (isSpecSuite(suite)) for (const e of suite.errors()) suiteErrors.push(`${suite.name}: ${e.message}`);
      for (const test of module.children.allTests()) {
        const outcome = outcomeOf(test);
        const rule = test.meta().rule as RuleRecord | undefined;
        // a check outside rule() (e.g. a coverage matrix) is no verdict of its own, but its failure must reach the exit code
        if (!rule && test.result().state === 'failed') suiteErrors.push(`${specSuiteOf(test)?.name ?? relative(process.cwd(), module.moduleId)}: the check "${test.name}" failed: ${firstLine(test.result().errors?.[0]?.message ?? '')}`);
        if (!outcome || !rule) continue;
        if (leftOut(test, outcome)) continue;
        rules.push({
          id: rule.id,
          interface: rule.interface,
          section: rule.section,
          level: rule.level,
          outcome,
          title: rule.title,
          operation: rule.operation,
          judges: rule.judges,
          ...(rule.sentence ? { sentence: rule.sentence } : {}),
          sections: rule.sections,
          spec: rule.spec,
          reason: outcome === 'pass' ? undefined : reasonOf(test, outcome),
          file: specSuiteOf(test)?.name ?? relative(process.cwd(), module.moduleId),
          exchanges: test.meta().exchanges ?? 0,
          durationMs: Math.round(test.diagnostic()?.duration ?? 0),
          ...(test.meta().rateLimited ? { rateLimited: test.meta().rateLimited } : {}),
        });
      }
    }
    rules.sort((a, b) => a.interface.localeCompare(b.interface) || a.id.localeCompare(b.id));
    const { reportsDir = 'reports', ...rest } = meta;
    const summary: Summary = {
      ...rest,
      startedAt: new Date(this.#started).toISOString(),
      totals: totalsOf(rules),
      rules,
      suiteErrors,
      exchanges: rules.reduce((n, r) => n + r.exchanges, 0),
      durationMs: Date.now() - this.#started,
      rateLimited: {
        responses: rules.reduce((n, r) => n + (r.rateLimited?.responses ?? 0), 0),
        retried: rules.reduce((n, r) => n + (r.rateLimited?.retried ?? 0), 0),
      },
    };
    tally(summary);
    mkdirSync(reportsDir, { recursive: true });
    writeFileSync(join(reportsDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    // junit.xml has one writer (reporting/junit.ts), so a bare `npx vitest run` gets the same test cases as
    // the CLI; the CLI writes both files again once it has applied the expectations and the verdict (cli/finish.ts)
    writeFileSync(join(reportsDir, 'junit.xml'), junitXml(summary));
  }
}

function reasonOf(test: TestCase, outcome: Outcome): string {
  const meta = test.meta();
  if (outcome === 'notApplicable') return meta.notApplicable ?? 'not applicable';
  if (outcome === 'broken') return meta.broken ?? 'the target misbehaved outside the rule';
  const error = test.result().errors?.[0];
  return error ? error.message : 'failed';
}

/** A suite a bundle made of a spec file (run/bundle-load.ts): named by the file's path. */
const isSpecSuite = (suite: TestSuite) => suite.parent.type === 'module' && suite.name.endsWith('.spec.ts');

function specSuiteOf(test: TestCase): TestSuite | undefined {
  for (let at = test.parent; at.type === 'suite'; at = at.parent) if (isSpecSuite(at)) return at;
  return undefined;
}

const firstLine = (s: string) => (s.split('\n')[0] ?? '').slice(0, 240);
