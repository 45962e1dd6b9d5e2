import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AxisReader } from '../axes/axis.js';
import { errorEnvelope, withExtraFields } from '../common-readings.js';
import { DELETE_ANSWER, KEY_ANSWER, REFUSAL_STATUS } from '../axes/admin.js';

/**
 * How the reference's administration interface answers (B3): refusals are a 4xx whose status
 * and text the spec does not show (§7.2: 'Errors of the administration … interfaces: not
 * shown'), so the variant picks both; keys are strings in the variant's form.
 */
export class AdminRefusal extends Error {
  constructor(
    message: string,
    /** a status the binding fixes (B3: 400 for input that is not a request at all) */
    readonly status?: 400,
  ) {
    super(message);
  }
}

export const refuse = (why: string): never => {
  throw new AdminRefusal(why);
};

export const invalid = (why: string): never => {
  throw new AdminRefusal(why, 400);
};

export function refusalResponse(c: Context, variant: AxisReader, err: AdminRefusal): Response {
  const status = (err.status ?? variant.get(REFUSAL_STATUS)) as ContentfulStatusCode;
  const envelope = errorEnvelope(variant, err.message);
  return envelope.kind === 'text' ? c.text(envelope.body, status) : c.json(envelope.body as object, status);
}

/** spec §4.2 'session key (string)', 'encryption key (string)': in the variant's form (A2). */
export function keyAnswer(c: Context, variant: AxisReader, key: string, field: string): Response {
  switch (variant.get(KEY_ANSWER)) {
    case 'plain-text':
      return c.text(key);
    case 'object':
      return c.json({ [field]: key });
    default:
      return c.json(key);
  }
}

/** spec §4.2 Delete: output not shown (A7). */
export function deleteAnswer(c: Context, variant: AxisReader): Response {
  switch (variant.get(DELETE_ANSWER)) {
    case 'json-string':
      return c.json('The user account has been deleted.');
    case 'no-content':
      return c.body(null, 204);
    default:
      return c.body(null, 200);
  }
}

export const extra = <T extends object>(variant: AxisReader, body: T): T => withExtraFields(variant, body);
