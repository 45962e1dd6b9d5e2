import { shared } from '../shared-fixture.js';
import { displayText, drawText, identifierText } from '../../generators/unicode-text.js';
import type { FieldRead, FieldWrite } from '../../contract/fields.js';
import { keyOf, type Identity } from '../clients/admin.js';
import { adminCredentialsOf, adminSession, deleteAtEnd, listAll } from '../fixtures/admin.js';
import { ConformanceAssertionError } from '../outcomes.js';
import type { RuleContext } from '../rule.js';

/**
 * The shared accounts of the AccountModel cells (contract/field-models.ts): one per write, made
 * once per worker through the profile administrator's key (harness/shared.ts), and read by each
 * rule with reads of its own. Every text field is non-ASCII (generators/unicode-text.ts); the
 * booleans and the type are sent as other than what an account gets without them.
 */

export interface AccountRecord {
  /** what the write sent, by AccountModel field */
  readonly sent: Readonly<Record<string, unknown>>;
  /** the identity fields as they are after the write (blank ones absent) */
  readonly identity: { Email: string; UserId?: string; SingleSignOnId?: string };
  readonly companyId: number;
  /** the type to list it under (AccountIndexRequestModel) */
  readonly userTypeId: number;
}

interface AdminContext {
  key: string;
  companyId: number;
  /** the profile's TypeIds of the company, first and last (the same when it names one) */
  first?: number;
  last?: number;
}

/** The profile administrator's key and company (its CompanyId as View shows its own account). */
function adminContext(t: RuleContext): Promise<AdminContext> {
  return shared(t, 'admin:context', 'an administration session key and the company it administers', 'admin.GetSessionKey', async (s) => {
    const key = await adminSession(s);
    const view = await s.given('read the administrator’s own account (its CompanyId)', () => s.admin.viewAccount(key, { Email: adminCredentialsOf(s).email }), 'admin.ViewAccount');
    const companyId = Number((view.json as { CompanyId?: unknown } | undefined)?.CompanyId);
    if (view.status >= 300 || !Number.isInteger(companyId)) throw new Error(`${view.label} answered HTTP ${view.status}, without the administrator’s CompanyId`);
    const types = s.profile.admin?.userTypeIds ?? [];
    return { key, companyId, first: types[0], last: types.at(-1) };
  }, []);
}

/** A model with every field other than an account's default: non-ASCII names and ids, both booleans true, the last type. */
function values(s: RuleContext, ctx: AdminContext, n: string, round: 1 | 2): Record<string, unknown> {
  const tag = `${s.prefix}${n}${round}`;
  const seed = s.run.settings.seed;
  return {
    Email: `${tag}@conformance.example.com`.toLowerCase(),
    UserId: drawText(identifierText(tag), seed, `${tag}.UserId`),
    SingleSignOnId: drawText(identifierText(tag, true), seed, `${tag}.SingleSignOnId`),
    FirstName: drawText(displayText(tag), seed, `${tag}.FirstName`),
    LastName: drawText(displayText(tag), seed, `${tag}.LastName`),
    CompanyId: ctx.companyId,
    ...(ctx.last === undefined ? {} : { UserTypeId: round === 1 ? ctx.last : ctx.first }),
    Disabled: round === 1,
    ButtonUser: round === 1,
  };
}

const answerOf = (json: unknown) => (json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {});

/** Creates the account (judged where the fixture judges Create a user account); deleted when the worker ends. */
async function created(s: RuleContext, ctx: AdminContext, model: Record<string, unknown>, identity: Identity): Promise<Record<string, unknown>> {
  const res = await s.admin.createAccount(ctx.key, { ...model, Password: `Cf-${s.prefix}-9x!Q` });
  if (res.status < 200 || res.status >= 300) throw new ConformanceAssertionError(`${res.label}: Create a user account with non-ASCII names answered HTTP ${res.status} ${res.shown || '(empty)'}, not the AccountModel.`);
  deleteAtEnd(s, ctx.key, identity);
  return answerOf(res.json);
}

const record = (sent: Record<string, unknown>, ctx: AdminContext, answer: Record<string, unknown>): AccountRecord => ({
  sent,
  identity: {
    Email: sent.Email as string,
    ...(typeof sent.UserId === 'string' && sent.UserId ? { UserId: sent.UserId } : {}),
    ...(typeof sent.SingleSignOnId === 'string' && sent.SingleSignOnId ? { SingleSignOnId: sent.SingleSignOnId } : {}),
  },
  companyId: ctx.companyId,
  userTypeId: Number(sent.UserTypeId ?? answer.UserTypeId),
});

/**
 * The account `write` wrote, for `read`: Create (disabled; an enabled one for the read that logs
 * it on), Update with every field a new value, or Update leaving every field it may blank or null.
 */
export function writtenAccount(t: RuleContext, write: FieldWrite, read: FieldRead): Promise<AccountRecord> {
  const enabled = write.slug === 'create' && read.slug === 'details';
  const key = `account:${write.slug}${enabled ? ':enabled' : ''}`;
  return shared(t, key, `an account written by ${write.label}`, write.operation, async (s) => {
    const ctx = await adminContext(s);
    const first = values(s, ctx, 'a', 1);
    if (enabled) first.Disabled = false;
    const identity: Identity = { Email: first.Email as string };
    if (write.slug === 'create') return record(first, ctx, await created(s, ctx, first, identity));
    const answer = await s.given('create the account to update', () => created(s, ctx, first, identity), 'admin.CreateAccount');
    const update = write.expects === 'blank' ? { ...first, FirstName: '', LastName: null, SingleSignOnId: '', UserId: null, ButtonUser: null, Disabled: null } : values(s, ctx, 'a', 2);
    // Update names the account by UniqueId or Email (vendor-wire §3): without a UniqueId to name it by, its Email stays
    if (answer.UniqueId === undefined) update.Email = first.Email;
    const res = await s.admin.updateAccount(ctx.key, { ...(answer.UniqueId === undefined ? {} : { UniqueId: answer.UniqueId }), ...update });
    if (res.status < 200 || res.status >= 300) throw new ConformanceAssertionError(`${res.label}: ${write.label} answered HTTP ${res.status} ${res.shown || '(empty)'}, not the AccountModel.`);
    identity.Email = update.Email as string;
    return record(update, ctx, answerOf(res.json));
  });
}

/** What `read` shows of the account, by the names it shows fields under; undefined when it does not show it. */
export async function readAccount(t: RuleContext, read: FieldRead, account: AccountRecord): Promise<{ shown?: Record<string, unknown>; where: string }> {
  const ctx = await adminContext(t);
  if (read.operation === 'admin.ViewAccount') {
    const form = read.id.split(':')[1] as 'Email' | 'UserId' | 'SingleSignOnId';
    const res = await t.admin.viewAccount(ctx.key, { [form]: account.identity[form] });
    return { shown: res.status < 300 ? answerOf(res.json) : undefined, where: `${res.label} (HTTP ${res.status})` };
  }
  if (read.operation === 'admin.ListAccounts') {
    const { res, accounts } = await listAll(t, ctx.key, { CompanyId: account.companyId, UserTypeId: account.userTypeId });
    const item = accounts.find((a) => String(a.Email ?? '').toLowerCase() === account.identity.Email.toLowerCase());
    return { shown: item, where: `${res.label} for CompanyId ${account.companyId}, UserTypeId ${account.userTypeId}` };
  }
  // the account's own details, with the key Get a session key gives it: the encrypted LoginModel names it by its SingleSignOnId where it has one
  const identity: Identity = account.identity.SingleSignOnId ? { SingleSignOnId: account.identity.SingleSignOnId } : { Email: account.identity.Email };
  const logon = await t.admin.sessionKey(identity);
  const key = keyOf(logon);
  if (!key) throw new ConformanceAssertionError(`${logon.label}: Get a session key for the account named by ${Object.keys(identity)[0]} ${JSON.stringify(Object.values(identity)[0])} answered HTTP ${logon.status} ${logon.shown || '(empty)'}, not its session key.`);
  const res = await t.rest.details({ sessionKey: key });
  return { shown: res.status < 300 ? answerOf(res.json) : undefined, where: `${res.label} (HTTP ${res.status})` };
}
