import { randomInt } from 'node:crypto';
import type { CoreReadings } from './readings.js';

/**
 * One id sequence per kind, shaped by the reading of spec §2 (: ids are ints, range and order
 * unstated): increasing by one, increasing with gaps, or scattered (neither increasing nor
 * dense), so no rule can lean on the order or density of ids.
 */
export class Ids {
  readonly #next = new Map<string, number>();
  readonly #used = new Set<number>();
  constructor(private readonly reading: CoreReadings['ids']) {}
  next(kind: string): number {
    const reading = this.reading;
    if (reading === 'scattered') {
      let id: number;
      do id = randomInt(10_000, 2_000_000_000);
      while (this.#used.has(id));
      this.#used.add(id);
      return id;
    }
    const [start, step] = reading === 'increasing-dense' ? [1001, 1] : [7_340_033, 17];
    const id = this.#next.get(kind) ?? start;
    this.#next.set(kind, id + step);
    return id;
  }
}
