import { operation, OPERATIONS, type OperationId } from '../contract/operations.js';

/** Header the harness sends on every request: the operations its rule judges (harness/rule.ts). */
export { JUDGES_HEADER } from '../contract/rule-channel.js';

/**
 * A test-only refusal mode: the reference refuses chosen spec operations
 * with a plausible refusal (HTTP 400, a SOAP Client Fault, an SMTP 554), as a server that lacks
 * or withholds an operation would. The precondition self-test uses it to prove that a refused
 * precondition ends a rule broken or not applicable, never fail. Each interface applies it at
 * its edge, in one place (the Hono middleware of http.ts, the SOAP dispatcher, the SMTP
 * gateway), telling requests apart by contract/operations.ts.
 *
 * - REFERENCE_REFUSE=<operation-id>[,...]: refuse these for every request.
 * - REFERENCE_REFUSE_ROUND=<k>: for each rule (the x-conformance-rule header, or the EHLO name
 *   for SMTP), refuse the k-th distinct operation its requests reach that it does not judge
 *   (the x-conformance-judges header): its k-th precondition operation, from its first request
 *   to it on. One run thus refuses a different precondition for each rule; rounds 0, 1, ...
 *   cover every (rule, precondition operation) pair without a survey run first.
 * - REFERENCE_REFUSE_LOG=<file>: written when the server closes: per rule, the operations it
 *   judges, the precondition operations it reached in order, and the one refused.
 */
export class Refusals {
  readonly #everywhere: ReadonlySet<string>;
  readonly #round?: number;
  /** rule → what it judges (learned from its HTTP requests), its precondition operations in order, the refused one */
  readonly #rules = new Map<string, { judges: Set<string>; reached: string[]; refused?: string }>();

  constructor(everywhere: Iterable<string> = [], round?: number) {
    this.#everywhere = new Set(
      [...everywhere].map((id) => {
        if (!OPERATIONS.some((o) => o.id === id)) throw new Error(`REFERENCE_REFUSE names "${id}", which is no operation of contract/operations.ts.`);
        return id;
      }),
    );
    if (round !== undefined && !(Number.isInteger(round) && round >= 0)) throw new Error(`REFERENCE_REFUSE_ROUND is "${round}"; set it to 0, 1, 2, ...`);
    this.#round = round;
  }

  static none(): Refusals {
    return new Refusals();
  }

  static fromEnv(env: NodeJS.ProcessEnv): Refusals {
    const everywhere = (env.REFERENCE_REFUSE ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const round = (env.REFERENCE_REFUSE_ROUND ?? '').trim();
    return new Refusals(everywhere, round === '' ? undefined : Number(round));
  }

  get active(): boolean {
    return this.#everywhere.size > 0 || this.#round !== undefined;
  }

  /**
   * Whether to refuse operation `id` for a request made on behalf of `rule`, which judges
   * `judges` (the header's value; undefined where the request cannot say, as over SMTP).
   */
  refuses(id: OperationId, rule: string | undefined, judges?: string): boolean {
    if (this.#everywhere.has(id)) return true;
    if (this.#round === undefined || !rule) return false;
    const known = this.#rules.get(rule) ?? { judges: new Set<string>(), reached: [] };
    this.#rules.set(rule, known);
    for (const j of (judges ?? '').split(',').filter(Boolean)) known.judges.add(j);
    // a rule none of whose requests said what it judges is never refused anything (SMTP alone)
    if (known.judges.size === 0 || known.judges.has(id)) return false;
    if (!known.reached.includes(id)) known.reached.push(id);
    const refuse = known.reached.indexOf(id) === this.#round;
    if (refuse) known.refused = id;
    return refuse;
  }

  /** The text of a refusal, naming the operation as the spec does. */
  text(id: OperationId): string {
    return `${operation(id).name} is refused by this server (a test-only refusal, REFERENCE_REFUSE).`;
  }

  /** Per rule: what it judges, the precondition operations it reached in order, the one refused. */
  log(): Record<string, { judges: string[]; reached: string[]; refused?: string }> {
    return Object.fromEntries([...this.#rules].map(([rule, r]) => [rule, { judges: [...r.judges].sort(), reached: r.reached, ...(r.refused ? { refused: r.refused } : {}) }]));
  }
}
