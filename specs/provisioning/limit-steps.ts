import type { Limit, LimitCell } from '../../contract/limits.js';
import type { CompanyModel, ProvisioningErrorName } from '../../contract/provisioning.js';
import { shiftDate } from '../../generators/expiration-date.js';
import { attemptCreate, cancelNow, company, expectAccepted, expectErrors, givenCompany } from '../../harness/fixtures/provisioning.js';
import { expectNotCreated, expectShown, type ShownField } from '../../harness/fixtures/provisioning-reads.js';
import type { RuleContext } from '../../harness/rule.js';

/**
 * How the generated provisioning rules (limits-create.spec.ts, limits-update.spec.ts) try the
 * edges of one limit of the table (contract/limits-provisioning.ts, limits-dates.ts): an accepted
 * edge answers without errors and, where the profile says Data shows the company (P13), shows the
 * value as sent; a refused edge names the limit's §7.3 error and leaves no effect.
 */
export interface FieldLimit<V> {
  readonly row: Limit<V>;
  /** the CompanyModel fields an edge's value sets */
  readonly fields: (t: RuleContext, v: V) => Partial<CompanyModel>;
  /** the fields an accepted edge's answer shows as sent */
  readonly shows: readonly ShownField[];
  /** an accepted edge after which no further Update is sure to be judged alike (Status 2, spec §3.3 transitions: not shown) */
  readonly alone?: (v: V) => boolean;
  /** how the company the Update edges start from differs from a plain one */
  readonly start?: (t: RuleContext) => Partial<CompanyModel>;
  /** what a refused Update must leave as it was, where more than the usual fields */
  readonly kept?: readonly ShownField[];
}

const why = (row: Limit, c: LimitCell) => `spec ${row.spec[0].anchor} '${row.spec[0].quote}'; ${c.edge.shows}`;

/**
 * Create: each refused edge, then an accepted edge under the same CompanyName, which a company
 * left behind by the refused Create would make CompanyNameAlreadyExists; a refused edge with no
 * accepted one to follow is followed by an Update of its company, which must be CompanyNotFound.
 */
export async function createEdges<V>(t: RuleContext, limit: FieldLimit<V>, cells: readonly LimitCell<V>[]): Promise<void> {
  const { row } = limit;
  let n = 0;
  const accepted = cells.filter((c) => c.edge.accepted);
  const created = async (c: LimitCell<V>, model: CompanyModel, after?: string) => {
    const reply = await attemptCreate(t, model);
    const left = after && (reply.errors.includes('CompanyNameAlreadyExists') ? ` (CompanyNameAlreadyExists: the refused Create of ${after} made the company after all)` : '');
    expectAccepted(reply, `${why(row, c)}${left || ''}`);
    expectShown(t, reply, model, limit.shows, why(row, c));
  };
  for (const c of cells.filter((x) => !x.edge.accepted)) {
    const i = n++;
    const model = company(t, i, limit.fields(t, c.edge.value));
    expectErrors(await attemptCreate(t, model), why(row, c), row.refusal as ProvisioningErrorName);
    const next = accepted.shift();
    if (next) await created(next, company(t, n++, { ...limit.fields(t, next.edge.value), CompanyName: model.CompanyName }), c.edge.shows);
    else await expectNotCreated(t, company(t, i), c.edge.shows);
  }
  for (const c of accepted) await created(c, company(t, n++, limit.fields(t, c.edge.value)));
}

/** A valid change beside a refused one, so that a server applying part of a refused Update shows it. */
function companion(limit: FieldLimit<unknown>, current: CompanyModel, k: number): Partial<CompanyModel> {
  if (limit.shows.includes('ExpirationDate')) return { BillingInterval: current.BillingInterval.Monthly ? { Monthly: false, Years: 1 } : { Monthly: true, Years: 0 } };
  return { ExpirationDate: shiftDate(new Date(), 500 + k) };
}

/** What a refused Update must not have changed, read from the Cancel's Data (Status aside: Cancel sets it). */
const KEPT: readonly ShownField[] = ['ExpirationDate', 'BillingInterval', 'UserTypes', 'Cobrand'];

/**
 * Update of one company: the accepted edges first (each shown as sent), then the refused ones,
 * each beside a valid change; then, where Data shows the company, a Cancel whose answer must show
 * the company as the last accepted Update left it. An edge that must stay `alone` gets a company
 * of its own.
 */
export async function updateEdges<V>(t: RuleContext, limit: FieldLimit<V>, cells: readonly LimitCell<V>[]): Promise<void> {
  const { row } = limit;
  const alone = cells.filter((c) => c.edge.accepted && limit.alone?.(c.edge.value));
  const together = cells.filter((c) => !alone.includes(c));
  const update = async (c: LimitCell<V>, model: CompanyModel) => {
    const reply = await t.clients.provisioning.update(model);
    if (c.edge.accepted) {
      expectAccepted(reply, why(row, c));
      expectShown(t, reply, model, limit.shows, why(row, c));
    } else expectErrors(reply, why(row, c), row.refusal as ProvisioningErrorName);
  };
  let current = company(t, 0, limit.start?.(t));
  await givenCompany(t, current);
  for (const c of together.filter((x) => x.edge.accepted)) {
    current = { ...current, ...limit.fields(t, c.edge.value) };
    await update(c, current);
  }
  const refused = together.filter((x) => !x.edge.accepted);
  for (const [k, c] of refused.entries()) await update(c, { ...current, ...limit.fields(t, c.edge.value), ...companion(limit as FieldLimit<unknown>, current, k) });
  if (refused.length > 0 && t.profile.provisioning?.companyInResponse) {
    const reply = await cancelNow(t, current);
    expectAccepted(reply, 'Cancel, whose answer shows the company as stored after the refused Updates');
    expectShown(t, reply, current, limit.kept ?? KEPT, `the refused Updates (${refused.map((c) => c.edge.shows).join(', ')}) must leave the company as it was`);
  }
  for (const [k, c] of alone.entries()) {
    const own = company(t, 1 + k, limit.start?.(t));
    await givenCompany(t, own, `create a company of its own for ${c.edge.shows}`);
    await update(c, { ...own, ...limit.fields(t, c.edge.value) });
  }
}
