import {
  ACCEPTOR_DEFS,
  CHANGES,
  CREDENTIALS,
  type Acceptor,
  type CellState,
  type CredentialKind,
  type StateChange,
} from './credentials.js';
import type { Matrix, MatrixCell } from './matrix.js';
import type { Judged, OperationId } from './operations.js';
import type { InterfaceName } from './profile.js';
import type { SpecRef } from './spec/index.js';

/**
 * The credential matrix: every credential on every interface or grant that
 * takes it, while valid and after each state change the spec names. One row per credential and
 * state; each acceptor's verdict is enforced (by a rule generated from the row, or by an existing
 * rule that checks exactly that cell), or silent with the reason. Every enforced cell has a
 * reference fault generated from it (reference/credential-faults.ts).
 */

/** How an acceptor must refuse: any refusal of its kind, the wrong-secret answer, or the disabled one (§7.1, §7.2). */
export type Refusal = 'any' | 'invalid-credentials' | 'disabled';

type Verdict = { readonly rule?: string; readonly refusal?: Refusal } | { readonly silent: string };

interface Row {
  readonly credential: CredentialKind;
  readonly state: CellState;
  readonly at: Partial<Record<Acceptor, Verdict>>;
}

const made: Verdict = {};
const by = (rule: string): Verdict => ({ rule });
const refused = (refusal: Refusal = 'any', rule?: string): Verdict => ({ refusal, ...(rule ? { rule } : {}) });
const silent = (why: string): Verdict => ({ silent: why });

const CROSS_FORM = 'whether a key from one messaging form opens the other is not said: §5 item 4 names log on for both forms, B3 lists messaging REST but not SOAP among the session-key interfaces (clarification K1)';
const ADMIN_FROM_LOGON = '§5 item 5: the administration interface uses a key from Get a session key; a Log on key could open it only as the administrator’s, and the profile gives no administrator password (K2)';
const SOAP_LOGOUT_OF_REST_KEY =
  'a SOAP Logout of a Log on key presumes the SOAP form takes it (K1); where it does not, Logout answers a Fault (HTTP 500, B4), which cannot be told from a broken target, so the cell cannot be set up without choosing a reading';
const TOKEN_ELSEWHERE = 'which calls take the access token is not shown (§5 item 1, "most other calls"); the profile declares messaging REST only (token.bearerOnMessaging, clarification T5)';
const EARLIER = (change: StateChange) => `the spec does not say what ${CHANGES[change].label} does to a credential issued before it (clarification K3)`;
const CANCEL = 'what Cancel leaves of a company is read two ways (P17), and nothing says what it does to the company’s credentials (§3.3: "Transitions between company statuses: not shown"; K3)';
const NO_PASSWORD = 'the LoginModel carries no password (§4.2 "sign-on without sending the user’s password", vendor-wire §3.1): there is nothing to present (K2)';
const KEY_INTERFACES = ['admin', 'messaging-rest', 'messaging-soap', 'directory'] as const;
const LOG_ONS = ['token.client_credentials', 'messaging-rest.LogOn', 'messaging-soap.Logon'] as const;
const ACCOUNT_CHANGES = ['rest-change-password', 'soap-change-password', 'disabled', 'deleted'] as const;

const each = (acceptors: readonly Acceptor[], verdict: Verdict) => Object.fromEntries(acceptors.map((a) => [a, verdict])) as Partial<Record<Acceptor, Verdict>>;

/** An account change: the spec says nothing of credentials issued before it, on any interface that took them. */
const untouched = (credential: CredentialKind, acceptors: readonly Acceptor[]): Row[] =>
  ACCOUNT_CHANGES.map((change) => ({ credential, state: `after-${change}` as CellState, at: each(acceptors, silent(EARLIER(change))) }));

const ACCESS_TOKENS = [
  ['access-token-client-credentials', by('token.access-token.authorizes')],
  ['access-token-refresh-token', made],
  ['access-token-authorization-code', made],
  ['access-token-mfa-otp', made],
] as const;

const ROWS: readonly Row[] = [
  // spec §4.2 'valid for every interface that uses session keys'; §4.6; §5 items 4-5
  { credential: 'admin-key', state: 'issued', at: { admin: made, 'messaging-rest': by('admin.session-key.valid-on-messaging'), 'messaging-soap': made, directory: by('directory.session.admin-key') } },
  { credential: 'rest-key', state: 'issued', at: { admin: silent(ADMIN_FROM_LOGON), 'messaging-rest': by('messaging-rest.logon.session-key'), 'messaging-soap': silent(CROSS_FORM), directory: by('directory.session.messaging-key') } },
  { credential: 'soap-key', state: 'issued', at: { admin: silent(ADMIN_FROM_LOGON), 'messaging-rest': silent(CROSS_FORM), 'messaging-soap': by('messaging-soap.logon.session-key'), directory: made } },
  // §4.3 Log out 'later calls with it are invalid', §5 item 4 'Logout invalidates the key': on every interface
  { credential: 'admin-key', state: 'after-rest-logout', at: each(KEY_INTERFACES, refused()) },
  { credential: 'admin-key', state: 'after-soap-logout', at: each(KEY_INTERFACES, refused()) },
  {
    credential: 'rest-key',
    state: 'after-rest-logout',
    at: { admin: silent(ADMIN_FROM_LOGON), 'messaging-rest': refused('any', 'messaging-rest.session.logout-invalidates'), 'messaging-soap': refused(), directory: refused('any', 'directory.session.logged-out-key') },
  },
  { credential: 'rest-key', state: 'after-soap-logout', at: { ...each(KEY_INTERFACES, silent(SOAP_LOGOUT_OF_REST_KEY)), admin: silent(ADMIN_FROM_LOGON) } },
  { credential: 'soap-key', state: 'after-rest-logout', at: { admin: silent(ADMIN_FROM_LOGON), 'messaging-rest': refused(), 'messaging-soap': refused(), directory: refused() } },
  { credential: 'soap-key', state: 'after-soap-logout', at: { admin: silent(ADMIN_FROM_LOGON), 'messaging-rest': refused(), 'messaging-soap': refused('any', 'messaging-soap.logout.invalidates-key'), directory: refused() } },
  // §7.2 'SessionKey Expired': shown with the profile's short-session account on messaging REST only
  { credential: 'rest-key', state: 'after-lifetime', at: { 'messaging-rest': refused('any', 'messaging-rest.session.expired-key') } },
  ...untouched('admin-key', ['admin', 'messaging-rest', 'messaging-soap', 'directory']),
  ...untouched('rest-key', ['messaging-rest', 'directory']),
  ...untouched('soap-key', ['messaging-soap', 'directory']),
  { credential: 'admin-key', state: 'after-admin-new-company-key', at: each(KEY_INTERFACES, silent(EARLIER('admin-new-company-key'))) },
  { credential: 'admin-key', state: 'after-provisioning-new-company-key', at: each(KEY_INTERFACES, silent(EARLIER('provisioning-new-company-key'))) },
  // §5 item 1: the access token of every grant, in the Authorization header
  ...ACCESS_TOKENS.flatMap(([credential, rest]): Row[] => [
    { credential, state: 'issued', at: { 'messaging-rest': rest, ...each(['admin', 'messaging-soap', 'directory'], silent(TOKEN_ELSEWHERE)) } },
    ...untouched(credential, ['messaging-rest']),
  ]),
  // §2.1 refresh_token, §7.1 RefreshTokenInvalid
  { credential: 'refresh-token', state: 'issued', at: { 'token.refresh_token': by('token.refresh-token.issues-token') } },
  { credential: 'refresh-token', state: 'after-refresh', at: { 'token.refresh_token': silent('§7.1 "Refresh token invalid or expired" does not say a refresh token is spent by its use (K3)') } },
  { credential: 'refresh-token', state: 'after-lifetime', at: { 'token.refresh_token': silent('a refresh token’s lifetime is not shown, and the profile declares none the suite could wait out (K3)') } },
  ...untouched('refresh-token', ['token.refresh_token']),
  // the password: §2.1 client_secret, §2.3 LogOn, §4.4 Logon; §4.3/§5 item 6 Change password
  {
    credential: 'password',
    state: 'issued',
    at: { 'token.client_credentials': by('token.client-credentials.issues-token'), 'messaging-rest.LogOn': by('messaging-rest.logon.session-key'), 'messaging-soap.Logon': by('messaging-soap.logon.session-key'), 'admin.GetSessionKey': silent(NO_PASSWORD) },
  },
  { credential: 'password', state: 'after-rest-change-password', at: { ...each(LOG_ONS, refused('invalid-credentials')), 'messaging-rest.LogOn': refused('invalid-credentials', 'messaging-rest.change-password.without-key') } },
  { credential: 'password', state: 'issued-by-rest-change-password', at: { ...each(LOG_ONS, made), 'messaging-rest.LogOn': by('messaging-rest.change-password.without-key') } },
  { credential: 'password', state: 'after-soap-change-password', at: { ...each(LOG_ONS, refused('invalid-credentials')), 'messaging-soap.Logon': refused('invalid-credentials', 'messaging-soap.change-password.email-without-key') } },
  { credential: 'password', state: 'issued-by-soap-change-password', at: { ...each(LOG_ONS, made), 'messaging-soap.Logon': by('messaging-soap.change-password.email-without-key') } },
  // §2.2 AccountModel Disabled; §7.1 AccountDisabled; §7.2 'User Disabled | Disabled by an administrator'
  { credential: 'password', state: 'after-disabled', at: each(LOG_ONS, refused('disabled')) },
  // §4.2 Delete a user account: the identity no longer logs on anywhere
  { credential: 'password', state: 'after-deleted', at: { ...each(LOG_ONS, refused()), 'messaging-rest.LogOn': refused('any', 'admin.accounts.delete') } },
  { credential: 'password', state: 'after-company-cancel', at: each(LOG_ONS, silent(CANCEL)) },
  { credential: 'login-identity', state: 'issued', at: { 'admin.GetSessionKey': by('admin.session-key.identity-fields') } },
  { credential: 'login-identity', state: 'after-deleted', at: { 'admin.GetSessionKey': refused() } },
  {
    credential: 'login-identity',
    state: 'after-disabled',
    at: { 'admin.GetSessionKey': silent('the spec names no refusal of Get a session key for a disabled user: "User Disabled" is a messaging Login row of §7.2, and administration errors are not shown (K3)') },
  },
  // §4.2 / §4.5 / §3.2 Create a new encryption key: 'any existing key is invalidated'
  { credential: 'company-key', state: 'issued', at: { 'admin.GetSessionKey': by('admin.session-key.issued') } },
  { credential: 'company-key', state: 'after-admin-new-company-key', at: { 'admin.GetSessionKey': refused('any', 'admin.company-key.replaced') } },
  { credential: 'company-key', state: 'issued-by-admin-new-company-key', at: { 'admin.GetSessionKey': by('admin.company-key.replaced') } },
  { credential: 'company-key', state: 'after-provisioning-new-company-key', at: { 'admin.GetSessionKey': refused('any', 'admin.company-key.provisioning-replaced') } },
  { credential: 'company-key', state: 'issued-by-provisioning-new-company-key', at: { 'admin.GetSessionKey': by('admin.company-key.provisioning-replaced') } },
  { credential: 'company-key', state: 'after-company-cancel', at: { 'admin.GetSessionKey': silent(CANCEL) } },
  { credential: 'user-key', state: 'issued', at: { 'admin.GetSessionKey': silent('the spec says what Get an encryption key answers, never which call takes a user’s key (K4)') } },
  { credential: 'user-key', state: 'after-admin-new-company-key', at: { 'admin.GetSessionKey': silent('§4.2 invalidates the existing company key; of users’ keys it says nothing, nor what takes them (K4)') } },
  // §4.2 SMTP rows; §1 'Company-level SMTP credentials are obtained through the administration interface'
  { credential: 'smtp-credentials', state: 'issued', at: { 'smtp.AUTH': by('smtp.auth.plain') } },
  { credential: 'smtp-credentials', state: 'after-smtp-reset', at: { 'smtp.AUTH': refused('any', 'smtp.reset.old-password') } },
  { credential: 'smtp-credentials', state: 'issued-by-smtp-reset', at: { 'smtp.AUTH': by('smtp.reset.new-password') } },
  { credential: 'smtp-credentials', state: 'after-whitelist-update', at: { 'smtp.AUTH': silent('whether Update IP whitelist renews the SMTP password is read two ways (G4, axis smtp.whitelist-update-password); the credentials it answers are checked instead') } },
  { credential: 'smtp-credentials', state: 'issued-by-whitelist-update', at: { 'smtp.AUTH': made } },
  { credential: 'smtp-credentials', state: 'after-company-cancel', at: { 'smtp.AUTH': silent(CANCEL) } },
];

/** One cell of the matrix, with what an enforced one's rule needs to be written. */
export interface CredentialCell {
  readonly credential: CredentialKind;
  readonly acceptor: Acceptor;
  readonly state: CellState;
  /** why the cell is not asserted (silent cells) */
  readonly silent?: string;
  /** the enforcing rule (enforced cells) */
  readonly rule?: string;
  /** whether that rule is generated from this cell (specs/<interface>/credentials-matrix.spec.ts) */
  readonly generated: boolean;
  /** the fault generated from the cell (reference/credential-faults.ts) */
  readonly fault?: string;
  readonly expect?: 'accepted' | 'refused';
  readonly refusal?: Refusal;
  /** the state change the cell follows, if any */
  readonly change?: StateChange;
}

/** The change a cell's state follows, and whether the credential is the one it hands out. */
export function stateChange(state: CellState): { change: StateChange; replacement: boolean } | undefined {
  if (state.startsWith('issued-by-')) return { change: state.slice('issued-by-'.length) as StateChange, replacement: true };
  if (state.startsWith('after-')) return { change: state.slice('after-'.length) as StateChange, replacement: false };
  return undefined;
}

const cellsOf = (row: Row): CredentialCell[] =>
  (Object.entries(row.at) as [Acceptor, Verdict][]).map(([acceptor, verdict]) => {
    const base = { credential: row.credential, acceptor, state: row.state, change: stateChange(row.state)?.change };
    if ('silent' in verdict) return { ...base, silent: verdict.silent, generated: false };
    const generated = verdict.rule === undefined;
    const rule = verdict.rule ?? `${ACCEPTOR_DEFS[acceptor].interface}.credentials.${row.credential}-${row.state}`;
    const expect = row.state.startsWith('after-') ? ('refused' as const) : ('accepted' as const);
    return { ...base, rule, generated, expect, refusal: verdict.refusal, fault: `credentials.${row.credential}.${acceptor}.${row.state}` };
  });

export const CREDENTIAL_CELLS: readonly CredentialCell[] = ROWS.flatMap(cellsOf);

/** The enforced cell of a credential and acceptor in a state, if the matrix has one. */
export function enforcedCell(credential: CredentialKind, acceptor: Acceptor, state: CellState): CredentialCell | undefined {
  return CREDENTIAL_CELLS.find((c) => c.credential === credential && c.acceptor === acceptor && c.state === state && c.rule !== undefined);
}

/** The cells whose rules are generated and live in specs/<iface>/credentials-matrix.spec.ts. */
export function generatedCells(iface: InterfaceName): CredentialCell[] {
  return CREDENTIAL_CELLS.filter((c) => c.generated && ACCEPTOR_DEFS[c.acceptor].interface === iface);
}

const dedupe = (refs: readonly SpecRef[]): [SpecRef, ...SpecRef[]] =>
  refs.filter((r, i) => refs.findIndex((o) => o.anchor === r.anchor && o.quote === r.quote) === i) as [SpecRef, ...SpecRef[]];

/** A generated cell's rule metadata, from the cell's axes alone. */
export function cellRule(cell: CredentialCell): { spec: [SpecRef, ...SpecRef[]]; operation: Judged; title: string; company?: 'changes' } {
  const credential = CREDENTIALS[cell.credential];
  const acceptor = ACCEPTOR_DEFS[cell.acceptor];
  const change = cell.change ? CHANGES[cell.change] : undefined;
  const spec = dedupe([...(change?.spec ?? []), ...credential.spec, ...acceptor.spec]);
  const first = change ? change.operation : credential.issuedBy;
  const operation = [...new Set([first, acceptor.operation].filter((o): o is OperationId => o !== undefined))] as [OperationId, ...OperationId[]];
  return { spec, operation, title: cellTitle(cell), ...(change?.company ? { company: 'changes' as const } : {}) };
}

/** The changes that hand out a replacement: the credential presented after them is the one they replaced. */
const REPLACING: readonly StateChange[] = ['rest-change-password', 'soap-change-password', 'smtp-reset', 'whitelist-update', 'admin-new-company-key', 'provisioning-new-company-key'];

function refusedAs(cell: CredentialCell): string {
  const token = cell.acceptor.startsWith('token.');
  if (cell.refusal === 'disabled') return token ? ' with AccountDisabled' : ' with "User Disabled"';
  if (cell.refusal === 'invalid-credentials' && token) return ' with InvalidCredentials';
  return '';
}

/** What the cell says, in the present tense: the generated rule's title. */
export function cellTitle(cell: CredentialCell): string {
  const credential = CREDENTIALS[cell.credential].label;
  const acceptor = ACCEPTOR_DEFS[cell.acceptor].label;
  if (!cell.change) return `${acceptor} accepts ${credential}`;
  const change = CHANGES[cell.change].label;
  if (cell.state.startsWith('issued-by-')) return `${acceptor} accepts ${credential} that ${change} hands out`;
  return `after ${change}, ${acceptor} refuses ${credential}${REPLACING.includes(cell.change) ? ' it replaced' : ''}${refusedAs(cell)}`;
}

/** The credential matrix (contract/matrices.ts). */
export const CREDENTIALS_MATRIX: Matrix = {
  id: 'credentials',
  title: 'Credentials: every credential on every interface or grant that takes it, while valid and after each state change',
  anchors: ['§4.2/session-key-obtained-here-valid', '§4.6/any-session-key-administration-messaging', '§5/logout-invalidates-key', '§4.3/log-out', '§5/change-password-accepts-account-credentials', '§3.2/create-new-encryption-key-company'],
  axes: ['credential', 'interface-or-grant', 'state'],
  cells: CREDENTIAL_CELLS.map(
    (c): MatrixCell =>
      c.silent !== undefined
        ? { at: [c.credential, c.acceptor, c.state], status: 'not observable', reason: c.silent }
        : { at: [c.credential, c.acceptor, c.state], status: 'enforced', rule: c.rule, fault: c.fault },
  ),
};
