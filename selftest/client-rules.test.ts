import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS } from '../contract/limits.js';
import { quoteProblem } from '../contract/spec/index.js';
import { SPEC_RULES } from '../contract/spec/rules.js';
import { start, type RunningReference } from '../reference/server.js';
import { CLIENT_RULES } from '../judge/catalogue.js';
import { SESSIONS, type SessionName, type SharedState, type Switch } from '../judge/deviant/client.js';
import { newSharedState, runSession } from '../judge/deviant/run.js';
import { clientSwitches } from '../judge/deviant/switches.js';
import { judge } from '../judge/engine.js';
import type { RecordedExchange } from '../judge/exchange.js';
import { CLIENT_LIMITS, NOT_FROM_REQUEST } from '../judge/families/limits.js';
import { settingsFromProfile } from '../judge/settings.js';

/**
 * The client rules' teeth: with every switch off the deviant client conforms to every client rule
 * (each passes: exercised, nothing violated); each rule fails under its own switch and no other
 * rule does; every rule has a switch. One reference, one short session per switch, sessions of
 * different kinds side by side (they touch different accounts).
 */

const RULE_IDS = CLIENT_RULES.map((r) => r.id);

describe('the client rules as data', () => {
  test('ids are unique, `<interface>.client.<behaviour>`, and apart from the server rules', () => {
    expect(RULE_IDS.filter((id, i) => RULE_IDS.indexOf(id) !== i)).toEqual([]);
    expect(CLIENT_RULES.filter((r) => !r.id.startsWith(`${r.interface}.client.`)).map((r) => r.id)).toEqual([]);
    const server = new Set<string>(SPEC_RULES.map((r) => r.id));
    expect(RULE_IDS.filter((id) => server.has(id))).toEqual([]);
  });

  test('each quotes its spec: anchors exist and every quote is in its unit verbatim', () => {
    expect(CLIENT_RULES.flatMap((r) => r.spec.map((ref) => quoteProblem(ref)).filter(Boolean).map((p) => `${r.id}: ${p}`))).toEqual([]);
  });

  test('every limit of contract/limits.ts is judged from the request, or says why it cannot be', () => {
    expect(LIMITS.filter((row) => !CLIENT_LIMITS[row.id] && !NOT_FROM_REQUEST[row.id]).map((row) => row.id)).toEqual([]);
    expect(LIMITS.filter((row) => CLIENT_LIMITS[row.id] && NOT_FROM_REQUEST[row.id]).map((row) => row.id)).toEqual([]);
    const ids = new Set(LIMITS.map((row) => row.id));
    expect([...Object.keys(CLIENT_LIMITS), ...Object.keys(NOT_FROM_REQUEST)].filter((id) => !ids.has(id))).toEqual([]);
  });

  test('every client rule has exactly one switch of the deviant client, and every switch names a rule', () => {
    const switched = clientSwitches({ baseUrl: 'http://127.0.0.1:1' }).map((s) => s.rule);
    expect(RULE_IDS.filter((id) => switched.filter((s) => s === id).length !== 1)).toEqual([]);
    expect(switched.filter((s) => !RULE_IDS.includes(s))).toEqual([]);
  });

  test('a recording the judge cannot read is judged without a crash: nothing passes, nothing fails', () => {
    const garbage: RecordedExchange[] = [
      { seq: 0, client: 'x', at: Number.NaN, method: 'POST', url: 'http://[::1', headers: {}, body: '\u0000\u0001' },
      { seq: 1, client: 'x', at: 0, method: 'POST', url: '/cmv4/cmv4.asmx', headers: { 'Content-Type': 'text/xml' }, body: '<soap:Envelope' },
      { seq: 2, client: 'x', at: 0, method: 'POST', url: '/Provisioning/', headers: {}, body: '{"IV": 1, "Data": []}' },
      { seq: 3, client: 'x', at: 0, method: 'POST', url: '/Remote/Account/GetSessionKey', headers: {}, body: 'not base64 at all' },
      { seq: 4, client: 'x', at: 0, url: undefined, headers: undefined } as never,
    ];
    const { verdicts, unplaced } = judge(garbage, settingsFromProfile({ baseUrl: 'http://127.0.0.1:1' }), CLIENT_RULES);
    expect(verdicts.filter((v) => v.problem)).toEqual([]);
    expect(verdicts.filter((v) => v.outcome === 'pass')).toEqual([]);
    expect(unplaced).toBeGreaterThan(0);
  });
});

describe('the deviant client against the reference', () => {
  let ref: RunningReference;
  let shared: SharedState;
  beforeAll(async () => {
    ref = await start();
    shared = newSharedState();
  });
  afterAll(async () => {
    await ref?.close();
  });

  test('with every switch off, every client rule passes: each is exercised and none is broken', async () => {
    const outcomes = new Map<string, string[]>();
    for (const session of SESSIONS) {
      const { exchanges, settings } = await runSession(ref.profile, shared, session);
      for (const v of judge(exchanges, settings, CLIENT_RULES).verdicts) {
        if (v.outcome === 'fail') outcomes.set(v.id, [...(outcomes.get(v.id) ?? []), `fails in ${session}: ${v.violation?.why}`]);
        if (v.outcome === 'pass') outcomes.set(v.id, [...(outcomes.get(v.id) ?? []), 'pass']);
      }
    }
    expect(RULE_IDS.filter((id) => !outcomes.get(id)?.includes('pass')).map((id) => `${id}: not exercised`)).toEqual([]);
    expect([...outcomes].flatMap(([id, o]) => o.filter((x) => x !== 'pass').map((x) => `${id} ${x}`))).toEqual([]);
  }, 120_000);

  test('each client rule fails under its own switch, and no other rule does', async () => {
    const switches = clientSwitches(ref.profile);
    const bySession = new Map<SessionName, Switch[]>();
    for (const s of switches) bySession.set(s.session, [...(bySession.get(s.session) ?? []), s]);
    const escaped: string[] = [];
    // one queue per kind of session, the kinds side by side: they use different accounts
    await Promise.all(
      [...bySession].map(async ([session, list]) => {
        for (const sw of list) {
          const { exchanges, settings } = await runSession(ref.profile, shared, session, sw);
          const failed = judge(exchanges, settings, CLIENT_RULES).verdicts.filter((v) => v.outcome === 'fail').map((v) => v.id);
          if (!failed.includes(sw.rule)) escaped.push(`${sw.rule}: not failed under its switch`);
          // confined: the switch breaks what its rule judges and nothing another rule judges
          for (const other of failed.filter((id) => id !== sw.rule)) escaped.push(`${sw.rule}'s switch also fails ${other}`);
        }
      }),
    );
    expect(escaped).toEqual([]);
  }, 240_000);
});

describe('the spec units the client rules enforce', () => {
  test('each unit is enforced on the server, the client, or both; the client rules add units no server rule enforces', async () => {
    const { unitSides } = await import('../judge/coverage.js');
    const sides = unitSides();
    const count = (side: string) => sides.filter((u) => u.side === side).length;
    expect(count('client') + count('both')).toBeGreaterThan(50);
    // §4.4's sentence on the SOAP request form binds both sides
    expect(sides.find((u) => u.anchor === '§4.4/all-use-post-cmv4-cmv4')?.side).toBe('both');
    expect(count('client')).toBeGreaterThan(0);
  });
});
