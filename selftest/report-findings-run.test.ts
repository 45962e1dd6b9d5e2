import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { evidenceFromAllure } from '../reporting/verdict-evidence.js';
import { runCli, type CliResult } from './support/cli.js';

/**
 * A run under a reference fault that fails several rules (folder names of 66 characters accepted,
 * on for every request): the rules it fails are one card, with the union of their spec words; the
 * property rule among them states its counterexample's length in characters, its scripts and the
 * limit it crosses, and its evidence opens on the counterexample; cleanup sends no request twice.
 */

const FAULT = 'messaging-rest.folder-limit-66';
const PROPERTY = 'messaging-rest.folder.name-over-65-any';
const RULES = ['messaging-rest.folder.name-66-refused', 'messaging-rest.limits.folder-name-multibyte', 'messaging-rest.limits.folder-name-astral', PROPERTY];
// a seed whose runs reach a 66-character name (the fault accepts exactly those)
const SEED = '2091667323';

const unescape = (s: string) => s.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('a run with one fault that fails four rules', () => {
  let run: CliResult;
  let html: string;

  beforeAll(async () => {
    run = await runCli(['run', '--rule', RULES.join(','), '--seed', SEED], { REFERENCE_FAULTS: FAULT }, 400_000);
    html = readFileSync(join(run.reportsDir, 'allure-report', 'index.html'), 'utf8');
  }, 420_000);

  afterAll(() => {
    if (run) rmSync(run.reportsDir, { recursive: true, force: true });
  });

  test('the rules the fault fails are one card, quoting the union of their spec words', () => {
    expect(run.code, run.stdout).toBe(1);
    expect(run.summary().rules.filter((r) => r.outcome === 'fail').map((r) => r.id).sort()).toEqual([...RULES].sort());
    const cards = [...html.matchAll(/<article class="rule finding[^"]*" id="finding-[^"]*">([\s\S]*?)<\/article>/g)].map((m) => m[1]!);
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(unescape(card)).toContain(`${RULES.length} rules, one cause`);
    for (const id of RULES) expect(card).toContain(`<li id="rule-${id}">`);
    // the union: every unit any of the four quotes, each quote once
    const quoted = new Set(run.summary().rules.flatMap((r) => (r.spec ?? []).map((q) => q.quote)));
    expect(quoted.size).toBeGreaterThanOrEqual(3);
    for (const q of quoted) expect(unescape(card)).toContain(q);
    expect(card.match(/<blockquote class="sentence"><a [^>]*>Folder could not be created\. The Folder Name is too long/g)).toHaveLength(1);
    // no other card for any of them
    for (const id of RULES) expect(html.match(new RegExp(`id="rule-${id.replace(/\./g, '\\.')}"`, 'g'))).toHaveLength(1);
  });

  test("the property rule states its counterexample's length in characters, its scripts and the limit crossed", () => {
    const reason = run.summary().rules.find((r) => r.id === PROPERTY)!.reason!;
    // the scripts are listed most used first: the run tag's digits (Common) may outnumber its letters (Latin)
    expect(reason).toMatch(/^Counterexample "[^"]+" \(66 characters, over the 65-character limit of §8\/folder-name-length by 1; scripts (?:\w+, )*Latin, [^)]*\)/);
    const member = new RegExp(`<li id="rule-${PROPERTY.replace(/\./g, '\\.')}">([\\s\\S]*?)</li>`).exec(html)![1]!;
    expect(unescape(member)).toMatch(/66 characters, over the 65-character limit of §8\/folder-name-length by 1; scripts (?:\w+, )*Latin/);
  });

  test('its evidence opens on the counterexample, and the shrink attempts are marked as such', async () => {
    const evidence = (await evidenceFromAllure(join(run.reportsDir, 'allure-results'), new Set([PROPERTY]))).get(PROPERTY)!;
    const [first] = evidence.entries;
    expect(first!.title).toBe('property counterexample');
    expect(first!.text).toMatch(/^Shrunk counterexample: "/);
    expect(first!.text).toMatch(/\nLength: 66 characters \(code points; \d+ UTF-8 bytes\), over the 65-character limit of §8\/folder-name-length by 1\.\nScripts: (?:\w+ \d+, )*Latin \d+/);
    expect(first!.text).toMatch(/\nEscaped \([^)]*\): "cf[0-9a-z]+-.*\\u\{[0-9A-F]+\}/);
    expect(evidence.entries.filter((e) => e.phase === 'shrink').length).toBeGreaterThan(0);
    expect(evidence.entries.filter((e) => e.phase === 'counterexample').length).toBeGreaterThan(0);
  });

  test('cleanup sends no request twice: one delete per folder made, none for a folder already deleted', async () => {
    const evidence = await evidenceFromAllure(join(run.reportsDir, 'allure-results'), new Set(RULES));
    for (const id of RULES) {
      const entries = evidence.get(id)!.entries;
      const requests = entries.map((e) => /^(?:# .*\n)*([A-Z]+ \S+)/.exec(e.text)?.[1] ?? '');
      const deletes = requests.filter((r) => r.startsWith('DELETE '));
      expect(new Set(deletes).size, `${id}: ${deletes.join(', ')}`).toBe(deletes.length);
      // every folder a create made is deleted exactly once
      const made = entries.filter((e) => /^(?:# .*\n)*POST \S+\/Folder\n/.test(e.text) && /\n---\n\nHTTP 2\d\d /.test(e.text)).length;
      expect(deletes.length, id).toBe(made);
      expect(entries.filter((e) => e.phase === 'cleanup' && e.text.includes('DELETE ')).every((e) => /\n---\n\nHTTP 2\d\d /.test(e.text))).toBe(true);
    }
  });
});
