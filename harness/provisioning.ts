import { AutomationKeyModelSchema, type CompanyModel, type ProvisioningErrorName, type UserTypeModel } from '../contract/provisioning.js';
import { buildCompany, type CompanyPlan } from '../generators/company.js';
import type { EnvelopeTweak, ProvisioningReply } from './clients/provisioning.js';
import { ConformanceAssertionError } from './outcomes.js';
import type { RuleContext } from './rule.js';

/**
 * Fixtures and assertions for provisioning rules (spec §4.5, §7.3). Every company a rule creates
 * carries the run prefix and is cancelled when the test ends, whatever its outcome (isolation).
 */

/** The plan for the test's n-th company: its prefix, the run seed, today. */
export function plan(t: RuleContext, n: number, userTypes?: UserTypeModel[]): CompanyPlan {
  return { prefix: t.prefix, n, seed: t.run.settings.seed, today: new Date(), userTypes: userTypes ?? plainUserTypes(t) };
}

/** The profile's plain user type with a few licenses, or none when the profile names none. */
export function plainUserTypes(t: RuleContext, licenses = 5): UserTypeModel[] {
  const code = t.profile.provisioning?.userTypeCode;
  return code ? [{ UserTypeCode: code, LicenseQuantity: licenses }] : [];
}

/** A valid company for the test (generators/company.ts), with overrides. */
export const company = (t: RuleContext, n: number, overrides: Partial<CompanyModel> = {}, userTypes?: UserTypeModel[]): CompanyModel =>
  buildCompany(plan(t, n, userTypes), overrides);

/** Companies a rule has cancelled itself; their cleanup does not cancel them again. */
const cancelled = new WeakSet<CompanyModel>();

/** Cancels the company when the test ends (spec §2.4 Command Cancel). */
export function cancelAtEnd(t: RuleContext, model: CompanyModel): void {
  t.onCleanup(`cancel company ${model.CompanyName}`, async () => {
    if (cancelled.has(model)) return;
    const reply = await t.clients.provisioning.cancel(model);
    if (reply.errors.length || reply.unrecognized.length || !reply.model) throw new Error(`Cancel answered ${reply.summary}`);
  });
}

/** spec §4.5 Command Cancel, now; the rule judges the reply. */
export async function cancelNow(t: RuleContext, model: CompanyModel): Promise<ProvisioningReply> {
  const reply = await t.clients.provisioning.cancel(model);
  if (reply.model && reply.errors.length === 0) cancelled.add(model);
  return reply;
}

/** A company the rule needs: created (a precondition, so a refusal is broken) and cancelled at the end. */
export async function givenCompany(t: RuleContext, model: CompanyModel, why = 'create the company the rule needs'): Promise<ProvisioningReply> {
  return t.given(`${why} (${model.CompanyName})`, async () => {
    const reply = await t.clients.provisioning.create(model);
    if (reply.res.status < 300 && reply.model && reply.errors.length === 0 && reply.unrecognized.length === 0) {
      cancelAtEnd(t, model);
      return reply;
    }
    throw new Error(`Create answered ${reply.summary}`);
  });
}

/** A Create the rule judges; if the target provisions it anyway, it is still cancelled at the end. */
export async function attemptCreate(t: RuleContext, model: CompanyModel, tweak?: EnvelopeTweak): Promise<ProvisioningReply> {
  const reply = await t.clients.provisioning.create(model, tweak);
  if (reply.model && reply.errors.length === 0 && reply.res.status < 300) cancelAtEnd(t, model);
  return reply;
}

const fail = (reply: ProvisioningReply, expected: string): never => {
  throw new ConformanceAssertionError(`${reply.res.label}: expected ${expected}; got ${reply.summary}.`);
};

/**
 * spec §7.3 / B5: a ResponseModel whose Errors name `names` (other errors may accompany them),
 * and no server failure (never a crash, HTTP 5xx).
 */
export function expectErrors(reply: ProvisioningReply, why: string, ...names: ProvisioningErrorName[]): void {
  const missing = names.filter((n) => !reply.errors.includes(n));
  if (!reply.model || reply.res.status >= 500 || missing.length > 0) fail(reply, `a ResponseModel whose Errors name ${names.join(' and ')} (${why})`);
}

/** Like expectErrors, where the spec leaves room for either of a few names. */
export function expectOneOf(reply: ProvisioningReply, why: string, names: ProvisioningErrorName[]): void {
  if (!reply.model || reply.res.status >= 500 || !names.some((n) => reply.errors.includes(n))) fail(reply, `a ResponseModel whose Errors name ${names.join(' or ')} (${why})`);
}

/** spec §4.5 / B5: HTTP 200 and a ResponseModel with no Errors. */
export function expectAccepted(reply: ProvisioningReply, why: string): void {
  if (!reply.model || reply.res.status !== 200 || reply.errors.length || reply.unrecognized.length) fail(reply, `HTTP 200 with no Errors (${why})`);
}

/** The company a Provision response's Data shows (profile provisioning.companyInResponse). */
export function companyShown(reply: ProvisioningReply): Record<string, unknown> {
  const data = reply.data;
  if (!data || typeof data !== 'object') fail(reply, `Data that decrypts to the company (profile provisioning.companyInResponse)${reply.dataProblem ? `: ${reply.dataProblem}` : ''}`);
  return data as Record<string, unknown>;
}

/** spec §2.4 AutomationKeyModel in a key response's Data, with both values present. */
export function keyShown(reply: ProvisioningReply, why: string): { AutomationId: string; ApiEncryptionKey: string; ReferenceId?: string | null } {
  expectAccepted(reply, why);
  const parsed = AutomationKeyModelSchema.safeParse(reply.data);
  if (!parsed.success || !parsed.data.AutomationId || !parsed.data.ApiEncryptionKey) {
    fail(reply, `Data that decrypts to an AutomationKeyModel with a non-empty AutomationId and ApiEncryptionKey (spec §2.4; ${why})${reply.dataProblem ? `: ${reply.dataProblem}` : ''}`);
  }
  return parsed.data as { AutomationId: string; ApiEncryptionKey: string; ReferenceId?: string | null };
}
