import { listingRulesOf } from '../../contract/listing-matrix.js';
import { judgeListing } from '../../harness/fixtures/listing-judge.js';
import { account, iface, mailboxXml, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §4.4 library-only Get mailbox XML with the §2.3 inputs of the SOAP mailbox listing, over
 * one message in every state §3.1 and §3.2 name: the SOAP rows of the listings matrix
 * (contract/listing-matrix.ts). REST and SOAP are one mailbox (R1): the scene is made through
 * REST and read through GetMailboxXML.
 */
for (const cell of listingRulesOf('messaging-soap')) {
  rule(
    {
      id: cell.rule,
      interface: 'messaging-soap',
      level: cell.level,
      spec: cell.spec,
      operation: cell.operation,
      title: cell.title,
      needs: [soapService, mailboxXml, iface('messaging-rest'), account('primary'), account('peer')],
    },
    (t) => judgeListing(t, cell),
  );
}
