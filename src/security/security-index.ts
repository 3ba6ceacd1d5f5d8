/**
 * @module This instance's copy of what ES keeps in its `.security` index: users, roles and API keys, one stored
 * generation for all three, and the catch-up with writes other instances made to a shared store. The stores of
 * users, roles and keys read and change it; nothing outside the security module does but `sync` and `onChange`.
 */
import type { ApiKey, Role, User } from './security-model.js';
import type { SecurityRepository } from './security-repository.js';

interface Loaded {
  readonly users: User[];
  readonly roles: Role[];
  readonly keys: ApiKey[];
}

export class SecurityIndex {
  readonly users = new Map<string, User>();
  readonly roles = new Map<string, Role>();
  readonly apiKeys = new Map<string, ApiKey>();
  readonly #listeners = new Set<() => void>();
  /** The stored generation the copy in memory belongs to. */
  #generation = 0;
  /** Counts this instance's own writes, so a reload that overlapped one is discarded. */
  #writes = 0;
  #syncing: Promise<void> | undefined;

  private constructor(readonly repository: SecurityRepository) {}

  static async open(repository: SecurityRepository): Promise<SecurityIndex> {
    const index = new SecurityIndex(repository);
    index.#generation = await repository.generation();
    index.#adopt(await index.#load());
    return index;
  }

  /** Calls `listener` after every change to users, roles or API keys; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  /** After this instance's own write: only a write that directly follows what it holds keeps it current. */
  wrote(generation: number): void {
    this.#writes++;
    if (generation === this.#generation + 1) this.#generation = generation;
  }

  /** Catches up with users, roles and keys other instances changed in a shared store (open watch streams re-check); `stored`: the generation, if already read. */
  sync(stored?: number): Promise<void> {
    if (stored !== undefined && stored <= this.#generation) return Promise.resolve();
    this.#syncing ??= (async () => {
      try {
        for (;;) {
          const writes = this.#writes;
          const generation = await this.repository.generation();
          if (generation <= this.#generation) return;
          const loaded = await this.#load();
          // A write of this instance's own landed while reading: what was read may predate it, so read again.
          if (writes !== this.#writes) continue;
          this.#adopt(loaded);
          this.#generation = Math.max(this.#generation, generation);
          this.changed();
          return;
        }
      } finally {
        this.#syncing = undefined;
      }
    })();
    return this.#syncing;
  }

  async #load(): Promise<Loaded> {
    // Keys first: every key read then has an owner that the users read after it include, unless since deleted.
    const keys = await this.repository.loadApiKeys();
    return { users: await this.repository.loadUsers(), roles: await this.repository.loadRoles(), keys };
  }

  #adopt({ users, roles, keys }: Loaded): void {
    this.users.clear();
    this.roles.clear();
    this.apiKeys.clear();
    for (const user of users) this.users.set(user.username, user);
    for (const role of roles) this.roles.set(role.name, role);
    for (const key of keys) this.apiKeys.set(key.id, key);
  }
}
