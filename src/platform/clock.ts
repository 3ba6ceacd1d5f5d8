/** @module The injected source of time: the system clock, or a virtual one that tests and simulations advance. */

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = Object.freeze({ now: () => Date.now() });

/** A clock that moves only when told to, so a 90-day policy can run in milliseconds. */
export class VirtualClock implements Clock {
  #now: number;

  constructor(startMillis: number) {
    this.#now = startMillis;
  }

  now(): number {
    return this.#now;
  }

  advance(millis: number): number {
    if (!Number.isFinite(millis) || millis < 0) throw new RangeError(`cannot advance a clock by [${millis}] ms`);
    this.#now += millis;
    return this.#now;
  }
}
