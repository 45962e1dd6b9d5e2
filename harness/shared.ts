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
  /** for each fixture, the fixtures its maker asked for: it is removed before them */
  readonly #uses = new Map<string, Set<string>>();
  /** keys a rule has asked for */
  readonly #asked = new Set<string>();

  /**
   * The fixture named `key`, made by `make` the first time it is asked for (a failure is kept, and
   * told to every rule that asks); `maker` is what made it (its handle), and `first` whether this
   * call made it. `by` is the key of the fixture whose maker asks, if one does: that fixture relies
   * on this one, and is removed before it.
   */
  once<T, M>(key: string, make: () => Made<T, M>, by?: string): { value: Promise<T>; maker: M; first: boolean } {
    const entry = this.start(key, make);
    if (by !== undefined && by !== key) this.#uses.set(by, (this.#uses.get(by) ?? new Set()).add(key));
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
        () => undefined,
        () => undefined,
      );
      this.#made.set(key, entry);
    }
    return entry;
  }

  /**
   * Removes every fixture, all at once except that one whose maker asked for another goes before
   * it (a message sent from a shared session, before that session's log out): the worker's end
   * then takes the longest such chain of removals, not their sum. What failed, one line each.
   */
  async close(): Promise<string[]> {
    const problems: string[] = [];
    const closing = new Map<string, Promise<void>>();
    const close = (key: string): Promise<void> => {
      const known = closing.get(key);
      if (known) return known;
      let done!: () => void;
      closing.set(key, new Promise<void>((resolve) => (done = resolve)));
      const users = [...this.#uses].filter(([, used]) => used.has(key)).map(([user]) => user);
      void Promise.all(users.map(close))
        .then(() => this.#made.get(key)?.close())
        .catch((e: Error) => void problems.push(`${key}: ${e.message}`))
        .finally(done);
      return closing.get(key)!;
    };
    await Promise.all([...this.#made.keys()].map(close));
    this.#made.clear();
    this.#uses.clear();
    this.#asked.clear();
    return problems;
  }
}
