/** @module Where users and roles are kept. */
import type { ApiKey, Role, User } from './security-model.js';

export interface SecurityRepository {
  loadUsers(): Promise<User[]>;
  loadRoles(): Promise<Role[]>;
  saveUser(user: User): Promise<void>;
  deleteUser(username: string): Promise<void>;
  saveRole(role: Role): Promise<void>;
  deleteRole(name: string): Promise<void>;
  loadApiKeys(): Promise<ApiKey[]>;
  saveApiKey(key: ApiKey): Promise<void>;
}
