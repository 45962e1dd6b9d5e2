import type { Account, Profile } from '../contract/profile.js';
import { PARTIES, type Party } from '../contract/parties.js';
import type { ClaimKind, Lease } from './claims.js';

/**
 * A rule's share of the parties' custom folders (harness/claims.ts `folders-<party>`, clarification
 * P1): its folder creations for a party wait while another rule holds that party's folders, and a
 * party rule that deletes or moves into an owner's folder id holds them for its whole body.
 */
export class PartyFolders {
  /** the session keys of the party accounts this rule logged on */
  readonly #keys = new Map<string, Party>();
  /** the parties whose folders this rule holds, and their leases */
  readonly #held = new Map<Party, Lease>();

  constructor(
    private readonly profile: Profile,
    /** takes a claim for the rule (RuleContext.claim) */
    private readonly claim: (resource: string, kind: ClaimKind, what: string) => Promise<Lease>,
    /** registers a release for after the rule (its cleanup) */
    private readonly after: (what: string, release: () => Promise<void>) => void,
  ) {}

  /** A session opened for `account`: its folder creations count as the party's, if it is one. */
  opened(key: string, account: Account): void {
    const party = PARTIES.find((p) => this.profile.accounts[p]?.username === account.username);
    if (party) this.#keys.set(key, party);
  }

  /**
   * Holds every party's folders until release() or the rule's end: frozen, beside the other party
   * rules that hold them (none makes a party folder), while every folder creation for a party waits.
   */
  async hold(): Promise<void> {
    for (const party of PARTIES) {
      const lease = await this.claim(`folders-${party}`, 'freezes', `the folders of ${party}`);
      this.#held.set(party, lease);
      this.after(`release the folders of ${party}`, async () => lease.release());
    }
  }

  /** Gives back the folders hold() took, once the rule's requests that needed them are done. */
  release(): void {
    for (const lease of this.#held.values()) lease.release();
    this.#held.clear();
  }

  /** Sends a folder creation for session `key`: a party's waits while another rule holds its folders. */
  async creating<T>(key: string, send: () => Promise<T>): Promise<T> {
    const party = this.#keys.get(key);
    if (party === undefined) return send();
    // frozen beside other rules that read the party's folder list as fixed: none of them may add to it
    if (this.#held.has(party)) throw new Error(`a rule that holds the folders of ${party} (harness/party-folders.ts) must not make one: the other rules holding them rely on the list they read`);
    const lease = await this.claim(`folders-${party}`, 'uses', `the folders of ${party}`);
    try {
      return await send();
    } finally {
      lease.release();
    }
  }
}
