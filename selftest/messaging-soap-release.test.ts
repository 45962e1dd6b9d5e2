import { describe, expect, test } from 'vitest';
import { LISTINGS } from '../contract/listings.js';
import { runCli } from './support/cli.js';

/**
 * spec §9 through the CLI, as a vendor would see it: the reference started as each edition and
 * release (REFERENCE_EDITION / REFERENCE_RELEASE, reflected in its generated profile). Where the
 * SOAP form is withdrawn every messaging-soap rule is not applicable with the §9 sentence; where
 * it is offered the rules run (and GetMailboxXML's rule follows its own §9 sentence). One
 * property run keeps it fast.
 */
const run = (edition: string, release: string) =>
  runCli(['run', '--no-allure', '--area', 'messaging-soap', '--seed', '910'], { REFERENCE_EDITION: edition, REFERENCE_RELEASE: release, SMS_PROPERTY_RUNS: '1' });

// the gate's reasons (contract/operations.ts): the profile keys, then the spec sentence quoted
const SOAP_SENTENCE = /\(edition, release\); spec §9: "The SOAP messaging calls are offered for server releases up to 5\.36 \(secure-mail edition\) and up to 6\.2/;
const MAILBOX_SENTENCE = /\(edition, release\); spec §9: "The mailbox XML listing is removed from new releases beginning with 5\.37/;

describe.concurrent('spec §9 gates the SOAP messaging rules by edition and release', () => {
  test.each([
    ['securemail', '5.37'],
    ['direct', '6.3'],
  ])('%s %s: every messaging-soap rule is not applicable, with the §9 reason', async (edition, release) => {
    const result = await run(edition, release);
    const summary = result.summary();
    expect(summary.target).toMatchObject({ edition, release });
    expect(summary.rules.length).toBeGreaterThan(30);
    expect(summary.rules.filter((r) => r.outcome !== 'notApplicable' || !SOAP_SENTENCE.test(r.reason ?? '')).map((r) => `${r.id}: ${r.outcome} ${r.reason ?? ''}`)).toEqual([]);
  });

  test.each([
    ['securemail', '5.36', false],
    ['direct', '6.2', true],
  ])('%s %s: the rules run and pass (GetMailboxXML withdrawn: %s)', async (edition, release, withdrawn) => {
    const result = await run(edition, release);
    const rules = result.summary().rules;
    // the rules that judge GetMailboxXML alone (its listing, its answer against the schema, another user's folder id in it,
    // each input of the listings matrix), and the field round trips read through it
    const alone = rules.filter((r) => r.judges?.length === 1 && r.judges[0] === 'messaging-soap.GetMailboxXML');
    const listingInputs = LISTINGS.find((l) => l.operation === 'messaging-soap.GetMailboxXML')!.inputs.length;
    expect(alone.map((r) => r.id)).toEqual(expect.arrayContaining(['messaging-soap.mailbox-xml.listing', 'messaging-soap.parties.get-mailbox-xml-folder-id', 'messaging-soap.schema.get-mailbox-xml']));
    expect(alone.filter((r) => r.id.startsWith('messaging-soap.listings.')).length, 'a listings rule per GetMailboxXML input').toBe(listingInputs);
    const mailbox = [...alone, ...rules.filter((r) => r.judges?.includes('messaging-soap.GetMailboxXML') === true && /\.fields\./.test(r.id))];
    expect(rules.filter((r) => !mailbox.includes(r) && r.outcome !== 'pass').map((r) => `${r.id}: ${r.outcome} ${r.reason ?? ''}`)).toEqual([]);
    for (const r of mailbox) {
      if (withdrawn) expect(r).toMatchObject({ outcome: 'notApplicable', reason: expect.stringMatching(MAILBOX_SENTENCE) });
      else expect(r.outcome).toBe('pass');
    }
    expect(result.code).toBe(0);
  });
});
