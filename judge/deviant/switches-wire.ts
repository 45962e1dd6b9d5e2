import { SOAP_OPERATIONS } from '../../contract/messaging-soap.js';
import { LIMITS, type Limit, type LimitOperation } from '../../contract/limits.js';
import type { OperationId } from '../../contract/operations.js';
import { edgeDate, shiftDate } from '../../generators/expiration-date.js';
import { soapRuleId, SOAP_ASPECTS, type SoapAspect } from '../../specs/messaging-soap/client.rules.js';
import { requestModelRuleId } from '../../specs/provisioning/client.rules.js';
import { CLIENT_LIMITS, clientLimitRuleId } from '../families/limits.js';
import type { SessionName, Switch } from './client.js';
import type { Draft } from './draft.js';
import { breaks, commandOf, jsonOf, modelOf, withBody, withHeaders, withParts } from './switch-kit.js';

/**
 * The switches of the wire-form rules: the SOAP request form per operation and aspect, the
 * encrypted administration log-on, the provisioning RequestModel and its sealing, and one per
 * limit and operation, writing the limit's first refused edge (contract/limits.ts) into the request.
 */

const SOAP_BREAKS: Record<SoapAspect, (d: Draft, op: string) => Draft | undefined> = {
  headers: (d) => withHeaders(d, { 'content-type': 'application/soap+xml; charset=utf-8' }),
  'soap-action': (d, op) => withHeaders(d, { soapaction: `"${(d.headers.soapaction ?? '').replace(/"/g, '').replace(/[^/]*$/, op === 'Logon' ? 'Logout' : 'Logon')}"` }),
  envelope: (d) => (d.body.kind === 'soap' ? withBody(d, { ...d.body, namespace: 'urn:not-the-service' }) : undefined),
  children: (d) => withParts(d, (parts) => [...parts, ['Unexpected', 'judge']]),
};

const SOAP: Switch[] = SOAP_OPERATIONS.flatMap((op) => SOAP_ASPECTS.map((aspect) => breaks(soapRuleId(op.name, aspect), 'soap', `messaging-soap.${op.name}` as OperationId, (d) => SOAP_BREAKS[aspect](d, op.name))));

const login = (rule: string, change: (d: Draft) => Draft | undefined) => breaks(`admin.client.login-${rule}`, 'admin', 'admin.GetSessionKey', change);
const loginModel = (d: Draft, patch: Record<string, unknown>) => (d.body.kind === 'login' ? withBody(d, { ...d.body, model: { ...d.body.model, ...patch } }) : undefined);

const ADMIN_LOGIN: Switch[] = [
  login('automation-id', (d) => withHeaders(d, { 'x-company-automation-id': '' })),
  login('encrypted', (d) => (d.body.kind === 'login' ? withBody(d, { ...d.body, tamper: 'key' }) : undefined)),
  login('hash', (d) => (d.body.kind === 'login' ? withBody(d, { ...d.body, tamper: 'hash' }) : undefined)),
  login('model', (d) => loginModel(d, { Identity: {} })),
  login('timestamp-window', (d) => loginModel(d, { TimeStamp: new Date(Date.now() - 60_000).toISOString() })),
];

const sealed = (rule: string, change: (d: Draft) => Draft | undefined, ops: OperationId | OperationId[] = 'provisioning.Provision') => breaks(`provisioning.client.${rule}`, 'provisioning', ops, change);
const tampered = (d: Draft, patch: { tamper?: 'hash' | 'key'; plaintext?: string }) => (d.body.kind === 'provisioning' ? withBody(d, { ...d.body, ...patch }) : undefined);

const PROVISIONING: Switch[] = [
  ...(['provisioning.Provision', 'provisioning.GetEncryptionKey', 'provisioning.NewEncryptionKey'] as const).map((op) =>
    breaks(requestModelRuleId(op), 'provisioning', op, (d) => {
      if (d.body.kind !== 'provisioning') return undefined;
      const { UserName: _, ...frame } = d.body.frame;
      return withBody(d, { ...d.body, frame });
    }),
  ),
  sealed('data-encrypted', (d) => tampered(d, { tamper: 'key' })),
  sealed('hash', (d) => tampered(d, { tamper: 'hash' })),
  sealed('data-json', (d) => tampered(d, { plaintext: '{"CompanyName": "judge",' })),
  sealed('expiration-date-format', (d) => (d.body.kind === 'provisioning' ? withBody(d, { ...d.body, model: { ...(d.body.model as object), ExpirationDate: '2031-04-30' } }) : undefined)),
];

type M = Record<string, unknown>;
/** How each judged limit's value is written into a request (the limit's own value shape, contract/limits*.ts). */
const WRITE: Record<string, (m: M, v: never, today: Date) => void> = {
  'folder-name-ascii': (m, v: { length: number }) => void (m.FolderName = 'a'.repeat(v.length)),
  'folder-name-multibyte': (m, v: { length: number }) => void (m.FolderName = 'é'.repeat(v.length)),
  'folder-name-astral': (m, v: { length: number }) => void (m.FolderName = '\u{1F4C1}'.repeat(v.length)),
  'folder-type': (m, v: { type: number }) => void (m.FolderType = v.type),
  'expiration-month': (m, v: { month: number; day: number; year: 'later' }, t) => void (m.ExpirationDate = edgeDate(t, v)),
  'expiration-day': (m, v: { month: number; day: number; year: 'later' }, t) => void (m.ExpirationDate = edgeDate(t, v)),
  'expiration-day-april': (m, v: { month: number; day: number; year: 'later' }, t) => void (m.ExpirationDate = edgeDate(t, v)),
  'expiration-day-february': (m, v: { month: number; day: number; year: 'common' }, t) => void (m.ExpirationDate = edgeDate(t, v)),
  'expiration-day-leap-february': (m, v: { month: number; day: number; year: 'leap' }, t) => void (m.ExpirationDate = edgeDate(t, v)),
  'expiration-not-past': (m, v: { daysFromToday: number }, t) => void (m.ExpirationDate = shiftDate(t, v.daysFromToday)),
  'company-status': (m, v: { status: number }) => void (m.Status = v.status),
  command: (m, v: { command: number }) => void (m.Command = v.command),
  'billing-monthly': (m, v: { monthly: boolean; years: number }) => void (m.BillingInterval = { Monthly: v.monthly, Years: v.years }),
  'billing-yearly': (m, v: { monthly: boolean; years: number }) => void (m.BillingInterval = { Monthly: v.monthly, Years: v.years }),
  'secure-contacts': (m, v: { contacts: number; licenses: number }) => {
    const one = (m.Cobrand as M).SecureContacts as M;
    (m.Cobrand as M).SecureContacts = Array.from({ length: v.contacts }, (_, i) => ({ ...one, Email: `c${i}-${String(one.Email)}` }));
    for (const t of m.UserTypes as M[]) if (t.UserTypeCode === one.UserTypeCode) t.LicenseQuantity = v.licenses;
  },
};

const SESSION: Record<string, SessionName> = { 'messaging-rest': 'rest', 'messaging-soap': 'soap', provisioning: 'provisioning' };

function limitSwitch(row: Limit, op: LimitOperation): Switch {
  const edge = row.edges.find((e) => !e.accepted)!;
  const catalogue = op.replace(/ \(.*\)$/, '') as OperationId;
  const command = op.endsWith('(Create)') ? 1 : op.endsWith('(Update)') ? 2 : undefined;
  return breaks(
    clientLimitRuleId(row, op),
    SESSION[op.split('.')[0]!]!,
    catalogue,
    (d) => {
      const m = structuredClone((d.body.kind === 'soap' ? Object.fromEntries(d.body.parts) : (modelOf(d) ?? {})) as M);
      if (row.id === 'command' && d.body.kind === 'provisioning') return withBody(d, { ...d.body, frame: { ...d.body.frame, Command: (edge.value as { command: number }).command } });
      WRITE[row.id]!(m, edge.value as never, new Date());
      if (d.body.kind === 'soap') return withParts(d, (parts) => parts.map(([k, v]) => [k, k in m ? String(m[k]) : v]));
      if (d.body.kind === 'provisioning') return withBody(d, { ...d.body, model: m });
      return jsonOf(d) ? withBody(d, { kind: 'json', value: m }) : undefined;
    },
    (d) => command === undefined || commandOf(d) === command,
  );
}

const LIMIT_SWITCHES: Switch[] = LIMITS.flatMap((row) => (CLIENT_LIMITS[row.id] ? row.appliesTo.map((a) => limitSwitch(row, a.operation)) : []));

export const WIRE_SWITCHES: readonly Switch[] = [...SOAP, ...ADMIN_LOGIN, ...PROVISIONING, ...LIMIT_SWITCHES];
