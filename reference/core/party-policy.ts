/**
 * The party matrix's one decision (contract/parties.ts; spec §5 item 9, §2.3 'Folder id', §1
 * 'company user accounts'): whether `operation` finds data its caller does not own by the
 * identifier it was given, for a caller who is the owner's peer (same company) or an outsider
 * (another company, or its administrator). The spec's answer is never; each party fault
 * (reference/parties-faults.ts) answers yes for one operation, identifier and party.
 */
export interface PartyPolicy {
  reachesOthers(operation: string, identifier: string, party: 'peer' | 'outsider'): boolean;
}

export const SPEC_PARTY_POLICY: PartyPolicy = { reachesOthers: () => false };
