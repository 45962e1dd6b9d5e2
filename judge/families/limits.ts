import { LIMITS, type Limit, type LimitOperation } from '../../contract/limits.js';
import { nameCharsOf, type FolderNameValue } from '../../contract/limits-messaging.js';
import type { DateValue } from '../../contract/limits-dates.js';
import type { OperationId } from '../../contract/operations.js';
import { isLeapYear } from '../../generators/expiration-date.js';
import { eachRequest, type ClientRule, type JudgeContext } from '../client-rule.js';
import type { Observed } from '../exchange.js';
import { openProvisioning } from '../sealed.js';

/**
 * The limits of spec §2, §7.3 and §8 (contract/limits.ts) as a caller meets them: one rule per
 * limit and operation whose value the request alone shows, judging that the request keeps the
 * limit (`should`: the spec says the service refuses it). A limit whose judgement needs the
 * service's state (the users of a type, other companies' portals, a folder's kind) is listed in
 * NOT_FROM_REQUEST with why; a self-test checks every row is one or the other.
 */

export type Model = Record<string, unknown>;

/** A request's values as the limits read them: the JSON body, the SOAP children, or the decrypted company with its Command. */
export function limitModel(op: LimitOperation, o: Observed, ctx: JudgeContext): Model | undefined {
  const catalogue = op.replace(/ \(.*\)$/, '');
  if (o.op !== catalogue) return undefined;
  if (o.iface === 'messaging-soap') {
    const el = o.soap?.element;
    if (!el) return undefined;
    const m: Model = {};
    for (const c of el.children) m[c.local] = /^\s*-?\d+\s*$/.test(c.text) ? Number(c.text) : c.text;
    return m;
  }
  if (o.iface === 'provisioning') {
    const opened = openProvisioning(o, ctx.settings.provisionerKey);
    if (opened.state !== 'opened' || !opened.model || typeof opened.model !== 'object') return undefined;
    const command = (o.json?.ok ? (o.json.value as Model).Command : undefined) as unknown;
    if (op.endsWith('(Create)') && command !== 1) return undefined;
    if (op.endsWith('(Update)') && command !== 2) return undefined;
    return { ...(opened.model as Model), Command: command };
  }
  return o.json?.ok && o.json.value && typeof o.json.value === 'object' ? (o.json.value as Model) : undefined;
}

/** How a request shows a limit's value, and whether the value keeps it (`at` = when it was sent). */
export interface ClientLimit<V> {
  read(m: Model, at: Date): V | undefined;
  keeps(v: V): boolean;
}

const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const dateOf = (m: Model) => {
  const d = typeof m.ExpirationDate === 'string' ? DATE.exec(m.ExpirationDate) : null;
  return d ? { month: Number(d[1]), day: Number(d[2]), year: Number(d[3]) } : undefined;
};
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);
const contactsOf = (m: Model): Model[] => {
  const c = (m.Cobrand as Model | undefined)?.SecureContacts;
  return Array.isArray(c) ? (c as Model[]) : c && typeof c === 'object' ? [c as Model] : [];
};
const folderName = (m: Model): FolderNameValue | undefined => (typeof m.FolderName === 'string' ? { chars: nameCharsOf(m.FolderName), length: [...m.FolderName].length } : undefined);
const nameRow = (chars: FolderNameValue['chars']): ClientLimit<FolderNameValue> => ({ read: (m) => (folderName(m)?.chars === chars ? folderName(m) : undefined), keeps: (v) => v.length <= 65 });
const monthDays = (kind: 'april' | 'february' | 'leap'): ClientLimit<{ month: number; day: number; year: number }> => ({
  read: (m) => {
    const d = dateOf(m);
    if (!d) return undefined;
    if (kind === 'april') return [4, 6, 9, 11].includes(d.month) ? d : undefined;
    return d.month === 2 && isLeapYear(d.year) === (kind === 'leap') ? d : undefined;
  },
  keeps: (d) => d.day <= (kind === 'april' ? 30 : kind === 'leap' ? 29 : 28),
});
const DAY_MS = 86_400_000;

/** Each row's value shape is its own; the table holds them side by side. */
const lim = <V>(l: ClientLimit<V>) => l as unknown as ClientLimit<unknown>;

/** limit id → how a request shows it. */
export const CLIENT_LIMITS: Readonly<Record<string, ClientLimit<unknown>>> = {
  'folder-name-ascii': lim(nameRow('ascii')),
  'folder-name-multibyte': lim(nameRow('bmp')),
  'folder-name-astral': lim(nameRow('astral')),
  'folder-type': lim<number>({ read: (m) => int(m.FolderType), keeps: (t) => t === 0 || t === 1 }),
  'expiration-month': lim<number>({ read: (m) => dateOf(m)?.month, keeps: (v) => v >= 1 && v <= 12 }),
  'expiration-day': lim<number>({ read: (m) => dateOf(m)?.day, keeps: (v) => v >= 1 && v <= 31 }),
  'expiration-day-april': lim(monthDays('april')),
  'expiration-day-february': lim(monthDays('february')),
  'expiration-day-leap-february': lim(monthDays('leap')),
  // a day either side of UTC's today is a time zone's today (the spec names no zone)
  'expiration-not-past': lim<number>({
    read: (m, at) => {
      const d = dateOf(m);
      return d ? Math.round((Date.UTC(d.year, d.month - 1, d.day) - Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())) / DAY_MS) : undefined;
    },
    keeps: (days) => days >= -1,
  }),
  'company-status': lim<number>({ read: (m) => int(m.Status), keeps: (s) => s >= 0 && s <= 2 }),
  command: lim<number>({ read: (m) => int(m.Command), keeps: (c) => c >= 1 && c <= 3 }),
  'billing-monthly': lim<number>({ read: (m) => ((m.BillingInterval as Model | undefined)?.Monthly === true ? int((m.BillingInterval as Model).Years) : undefined), keeps: (y) => y === 0 }),
  'billing-yearly': lim<number>({ read: (m) => ((m.BillingInterval as Model | undefined)?.Monthly === false ? int((m.BillingInterval as Model).Years) : undefined), keeps: (y) => y >= 1 }),
  'secure-contacts': lim<{ contacts: number; licenses: number }>({
    read: (m) => {
      const contacts = contactsOf(m);
      const code = contacts[0]?.UserTypeCode;
      const type = Array.isArray(m.UserTypes) ? (m.UserTypes as Model[]).find((t) => t.UserTypeCode === code) : undefined;
      return type && int(type.LicenseQuantity) !== undefined ? { contacts: contacts.filter((c) => c.UserTypeCode === code).length, licenses: type.LicenseQuantity as number } : undefined;
    },
    keeps: (v) => v.contacts <= v.licenses,
  }),
};

/** The limits whose judgement needs more than the request: why. */
export const NOT_FROM_REQUEST: Readonly<Record<string, string>> = {
  'attachment-size': 'a file over 2 GB is refused by size alone, but a recorder keeps no such body to judge',
  'move-type': 'the mailbox type of the message and of the destination folder are the service’s, not in the request',
  'delete-folder': 'whether a folder is custom or a system folder is the service’s, not in the request',
  'license-quantity': 'the current number of users of a type is the service’s, not in the request',
  'cobrand-uniqueness': 'other companies’ cobranded portals are the service’s, not in the request',
};

const suffix = (op: LimitOperation) => (op.endsWith('(Create)') ? '-create' : op.endsWith('(Update)') ? '-update' : '');
export const clientLimitRuleId = (row: Pick<Limit, 'id'>, op: LimitOperation) => `${op.split('.')[0]}.client.limit-${row.id}${suffix(op)}`;

/** One rule per judged limit and operation of `iface`. */
export function limitRules(iface: string): ClientRule[] {
  return LIMITS.flatMap((row) => {
    const judged = CLIENT_LIMITS[row.id];
    if (!judged) return [];
    return row.appliesTo
      .filter((a) => a.operation.startsWith(`${iface}.`))
      .map((a) =>
        eachRequest(
          {
            id: clientLimitRuleId(row, a.operation),
            title: `a ${a.operation} request keeps the limit: ${row.title}`,
            interface: iface as ClientRule['interface'],
            level: 'should',
            spec: row.spec,
            operation: a.operation.replace(/ \(.*\)$/, '') as OperationId,
          },
          (o, ctx) => {
            const m = limitModel(a.operation, o, ctx);
            const v = m === undefined ? undefined : judged.read(m, new Date(o.x.at));
            if (v === undefined) return 'skip';
            return judged.keeps(v) ? undefined : `${row.title}: the request sends ${JSON.stringify(v)} (${row.unit}), which the service refuses with ${row.refusal}`;
          },
          (o) => o.op === a.operation.replace(/ \(.*\)$/, ''),
        ),
      );
  });
}

export type { DateValue };
