/**
 * The four outcomes (style.md, convention 4). Pass and fail are vitest's own; these two errors
 * carry the others, and the summary reporter and Allure (status 'broken') tell them apart.
 */

/** The target misbehaved outside the rule: unreachable, timed out, unparseable where a
 * precondition needed a parse. The rule could not be evaluated. */
export class TargetBroken extends Error {
  override name = 'TargetBroken';
  constructor(
    message: string,
    /** the answer that showed the target misbehaving, when there is one (the report opens on it) */
    readonly judged?: Judged,
  ) {
    super(message);
  }
}

/** A documented rule was not kept. Named so that Allure files it as a failure, not broken. */
export class ConformanceAssertionError extends Error {
  override name = 'AssertionError';
  constructor(
    message: string,
    /** the answer the assertion judged (an HttpResponse fits): the report opens on its exchange */
    readonly judged?: Judged,
  ) {
    super(message);
  }
}

/** What an assertion knows of the answer it judged: enough to find its exchange among the recorded ones. */
export interface Judged {
  /** 'POST /Token' */
  label: string;
  status: number;
  text?: string;
}

/** Thrown to end a test as not applicable; the rule wrapper turns it into a vitest skip. */
export class NotApplicable extends Error {
  override name = 'NotApplicable';
}

/**
 * Not applicable because the profile says the target does not offer an operation the rule
 * would perform (contract/operations.ts `absence`). The decision is the profile's,
 * taken before the request leaves, so no answer of the target can turn it into broken.
 */
export class OperationAbsent extends NotApplicable {
  constructor(
    readonly operation: string,
    reason: string,
  ) {
    super(reason);
  }
}
