import { randomBytes } from 'node:crypto';
import { ADMIN_OPERATIONS, type AdminOperation } from '../../../contract/profile.js';
import { keyOf } from '../../../harness/clients/admin.js';
import type { HttpResponse } from '../../../harness/http.js';
import { finder, type DiscoveryContext } from '../context.js';
import { throwawayCompany } from './provisioning.js';
import type { Finding, Probe } from '../types.js';

const ok = (res: HttpResponse) => res.status >= 200 && res.status < 300;
const refused = (res: HttpResponse) => res.status >= 400 && res.status < 500;

/** A session key for the profile's administrator, in the profile's TimeStamp form (as discovered so far). */
async function adminKey(ctx: DiscoveryContext): Promise<string | undefined> {
  const admin = ctx.profile.admin;
  if (!admin) return undefined;
  const key = keyOf(await ctx.clients().admin.sessionKey({ Email: admin.email }));
  if (key) ctx.redact.learn(key);
  return key;
}

/** spec §2.2 LoginModel TimeStamp 'datetime' (A5): which of the two forms of vendor-wire §3.1 the target reads. */
export const adminTimestamp: Probe = {
  name: 'admin-timestamp',
  keys: ['admin.timeStampFormat'],
  async run(ctx) {
    const f = finder(ctx, 'login-timestamp-format');
    const admin = ctx.profile.admin;
    if (!admin) return [f.ambiguous('admin.timeStampFormat', 'every reading', 'the profile has no administration credentials (admin); the default stays', [])];
    const read: Record<'iso' | 'us', boolean> = { iso: false, us: false };
    const marks: number[] = [];
    for (const format of ['iso', 'us'] as const) {
      const res = await ctx.clients().admin.sessionKey({ Email: admin.email }, { format });
      marks.push(ctx.mark());
      read[format] = keyOf(res) !== undefined;
    }
    if (read.iso && read.us) return [f.decided('admin.timeStampFormat', 'iso', 'ISO-8601 and MM/dd/yyyy hh:mm:ss a both read', 'Get a session key answered a key for both TimeStamp forms; the profile keeps ISO-8601', marks)];
    if (read.us) return [f.decided('admin.timeStampFormat', 'us', 'only MM/dd/yyyy hh:mm:ss a (DMWEB-JAVA)', 'Get a session key answered a key for the MM/dd/yyyy hh:mm:ss a form only', marks)];
    if (read.iso) return [f.decided('admin.timeStampFormat', 'iso', 'only ISO-8601 (CS-ADMIN)', 'Get a session key answered a key for the ISO-8601 form only', marks)];
    return [f.none('admin.timeStampFormat', 'Get a session key answered no key for either TimeStamp form (check admin.automationId, encryptionKey and email)', ['admin.session-key.issued'], marks)];
  },
};

/** spec §2.2 UserTypeModel 'Its fields: not shown' (A4) and the TypeIds of the administrator's company (I1). */
export const adminUserTypes: Probe = {
  name: 'admin-user-types',
  keys: ['admin.userTypeIdField', 'admin.userTypeIds'],
  async run(ctx) {
    const model = finder(ctx, 'user-type-model');
    const scope = finder(ctx, 'user-type-id-scope');
    const key = await adminKey(ctx);
    if (!key) return [model.ambiguous('admin.userTypeIdField', 'every reading', 'no administration session key could be had; the default stays', [ctx.mark()])];
    const res = await ctx.clients().admin.userTypes(key);
    const at = ctx.mark();
    const list = Array.isArray(res.json) ? (res.json as Array<Record<string, unknown>>) : undefined;
    if (!ok(res) || !list || list.length === 0) return [model.none('admin.userTypeIdField', `Get user types answered HTTP ${res.status} without a non-empty list of UserTypeModel`, ['admin.user-types.list'], [at])];
    const asId = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);
    const fieldsOf = (m: Record<string, unknown>) => Object.keys(m).filter((k) => /id$/i.test(k) && asId(m[k]) !== undefined);
    const shared = fieldsOf(list[0]!).filter((k) => list.every((m) => asId(m[k]) !== undefined));
    const field = shared.includes('TypeId') ? 'TypeId' : shared.length === 1 ? shared[0]! : undefined;
    if (!field) return [model.ambiguous('admin.userTypeIdField', shared.length ? shared.join(', ') : 'none', `no one id field is shared by every UserTypeModel (${shared.join(', ') || 'none holds an id'}); the default stays`, [at])];
    const reading = field !== 'TypeId' ? 'the id under another name' : typeof list[0]![field] === 'string' ? 'TypeId as a string of digits (DMWEB-CS)' : 'TypeId as an int (CS-ADMIN)';
    const ids = list.map((m) => asId(m[field])!);
    return [
      model.decided('admin.userTypeIdField', field, reading, `every UserTypeModel of Get user types carries its id in ${field}`, [at]),
      // the company's own list is right whichever way TypeIds are scoped (I1): no reading to choose, only the ids to read
      scope.decided('admin.userTypeIds', ids, 'the administrator’s company’s own TypeIds (right under either scope)', `Get user types of the administrator's company lists TypeIds ${ids.join(', ')}`, [at]),
    ];
  },
};

/**
 * spec §1, §9 'Some administration methods cannot be used on the direct-messaging edition' (A1):
 * which operations the target refuses. Reads are sent under the profile's administrator as they
 * are; operations that change something act on a company discovery provisions and cancels (its
 * accounts, keys and SMTP settings are thrown away with it), or, without provisioning, on an
 * account discovery creates and deletes in the profile's company (company-wide ones only where
 * admin.allowCompanyChanges, restoring what they change; the company key never).
 */
export const adminOperations: Probe = {
  name: 'admin-operations',
  keys: ['admin.unavailableOperations'],
  async run(ctx) {
    const f = finder(ctx, 'direct-edition-admin-methods');
    const admin = ctx.profile.admin;
    const key = await adminKey(ctx);
    if (!admin || !key) return [f.ambiguous('admin.unavailableOperations', 'every reading', 'no administration session key could be had; the default stays', [ctx.mark()])];
    const client = ctx.clients().admin;
    const lacked: AdminOperation[] = [];
    const offered: AdminOperation[] = [];
    const unclear: string[] = [];
    const marks: number[] = [];
    const judge = (op: AdminOperation, res: HttpResponse) => {
      marks.push(ctx.mark());
      if (refused(res)) lacked.push(op);
      else if (ok(res)) offered.push(op);
      else unclear.push(`${op} (HTTP ${res.status})`);
    };
    judge('GetUserTypes', await client.userTypes(key));
    judge('ListAccounts', await client.listAccounts(key, { CompanyId: ctx.profile.companies.primary ?? 0, UserTypeId: 0 }));
    judge('ViewAccount', await client.viewAccount(key, { Email: admin.email }));
    judge('GetEncryptionKey', await client.encryptionKey(key, { Email: admin.email }));
    const creds = await client.smtpCredentials(key);
    judge('GetSmtpCredentials', creds);

    const throwaway = await throwawayCompany(ctx);
    const owner = throwaway ?? { sessionKey: key, email: admin.email };
    // an account of discovery's own: created, updated, deleted (each its operation's probe)
    const tag = ctx.name('acct').toLowerCase();
    const account = { Email: `${tag}@conformance.example.com`, UserId: tag, Password: `Cf-${randomBytes(6).toString('hex')}-9x!Q`, FirstName: 'Conformance', LastName: 'Discovery', Disabled: false, ButtonUser: false };
    const created = await client.createAccount(owner.sessionKey, account);
    judge('CreateAccount', created);
    // without an account of its own, Update and Delete act on the throwaway company's administrator
    const subject = ok(created) ? account : throwaway ? { Email: throwaway.email, FirstName: 'Conformance', LastName: 'Discovery' } : undefined;
    if (ok(created)) {
      ctx.onCleanup(`delete the account ${account.Email}`, async () => {
        // in a company discovery provisioned, the account goes with the company's cancel
        if (offered.includes('DeleteAccount') || throwaway) return;
        const res = await client.deleteAccount((await adminKey(ctx)) ?? key, { Email: account.Email });
        if (!ok(res)) throw new Error(`${res.label} answered HTTP ${res.status}; delete the account by hand`);
      });
    }
    if (subject) judge('UpdateAccount', await client.updateAccount(owner.sessionKey, { ...subject, LastName: 'Discovery Updated' }));
    else unclear.push('UpdateAccount and DeleteAccount (no account of discovery’s own to act on, and no company to provision)');

    const endpoints = (creds.json as { Endpoints?: unknown } | undefined)?.Endpoints;
    if (throwaway) {
      judge('ResetSmtpPassword', await client.resetSmtpPassword(owner.sessionKey));
      judge('UpdateIpWhitelist', await client.updateWhitelist(owner.sessionKey, ''));
      judge('NewEncryptionKey', await client.newEncryptionKey(owner.sessionKey, { Email: owner.email }));
    } else {
      unclear.push('NewEncryptionKey (without a company of discovery’s own it would replace the profile’s company key)');
      if (admin.allowCompanyChanges && ok(creds) && Array.isArray(endpoints)) {
        judge('ResetSmtpPassword', await client.resetSmtpPassword(key));
        // the whitelist as it was: the same entries back, or removed where there was none
        judge('UpdateIpWhitelist', await client.updateWhitelist(key, endpoints.length ? (endpoints as never) : ''));
      } else unclear.push('ResetSmtpPassword and UpdateIpWhitelist (company changes not allowed, or the SMTP settings unreadable)');
    }

    // last: deleting the throwaway company's administrator (where there is no other account) ends its session
    if (subject) judge('DeleteAccount', await client.deleteAccount(owner.sessionKey, { Email: subject.Email }));

    lacked.sort((a, b) => ADMIN_OPERATIONS.indexOf(a) - ADMIN_OPERATIONS.indexOf(b));
    const because = `refused (4xx): ${lacked.join(', ') || 'none'}; answered (2xx): ${offered.join(', ') || 'none'}${unclear.length ? `; not tried or unclear: ${unclear.join('; ')}` : ''}${throwaway ? ' (changes made in a company discovery provisioned and cancelled)' : ''}`;
    if (unclear.length === 0) return [f.decided('admin.unavailableOperations', lacked, lacked.length ? 'the operations listed are refused (4xx)' : 'every operation offered', because, marks)];
    return [f.ambiguous('admin.unavailableOperations', 'every operation offered, or some of those not tried', because, marks)];
  },
};
