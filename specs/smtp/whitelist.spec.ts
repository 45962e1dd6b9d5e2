import { isPermanentRefusal } from '../../contract/smtp.js';
import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { CompanySmtp, describeOutcome } from '../../harness/fixtures/smtp.js';
import { account, adminCredentials, iface, smtpGateway } from '../../harness/needs.js';
import type { SpecRef } from '../../contract/spec/index.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/**
 * spec §1: 'The gateway accepts mail only from whitelisted IP addresses'; §4.2 Update IP
 * whitelist: 'Sets an exclusive whitelist of IP addresses allowed to connect … An empty string
 * as the request body removes the whitelist.' B7: an address outside is refused with a 5xx
 * before any mail is accepted. The suite stands inside or outside the list by binding one of two
 * client addresses (profile smtp.clientAddresses). These rules change the company's whitelist
 * (company: 'changes'): they run alone, where the profile allows it, and put back the list they found.
 */
const base = { interface: 'smtp', operation: ['admin.UpdateIpWhitelist', 'smtp.Deliver'], level: 'must', company: 'changes' } as const;
const needs = [smtpGateway, adminCredentials, iface('messaging-rest'), account('primary')];
/** An address no client of the suite uses (RFC 5737 TEST-NET-1). */
const ELSEWHERE = '192.0.2.1';

const EXCLUSIVE: SpecRef = { anchor: '§4.2/update-ip-whitelist', quote: 'Sets an exclusive whitelist of IP addresses allowed to connect to the SMTP gateway' };
const ONLY_WHITELISTED: SpecRef = { anchor: '§1/gateway-accepts-mail-only-whitelisted', quote: 'The gateway accepts mail only from whitelisted IP addresses' };
/** an entry naming one client address: the profile's fields, with IpAddress (G3); the credentials read afresh after an update (G4) */
const ENTRY: SpecRef = { anchor: '§2.2/SMTPEndpoint2Model', quote: 'One element per whitelist entry.', silence: 'smtp-whitelist-entry' };
const CREDENTIALS: SpecRef = { anchor: '§4.2/update-ip-whitelist', quote: 'existing SMTP credentials are overwritten', silence: 'smtp-whitelist-credentials' };
/** a refusal is any 5xx, wherever it comes, as long as no 250 ends DATA (G1) */
const REFUSED: readonly SpecRef[] = [
  { anchor: '§1/gateway-accepts-mail-only-whitelisted', quote: 'The gateway accepts mail only from whitelisted IP addresses', silence: 'smtp-refusal-code' },
  { anchor: '§1/gateway-accepts-mail-only-whitelisted', quote: 'The gateway accepts mail only from whitelisted IP addresses', silence: 'smtp-refusal-stage' },
];

async function setUp(t: RuleContext) {
  const [inside, outside] = t.profile.smtp!.clientAddresses;
  const company = await t.given('an administration session', () => CompanySmtp.open(t));
  const primary = await t.given('log on as primary, who receives the test mail', () => MailSession.open(t, 'primary'));
  /** A precondition: the address sends a message and the gateway accepts it. */
  const accepted = (address: string, why: string) =>
    t.given(why, async () => {
      const o = await company.send(`from ${address}`, primary, { from: address });
      check(o.accepted, `mail from ${address} is not accepted: ${describeOutcome(o)}`);
    });
  return { inside, outside, company, primary, accepted };
}

rule(
  { ...base, id: 'smtp.whitelist.outside-refused', spec: [EXCLUSIVE, ONLY_WHITELISTED, ENTRY, CREDENTIALS, ...REFUSED], title: 'with a whitelist set, mail from an address outside it is refused with a 5xx before any mail is accepted', needs },
  async (t) => {
    const { inside, outside, company, primary, accepted } = await setUp(t);
    await t.given(`set the whitelist to ${inside}`, () => company.setWhitelist([inside]));
    await accepted(inside, 'the listed address can send');
    const o = await company.send(`from ${outside}, not listed`, primary, { from: outside });
    check(!o.accepted && o.stop?.code !== undefined && isPermanentRefusal(o.stop.code), `With the whitelist [${inside}], mail from ${outside} should be refused with a 5xx; ${describeOutcome(o)}.`);
  },
);

rule(
  { ...base, id: 'smtp.whitelist.inside-accepted', spec: [EXCLUSIVE, ONLY_WHITELISTED, ENTRY, CREDENTIALS], title: 'mail from an address the whitelist lists is accepted, wherever the list names it', needs },
  async (t) => {
    const { inside, company, primary } = await setUp(t);
    await t.given(`set the whitelist to ${ELSEWHERE} and ${inside}`, () => company.setWhitelist([ELSEWHERE, inside]));
    const o = await company.send(`from ${inside}, listed second`, primary, { from: inside });
    check(o.accepted, `With the whitelist [${ELSEWHERE}, ${inside}], mail from ${inside} should be accepted; ${describeOutcome(o)}.`);
  },
);

rule(
  { ...base, id: 'smtp.whitelist.exclusive', spec: [EXCLUSIVE, ENTRY, CREDENTIALS, ...REFUSED], title: 'an update replaces the whitelist: an address only the earlier list named is refused with a 5xx', needs },
  async (t) => {
    const { inside, outside, company, primary, accepted } = await setUp(t);
    await t.given(`set the whitelist to ${outside}`, () => company.setWhitelist([outside]));
    await accepted(outside, `${outside} can send while listed`);
    await t.given(`replace the whitelist with ${inside}`, () => company.setWhitelist([inside]));
    const o = await company.send(`from ${outside}, no longer listed`, primary, { from: outside });
    check(!o.accepted && o.stop?.code !== undefined && isPermanentRefusal(o.stop.code), `After the whitelist [${outside}] was replaced by [${inside}], mail from ${outside} should be refused with a 5xx; ${describeOutcome(o)}.`);
  },
);

rule(
  {
    ...base,
    id: 'smtp.whitelist.removed',
    spec: [
      { anchor: '§4.2/update-ip-whitelist', quote: 'An empty string as the request body removes the whitelist.' },
      // 'no restriction' or 'accept nobody': the rule asserts only that both addresses are treated alike (G2)
      { anchor: '§4.2/update-ip-whitelist', quote: 'removes the whitelist', silence: 'smtp-removed-whitelist' },
      ENTRY,
      CREDENTIALS,
    ],
    title: 'an empty-string body removes the whitelist: the formerly listed and an unlisted address are then treated alike',
    needs,
  },
  async (t) => {
    // B7 open question: 'no restriction' or 'accept nobody'; the rule asserts neither (clarification G2)
    const { inside, outside, company, primary, accepted } = await setUp(t);
    await t.given(`set the whitelist to ${inside}`, () => company.setWhitelist([inside]));
    await accepted(inside, 'the listed address can send');
    await t.given('remove the whitelist with an empty-string body', () => company.setWhitelist(''));
    const fromInside = await company.send(`from ${inside} after removal`, primary, { from: inside });
    const fromOutside = await company.send(`from ${outside} after removal`, primary, { from: outside });
    check(
      fromInside.accepted === fromOutside.accepted,
      `After the whitelist was removed, ${inside} and ${outside} are still told apart: from ${inside} ${describeOutcome(fromInside)}; from ${outside} ${describeOutcome(fromOutside)}.`,
    );
  },
);
