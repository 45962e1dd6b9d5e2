import { cellsOf, type Limit, type LimitCell, type LimitOperation } from '../contract/limits.js';
import { FOLDER_NAME_ASCII, FOLDER_NAME_ASTRAL, FOLDER_NAME_BMP, FOLDER_TYPE, nameCharsOf, type FolderNameValue, type FolderTypeValue } from '../contract/limits-messaging.js';
import { SPEC_MAIL_POLICY as SPEC, type MailPolicy } from './core/mail/policy.js';
import type { FaultDef } from './fault-def.js';

/**
 * The messaging faults generated from the limits table (contract/limits-messaging.ts), one per
 * cell whose fault the table leaves to the reference: the mail core's check answers the other way
 * at exactly that edge (a hook of reference/core/mail/policy.ts replaced), so the cell's rule
 * fails and no other edge moves. The core serves both forms: a fault on for every request (npm run
 * confinement) also reaches the other form's rule for the same cell, which `alsoBreaks` names.
 */
export type MailLimitFault = FaultDef & { readonly id: `messaging-${'rest' | 'soap'}.limit-${string}`; readonly mail: Partial<MailPolicy> };

const nameHook = (v: FolderNameValue): Partial<MailPolicy> => ({
  folderNameFits: (name, length, max) => (nameCharsOf(name) === v.chars && length === v.length) !== SPEC.folderNameFits(name, length, max),
});
const typeHook = (v: FolderTypeValue): Partial<MailPolicy> => ({
  folderTypeAllowed: (type) => (type === v.type) !== SPEC.folderTypeAllowed(type),
});

/** A row and the hook its faults replace, typed together. */
const row = <V>(limit: Limit<V>, hook: (v: V) => Partial<MailPolicy>) => ({ limit: limit as Limit, hook: (v: unknown) => hook(v as V) });

const ROWS = [row(FOLDER_NAME_ASCII, nameHook), row(FOLDER_NAME_BMP, nameHook), row(FOLDER_NAME_ASTRAL, nameHook), row(FOLDER_TYPE, typeHook)];

/** The generated faults of the cells of `operation` (a CreateFolder of one form). */
export function mailLimitFaults(operation: LimitOperation): MailLimitFault[] {
  return ROWS.flatMap(({ limit, hook }) => {
    const cells = cellsOf(limit);
    return cells
      .filter((c) => c.operation === operation && c.generatedFault)
      .map((c: LimitCell): MailLimitFault => {
        const twin = cells.find((o) => o.operation !== operation && o.edge.edge === c.edge.edge)?.rule;
        return {
          id: c.fault as MailLimitFault['id'],
          rule: c.rule!,
          breaks: `${c.edge.shows} is ${c.edge.accepted ? `refused with "${limit.refusal}"` : 'accepted'}: the check of ${limit.title} answers the other way at exactly this edge`,
          mail: hook(c.edge.value),
          ...(twin && twin !== c.rule ? { alsoBreaks: { rules: [twin], why: 'the mail core checks folder names and types for the REST and SOAP forms alike' } } : {}),
        };
      });
  });
}
