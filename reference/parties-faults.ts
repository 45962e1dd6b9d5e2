import { operation } from '../contract/operations.js';
import { partiesOf, partyWords, PARTY_RULES } from '../contract/parties.js';
import type { FaultDef } from './fault-def.js';

/** A party fault's id, `<interface>.party-<operation>-<field>-<party>` (contract/parties.ts). */
type PartyFaultId = `${string}.party-${string}`;

/**
 * One fault per cell of the party matrix (contract/parties.ts), made from the same data: the mail
 * core finds another user's folder or message by its identifier in that one operation, for that
 * one party (the `reachesOthers` hook of reference/core/mail/policy.ts; MailParties asks it).
 */
export const PARTY_FAULTS: readonly (FaultDef & { id: PartyFaultId })[] = PARTY_RULES.flatMap((r) =>
  partiesOf(r.takes.identifier).map((party) => ({
    id: r.faults[party] as PartyFaultId,
    rule: r.rule,
    breaks: `${operation(r.operation).name} finds the ${r.takes.identifier.replace('-id', '').replace('-', ' ')} that ${r.takes.field} names for ${partyWords(r.takes.identifier, party)}, though it is not theirs`,
    parties: { reachesOthers: (op: string, identifier: string, who: string) => op === r.operation && identifier === r.takes.identifier && who === party },
  })),
);
