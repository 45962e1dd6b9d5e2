import { MailSession } from '../../harness/fixtures/mailbox.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import type { RuleContext } from '../../harness/rule.js';

/**
 * A message delivered to act on through the SOAP form, whose effect REST listings of the same
 * mailbox read back (REST and SOAP are one mailbox).
 */

/** primary (REST) sends peer a message; peer is logged on through both forms. */
export async function delivered(t: RuleContext) {
  const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
    Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
  );
  const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
  const folders = await t.given("find peer's system folders", () => peer.systemFolders());
  return { primary, peer, peerSoap, mid, folders };
}

/** primary (REST and SOAP) sends peer (REST and SOAP) a message. */
export async function deliveredBoth(t: RuleContext) {
  const [primary, primarySoap, peer, peerSoap] = await t.given('log on as primary and peer (REST and SOAP)', () =>
    Promise.all([MailSession.open(t, 'primary'), SoapSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
  );
  const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
  return { primary, primarySoap, peer, peerSoap, mid };
}
