import fc from 'fast-check';
import type { OperationId } from '../../../contract/operations.js';
import type { DiffSession, Observation } from '../session.js';
import { ADMIN, type AdminOp } from './admin.js';
import { ADMIN_ACCOUNTS, type AdminAccountOp } from './admin-accounts.js';
import { ADMIN_LOGON, type AdminLogonOp } from './admin-logon.js';
import { ADMIN_TYPES, type AdminTypesOp } from './admin-types.js';
import { DIRECTORY, type DirectoryOp } from './directory.js';
import { skipped, type StepFamily } from './family.js';
import { MAILBOX, type MailboxOp } from './mailbox.js';
import { PROVISIONING, type ProvisioningOp } from './provisioning.js';
import { SMTP, type SmtpOp } from './smtp.js';
import { TOKEN, type TokenOp } from './token.js';
import { TOKEN_MORE, type TokenMoreOp } from './token-more.js';
import { MAILBOX_MORE, type MailboxMoreOp } from './mailbox-more.js';
import { LENIENT, type LenientOp } from './lenient.js';
import { SOAP_MORE, type SoapMoreOp } from './soap-more.js';

/**
 * The operations `diff` drives both targets with, one family per interface
 * (or part of one), listed here once. Random sequences draw steps from every family by weight;
 * the canonical sequence (every family's part, in this order) is tried first, so a difference any
 * single step shows is found at once and then cut down to the steps that show it.
 */
export type Op = MailboxOp | TokenOp | AdminOp | ProvisioningOp | TokenMoreOp | MailboxMoreOp | LenientOp | SoapMoreOp | AdminLogonOp | AdminAccountOp | AdminTypesOp | DirectoryOp | SmtpOp;

// each family, typed by its own steps; the registry below forgets the step type (SMTP last: its dialogues are the slowest steps)
const FAMILIES = [MAILBOX, TOKEN, ADMIN, PROVISIONING, TOKEN_MORE, MAILBOX_MORE, LENIENT, SOAP_MORE, ADMIN_LOGON, ADMIN_ACCOUNTS, ADMIN_TYPES, DIRECTORY, SMTP] as unknown as ReadonlyArray<StepFamily<Op>>;

const FAMILY_OF = new Map<string, StepFamily<Op>>(FAMILIES.flatMap((f) => Object.keys(f.operations).map((k) => [k, f] as const)));

/** The spec operations (contract/operations.ts) each step performs: the rules judging them are the ones to run. */
export const STEP_OPERATIONS = Object.fromEntries(FAMILIES.flatMap((f) => Object.entries(f.operations))) as Record<Op['kind'], readonly OperationId[]>;

/** The interface (specs/ area) of each step, so a target that does not offer it skips it. */
export const areaOf = (op: Op): string => STEP_OPERATIONS[op.kind][0]!.split('.')[0]!;

/** One line per operation, as the reports print a sequence. */
export function describeOp(op: Op): string {
  const args = Object.entries(op)
    .filter(([k]) => k !== 'kind')
    .map(([k, v]) => (k === 'k' || k === 'to' ? `#${String(v)}` : k === 'permanently' ? (v ? 'permanently' : '') : k === 'type' ? `type ${String(v)}` : k === 'page' ? `page ${String(v)}` : String(v)))
    .filter(Boolean);
  return `${op.kind}(${args.join(', ')})`;
}

/** Random operation sequences; fast-check shrinks them by dropping and simplifying steps. */
export function opSequences(maxSteps: number): fc.Arbitrary<Op[]> {
  const step = fc.oneof(...FAMILIES.flatMap((f) => f.steps.map(([weight, arbitrary]) => ({ weight, arbitrary }))));
  // every sequence starts from one message sent, so its first steps already act on mail (as the mailbox model run does)
  return fc.array(step, { minLength: 1, maxLength: maxSteps }).map((ops): Op[] => [{ kind: 'send' }, ...ops]);
}

/** One sequence with every step kind, tried before the random ones. */
export const CANONICAL: readonly Op[] = FAMILIES.flatMap((f) => f.canonical);

/** Does one step on one target, through the suite's own clients (the requests the rules send). */
export async function doStep(s: DiffSession, op: Op): Promise<Observation> {
  const step = describeOp(op);
  if (!s.offers(areaOf(op))) return skipped(step);
  return FAMILY_OF.get(op.kind)!.run(s, op, step);
}
