import { randomBytes } from 'node:crypto';
import type { AccountExtras } from '../core/accounts.js';
import type { User } from '../core/domain.js';
import { ordered } from '../common-readings.js';
import { deleteAnswer, extra, invalid, refuse } from './answers.js';
import { BLANK_STORED, LIST_SHAPE, USER_TYPE_FIELDS } from '../axes/admin.js';
import { objectBody, reachesOtherCompany, type AdminCall, type AdminHandler } from './call.js';

/** spec §4.2 account operations, user types and PSKs (vendor-wire §3 paths and models). */

const PAGE_SIZE = 50;
/** The AccountModel fields an AccountListItem shows (vendor-wire §3). */
const LIST_FIELDS = ['Email', 'UserId', 'FirstName', 'LastName', 'CompanyId', 'UserTypeId'] as const;
const STRING_FIELDS = ['Email', 'UserId', 'SingleSignOnId', 'FirstName', 'LastName', 'Phone', 'EmployeeId', 'Miscellaneous'] as const;

const optText = (v: unknown, field: string): string | null => {
  if (v === undefined || v === null) return null;
  return typeof v === 'string' ? v : invalid(`${field} must be a string.`);
};
const optInt = (v: unknown, field: string): number | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'string' && /^-?\d{1,10}$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && Math.abs(n) <= 2 ** 31 ? n : invalid(`${field} must be an int.`);
};
const optBool = (v: unknown, field: string): boolean => {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  return v === 'true' || v === 'false' ? v === 'true' : invalid(`${field} must be a boolean.`);
};
const filled = (v: string | null): string | undefined => (v && v.trim() !== '' ? v.trim() : undefined);
const wellFormedEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

/** The AccountModel fields of spec §2.2 whose writes the matrix `fields` follows (reference/shown.ts). */
const MODEL_FIELDS = ['Email', 'UserId', 'SingleSignOnId', 'FirstName', 'LastName', 'CompanyId', 'Disabled', 'UserTypeId', 'ButtonUser'] as const;

/** Each field of `item` that `fields` names, as the read `read` shows it (reference/shown.ts). */
function shownFields<T extends Record<string, unknown>>(call: AdminCall, user: User, read: string | undefined, item: T, fields: readonly string[] = MODEL_FIELDS): T {
  if (!read) return item;
  const shown: Record<string, unknown> = { ...item };
  for (const f of fields) shown[f] = call.shown(read, call.state.accounts.origin(user, f), f, item[f]);
  return shown as T;
}

/** AccountModel as answered (vendor-wire §3); the password is never shown. `read`: the read edge answering it, if it is a read. */
function accountModel(call: AdminCall, user: User, read?: string) {
  const x = call.state.accounts.extras(user);
  return extra(
    call.state.variant,
    shownFields(call, user, read, {
      UniqueId: user.id,
      Email: x.email,
      UserId: x.userId,
      SingleSignOnId: x.singleSignOnId,
      FirstName: x.firstName,
      LastName: x.lastName,
      Phone: x.phone,
      CompanyId: user.companyId,
      EmployeeId: x.employeeId,
      Miscellaneous: x.miscellaneous,
      // spec §7.2: a locked-out user is 'automatically disabled'; the administrator re-enables it
      Disabled: user.disabled || user.lockedOut,
      UserTypeId: x.userTypeId,
      ButtonUser: x.buttonUser,
      ReceiveOffers: x.receiveOffers,
    }),
  );
}

/** Which IdentityModel field a View names the user by (the read edge of the matrix `fields`). */
const viewRead = (body: Record<string, unknown>) => `admin.ViewAccount:${['Email', 'UserId', 'SingleSignOnId'].find((f) => typeof body[f] === 'string' && body[f] !== '') ?? 'UID'}`;

/** A user of the administrator's company named by the body's identity fields (spec §2.2 IdentityModel). */
export async function identified(call: AdminCall): Promise<User> {
  const body = await objectBody(call);
  const identity: Record<string, unknown> = { UID: body.UID, Email: body.Email, UserId: body.UserId, SingleSignOnId: body.SingleSignOnId };
  for (const field of ['UserId', 'SingleSignOnId'] as const) if (!call.policy.identifiesBy(call.operation, field)) delete identity[field];
  return call.state.accounts.find(call.admin.companyId, identity) ?? otherCompanysUser(call, identity) ?? refuse('No user of the company has that identity.');
}

/**
 * A user of another company with the identity, found only where a party fault reaches past the
 * administrator's company, or where a read shows a user provisioned into another company there
 * (reference/shown.ts: never, as the spec has it).
 */
function otherCompanysUser(call: AdminCall, identity: Record<string, unknown>): User | undefined {
  const byId = (id: number | undefined) => (id === undefined ? undefined : call.state.domain.users.get(id));
  if (reachesOtherCompany(call, 'account-identity')) return byId(call.state.accounts.anyUserIdBy(identity));
  const other = call.c.req.path.toLowerCase().endsWith('/read') ? byId(call.state.accounts.anyUserIdBy(identity)) : undefined;
  return other && call.shown('admin.ViewAccount:elsewhere', call.state.accounts.origin(other, 'CompanyId'), 'CompanyId', false) ? other : undefined;
}

/** A UserTypeId of the company's types (spec §4.2 Get user types), or its first type when none is given. */
function userType(call: AdminCall, given: number | undefined): number {
  const types = call.state.accounts.companyTypes(call.admin.companyId);
  if (given === undefined || given === 0) return types[0]?.typeId ?? refuse('The company has no user types.');
  return types.some((t) => t.typeId === given) ? given : refuse('The user type is not one of the company’s.');
}

export const accountHandlers: Record<string, AdminHandler> = {
  'GET /account/getusertypes': (call) => {
    const { c, state, admin, policy } = call;
    const reading = state.variant.get(USER_TYPE_FIELDS);
    const listed = policy.userTypesAnswer(state.accounts.companyTypes(admin.companyId));
    // the company's types as the read shows them (reference/shown.ts)
    const types = call.shown('admin.GetUserTypes', state.companies.provisioned(admin.companyId)?.typesOrigin, 'UserTypes', listed);
    return c.json(
      types.map((t) => ({
        [reading === 'id-int' ? 'Id' : 'TypeId']: reading === 'typeid-string' ? String(t.typeId) : t.typeId,
        Description: t.description,
        MinimumPasswordLength: 8,
        RequiredPasswordCategories: 0,
        Categories: [],
      })),
    );
  },

  'POST /account/list': async (call) => {
    const { c, state, admin, policy } = call;
    const body = await objectBody(call);
    const companyId = optInt(body.CompanyId, 'CompanyId') || admin.companyId;
    const typeId = optInt(body.UserTypeId, 'UserTypeId') || undefined;
    const page = Math.max(1, optInt(body.PageNumber, 'PageNumber') ?? 1);
    const visible = companyId === admin.companyId || !policy.listFiltersBy('CompanyId') ? admin.companyId : reachesOtherCompany(call, 'company-id') ? companyId : undefined;
    const users = [...state.domain.users.values()].filter(
      (u) => u.companyId === visible && state.accounts.visible(u) && (typeId === undefined || !policy.listFiltersBy('UserTypeId') || state.accounts.extras(u).userTypeId === typeId),
    );
    const items = ordered(state.variant, users, (u) => u.id).map((u) => {
      const x = state.accounts.extras(u);
      const item = { UniqueId: u.id, CompanyId: u.companyId, Email: x.email, UserId: x.userId, FirstName: x.firstName, LastName: x.lastName, EmployeeId: x.employeeId, UserTypeId: x.userTypeId, Created: null, LastLogin: null };
      return shownFields(call, u, 'admin.ListAccounts', item, LIST_FIELDS);
    });
    if (state.variant.get(LIST_SHAPE) === 'array') return c.json(items);
    const totalPages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
    const shown = items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    return c.json(extra(state.variant, { Accounts: shown, Count: shown.length, CurrentPage: page, TotalPages: totalPages, TotalUsers: items.length, PageSize: PAGE_SIZE }));
  },

  'POST /account/create': async (call) => {
    const { c, state, admin, policy } = call;
    const body = await objectBody(call);
    const f = Object.fromEntries(STRING_FIELDS.map((k) => [k, optText(body[k], k)])) as Record<(typeof STRING_FIELDS)[number], string | null>;
    const email = filled(f.Email) ?? refuse('Email is required.');
    if (!wellFormedEmail(email)) refuse('Email is not a well-formed address.');
    const companyId = optInt(body.CompanyId, 'CompanyId');
    if (companyId && companyId !== admin.companyId) refuse('The company is not the administrator’s.');
    const login = filled(f.UserId) ?? email;
    if (state.accounts.taken(email) || state.accounts.taken(login)) refuse('A user with that e-mail address or user id exists.');
    const typeId = userType(call, policy.createStores('UserTypeId') ? optInt(body.UserTypeId, 'UserTypeId') : undefined);
    // a success answer that stores nothing: the model as sent, without the password
    if (!policy.createStoresAccount()) return c.json(Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'Password')));
    const given = optText(body.Password, 'Password');
    const password = !policy.createStores('Password') || !filled(given) ? randomBytes(18).toString('base64url') : given!;
    const user = state.domain.addUser({
      companyId: admin.companyId,
      username: login,
      email,
      password,
      firstName: f.FirstName ?? '',
      lastName: f.LastName ?? '',
      disabled: optBool(body.Disabled, 'Disabled'),
    });
    const extras: AccountExtras = {
      email,
      userId: filled(f.UserId) ?? null,
      singleSignOnId: f.SingleSignOnId,
      firstName: f.FirstName,
      lastName: policy.createStores('LastName') ? f.LastName : null,
      phone: f.Phone,
      employeeId: f.EmployeeId,
      miscellaneous: f.Miscellaneous,
      userTypeId: typeId,
      buttonUser: optBool(body.ButtonUser, 'ButtonUser'),
      receiveOffers: optBool(body.ReceiveOffers, 'ReceiveOffers'),
    };
    state.accounts.setExtras(user, extras, policy.createdUserUsesLicense());
    state.accounts.wrote(user, MODEL_FIELDS, 'admin.CreateAccount');
    user.username = login;
    return c.json(accountModel(call, user));
  },

  'POST /account/read': async (call) => call.c.json(accountModel(call, await identified(call), viewRead(await objectBody(call)))),

  /** spec §4.2: overwrites all values; a field left blank or null is stored so, except the password. */
  'POST /account/update': async (call) => {
    const { c, state, admin, policy } = call;
    const body = await objectBody(call);
    const uid = optInt(body.UniqueId, 'UniqueId');
    const byUid = uid ? state.accounts.find(admin.companyId, { UID: uid }) : undefined;
    const user = byUid ?? state.accounts.find(admin.companyId, { Email: body.Email }) ?? otherCompanysUser(call, { Email: body.Email }) ?? refuse('No user of the company has that identity.');
    const before = state.accounts.extras(user);
    const reading = state.variant.get(BLANK_STORED);
    const stored = (k: (typeof STRING_FIELDS)[number], old: string | null): string | null => {
      const v = optText(body[k], k);
      if (v === null) return !policy.updateOverwrites('null') ? old : reading === 'empty' ? '' : null;
      if (v.trim() === '') return !policy.updateOverwrites('blank') ? old : reading === 'null' ? null : reading === 'empty' ? '' : v;
      return v;
    };
    const email = stored('Email', before.email);
    if (filled(email) && state.accounts.taken(email!, user.id)) refuse('A user with that e-mail address exists.');
    const userIdValue = stored('UserId', before.userId);
    if (filled(userIdValue) && state.accounts.taken(userIdValue!, user.id)) refuse('A user with that user id exists.');
    const typeGiven = optInt(body.UserTypeId, 'UserTypeId');
    state.accounts.setExtras(user, {
      email,
      userId: userIdValue,
      singleSignOnId: stored('SingleSignOnId', before.singleSignOnId),
      firstName: stored('FirstName', before.firstName),
      lastName: stored('LastName', before.lastName),
      phone: stored('Phone', before.phone),
      employeeId: stored('EmployeeId', before.employeeId),
      miscellaneous: stored('Miscellaneous', before.miscellaneous),
      userTypeId: typeGiven ? userType(call, typeGiven) : before.userTypeId,
      buttonUser: optBool(body.ButtonUser, 'ButtonUser'),
      receiveOffers: optBool(body.ReceiveOffers, 'ReceiveOffers'),
    });
    user.username = filled(userIdValue) ?? filled(email) ?? '';
    user.disabled = optBool(body.Disabled, 'Disabled');
    user.disabledByUpdate = user.disabled;
    if (!user.disabled) {
      // spec §7.2 'Administrator must re-enable the user': enabling clears a lockout
      user.lockedOut = false;
      user.failedAttempts = 0;
    }
    // which write each field's value came from: a value, or blank or null (spec §4.2 'stored blank or null')
    const given = (k: string) => body[k] !== undefined && body[k] !== null && !(typeof body[k] === 'string' && (body[k] as string).trim() === '');
    for (const k of MODEL_FIELDS) if ((k !== 'CompanyId' && k !== 'UserTypeId') || given(k)) state.accounts.wrote(user, [k], given(k) ? 'admin.UpdateAccount' : 'admin.UpdateAccount:blank');
    const password = optText(body.Password, 'Password');
    if (filled(password)) user.password = password!;
    else if (!policy.updateKeepsPassword()) user.password = randomBytes(18).toString('base64url');
    return c.json(accountModel(call, user));
  },

  'POST /account/delete': async (call) => {
    const user = await identified(call);
    const deletion = call.policy.deletion();
    if (deletion === 'hidden') call.state.accounts.hide(user);
    else if (deletion === 'removed') call.state.accounts.remove(user);
    return deleteAnswer(call.c, call.state.variant);
  },
};
