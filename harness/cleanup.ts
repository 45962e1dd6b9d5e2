/**
 * What a rule has left to remove after its test, and what is already gone: each thing it made is
 * registered once, under a key that names it (`messaging-rest folder 1042 of peer`), with the
 * request that removes it. A thing the rule removed itself (a property deletes each folder it
 * made at once), or an earlier cleanup removed, is forgotten, so cleanup sends one request per
 * thing still there: a second delete of a deleted folder is answered 4xx, reads as a failed
 * cleanup and doubles the requests the target is sent.
 */

interface Item {
  what: string;
  fn: () => Promise<unknown>;
  /** names the thing removed; work without one (log out, put back a setting) always runs */
  key?: string;
  mode: CleanupMode;
}

/**
 * How a cleanup runs beside the others: in turn (last registered, first run), or at once with its
 * neighbours of the same kind, each of which touches nothing the others do (a message's purge, a
 * session's log-out); a purge and a log-out never go together (the purge may need the session).
 */
export type CleanupMode = 'in-turn' | 'purge' | 'log-out';

export class Cleanups {
  readonly #items: Item[] = [];
  readonly #gone = new Set<string>();

  /** Registers cleanup (last registered, first run). The same key registered again is one thing, removed once. */
  add(what: string, fn: () => Promise<unknown>, key?: string, mode: CleanupMode = 'in-turn'): void {
    if (key !== undefined) {
      // registered again after it was removed: it was made anew (a name used twice), so it is there
      this.#gone.delete(key);
      if (this.#items.some((i) => i.key === key)) return;
    }
    this.#items.unshift({ what, fn, key, mode });
  }

  /** The thing `key` names is gone (the rule removed it, and the target said so): cleanup sends nothing for it. */
  gone(key: string): void {
    this.#gone.add(key);
  }

  /** Whether cleanup would still remove it. */
  pending(key: string): boolean {
    return !this.#gone.has(key) && this.#items.some((i) => i.key === key);
  }

  /** Runs what is still to do, once each, neighbours of one kind at once; returns the problems. */
  async run(): Promise<string[]> {
    const problems: string[] = [];
    const one = async (item: Item) => {
      if (item.key !== undefined && this.#gone.has(item.key)) return;
      try {
        await item.fn();
        if (item.key !== undefined) this.#gone.add(item.key);
      } catch (e) {
        problems.push(`${item.what}: ${(e as Error).message}`);
      }
    };
    const items = this.#items.splice(0);
    for (let i = 0; i < items.length; ) {
      let end = i + 1;
      const mode = items[i]!.mode;
      if (mode !== 'in-turn') while (end < items.length && items[end]!.mode === mode) end += 1;
      await Promise.all(items.slice(i, end).map(one));
      i = end;
    }
    return problems;
  }
}
