import type { Variant } from '../variant.js';

/** One increasing id sequence per kind, shaped by the variant (spec §2: ids are ints, range unstated). */
export class Ids {
  #next = new Map<string, number>();
  constructor(private readonly variant: Variant) {}
  next(kind: string): number {
    const id = this.#next.get(kind) ?? this.variant.idStart;
    this.#next.set(kind, id + this.variant.idStep);
    return id;
  }
}
