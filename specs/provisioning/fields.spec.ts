import { FIELD_MODELS } from '../../contract/field-matrix.js';
import { fieldRulesOf } from '../../contract/fields.js';
import { fieldNeeds, roundTrip } from '../../harness/fields/round-trip.js';
import { fieldRuleMeta } from '../../harness/fields/rules.js';
import { rule } from '../../harness/rule.js';

/**
 * Every field round-trips (the matrix `fields`, contract/fields.ts), for provisioning’s writes: CompanyModel through Provision a company, Create and Update (encrypted JSON):
 * one generated rule per write, read and field group, each read once and every one of its cells
 * held to what the write sent. The writes are shared fixtures, made once (harness/fields/).
 */
for (const r of fieldRulesOf(FIELD_MODELS, 'provisioning')) rule(fieldRuleMeta(r, fieldNeeds(r)), (t) => roundTrip(t, r));
