import fc from 'fast-check';
import type { StepFamily } from './family.js';
import { skipped } from './family.js';
import { index } from './mailbox.js';
import { soapKey } from './mailbox-soap.js';

/**
 * More of the messaging SOAP interface (spec §4.4; B4; vendor-wire §4): the mailbox listing whose
 * inner XML carries a date (CreateTime) and a boolean (ReadConfirmation), whose forms the spec
 * does not give, and a refusal caused by what the client asked (the recipient of a message tries
 * to retract it), whose SOAP fault code (Client or Server) B4 leaves to the server.
 */
export type SoapMoreOp = { kind: 'soapMailbox' } | { kind: 'soapRetractAsRecipient'; k: number };

export const SOAP_MORE: StepFamily<SoapMoreOp> = {
  operations: { soapMailbox: ['messaging-soap.GetMailboxXML'], soapRetractAsRecipient: ['messaging-soap.RetractMessage'] },
  steps: [[1, fc.oneof(fc.constant<SoapMoreOp>({ kind: 'soapMailbox' }), index.map((k): SoapMoreOp => ({ kind: 'soapRetractAsRecipient', k })))]],
  canonical: [{ kind: 'soapMailbox' }, { kind: 'soapRetractAsRecipient', k: 0 }],
  async run(s, op, step) {
    const soap = s.clients.soap;
    const key = await soapKey(s, 'recipient');
    if (op.kind === 'soapMailbox') {
      const inbox = s.home('recipient');
      if (inbox === undefined) return skipped(step);
      return s.observe(step, (await soap.mailboxXml(key, { mailboxType: 0, folderId: inbox, pageNum: s.profile.messaging.firstPageNumber, pageSize: 10 })).http);
    }
    const m = s.mid(op.k);
    if (m === undefined) return skipped(step);
    return s.observe(step, (await soap.retract(key, m)).http);
  },
};
