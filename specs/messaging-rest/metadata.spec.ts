import { MetadataSchema, statusesOf } from '../../contract/messaging.js';
import { isTableStatus } from '../../contract/message-status.js';
import { check, expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §4.3 'Get message metadata' (tracking and security information) and its Get MIME row. */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.GetMessageMetadata', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer'), account('outsider')];
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

rule(
  {
    ...base,
    id: 'messaging-rest.metadata.tracking',
    spec: [
      { anchor: '§4.3/get-message-metadata', quote: 'tracking and security information for a sent message' },
      { anchor: '§3.1/integer-status-message', quote: 'The integer status of a message.' },
    ],
    title: "the sender's Get message metadata carries tracking for every recipient, each with a §3.1 status",
    needs,
  },
  async (t) => {
    const [primary, peer, outsider] = await t.given('log on as primary, peer and outsider', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), MailSession.open(t, 'outsider')]),
    );
    const mid = await t.given('primary sends peer and outsider a message', () => primary.send([peer, outsider]));
    const metadata = expectBody(await t.rest.metadata(primary.auth, mid), MetadataSchema, 'metadata with Tracking (vendor-wire §1.2)');
    for (const recipient of [peer, outsider]) {
      const entry = (metadata.Tracking ?? []).find((e) => same(e.Email, recipient.email));
      check(entry, `GET /Message/${mid}/Metadata: the sender's tracking has no entry for ${recipient.email}; entries: ${JSON.stringify((metadata.Tracking ?? []).map((e) => e.Email))}.`);
      const statuses = statusesOf(entry);
      check(statuses.length > 0 && statuses.every(isTableStatus), `GET /Message/${mid}/Metadata: the tracking entry of ${recipient.email} should carry a §3.1 status; it carries ${JSON.stringify(statuses)}.`);
    }
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.metadata.tracking-sender-only',
    spec: [
      { anchor: '§4.3/get-mime-message', quote: 'Only the sender may retrieve detailed tracking information.' },
      { anchor: '§4.3/get-message-metadata', quote: 'tracking and security information for a sent message' },
    ],
    title: "only the sender may retrieve detailed tracking: a recipient's metadata request is refused or carries no tracking entries",
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    const res = await t.rest.metadata(peer.auth, mid);
    if (res.status >= 400 && res.status < 500) return;
    const metadata = expectBody(res, MetadataSchema, 'a refusal (4xx) or metadata without tracking');
    check((metadata.Tracking ?? []).length === 0, `GET /Message/${mid}/Metadata: the recipient was given ${metadata.Tracking?.length} tracking entries; spec §4.3: only the sender may retrieve detailed tracking information.`);
  },
);
