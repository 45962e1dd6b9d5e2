import { SILENCES } from '../../contract/silences/index.js';
import { ALL_AXES } from '../../reference/axes/all.js';
import type { Axis } from '../../reference/axes/axis.js';

/**
 * The rules a declared reading may make *not applicable*: rule id →
 * `axis=value` of the reference (reference/axes/) → why that reading makes the rule's check
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
  'messaging-rest.listings.inbox-ids-folder-every': {
    'mail.inbox-id-codes=none': 'it asks Get inbox message ids for FolderId -1, the vendor-wire code for every inbox folder; under this reading the target gives -1 no meaning, so no request lists every inbox folder at once (M20).',
  },
  'messaging-rest.listings.inbox-ids-unread-filter': {
    'mail.inbox-id-codes=none': 'it asks Get inbox message ids for MessageListFilter 1, the vendor-wire code for unread only; under this reading the target reads no filter code, so no request of the model asks for unread messages only (M20).',
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

/** One run of readingRuns() and the rules it reported. */
export interface ReadingRun {
  picks: string[];
  rules: ReadonlyArray<{ id: string; outcome: string; reason?: string }>;
}

interface Row {
  reading: string;
  rule: string;
  why: string;
}

/** The profile keys by which a target declares an operation absent (contract/operations.ts absence()). */
const OPERATION_KEYS = ['admin.unavailableOperations', 'edition', 'release', 'interfaces'];
const ABSENT = 'the operation is not offered under this reading (spec §1, §9), so no rule that performs it can run';

const pickOf = (picks: string[], axis: string): string | undefined => picks.find((p) => p.startsWith(`${axis}=`))?.slice(axis.length + 1);

/**
 * Judges the runs of readingRuns(): a rule not applicable in a run is put down to the declared
 * readings of that run whose profile key its reason names; one naming no such key is a problem
 * (a reading no profile key explains), and so is one whose keys' readings NOT_APPLICABLE_UNDER
 * does not excuse. An allow-list entry that no run shows is a problem too, so the table (Markdown,
 * every declared reading with the rules it makes not applicable) is the whole truth.
 */
export function judgeReadingRuns(runs: readonly ReadingRun[]): { problems: string[]; table: string } {
  const rows: Row[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { picks, rules } of runs) {
    // the declared readings this run takes
    const declared = DECLARED_AXES.flatMap((d) => {
      const value = pickOf(picks, d.axis.id);
      return value === undefined ? [] : [{ ...d, reading: `${d.axis.id}=${value}` }];
    });
    for (const r of rules.filter((x) => x.outcome === 'notApplicable')) {
      const reason = r.reason ?? '';
      const named = declared.filter((d) => d.keys.some((k) => namesKey(reason, k)));
      // a reading that removes an operation (the operation gate, contract/operations.ts
      // absence()) makes every rule that performs it impossible to check, by construction
      const absent = named.filter((d) => OPERATION_KEYS.some((k) => d.keys.includes(k) && namesKey(reason, k)));
      if (absent.length > 0 && / is not offered: |\(edition, release\); spec §9/.test(reason)) {
        for (const d of absent) rows.push({ reading: d.reading, rule: r.id, why: ABSENT });
        continue;
      }
      if (named.length === 0) {
        problems.push(`${r.id} is not applicable, and its reason names the profile key of no declared reading of the run (${reason})`);
        continue;
      }
      // every key the reason names must be excused, by one of the readings that set it
      for (const key of new Set(named.flatMap((d) => d.keys.filter((k) => namesKey(reason, k))))) {
        const excused = named.filter((d) => d.keys.includes(key) && NOT_APPLICABLE_UNDER[r.id]?.[d.reading]);
        if (excused.length === 0) {
          const readings = named.filter((d) => d.keys.includes(key)).map((d) => d.reading);
          problems.push(`${r.id} is not applicable under ${readings.join(' or ')} (${reason}): model that reading in the rule, or, if it makes the check impossible, add it to NOT_APPLICABLE_UNDER with the reason`);
        }
        for (const d of excused) {
          seen.add(`${r.id} ${d.reading}`);
          rows.push({ reading: d.reading, rule: r.id, why: NOT_APPLICABLE_UNDER[r.id]![d.reading]! });
        }
      }
    }
  }
  for (const [rule, byReading] of Object.entries(NOT_APPLICABLE_UNDER)) {
    for (const reading of Object.keys(byReading)) if (!seen.has(`${rule} ${reading}`)) problems.push(`NOT_APPLICABLE_UNDER says ${rule} is not applicable under ${reading}, and no run showed it: remove the entry`);
  }
  return { problems, table: render(rows) };
}

/** Every declared reading, with the rules it makes not applicable (or none), as Markdown. */
function render(rows: Row[]): string {
  const lines = ['| declared reading (profile key) | rules not applicable under it | why the reading makes the check impossible |', '|---|---|---|'];
  for (const d of DECLARED_AXES) {
    for (const value of d.axis.values.slice(1)) {
      const reading = `${d.axis.id}=${String(value)}`;
      const mine = rows.filter((r) => r.reading === reading);
      const gone = [...new Set(mine.filter((r) => r.why === ABSENT).map((r) => r.rule))];
      const others = mine.filter((r) => r.why !== ABSENT);
      if (mine.length === 0) lines.push(`| ${reading} (${d.keys.join(', ')}) | none | |`);
      if (gone.length > 0) lines.push(`| ${reading} (${d.keys.join(', ')}) | ${gone.length} rules that perform an operation the reading removes | ${ABSENT} |`);
      for (const r of others) lines.push(`| ${reading} (${d.keys.join(', ')}) | ${r.rule} | ${r.why} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
