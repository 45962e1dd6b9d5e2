import { Agent } from 'undici';
import { afterAll, expect, test } from 'vitest';
import { JUDGES_HEADER, RULE_HEADER } from '../../contract/rule-channel.js';
import { ruleHeader } from '../../harness/transport/rule-header.js';
import { fetchThrough, localTarget } from '../support/local-target.js';

/** harness/transport/rule-header.ts: every request names its rule and what it judges (contract/rule-channel.ts). */
const agent = new Agent();
afterAll(() => agent.close());

test('the rule and the judged operations go on every request; a request names its own spelling of a header', async () => {
  const seen: Array<Record<string, string | string[] | undefined>> = [];
  const target = await localTarget((req, res) => {
    seen.push(req.headers);
    res.end('ok');
  });
  const dispatcher = agent.compose(ruleHeader('token.grant.password', ['token.Token', 'token.Refresh']));
  await fetchThrough(dispatcher, target.url, { headers: { accept: 'text/plain' } });
  await fetchThrough(dispatcher, target.url, { headers: { 'X-Conformance-Rule': 'its-own' } });
  target.close();
  expect(seen[0]).toMatchObject({ [RULE_HEADER]: 'token.grant.password', [JUDGES_HEADER]: 'token.Token,token.Refresh', accept: 'text/plain' });
  // header names are case-insensitive (RFC 9110 §5.1): the request's own value is the one sent, once
  expect(seen[1]![RULE_HEADER]).toBe('its-own');
});
