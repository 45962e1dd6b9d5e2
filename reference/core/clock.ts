/** The reference server reads time only through a Clock, so time rules can be driven in self-tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to (self-tests of expiry and lockout windows). */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date = new Date()) {
    this.#ms = start.getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(seconds: number): void {
    this.#ms += seconds * 1000;
  }
}
