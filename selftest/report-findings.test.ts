import { describe, expect, test } from 'vitest';
import type { RuleResult } from '../contract/summary.js';
import { Cleanups } from '../harness/cleanup.js';
import { describeText, escaped, scriptsOf } from '../harness/property-describe.js';
import { findingCard } from '../reporting/verdict-card.js';
import type { RuleEvidence } from '../reporting/verdict-evidence.js';
import { causeOf, findings } from '../reporting/verdict-findings.js';
import { quoteKind, quotesHtml } from '../reporting/verdict-quotes.js';

/** Findings grouped by cause, spec quotes that say something, counterexamples described, cleanup once: no target needed. */

const rule = (id: string, over: Partial<RuleResult> = {}): RuleResult => ({
  id,
  interface: id.split('.')[0] as string,
  section: '§4.3',
  level: 'must',
  outcome: 'fail',
  title: `title of ${id}`,
  operation: 'Create a new folder',
  file: 'specs/x.spec.ts',
  exchanges: 1,
  durationMs: 5,
  ...over,
});

/** An exchange as harness/evidence.ts renders it. */
const exchange = (method: string, path: string, status: number, answer: string, body?: string) =>
  [`# spec operation messaging-rest.X`, `${method} http://127.0.0.1:1${path}`, 'accept: application/json', ...(body ? ['', body] : []), '', '---', '', `HTTP ${status}   (3 ms)`, 'content-type: application/json', '', answer, '', '--- reproduce (…) ---', 'curl …'].join('\n');

const decisive = (text: string): RuleEvidence => ({ entries: [{ title: 'x', text, phase: 'body', decisive: true }] });

describe('findings grouped by cause', () => {
  test('rules with the same decisive answer are one finding, whatever their reasons say', () => {
    const refused = (mid: number) => exchange('GET', `/api/Message/${mid}`, 403, `"Message ${mid} could not be read."`);
    const rules = [
      rule('messaging-rest.a', { reason: 'peer could not read message 1041' }),
      rule('messaging-rest.b', { reason: 'the sender could not read 1042 after the move' }),
      rule('messaging-rest.c', { reason: 'something else entirely' }),
    ];
    const evidence = new Map([
      ['messaging-rest.a', decisive(refused(1041))],
      ['messaging-rest.b', decisive(refused(1042))],
      ['messaging-rest.c', decisive(exchange('GET', '/api/Folder/List', 500, '"boom"'))],
    ]);
    const found = findings(rules, evidence);
    expect(found.map((f) => [f.rules.map((r) => r.id), f.ties])).toEqual([
      [['messaging-rest.a', 'messaging-rest.b'], ['answer']],
      [['messaging-rest.c'], []],
    ]);
    expect(found[0]!.answer).toBe('GET /api/Message/{n} → HTTP 403 "Message # could not be read."');
  });

  test('two different requests both accepted are not one cause; the same reason is', () => {
    const ok = (body: string) => exchange('POST', '/api/Folder', 200, '{"FolderId":1001}', body);
    const rules = [rule('messaging-rest.name'), rule('messaging-rest.type')];
    const evidence = new Map([
      ['messaging-rest.name', decisive(ok('{"FolderName":"cfabcdef12-xxxxxxxxxxxx","FolderType":0}'))],
      ['messaging-rest.type', decisive(ok('{"FolderName":"cfabcdef13-f1","FolderType":2}'))],
    ]);
    expect(findings(rules, evidence)).toHaveLength(2);
    // a property's reason is its failure without the counterexample: it joins the boundary rule's
    const boundary = rule('messaging-rest.name-66', { reason: 'POST /api/Folder: expected a 4xx; got HTTP 200 with body {"FolderId":1015}.' });
    const prop = rule('messaging-rest.name-any', {
      reason: 'Counterexample "cfxyzabc1-☀αα" (66 characters, over the 65-character limit of §8/folder-name-length by 1; scripts Latin) (seed 5; replay with --seed 5): POST /api/Folder: expected a 4xx; got HTTP 200 with body {"FolderId":1099}.',
    });
    expect(causeOf(prop.reason)).toBe(causeOf(boundary.reason));
    expect(findings([boundary, prop]).map((f) => f.rules.length)).toEqual([2]);
  });

  test('a finding sits under its most severe rule, and findings are ordered by how much of the verdict they decide', () => {
    const pre = 'Precondition "log on" failed, so the rule could not be checked: POST /Token: HTTP 500';
    const rules = [
      rule('token.z1', { reason: 'x failed' }),
      rule('token.a1', { outcome: 'broken', reason: pre }),
      rule('token.a2', { outcome: 'broken', reason: pre }),
      rule('token.a3', { outcome: 'broken', reason: pre }),
      rule('token.m1', { reason: 'y failed' }),
      rule('token.m2', { reason: 'y failed' }),
      rule('token.w1', { level: 'should', reason: 'y failed' }),
    ];
    const found = findings(rules);
    expect(found.map((f) => [f.bucket, f.rules.map((r) => r.id)])).toEqual([
      ['must-fail', ['token.m1', 'token.m2', 'token.w1']],
      ['must-fail', ['token.z1']],
      ['must-broken', ['token.a1', 'token.a2', 'token.a3']],
    ]);
  });

  test('the card of a finding quotes the union of its rules\' spec words, each once', () => {
    const a = rule('messaging-rest.a', { reason: 'same', spec: [{ anchor: '§8/folder-name-length', quote: 'at most 65 characters' }] });
    const b = rule('messaging-rest.b', {
      reason: 'same',
      spec: [
        { anchor: '§8/folder-name-length', quote: 'at most 65 characters' },
        { anchor: '§2.3/folder-create', quote: 'FolderName (string, at most 65 characters)' },
      ],
    });
    const [f] = findings([a, b]);
    const html = findingCard(f!, new Map(), {});
    expect(html).toContain('2 rules, one cause');
    expect(html.match(/>at most 65 characters</g)).toHaveLength(1);
    expect(html).toContain('FolderName (string, at most 65 characters)');
  });
});

describe('spec quotes that say nothing alone', () => {
  test('a word alone is shown in its unit, marked; a silence is context', () => {
    expect(quoteKind({ anchor: '§2.1/client_id', quote: 'string' })).toBe('word');
    expect(quoteKind({ anchor: '§2.2/AccountListModel', quote: 'Its fields: not shown.' })).toBe('silent');
    expect(quoteKind({ anchor: '§8/folder-name-length', quote: 'at most 65 characters' })).toBe('words');
    const html = quotesHtml([
      { anchor: '§2.1/client_id', quote: 'string' },
      { anchor: '§2.1/client_secret', quote: 'string' },
      { anchor: '§2.1/client_id', quote: 'string' },
      { anchor: '§2.2/AccountListModel', quote: 'Its fields: not shown.', silence: 'account-list-model' },
    ]);
    expect(html).toContain('Field: client_id · Type: <mark>string</mark> · Meaning: The user name or e-mail address of the user');
    expect(html).toContain('Field: client_secret · Type: <mark>string</mark>');
    expect(html.match(/client_id ·/g)).toHaveLength(1);
    expect(html).not.toMatch(/<blockquote[^>]*><a[^>]*>string<\/a>/);
    expect(html).toMatch(/<div class="context"><p>Context, not a requirement[\s\S]*Its fields: not shown\.[\s\S]*account-list-model/);
  });
});

describe('a counterexample in the rule\'s terms', () => {
  test('length in characters (code points), scripts, escaped form and the boundary crossed', () => {
    const name = `cfabc123-${'☀α一A'.repeat(14)}ぁ`.slice(0, 66);
    const d = describeText('cfab-☀αА一ぁ', { min: 1, max: 65, anchor: '§8/folder-name-length' });
    expect(d.lines[0]).toMatch(/^Length: 10 characters \(code points; \d+ UTF-8 bytes\), within the 1 to 65 characters of §8\/folder-name-length\.$/);
    expect(scriptsOf('cfab-☀αА一ぁ').map((s) => s.script)).toEqual(['Latin', 'Common', 'Cyrillic', 'Greek', 'Han', 'Hiragana']);
    expect(escaped('a☀𠀀')).toBe('a\\u{2600}\\u{20000}');
    const over = describeText('x'.repeat(66), { max: 65, anchor: '§8/folder-name-length' });
    expect(over.line).toBe('66 characters, over the 65-character limit of §8/folder-name-length by 1; scripts Latin');
    // an astral character is one character, two UTF-16 units
    expect(describeText('𠀀').line).toBe('1 character; scripts Han; 2 UTF-16 units, 4 UTF-8 bytes');
    expect(name.length).toBe(66);
  });
});

describe('cleanup sends one request per thing still there', () => {
  test('a thing registered twice is removed once; one the rule removed is forgotten', async () => {
    const sent: string[] = [];
    const c = new Cleanups();
    const del = (id: number) => async () => void sent.push(`DELETE ${id}`);
    c.add('delete 1', del(1), 'folder 1');
    c.add('delete 1 again', del(1), 'folder 1');
    c.add('delete 2', del(2), 'folder 2');
    c.add('log out', async () => void sent.push('logout'));
    c.gone('folder 2');
    expect(c.pending('folder 1')).toBe(true);
    expect(c.pending('folder 2')).toBe(false);
    expect(await c.run()).toEqual([]);
    expect(sent).toEqual(['logout', 'DELETE 1']);
    // run again (nothing registered since): nothing is sent twice
    expect(await c.run()).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  test('neighbours of one kind run at once; kinds and in-turn work keep their order', async () => {
    const log: string[] = [];
    const step = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`end ${name}`);
    };
    const c = new Cleanups();
    // registered in the order a rule makes them; run last first
    c.add('log out primary', step('logout primary', 5), undefined, 'log-out');
    c.add('log out peer', step('logout peer', 1), undefined, 'log-out');
    c.add('delete folder', step('folder', 1), 'folder 9');
    c.add('purge 1', step('purge 1', 5), undefined, 'purge');
    c.add('purge 2', step('purge 2', 1), undefined, 'purge');
    expect(await c.run()).toEqual([]);
    expect(log).toEqual(['start purge 2', 'start purge 1', 'end purge 2', 'end purge 1', 'start folder', 'end folder', 'start logout peer', 'start logout primary', 'end logout peer', 'end logout primary']);
  });
});
