import { listingRulesOf } from '../../contract/listing-matrix.js';
import { judgeListing, vendorInboxIdCodes } from '../../harness/fixtures/listing-judge.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §4.3 listings (Get inbox message ids, Get message summaries, Get unread messages, Search
 * the inbox) with each §2.3 input that decides what they list, over one message in every state
 * §3.1 and §3.2 name: the listings matrix (contract/listing-matrix.ts), one rule per listing and
 * input, each state a cell with its own reference fault. The scene is shared by the worker's
 * rules (harness/fixtures/listing-scene.ts); each rule makes its own query.
 */
for (const cell of listingRulesOf('messaging-rest')) {
  rule(
    {
      id: cell.rule,
      interface: 'messaging-rest',
      level: cell.level,
      spec: cell.spec,
      operation: cell.operation,
      title: cell.title,
      needs: [iface('messaging-rest'), account('primary'), account('peer'), ...(cell.input.vendorCodes ? [vendorInboxIdCodes] : [])],
    },
    (t) => judgeListing(t, cell),
  );
}
