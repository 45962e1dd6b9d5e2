import fc from 'fast-check';
import type { HttpResponse } from '../../harness/http.js';
import type { RuleContext } from '../../harness/rule.js';

/** Helpers of specs/admin/accounts.spec.ts: reading AccountModel answers (spec §2.2) and the Update property's plans (spec §4.2). */

export const fieldsOf = (res: HttpResponse): Record<string, unknown> => (res.json && typeof res.json === 'object' && !Array.isArray(res.json) ? (res.json as Record<string, unknown>) : {});
export const sameText = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** The AccountModel fields of `answer` that differ from what was sent. */
export function differences(sent: Record<string, unknown>, answer: Record<string, unknown>, fields: string[]): string[] {
  return fields.filter((f) => (f === 'UserTypeId' ? Number(answer[f]) !== Number(sent[f]) : !sameText(answer[f], sent[f]))).map((f) => `${f} ${JSON.stringify(answer[f])} (sent ${JSON.stringify(sent[f])})`);
}

/** The last user type the profile names (not the company's first, so a server that ignores UserTypeId shows). */
export const lastType = (t: RuleContext): number | undefined => t.profile.admin?.userTypeIds?.at(-1);

export const emailsOf = (accounts: Array<Record<string, unknown>>) => new Set(accounts.map((a) => String(a.Email ?? '').toLowerCase()));

/**
 * spec §4.2 Update a user account: 'Overwrites all existing values: any body field left blank or
 * null, except the password, is stored blank or null.' The identity (Email) stays, so the account
 * can be found; every other string field of AccountModel (spec §2.2) may be left blank or null.
 */
export const BLANKABLE = ['FirstName', 'LastName', 'SingleSignOnId', 'UserId'] as const;
type Blankable = (typeof BLANKABLE)[number];
type Choice = 'value' | 'blank' | 'null';

const choice = fc.constantFrom<Choice>('value', 'blank', 'null');
/** Which fields an update sends with a value, blank or null, and how it sends the password. */
export const updatePlan = fc.record({
  fields: fc.record(Object.fromEntries(BLANKABLE.map((f) => [f, choice])) as Record<Blankable, fc.Arbitrary<Choice>>),
  password: fc.constantFrom<'omitted' | 'blank' | 'null'>('omitted', 'blank', 'null'),
});

export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
