/** @module The injected source of time: the system clock, or a virtual one that tests and simulations advance. */

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = Object.freeze({ now: () => Date.now() });

/**
 * The latest instant a virtual clock may reach: 9999-12-31T23:59:59.999Z, ES's DateUtils.MAX_MILLIS_BEFORE_9999, the
 * last one Elasticsearch's date formats print with a four-digit year.
 */
export const MAX_CLOCK_MILLIS = 253_402_300_799_999;

/**
 * A stored virtual now as a clock may start from: one past MAX_CLOCK_MILLIS (saved before Tessera bounded the clock)
 * is brought back to it, and one that is not a number at all is dropped (the clock then starts at the real time).
 */
export function restorableClockMillis(stored: unknown): number | undefined {
  if (typeof stored !== 'number' || !Number.isFinite(stored)) return undefined;
  return Math.min(stored, MAX_CLOCK_MILLIS);
}

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
