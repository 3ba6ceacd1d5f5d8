/** @module Where users, roles and API keys are kept. Each write returns the stored generation it produced (0 on a store one instance owns). */
import type { ApiKey, Role, User } from './security-model.js';

export interface SecurityRepository {
  /** Other instances write to the same store, so the copy in memory can go stale. */
  readonly shared: boolean;
  loadUsers(): Promise<User[]>;
  loadRoles(): Promise<Role[]>;
  saveUser(user: User): Promise<number>;
  /** Deletes the user and saves its keys, invalidated, in one commit: a later user of the same name cannot revive them. */
  deleteUser(username: string, invalidatedKeys: readonly ApiKey[]): Promise<number>;
  saveRole(role: Role): Promise<number>;
  deleteRole(name: string): Promise<number>;
  loadApiKeys(): Promise<ApiKey[]>;
  /** The stored generation; 0 on a store one instance owns, where it never moves. */
  generation(): Promise<number>;
  saveApiKey(key: ApiKey): Promise<number>;
}
