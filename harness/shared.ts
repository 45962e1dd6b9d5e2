/**
 * Fixtures the rules of a worker share and do not change (a message to read, an account to
 * view): made once, when the first rule asks for it, and removed when the worker ends, after every
 * rule that read it. Each is made by a handle of its own (harness/shared-fixture.ts), whose requests name
 * the fixture, not a rule, so a fault scoped to a rule never reaches it: what a rule judges through
 * a shared fixture is its own read. Kept apart from RuleContext so the worker's state, which holds
 * it, imports nothing of the rules.
 */
/** One shared fixture: its value, what made it, and how it is removed. */
export interface Made<T, M> {
  readonly value: Promise<T>;
  readonly maker: M;
  close(): Promise<unknown>;
}

export class SharedFixtures {
  readonly #made = new Map<string, Made<unknown, unknown>>();
  /** keys in the order their fixtures were done: one made with the help of others is done after them, so it is removed before them */
  readonly #done: string[] = [];
  /** keys a rule has asked for */
  readonly #asked = new Set<string>();

  /**
   * The fixture named `key`, made by `make` the first time it is asked for (a failure is kept, and
   * told to every rule that asks); `maker` is what made it (its handle), and `first` whether this
   * call made it.
   */
  once<T, M>(key: string, make: () => Made<T, M>): { value: Promise<T>; maker: M; first: boolean } {
    const entry = this.start(key, make);
    // started early (start()), the fixture is still the first asking rule's to count
    const first = !this.#asked.has(key);
    this.#asked.add(key);
    return { value: entry.value, maker: entry.maker, first };
  }

  /** Makes the fixture now if it is not made yet, before any rule asks for it (a wait on the target's clock that should start early). */
  start<T, M>(key: string, make: () => Made<T, M>): Made<T, M> {
    let entry = this.#made.get(key) as Made<T, M> | undefined;
    if (!entry) {
      entry = make();
      // a failure is each asking rule's to tell; unhandled here it would end the worker
      entry.value.then(
        () => this.#done.push(key),
        () => this.#done.push(key),
      );
      this.#made.set(key, entry);
    }
    return entry;
  }

  /** Removes every fixture, the last done first (what used another before it); what failed, one line each. */
  async close(): Promise<string[]> {
    const problems: string[] = [];
    const order = [...this.#done].reverse();
    for (const key of [...this.#made.keys()]) if (!order.includes(key)) order.unshift(key);
    for (const key of order) {
      try {
        await this.#made.get(key)!.close();
      } catch (e) {
        problems.push(`${key}: ${(e as Error).message}`);
      }
    }
    this.#made.clear();
    this.#done.length = 0;
    this.#asked.clear();
    return problems;
  }
}
