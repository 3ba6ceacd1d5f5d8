/**
 * @module Slows password guessing without letting a stranger lock anyone else out. Failures are counted per user
 * name *and* client address: after five in a row, that address is refused for that name for a minute, right password
 * or not, while every other address signs in as usual. Attempts for one name from one address are checked one at a
 * time, so a burst of guesses cannot all pass the count before the first of them has failed. Unknown names count
 * exactly as known ones do (and cost the same password hash), so neither the answer, its timing, nor a lockout tells
 * whether a user exists. The bookkeeping is bounded: keys are hashes of fixed size and the oldest entries go first.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../platform/clock.js';

export interface LoginThrottleLimits {
  /** Failures in a row from one address that lock that address out for the name. */
  readonly maxFailures: number;
  /** How long a lockout lasts, and how long a failure is remembered. */
  readonly lockoutMillis: number;
  /** Names and addresses tracked at once; beyond it, expired entries and then the oldest are forgotten. */
  readonly maxTracked: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleLimits = Object.freeze({ maxFailures: 5, lockoutMillis: 60_000, maxTracked: 10_000 });

interface Failures {
  count: number;
  until: number;
}

export class LoginThrottle {
  readonly #failures = new Map<string, Failures>();
  /** The last attempt in progress per key, so the next one waits for its verdict. */
  readonly #pending = new Map<string, Promise<unknown>>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_THROTTLE,
  ) {}

  /** How many keys are tracked (for tests of the bound). */
  get tracked(): number {
    return this.#failures.size;
  }

  /**
   * Runs `verify` for `username` from `client` after any earlier attempt of the same pair finished. Resolves to
   * 'locked' without calling `verify` while the pair is locked out; otherwise to `verify`'s verdict, counted.
   */
  attempt(username: string, client: string, verify: () => Promise<boolean>): Promise<boolean | 'locked'> {
    const key = createHash('sha256').update(username).update('\u0000').update(client).digest('base64url');
    const previous = this.#pending.get(key) ?? Promise.resolve();
    const run = previous.then(async () => {
      if (this.#lockedOut(key)) return 'locked' as const;
      const valid = await verify();
      if (valid) this.#failures.delete(key);
      else this.#fail(key);
      return valid;
    });
    const settled = run.catch(() => undefined);
    this.#pending.set(key, settled);
    void settled.then(() => {
      if (this.#pending.get(key) === settled) this.#pending.delete(key);
    });
    return run;
  }

  #lockedOut(key: string): boolean {
    const entry = this.#failures.get(key);
    if (!entry) return false;
    if (this.clock.now() >= entry.until) {
      this.#failures.delete(key);
      return false;
    }
    return entry.count >= this.limits.maxFailures;
  }

  #fail(key: string): void {
    const now = this.clock.now();
    const entry = this.#failures.get(key);
    const count = (entry && now < entry.until ? entry.count : 0) + 1;
    // Re-inserted, so the map's order is the order of last failure and the oldest is first to go.
    this.#failures.delete(key);
    this.#failures.set(key, { count, until: now + this.limits.lockoutMillis });
    if (this.#failures.size > this.limits.maxTracked) this.#evict(now);
  }

  #evict(now: number): void {
    for (const [key, entry] of this.#failures) if (now >= entry.until) this.#failures.delete(key);
    for (const key of this.#failures.keys()) {
      if (this.#failures.size <= this.limits.maxTracked) break;
      this.#failures.delete(key);
    }
  }
}
