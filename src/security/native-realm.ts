/**
 * @module Checking a native user's password (ES's NativeRealm with the cache of CachingUsernamePasswordRealm).
 * An unknown or disabled user costs the same hash as a known one, so the time taken does not tell whether a user
 * exists; a password verified lately is recognised by a fast salted digest, so a client's burst of parallel
 * requests does not queue behind the slow hash.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../platform/clock.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SecurityIndex } from './security-index.js';

/** How long a verified password is recognised without the slow hash (ES's `cache.ttl` default). */
const VERIFIED_TTL_MS = 20 * 60_000;
const MAX_VERIFIED = 10_000;

export class NativeRealm {
  /** Passwords verified lately, by user: a digest salted per process, and the stored hash it was checked against. */
  readonly #verified = new Map<string, { digest: Buffer; passwordHash: string; until: number }>();
  readonly #cacheSalt = randomBytes(32);

  private constructor(
    private readonly index: SecurityIndex,
    private readonly clock: Clock,
    /** What an unknown user's password is checked against, so that costs what a known user's does. */
    private readonly dummyHash: string,
  ) {}

  static async create(index: SecurityIndex, clock: Clock): Promise<NativeRealm> {
    return new NativeRealm(index, clock, await hashPassword(randomBytes(16).toString('base64url')));
  }

  /** Whether `password` is the enabled user's. */
  async verify(username: string, password: string): Promise<boolean> {
    const user = this.index.users.get(username);
    const digest = createHash('sha256').update(this.#cacheSalt).update(password).digest();
    const cached = this.#verified.get(username);
    if (user?.enabled && cached && cached.passwordHash === user.passwordHash && cached.until > this.clock.now() && timingSafeEqual(cached.digest, digest)) return true;
    const valid = await verifyPassword(password, user?.enabled ? user.passwordHash : this.dummyHash);
    if (!valid || !user?.enabled) return false;
    // The user may have changed while the hash ran: only the password checked is remembered.
    if (this.index.users.get(username)?.passwordHash !== user.passwordHash) return false;
    this.#verified.delete(username);
    this.#verified.set(username, { digest, passwordHash: user.passwordHash, until: this.clock.now() + VERIFIED_TTL_MS });
    if (this.#verified.size > MAX_VERIFIED) this.#verified.delete(this.#verified.keys().next().value!);
    return true;
  }

  /** Forgets the user's verified password (ES clears the realm cache when a user is deleted). */
  expire(username: string): void {
    this.#verified.delete(username);
  }
}
