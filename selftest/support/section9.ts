import { compareRelease, FIRST_RELEASE_WITHOUT_MAILBOX_XML, LAST_SOAP_RELEASE, SECTION_9 } from '../../contract/editions.js';
import { LISTINGS } from '../../contract/listings.js';
import type { Edition } from '../../contract/profile.js';
import type { Summary } from '../../contract/summary.js';

type Rule = Summary['rules'][number];
const line = (r: Rule) => `${r.id}: ${r.outcome} ${r.reason ?? ''}`;

/**
 * Spec §9 as a whole run shows it, on the platform its target declares: where the SOAP calls are
 * withdrawn every messaging-soap rule is not applicable with the §9 sentence; where they are
 * offered they run, and the rules that judge GetMailboxXML alone (its listing, its schema,
 * another user's folder id in it, a listings rule per input) and the field round trips read
 * through it follow GetMailboxXML's own §9 sentence: not applicable with it where it is
 * withdrawn, else judged like any rule. The problems, one line each.
 */
export function section9Problems(summary: Summary): string[] {
  const { edition, release } = summary.target as { edition: Edition; release: string };
  const platform = `(edition, release); `;
  const soap = summary.rules.filter((r) => r.interface === 'messaging-soap');
  if (soap.length < 30) return [`${edition} ${release}: only ${soap.length} messaging-soap rules ran`];
  if (compareRelease(release, LAST_SOAP_RELEASE[edition]) > 0) {
    return soap.filter((r) => r.outcome !== 'notApplicable' || !r.reason?.includes(platform + SECTION_9.soap)).map((r) => `${edition} ${release}, SOAP withdrawn: ${line(r)}`);
  }
  const alone = soap.filter((r) => r.judges?.length === 1 && r.judges[0] === 'messaging-soap.GetMailboxXML');
  const problems = ['messaging-soap.mailbox-xml.listing', 'messaging-soap.parties.get-mailbox-xml-folder-id', 'messaging-soap.schema.get-mailbox-xml'].filter((id) => !alone.some((r) => r.id === id)).map((id) => `${id} did not run`);
  const inputs = LISTINGS.find((l) => l.operation === 'messaging-soap.GetMailboxXML')!.inputs.length;
  if (alone.filter((r) => r.id.startsWith('messaging-soap.listings.')).length !== inputs) problems.push(`not a listings rule per GetMailboxXML input (${inputs})`);
  const mailbox = [...alone, ...soap.filter((r) => r.judges?.includes('messaging-soap.GetMailboxXML') === true && /\.fields\./.test(r.id))];
  const withdrawn = compareRelease(release, FIRST_RELEASE_WITHOUT_MAILBOX_XML[edition]) >= 0;
  const gated = (r: Rule) => r.outcome === 'notApplicable' && r.reason?.includes(platform + SECTION_9.mailboxXml) === true;
  for (const r of mailbox) if (gated(r) !== withdrawn) problems.push(`${edition} ${release}, GetMailboxXML ${withdrawn ? 'withdrawn' : 'offered'}: ${line(r)}`);
  // the other SOAP rules run wherever the calls are offered
  for (const r of soap) if (!mailbox.includes(r) && r.reason?.includes(SECTION_9.soap)) problems.push(`${edition} ${release}, SOAP offered: ${line(r)}`);
  return problems;
}
