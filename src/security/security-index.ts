/**
 * @module This instance's copy of what ES keeps in its `.security` index: users, roles and API keys, one stored
 * generation for all three, and the catch-up with writes other instances made to a shared store (a versioned copy,
 * as the cluster state is). The stores of users, roles and keys read it and change it through `write`; nothing
 * outside the security module does but `sync` and `onChange`.
 */
import { VersionedCopy, type CopySource } from '../platform/versioned-copy.js';
import type { ApiKey, Role, User } from './security-model.js';
import type { SecurityRepository } from './security-repository.js';

interface Contents {
  readonly users: Map<string, User>;
  readonly roles: Map<string, Role>;
  readonly apiKeys: Map<string, ApiKey>;
}

async function load(repository: SecurityRepository): Promise<{ value: Contents; generation: number }> {
  // The generation first: what is read after it is at least as new, so a write racing the read only costs a reload.
  const generation = await repository.generation();
  // Keys first: every key read then has an owner that the users read after it include, unless since deleted.
  const keys = await repository.loadApiKeys();
  const users = await repository.loadUsers();
  const roles = await repository.loadRoles();
  return {
    value: { users: new Map(users.map((u) => [u.username, u])), roles: new Map(roles.map((r) => [r.name, r])), apiKeys: new Map(keys.map((k) => [k.id, k])) },
    generation,
  };
}

export class SecurityIndex {
  readonly #copy: VersionedCopy<Contents>;
  readonly #listeners = new Set<() => void>();

  private constructor(
    readonly repository: SecurityRepository,
    initial: { value: Contents; generation: number },
  ) {
    const source: CopySource<Contents> | undefined = repository.shared ? { generation: () => repository.generation(), load: () => load(repository) } : undefined;
    this.#copy = new VersionedCopy(source, initial);
    // Open watch streams re-check access when another instance's change is loaded.
    this.#copy.onChange(() => this.changed());
  }

  static async open(repository: SecurityRepository): Promise<SecurityIndex> {
    return new SecurityIndex(repository, await load(repository));
  }

  get users(): Map<string, User> {
    return this.#copy.value.users;
  }

  get roles(): Map<string, Role> {
    return this.#copy.value.roles;
  }

  get apiKeys(): Map<string, ApiKey> {
    return this.#copy.value.apiKeys;
  }

  /** Calls `listener` after every change to users, roles or API keys; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  /**
   * Saves through `save`, then makes the same change to the copy with `apply`, in turn with every reload, so a
   * reload never overlaps a write of this instance's own.
   */
  write(save: (repository: SecurityRepository) => Promise<number>, apply: () => void): Promise<void> {
    return this.#copy.change(async (current) => {
      const generation = await save(this.repository);
      apply();
      // Only a write that directly follows what the copy holds keeps it current; after any other, the next sync reloads.
      if (generation === current.generation + 1) this.#copy.adopt({ value: current.value, generation });
    });
  }

  /** Catches up with users, roles and keys other instances changed in a shared store; `stored`: the generation, if already read. */
  sync(stored?: number): Promise<void> {
    return this.#copy.sync(stored);
  }
}
