import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, type CliResult } from './support/cli.js';

/**
 * On real runs of the CLI against a failing reference:
 * - a rule with a precondition and cleanup (a duplicate CompanyName accepted; the companies are
 *   cancelled afterwards) and a property rule (Years >= 2 required; seed chosen so that the
 *   property, not a fixed boundary, finds it): each card opens on the exchange that broke the rule,
 *   the property card on the shrunk counterexample and then its exchange;
 * - a should-level rule broken (a SOAP operation in another namespace served): a CI reading only
 *   junit.xml and one reading only the exit code reach the same verdict.
 */

const DUPLICATE = 'provisioning.create.company-name-exists';
const PROPERTY = 'provisioning.create.billing-interval-valid';
const SHOULD = 'messaging-soap.fault.wrong-namespace';

const faulted = (fault: string) => ({ REFERENCE_FAULTS: fault, REFERENCE_FAULT_SCOPE: 'rule' });

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The card of a rule, and in it: what it opens on (in order) and what its folded groups hold. */
function card(run: CliResult, id: string) {
  const html = readFileSync(join(run.reportsDir, 'allure-report', 'index.html'), 'utf8');
  const article = new RegExp(`<article class="rule [^"]*" id="rule-${id.replace(/\./g, '\\.')}">([\\s\\S]*?)</article>`).exec(html)?.[1] ?? '';
  const decisive = /<section class="decisive"[^>]*>([\s\S]*?)<\/section>/.exec(article)?.[1] ?? '';
  const opened = [...decisive.matchAll(/<details class="exchange" open><summary>([^<]*)<\/summary><pre>([\s\S]*?)<\/pre>(?:<details open><summary>[^<]*<\/summary><pre>([\s\S]*?)<\/pre><\/details>)?/g)].map((m) => ({
    title: unescape(m[1]!),
    text: unescape(m[2]!),
    decrypted: m[3] ? unescape(m[3]) : undefined,
  }));
  const groups = new Map(
    [...article.replace(decisive, '').matchAll(/<details class="evidence"><summary>([^:<]*)[^<]*<\/summary>([\s\S]*?)(?=<details class="evidence">|$)/g)].map((m) => [m[1]!, unescape(m[2]!)]),
  );
  return { article, opened, groups };
}

const companyNameOf = (text = '') => /"CompanyName": "([^"]+)"/.exec(text)?.[1];

describe('a failing run: the report points at the break', () => {
  let duplicate: CliResult;
  let prop: CliResult;
  let should: CliResult;

  beforeAll(async () => {
    [duplicate, prop, should] = await Promise.all([
      runCli(['run', '--rule', DUPLICATE, '--seed', '5'], faulted('provisioning.duplicate-name-accepted'), 400_000),
      runCli(['run', '--rule', PROPERTY, '--seed', '1042240400'], faulted('provisioning.billing-years-off-by-one'), 400_000),
      runCli(['run', '--rule', SHOULD, '--seed', '5'], faulted('messaging-soap.wrong-namespace-accepted'), 400_000),
    ]);
  }, 420_000);

  afterAll(() => {
    for (const run of [duplicate, prop, should]) if (run) rmSync(run.reportsDir, { recursive: true, force: true });
  });

  test('the card of a rule with a precondition and cleanup opens on the Create that was accepted, not on a Cancel', () => {
    expect(duplicate.code, duplicate.stdout).toBe(1);
    const { opened, groups } = card(duplicate, DUPLICATE);
    expect(opened).toHaveLength(1);
    const [open] = opened;
    expect(open!.title).toBe('POST /Provisioning/ → HTTP 200');
    // the decrypted view sits with it: a Create (Command 1) answered with no Errors
    expect(open!.decrypted).toMatch(/^Provision Create: POST /);
    expect(open!.decrypted).toContain('Response: HTTP 200, Errors []');
    // with the CompanyName the precondition's company already has: the duplicate the rule sent
    const precondition = groups.get('preconditions (work the rule needs done, not judged)');
    expect(companyNameOf(precondition)).toBeDefined();
    expect(companyNameOf(open!.decrypted)).toBe(companyNameOf(precondition));
    // cleanup is folded under its own heading, after
    expect(groups.get('cleanup (after the rule was judged)')).toContain('Provision Cancel: POST ');
  });

  test('the card of a failed property opens on the shrunk counterexample, then on its exchange', () => {
    expect(prop.code, prop.stdout).toBe(1);
    expect(prop.summary().rules.find((r) => r.id === PROPERTY)?.reason).toMatch(/^Counterexample \{ Monthly: false, Years: 1 \}/);
    const { opened } = card(prop, PROPERTY);
    expect(opened.map((o) => o.title)).toEqual(['property counterexample', 'POST /Provisioning/ → HTTP 200']);
    expect(opened[0]!.text).toContain('Shrunk counterexample: { Monthly: false, Years: 1 }');
    // the exchange sent the counterexample, and the answer refused it
    expect(opened[1]!.decrypted).toMatch(/"BillingInterval": \{\s*"Monthly": false,\s*"Years": 1\s*\}/);
    expect(opened[1]!.decrypted).toContain('Errors [BillingPeriodInvalid]');
  });

  test('a should-level failure: a CI reading only junit.xml and one reading only the exit code agree', () => {
    const summary = should.summary();
    expect(summary.rules.find((r) => r.id === SHOULD)?.outcome).toBe('fail');
    const junit = readFileSync(join(should.reportsDir, 'junit.xml'), 'utf8');
    const root = /<testsuites [^>]*>/.exec(junit)![0];
    const junitPasses = /failures="0"/.test(root) && /errors="0"/.test(root);
    const exitPasses = should.code === 0;
    expect(junitPasses).toBe(exitPasses);
    expect(exitPasses).toBe(true);
    // the warning is in the file, and the file says the verdict and the exit code
    expect(junit).toContain('WARNING (should-level fail, not counted in the verdict)');
    expect(junit).toContain('<property name="verdict" value="CONFORMS"/>');
    expect(junit).toContain(`<property name="exitCode" value="${should.code}"/>`);
    // the verdict page lists it as a warning, apart from what decides
    const { article } = card(should, SHOULD);
    expect(article).toContain('warning (fail)');
  });
});
