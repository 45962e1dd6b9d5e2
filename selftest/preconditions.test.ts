import { expect, test } from 'vitest';
import { coverageLines, refusalRound } from './support/refusal-rounds.js';
import { createApp } from '../reference/app.js';
import { ManualClock } from '../reference/core/clock.js';
import { Refusals } from '../reference/refusals.js';
import { createState } from '../reference/state.js';
import { defaultVariant } from '../reference/variant.js';

/**
 * Preconditions are preconditions: a target that refuses an
 * operation a rule needs but does not judge (RuleMeta.operation) gives that rule *broken* or
 * *not applicable*, never *fail*, and no rule anywhere fails. `npm test` runs rounds 0-2 (each
 * rule's first three precondition operations: the log-ons, session keys, folder lists and sends
 * most rules start with; about 20-30 s a round on an idle machine); `npm run refusals` runs
 * every round until no rule has a k-th precondition left, and writes reports/refusals.md.
 */
const ROUNDS = [0, 1, 2];

test.each(ROUNDS)('a target that refuses each rule’s precondition operation number %i makes no rule fail', { timeout: 600_000 }, async (round) => {
  // rounds 0-2 refuse the first operations a rule reaches, which a property's first run reaches: five runs each
  const result = await refusalRound(round, [], 600_000, { SMS_PROPERTY_RUNS: '5' });
  expect(result.error).toBeUndefined();
  console.log(`precondition refusals, round ${round} (${(result.ms / 1000).toFixed(0)} s): ${result.refused.length} rules refused a precondition\n${coverageLines(result).join('\n')}`);
  // most rules have several preconditions (a log-on, a session key, a folder list): a round that refused little did not test
  expect(result.refused.length).toBeGreaterThan(60);
  expect(result.failed, 'rules that failed although only a precondition was refused').toEqual([]);
  expect(result.refused.filter((r) => r.outcome === 'fail')).toEqual([]);
});

test('the refusal mode: round k refuses each rule’s k-th operation it does not judge, and each edge refuses as a server would', async () => {
  const r = new Refusals([], 1);
  const judges = 'messaging-rest.LogOn';
  expect(r.refuses('messaging-rest.LogOn', 'x', judges)).toBe(false); // judged: never refused
  expect(r.refuses('messaging-rest.ListFolders', 'x', judges)).toBe(false); // its precondition 0
  expect(r.refuses('messaging-rest.GetMessage', 'x', judges)).toBe(true); // its precondition 1
  expect(r.refuses('messaging-rest.ListFolders', 'x', judges)).toBe(false);
  expect(r.refuses('messaging-rest.GetMessage', 'x', judges)).toBe(true);
  expect(r.refuses('messaging-rest.GetMessage', 'y', undefined)).toBe(false); // a rule that never said what it judges
  expect(r.log().x).toEqual({ judges: [judges], reached: ['messaging-rest.ListFolders', 'messaging-rest.GetMessage'], refused: 'messaging-rest.GetMessage' });
  expect(() => new Refusals(['messaging-rest.NoSuchThing'])).toThrow(/no operation/);

  const state = createState({
    clock: new ManualClock(new Date('2026-11-22T12:00:00Z')),
    variant: defaultVariant,
    identityProvider: { resourceType: 'OpenIdConnect', jwtSecret: 'selftest-secret' },
    refusals: new Refusals(['messaging-rest.LogOn', 'messaging-soap.Logon', 'admin.GetSmtpCredentials']),
  });
  const app = createApp(state);
  const rest = await app.request('/SecureMessagingAPI/Account/Logon', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  expect(rest.status).toBe(400);
  expect(await rest.json()).toMatch(/log on\) is refused/);
  const smtp = await app.request('/Remote/Smtp/GetCredentials');
  expect(smtp.status).toBe(400);
  const envelope = '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Logon xmlns="https://ssl.certifiedmail.com/CMv4"><UserID>u</UserID><Password>p</Password></Logon></soap:Body></soap:Envelope>';
  const soap = await app.request('/cmv4/cmv4.asmx', { method: 'POST', body: envelope, headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: 'https://ssl.certifiedmail.com/CMv4/Logon' } });
  expect(soap.status).toBe(500);
  expect(await soap.text()).toMatch(/Client<\/faultcode>[\s\S]*Logon is refused/);
  // what is not refused still works: the token endpoint answers as it would
  expect((await app.request('/Token', { method: 'POST', body: 'grant_type=password', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBeLessThan(500);
});
