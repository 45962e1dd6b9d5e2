import type { OperationId } from '../../contract/operations.js';
import { formatTimeStamp } from '../../contract/wire/admin-login.js';
import { signHs256 } from '../../contract/wire/jwt.js';
import { totp } from '../../contract/wire/totp.js';
import { edgeDate } from '../../generators/expiration-date.js';
import type { DeviantClient } from './client.js';
import type { Body, Draft } from './draft.js';
import { restLogOn, restLogOut } from './sessions-messaging.js';
import { basesOf } from './urls.js';
import { smtpDialogue } from './smtp.js';

/**
 * The conforming token, administration and provisioning sessions of the deviant client (spec
 * §4.1, §4.2, §4.5, §5; B2, B3, B5), every field of every request model given once, every limit
 * a request shows kept in each operation that accepts it.
 */

const json = (value: unknown): Body => ({ kind: 'json', value });
const none: Body = { kind: 'none' };
const field = (v: unknown, name: string) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[name] : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export async function tokenSession(c: DeviantClient): Promise<void> {
  const bases = basesOf(c.profile);
  const token = (op: OperationId, path: string, value: unknown): Draft => ({ op, method: 'POST', url: `${bases.token}${path}`, headers: { 'content-type': 'application/json', accept: 'application/json' }, body: json(value) });
  const pool = c.profile.accounts!.lockable!;
  const who = pool[c.shared.counter % pool.length]!;
  c.unique('');
  const issued = await c.send(token('token.Token', '/Token', { grant_type: 'client_credentials', client_id: who.email, client_secret: who.password, scope: 'messaging' }));
  await c.send(token('token.Token', '/Token', { grant_type: 'refresh_token', refresh_token: str(field(issued.json, 'refresh_token')) || 'none-answered' }));
  const idp = c.profile.identityProvider;
  if (idp) {
    const email = `${c.unique('judge-idp-')}@reference.test`;
    const code = signHs256({ email, sub: email, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 300 }, idp.jwtSecret ?? '');
    await c.send(token('token.Token', '/Token', { grant_type: 'authorization_code', code, resource_type: idp.resourceType ?? 'OpenIdConnect', company_id: idp.autoProvisionCompanyId ?? c.profile.companies?.primary ?? 0 }));
  }
  const mfa = c.profile.accounts?.mfaTotp;
  if (mfa?.totpSecret) {
    const required = await c.send(token('token.Token', '/Token', { grant_type: 'client_credentials', client_id: mfa.email, client_secret: mfa.password }));
    const challenged = await c.send(token('token.Challenge', '/token/challenge', { challenge_type: 'Auth', mfa_token: str(field(required.json, 'mfa_token')), user_token: str(field(required.json, 'user_token')) }));
    const from = challenged.json ?? required.json;
    await c.send(token('token.Token', '/Token', { grant_type: 'mfa_otp', mfa_method: 'Auth', mfa_token: str(field(from, 'mfa_token')), user_token: str(field(from, 'user_token')), otp: totp(mfa.totpSecret) }));
  }
  const access = str(field(issued.json, 'access_token'));
  if (access) await c.send({ op: 'messaging-rest.GetAccountDetails', method: 'GET', url: `${bases['messaging-rest']}/Account/Details`, headers: { accept: 'application/json', authorization: `Bearer ${access}` }, body: none });
}

export async function adminSession(c: DeviantClient): Promise<void> {
  const admin = c.profile.admin!;
  const base = basesOf(c.profile).admin;
  const login: Draft = {
    op: 'admin.GetSessionKey',
    method: 'POST',
    url: `${base}/Account/GetSessionKey`,
    headers: { accept: 'application/json' },
    body: { kind: 'login', model: { Identity: { Email: admin.email }, IpAddress: null, TimeStamp: formatTimeStamp(new Date(), 'iso') }, automationId: admin.automationId, key: c.shared.companyKey ?? admin.encryptionKey },
  };
  const answered = await c.send(login);
  // a client whose log-on is refused stops: it has no key to call with
  const key = answered.status === 200 ? str(answered.json) : '';
  if (!key) return;
  const a = (op: OperationId, method: string, path: string, body: Body = none): Draft => ({ op, method, url: `${base}${path}`, headers: { accept: 'application/json', 'x-session-key': key }, body });
  const typeId = admin.userTypeIds?.[0] ?? 1;
  const company = c.profile.companies?.primary ?? 0;
  await c.send(a('admin.GetUserTypes', 'GET', '/Account/GetUserTypes'));
  await c.send(a('admin.ListAccounts', 'POST', '/Account/List', json({ CompanyId: company, UserTypeId: typeId })));
  const tag = c.unique('judge').toLowerCase();
  const account = { Email: `${tag}@reference.test`, UserId: tag, SingleSignOnId: `sso-${tag}`, Password: `Cf-${tag}-9x!Q`, FirstName: 'Judge', LastName: 'Client', CompanyId: company, Disabled: false, ButtonUser: false, UserTypeId: typeId };
  await c.send(a('admin.CreateAccount', 'POST', '/Account/Create', json(account)));
  await c.send(a('admin.ViewAccount', 'POST', '/Account/Read', json({ Email: account.Email, UserId: account.UserId, SingleSignOnId: account.SingleSignOnId })));
  await c.send(a('admin.UpdateAccount', 'POST', '/Account/Update', json({ ...account, LastName: 'Client Updated' })));
  await c.send(a('admin.GetEncryptionKey', 'POST', '/Account/GetEncryptionKey', json({ Email: account.Email })));
  const renewal = await c.send(a('admin.NewEncryptionKey', 'POST', '/Account/NewEncryptionKey', json({ Email: admin.email })));
  // the new company key (base64 of 32 bytes) replaces the old one for the next log-on (spec §4.2)
  if (renewal.status === 200 && /^[A-Za-z0-9+/]{43}=$/.test(str(renewal.json))) c.shared.companyKey = str(renewal.json);
  await c.send(a('admin.GetSmtpCredentials', 'GET', '/Smtp/GetCredentials'));
  await c.send(a('admin.ResetSmtpPassword', 'PUT', '/Smtp/ResetPassword', json(-1)));
  const endpoint = { Domain: 'reference.test', Incoming: true, IpAddress: '127.0.0.1', Outgoing: true, Port: 25, Subnet: '255.255.255.255' };
  await c.send(a('admin.UpdateIpWhitelist', 'PUT', '/Smtp/PutSmtpEndpoints', json([endpoint])));
  // spec §4.2: an empty string as the body removes the whitelist again
  await c.send(a('admin.UpdateIpWhitelist', 'PUT', '/Smtp/PutSmtpEndpoints', json('')));
  // B7: mail through the gateway with the company SMTP credentials as issued now
  const credentials = async () => {
    const r = await c.send(a('admin.GetSmtpCredentials', 'GET', '/Smtp/GetCredentials'));
    return { user: str(field(r.json, 'UserId')), pass: str(field(r.json, 'Password')) };
  };
  const to = c.profile.accounts?.primary?.email ?? admin.email;
  if (c.profile.smtp && c.smtpDeviation === 'outside-whitelist') {
    // a whitelist that names another address than the one this client sends from, then lifted
    await c.send(a('admin.UpdateIpWhitelist', 'PUT', '/Smtp/PutSmtpEndpoints', json([{ ...endpoint, IpAddress: '127.0.0.2' }])));
    await smtpDialogue(c, await credentials(), admin.email, to, 'outside-whitelist');
    await c.send(a('admin.UpdateIpWhitelist', 'PUT', '/Smtp/PutSmtpEndpoints', json('')));
  }
  const creds = c.profile.smtp ? await credentials() : { user: '', pass: '' };
  if (creds.user && creds.pass) await smtpDialogue(c, creds, admin.email, to, c.smtpDeviation === 'outside-whitelist' ? undefined : c.smtpDeviation);
  await c.send(a('admin.DeleteAccount', 'POST', '/Account/Delete', json({ Email: account.Email })));
  await restLogOut(c, key);
}

type Year = 'later' | 'common' | 'leap';

export async function provisioningSession(c: DeviantClient): Promise<void> {
  const p = c.profile.provisioning!;
  const base = basesOf(c.profile).provisioning;
  const today = new Date();
  const standard = p.userTypeCode ?? 'STANDARD';
  const contact = p.secureContactUserTypeCode ?? 'SECURECONTACT';
  const company = (name: string, month: number, day: number, year: Year, monthly: boolean) => ({
    ReferenceId: `ref-${name}`,
    CompanyName: name,
    ExpirationDate: edgeDate(today, { month, day, year }),
    Status: 1,
    Admin: { Email: `admin-${name.toLowerCase()}@reference.test`, FirstName: 'Judge', LastName: 'Admin', PhoneNumber: '+1 555 0100' },
    UserTypes: [
      { UserTypeCode: standard, LicenseQuantity: 5 },
      { UserTypeCode: contact, LicenseQuantity: 2 },
    ],
    BillingInterval: { Monthly: monthly, Years: monthly ? 0 : year === 'leap' ? 2 : 1 },
    Cobrand: { Color: '#336699', Url: `https://${name.toLowerCase()}.reference.test`, SecureContacts: { DisplayName: 'Judge Contact', Email: `contact-${name.toLowerCase()}@reference.test`, UserTypeCode: contact } },
    ...(p.companyType ? { [p.companyType.field]: p.companyType.known } : {}),
  });
  const send = (op: OperationId, path: string, model: unknown, command?: number): Draft => ({
    op,
    method: 'POST',
    url: `${base}${path}`,
    headers: { 'x-email': p.email ?? '' },
    body: { kind: 'provisioning', frame: { UserName: p.userName, PlatformCode: p.platformCode, ...(command !== undefined ? { Command: command } : {}) }, model, key: p.key },
  });
  const names = [c.unique('JudgeA'), c.unique('JudgeB'), c.unique('JudgeC')];
  const a = company(names[0]!, 4, 30, 'later', true);
  await c.send(send('provisioning.Provision', '/', a, 1));
  await c.send(send('provisioning.Provision', '/', company(names[1]!, 2, 28, 'common', false), 1));
  await c.send(send('provisioning.Provision', '/', company(names[2]!, 2, 29, 'leap', false), 1));
  for (const [month, day, year, monthly] of [[6, 30, 'later', false], [2, 28, 'common', true], [2, 29, 'leap', true]] as const) {
    await c.send(send('provisioning.Provision', '/', { ...company(names[0]!, month, day, year, monthly) }, 2));
  }
  const renewed = await c.send(send('provisioning.NewEncryptionKey', '/company/NewEncryptionKey', { ReferenceId: a.ReferenceId, AutomationId: '', ApiEncryptionKey: '' }));
  const automationId = str(field(renewed.json, 'AutomationId')) || 'unknown';
  await c.send(send('provisioning.GetEncryptionKey', '/company/GetEncryptionKey', { ReferenceId: a.ReferenceId, AutomationId: automationId, ApiEncryptionKey: '' }));
  for (const name of names) await c.send(send('provisioning.Provision', '/', company(name, 4, 30, 'later', true), 3));
}
