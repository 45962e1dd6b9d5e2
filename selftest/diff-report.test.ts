import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { diffTargets, type DiffResult } from '../tools/diff/engine.js';
import { drive, witnessed } from '../tools/diff/execute.js';
import { CANONICAL } from '../tools/diff/steps/index.js';
import { causes, fieldDifferences } from '../tools/diff/fields.js';
import { startReference } from '../tools/diff/targets.js';
import { writeDiffReports } from '../tools/diff/write.js';
import { runCli } from './support/cli.js';

/**
 * The diff report in the spec's words: a diff of the reference against a variant with an extra
 * JSON field in every answer and another Outbox name (run through the CLI, as a vendor runs it)
 * has a banner with the date (and its time zone) and the commit, links that all land on an
 * existing anchor (spec.html, the catalogue entry, the rules), its findings grouped by cause,
 * each card's "Differs in" the same list as its table, steps named by spec operation with their
 * exchanges and curl; a difference of starting state (the Outbox's name, held before any step)
 * is set apart from the differences of behaviour.
 */

const ids = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => unescape(m[1]!)));
const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => unescape(m[1]!));
const cards = (html: string) => [...html.matchAll(/<section class="rule [^"]*finding" id="(finding-\d+)"[^>]*>([\s\S]*?)<\/section>/g)].map((m) => ({ id: m[1]!, html: m[2]!, head: m[0].slice(0, 200) }));

/** Every link of a page in `dir`: in-page anchors exist, spec.html anchors exist there, other files exist. */
function brokenLinks(dir: string, page: string): string[] {
  const html = readFileSync(join(dir, page), 'utf8');
  const here = ids(html);
  const spec = ids(readFileSync(join(dir, 'spec.html'), 'utf8'));
  return hrefs(html).filter((href) => {
    const [file, anchor] = href.split('#') as [string, string | undefined];
    if (file === '') return !here.has(decodeURIComponent(anchor ?? ''));
    if (!existsSync(join(dir, file))) return true;
    return file === 'spec.html' && anchor !== undefined && !spec.has(decodeURIComponent(anchor));
  });
}

describe('diff.html of the reference against a variant with an extra field and another Outbox name', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sms-diff-report-'));
  let html = '';
  let json: DiffResult;
  beforeAll(async () => {
    const res = await runCli(['diff', '--target', 'reference', '--against', 'reference:common.extra-fields=true,mail.outbox-name=Outbox', '--seed', '7', '--runs', '3', '--findings', '3', '--no-rules', '--reports', dir], {}, 540_000);
    expect(res.code, res.stdout + res.stderr).not.toBe(2);
    html = readFileSync(join(dir, 'diff', 'diff.html'), 'utf8');
    json = JSON.parse(readFileSync(join(dir, 'diff', 'diff.json'), 'utf8')) as DiffResult;
  }, 600_000);

  test('a verdict banner and the run’s identity: date with its time zone, commit, both targets, seed', () => {
    expect(html).toMatch(/<section class="verdict (CONFORMS|DOES-NOT-CONFORM)" id="verdict"><h1>[A-Z ]+<\/h1>/);
    const run = /<dl class="run"[^>]*>([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? '';
    expect(run).toMatch(/<dt>Date<\/dt><dd>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC[+-]\d\d:\d\d<\/dd>/);
    expect(run).toMatch(/commit <code>[0-9a-f]{12}<\/code>/);
    expect(run).toContain('<dt>Against</dt><dd><b>reference:common.extra-fields=true,mail.outbox-name=Outbox</b>');
    expect(run).toContain('--seed 7 --runs 3');
  });

  test('every link lands: spec.html anchors, the catalogue entries and the rules, in-page', () => {
    const links = hrefs(html);
    expect(links.filter((h) => h.startsWith('spec.html#')).length).toBeGreaterThan(5);
    expect(links.filter((h) => h.startsWith('#silence-')).length).toBeGreaterThan(0);
    expect(links.filter((h) => h.startsWith('#rule-')).length).toBeGreaterThan(0);
    expect(brokenLinks(join(dir, 'diff'), 'diff.html')).toEqual([]);
    expect(brokenLinks(join(dir, 'diff'), 'spec.html').filter((h) => !h.startsWith('#'))).toEqual([]);
  });

  test('steps are spec operations with who did them, their exchanges and a curl line', () => {
    expect(html).toContain('>Send a message (§4.3)</a>');
    expect(html).toContain('by the sender (profile accounts.primary)');
    expect(html).toMatch(/<pre class="curl">curl -sS -i -X POST /);
    expect(html).toMatch(/<summary>POST \/SecureMessagingAPI\/Message → HTTP 200/);
  });

  test('the extra field is one cause listing every finding it shows in', () => {
    expect(json.findings.length).toBeGreaterThan(2);
    const cause = [...html.matchAll(/<section class="rule [^"]*cause" id="cause-\d+" data-findings="([\d,]+)"><p><b class="id">\d+\. <code>([^<]+)<\/code>/g)].map((m) => ({ findings: m[1]!.split(','), name: m[2]! }));
    const extra = cause.find((c) => c.name === 'ServerRelease');
    expect(extra?.findings.length).toBe(json.findings.length);
    // one cause per field, not one per finding
    expect(cause.filter((c) => c.name === 'ServerRelease')).toHaveLength(1);
  });

  test('"Differs in" lists exactly the fields of its table, and every field the answers differ in', () => {
    const all = cards(html);
    expect(all).toHaveLength(json.findings.length);
    for (const card of all) {
      const listed = [...(/<p class="differs">Differs in \(\d+\): (.*?)<\/p>/.exec(card.html)?.[1] ?? '').matchAll(/<code>([^<]+)<\/code>/g)].map((m) => unescape(m[1]!));
      const rows = [...card.html.matchAll(/<tr data-field="([^"]+)">/g)].map((m) => unescape(m[1]!));
      expect(listed, card.id).toEqual(rows);
      const f = json.findings[Number(card.id.split('-')[1]) - 1]!;
      expect(listed, card.id).toEqual(fieldDifferences(f.divergence.target, f.divergence.against).map((d) => d.field));
      for (const p of f.divergence.paths) expect(listed, card.id).toContain(p);
    }
  });

  test('the Outbox name, held before any step, is marked starting state where it shows; the extra field is behaviour', () => {
    const folders = cards(html).find((c) => c.html.includes('data-field="body.Folders[].FolderName"'))!;
    expect(folders).toBeDefined();
    expect(folders.html).toMatch(/<code>body\.Folders\[\]\.FolderName<\/code><br><span class="meta">[^<]*; <b>starting state<\/b>/);
    expect(folders.html).not.toMatch(/<code>body\.ServerRelease<\/code><br><span class="meta">[^<]*; <b>starting state<\/b>/);
  });
});

test('a difference of starting state alone is reported apart from behaviour, and labelled so', async () => {
  const sides = [await startReference({ variant: 'default', faults: [] }, 'reference'), await startReference({ variant: 'mail.outbox-name=Outbox', faults: [] }, 'reference:mail.outbox-name=Outbox')] as const;
  try {
    const r = await diffTargets([sides[0], sides[1]], { seed: 7, runs: 3, maxSteps: 8, maxFindings: 1, rules: false, timeLimitMs: 60_000, log: () => {} });
    expect(r.findings).toHaveLength(1);
    const dir = mkdtempSync(join(tmpdir(), 'sms-diff-start-'));
    writeDiffReports(dir, r, []);
    const html = readFileSync(join(dir, 'diff.html'), 'utf8');
    const [behaviour, start] = [/<h2 id="behaviour">([\s\S]*?)<h2 id="starting-state">/.exec(html)![1]!, /<h2 id="starting-state">([\s\S]*?)<h2 id="catalogue">/.exec(html)![1]!];
    expect(behaviour).toContain('<p>None.</p>');
    expect(start).toMatch(/<span class="badge na">starting state<\/span>/);
    expect(start).toContain('The targets held different data before the first step');
    // what each target held, with the exchanges that read it
    expect(start).toMatch(/What each target held before the first step \(\d+ difference\(s\)\)/);
    expect(brokenLinks(dir, 'diff.html')).toEqual([]);
    // the exchanges are redacted as the run's evidence is, before any scrub of the files (none here)
    const secrets = sides.flatMap((s) => s.secrets).filter((s) => s.length >= 6);
    expect(secrets.length).toBeGreaterThan(0);
    for (const name of ['diff.html', 'diff.md', 'diff.json']) {
      const text = readFileSync(join(dir, name), 'utf8');
      expect(secrets.filter((s) => text.includes(s) || text.includes(Buffer.from(s).toString('base64'))), name).toEqual([]);
    }
  } finally {
    await Promise.all(sides.map((s) => s.close()));
  }
}, 300_000);

describe('the fields of a finding and their causes (no target)', () => {
  const obs = (body: unknown, status = 200) => ({ step: 'x', status, type: 'application/json', body });
  const finding = (step: string, target: object, against: object, paths: string[]) =>
    ({ kind: 'uncatalogued', sequence: [step], divergence: { index: 0, step, paths, target, against } }) as unknown as DiffResult['findings'][number];

  test('every differing field is listed, not only those the search had not met before', () => {
    // the search had met `status` at this step kind before, so it named `body.Extra` alone
    const f = finding('read(#0)', obs({ Extra: 1, Name: 'a' }, 200), obs({ Name: 'a' }, 201), ['body.Extra']);
    expect(fieldDifferences(f.divergence.target, f.divergence.against).map((d) => [d.field, d.kind])).toEqual([
      ['status', 'value'],
      ['body.Extra', 'only-target'],
    ]);
  });

  test('one extra field at several steps is one cause; a field held apart before the first step is starting state', () => {
    const start = (name: string) => ({ held: { sender: { systemFolders: ['Inbox', name] }, recipient: { systemFolders: ['Inbox'] } }, exchanges: [] });
    const a = finding('send()', obs({ Extra: 1 }), obs({}), ['body.Extra']);
    const b = finding('unread()', obs({ Summaries: [{ Extra: 2 }], Extra: 3 }), obs({ Summaries: [{}] }), ['body.Extra']);
    const c = { ...finding('folders(sender)', obs({ Folders: [{ FolderName: 'Sent' }] }), obs({ Folders: [{ FolderName: 'Outbox' }] }), ['body.Folders[].FolderName']), start: { target: start('Sent'), against: start('Outbox') } };
    const all = causes([a, b, c]);
    expect(all.map((x) => [x.name, [...new Set(x.members.map((m) => m.finding))], x.startingState])).toEqual([
      ['Extra', [0, 1], false],
      ['sender.systemFolders[1]', [2], true],
    ]);
  });
});

test('a witnessed run of every step on the reference: each step names its spec operations, its exchanges are redacted, and who sent each', async () => {
  const side = await startReference({ variant: 'default', faults: [] }, 'reference');
  const d = drive(side);
  try {
    const { observations, start } = await witnessed(d, CANONICAL);
    expect(observations).toHaveLength(CANONICAL.length);
    expect(start?.held.sender.systemFolders.length).toBeGreaterThan(0);
    const sent = observations.filter((o) => !o.skipped && (o.exchanges ?? []).length > 0);
    // every family but the SMTP dialogues speaks HTTP
    expect(sent.length).toBeGreaterThan(CANONICAL.length / 2);
    for (const o of sent) for (const x of o.exchanges!) expect(x.curl, o.step).toMatch(/^curl /);
    const actors = new Set(sent.flatMap((o) => o.exchanges!.map((x) => x.actor)));
    for (const who of ['the sender (profile accounts.primary)', 'the recipient (profile accounts.peer)', 'the company administrator (profile admin)', 'the provisioning platform (profile provisioning)']) expect([...actors]).toContain(who);
    const text = JSON.stringify({ observations, start });
    for (const secret of side.secrets.filter((x) => x.length >= 6)) expect(text).not.toContain(secret);
  } finally {
    await d.agent.close();
    await side.close();
  }
}, 240_000);
