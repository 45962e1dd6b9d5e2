import { SILENCES } from '../../contract/silences/index.js';
import { ALL_AXES } from '../../reference/axes/all.js';
import type { Axis } from '../../reference/axes/axis.js';

/**
 * The rules a declared reading may make *not applicable* (issue 15, Build 8): rule id →
 * `axis=value` of the reference (reference/axes.ts) → why that reading makes the rule's check
 * impossible (no request the suite can make would produce what the rule checks). Anything else
 * must keep running under every reading: a rule that assumes one reading models the others
 * instead (as the mailbox models do for messaging.trashAdvance, clarification N1).
 * Keep it small; each entry is a promise that the check cannot be made, not that it is hard.
 */
export const NOT_APPLICABLE_UNDER: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'messaging-rest.delete.trash-sequence': {
    'mail.trash-advance=server':
      'it checks that each further delete moves the copy one step (Trash, Deleted Trash, purged); under this reading the server, not a delete, moves copies on, so no request makes that step (M4). delete.to-trash still checks the first step, the mailbox models the rest (N1).',
  },
  'messaging-soap.delete.trash-sequence': {
    'mail.trash-advance=server': 'the SOAP form of messaging-rest.delete.trash-sequence: the same step, made by no request under this reading (M4); the one-mailbox model checks the rest (N1).',
  },
  'provisioning.create.company-type-not-found': {
    'provisioning.company-type=none': 'it sends a company type no company has; under this reading CompanyModel has no company-type field (spec §2.4 shows none), so there is nothing to send (P11).',
  },
  'provisioning.create.domain-already-registered': {
    'provisioning.auto-sender-domains=false': 'it registers one domain for two companies through AutoSenderDomains; under this reading CompanyModel carries no AutoSenderDomains, so no request registers a domain (P12).',
  },
  'provisioning.update.license-below-users': {
    'provisioning.secure-contacts-count=false':
      'it needs more users of a type than the licence allows; provisioning alone makes only SecureContacts, which under this reading are not users of their type, so no request of the suite raises the count (P5).',
  },
  'provisioning.update.provisions-changes': {
    'provisioning.company-in-response=false':
      "it reads the updated Status and ExpirationDate from the Provision answer; under this reading Data carries nothing readable, and §4.5 offers no other read of a provisioned company's fields (P13).",
  },
};

/** An axis whose silence has a profile key: a reading the target declares (contract/silences). */
export interface DeclaredAxis {
  axis: Axis;
  /** the profile keys a not-applicable reason names when this reading is the cause */
  keys: string[];
}

export const DECLARED_AXES: readonly DeclaredAxis[] = ALL_AXES.flatMap((axis) => {
  const key = SILENCES.find((s) => s.id === axis.silence)?.profileKey;
  return key ? [{ axis, keys: key.split(/,\s*/) }] : [];
});

/** Whether a not-applicable reason names the profile key (as `(key)`, `key;`, `key.sub`, ...). */
export function namesKey(reason: string, key: string): boolean {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[\\s(])${escaped}($|[\\s);,.:])`).test(reason);
}

/**
 * The runs that visit every non-default reading of every declared axis: run i sets each axis
 * with more than i readings to its i-th (run 1 is `alt`), the undeclared axes too, since it
 * costs nothing more (their fourth readings are left to the random variants). Axes are
 * independent switches of the reference, and each declared one changes its own profile key, so
 * the cause of a rule's not applicable is told apart by the key its reason names (needs-based
 * reasons name every missing key, joined by '; ').
 */
export function readingRuns(): Array<{ picks: string[]; variant: string }> {
  const most = Math.max(...DECLARED_AXES.map((d) => d.axis.values.length));
  return Array.from({ length: most - 1 }, (_, k) => {
    const picks = ALL_AXES.filter((a) => a.values.length > k + 1).map((a) => `${a.id}=${String(a.values[k + 1])}`);
    return { picks, variant: picks.join(',') };
  });
}
