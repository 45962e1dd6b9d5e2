import { describe, expect, test } from 'vitest';
import { FOLDER_NAME_MAX, nameCharsOf, type FolderNameValue } from '../contract/limits-messaging.js';
import { LIMIT_CELLS, type LimitCell, type LimitOperation } from '../contract/limits.js';
import { namePair } from '../generators/company-name.js';
import { edgeDate, edgeYear, FUTURE_YEARS, isLeapYear, MARGIN_DAYS, shiftDate } from '../generators/expiration-date.js';
import { edgeFolderName, type FolderNameUnit } from '../generators/folder-name.js';
import { SPEC_MAIL_POLICY, type MailPolicy } from '../reference/core/mail/policy.js';
import { FAULTS } from '../reference/faults.js';
import { composePolicy } from '../reference/policy.js';
import { SPEC_PROVISIONING_POLICY, type ProvisionCommand, type ProvisioningPolicy } from '../reference/provisioning/policy.js';
import { checkBillingInterval, checkExpirationDate } from '../reference/provisioning/validate.js';

/**
 * The limits table (contract/limits.ts) and the reference agree edge by edge, and each generated
 * fault moves exactly its own edge: its cell's answer turns, every other edge of every limit
 * keeps the spec's (so a cell's rule fails under it, and no other edge is the reason).
 */
const TODAY = new Date();
/** Every value field of the provisioning rows, for reading any of them. */
type V = { status: number; command: number; daysFromToday: number; monthly: boolean; years: number; contacts: number; licenses: number; quantity: number; users: number; shared: number };
const commandOf = (op: LimitOperation): ProvisionCommand => (op.endsWith('(Update)') ? 'update' : 'create');

/** The reference's answer at one provisioning edge under a policy: accepted or not. */
function provisioningVerdict(p: ProvisioningPolicy, c: LimitCell, today = TODAY): boolean | undefined {
  const v = c.edge.value as V;
  const command = commandOf(c.operation);
  const at = { policy: p, command };
  const id = c.limit.id;
  if (id === 'company-status') return p.statusKnown(v.status, command);
  if (id === 'command') return p.commandKnown(v.command);
  if (id === 'expiration-not-past') return checkExpirationDate(shiftDate(today, v.daysFromToday), today, undefined, undefined, at) === undefined;
  if (id.startsWith('expiration-')) return checkExpirationDate(edgeDate(today, c.edge.value as never), today, undefined, undefined, at) === undefined;
  if (id.startsWith('billing-')) return checkBillingInterval({ Monthly: v.monthly, Years: v.years }, at) === undefined;
  if (id === 'secure-contacts') return p.contactsFit(v.contacts, v.licenses, command);
  if (id === 'license-quantity') return p.licenseCovers(v.quantity, v.users);
  if (id === 'cobrand-uniqueness') return !p.cobrandClash(...(namePair('cfx', 0, v.shared, ['Alpha', 'Beta']).reverse() as [string, string]), command);
  return undefined;
}

/** The mail core's answer at one folder edge (code points: the reference's default reading). */
function mailVerdict(p: MailPolicy, c: LimitCell): boolean | undefined {
  if (c.limit.id === 'folder-type') return p.folderTypeAllowed((c.edge.value as { type: number }).type);
  if (!c.limit.id.startsWith('folder-name-')) return undefined;
  const v = c.edge.value as FolderNameValue;
  const name = edgeFolderName('cfx-', v.chars, v.length, 'code-points');
  return p.folderNameFits(name, [...name].length, FOLDER_NAME_MAX);
}

/** The spec's provisioning policy with one fault's hooks on. */
const underFault = (hooks: Partial<ProvisioningPolicy>) => composePolicy<ProvisioningPolicy, string>(SPEC_PROVISIONING_POLICY, [{ id: 'x', hooks }], () => true);

const provisioningCells = LIMIT_CELLS.filter((c) => provisioningVerdict(SPEC_PROVISIONING_POLICY, c) !== undefined);
const mailCells = LIMIT_CELLS.filter((c) => mailVerdict(SPEC_MAIL_POLICY, c) !== undefined);

test('the reference answers every edge as the table says', () => {
  const wrong = [
    ...provisioningCells.filter((c) => provisioningVerdict(SPEC_PROVISIONING_POLICY, c) !== c.edge.accepted),
    ...mailCells.filter((c) => mailVerdict(SPEC_MAIL_POLICY, c) !== c.edge.accepted),
  ].map((c) => `${c.limit.id} ${c.operation} ${c.edge.edge}`);
  expect(wrong).toEqual([]);
  expect(provisioningCells.length + mailCells.length).toBeGreaterThan(80);
});

describe('each generated fault turns exactly its own edge', () => {
  const generated = FAULTS.filter((f) => LIMIT_CELLS.some((c) => c.generatedFault && c.fault === f.id));
  test.each(generated.map((f) => [f.id, f] as const))('%s', (_, fault) => {
    const cell = LIMIT_CELLS.find((c) => c.fault === fault.id)!;
    expect(cell.rule).toBe(fault.rule);
    const turned =
      'provisioning' in fault && fault.provisioning
        ? provisioningCells.filter((c) => provisioningVerdict(underFault(fault.provisioning as Partial<ProvisioningPolicy>), c) !== c.edge.accepted)
        : mailCells.filter((c) => mailVerdict(composePolicy(SPEC_MAIL_POLICY, [{ id: 'x', hooks: (fault as { mail: Partial<MailPolicy> }).mail }], () => true), c) !== c.edge.accepted);
    // the core serves both messaging forms: a mail fault turns its edge in both (the twin is declared in alsoBreaks)
    const same = (c: LimitCell) => c.limit.id === cell.limit.id && c.edge.edge === cell.edge.edge && ('mail' in fault || c.operation === cell.operation);
    expect(turned.map((c) => `${c.limit.id} ${c.operation} ${c.edge.edge}`)).toEqual(turned.filter(same).map((c) => `${c.limit.id} ${c.operation} ${c.edge.edge}`));
    expect(turned.some((c) => c.operation === cell.operation)).toBe(true);
  });
});

test('each generated date fault turns exactly its own edge whatever day today is (every day of a common and a leap year)', () => {
  // the date rows' edges are reckoned from today: a fault of one must not move another's on any day
  const dateCells = provisioningCells.filter((c) => c.limit.id.startsWith('expiration-'));
  const faults = FAULTS.filter((f) => 'provisioning' in f && dateCells.some((c) => c.generatedFault && c.fault === f.id)).map((f) => ({
    cell: dateCells.find((c) => c.fault === f.id)!,
    policy: underFault((f as { provisioning: Partial<ProvisioningPolicy> }).provisioning),
  }));
  expect(faults.length).toBeGreaterThan(20);
  const wrong: string[] = [];
  for (let day = Date.UTC(2027, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
    const today = new Date(day);
    const spec = dateCells.map((c) => provisioningVerdict(SPEC_PROVISIONING_POLICY, c, today));
    for (const { cell, policy } of faults) {
      const turned = dateCells.filter((c, i) => provisioningVerdict(policy, c, today) !== spec[i]);
      if (turned.length !== 1 || turned[0] !== cell) wrong.push(`${today.toISOString().slice(0, 10)} ${cell.fault}: ${turned.map((c) => `${c.limit.id} ${c.operation} ${c.edge.edge}`).join(', ') || 'nothing'}`);
    }
  }
  expect(wrong.slice(0, 10), `${wrong.length} day-fault pairs`).toEqual([]);
});

describe('the edges the rules send', () => {
  test.each(['code-points', 'utf16'] as FolderNameUnit[])('folder names have the edge length in the %s unit, of the row’s characters', (unit) => {
    for (const c of LIMIT_CELLS.filter((x) => x.limit.id.startsWith('folder-name-'))) {
      const v = c.edge.value as FolderNameValue;
      const name = edgeFolderName('cfab12cd-u-', v.chars, v.length, unit);
      expect(unit === 'utf16' ? name.length : [...name].length, `${c.limit.id} ${c.edge.edge}`).toBe(v.length);
      expect(nameCharsOf(name)).toBe(v.chars);
      // characters, not bytes: beyond ASCII every edge is far over 65 bytes
      if (v.chars !== 'ascii') expect(Buffer.byteLength(name)).toBeGreaterThan(100);
    }
  });

  test('edge dates fall in years of their kind, within the years every reading accepts and away from today', () => {
    const common = edgeYear(TODAY, 'common');
    const leap = edgeYear(TODAY, 'leap');
    expect([isLeapYear(common), isLeapYear(leap)]).toEqual([false, true]);
    for (const y of [common, leap, edgeYear(TODAY, 'later')]) {
      expect(y).toBeGreaterThan(TODAY.getUTCFullYear());
      expect(y).toBeLessThan(TODAY.getUTCFullYear() + FUTURE_YEARS);
      // the nearest edge date of the year: 01/00 of 'later' years, 02/27 of the others
      expect(Date.UTC(y, y === edgeYear(TODAY, 'later') ? 0 : 1, 1) - TODAY.getTime()).toBeGreaterThan(MARGIN_DAYS * 86_400_000);
    }
    expect(edgeDate(TODAY, { month: 13, day: 0, year: 'later' })).toMatch(/^13\/00\/\d{4}$/);
  });
});
