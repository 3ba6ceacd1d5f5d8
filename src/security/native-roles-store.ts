/** @module The roles of `/_security/role` (ES's NativeRolesStore) beside the built-in ones, and the role sets a request is checked against. */
import type { Authentication } from './authentication.js';
import type { RoleLookup } from './privileges.js';
import { isObject } from './request-values.js';
import { parseRoleDescriptor } from './role-descriptor.js';
import { SecurityErrors } from './security-error.js';
import type { SecurityIndex } from './security-index.js';
import { BUILT_IN_ROLES, type Role, type User } from './security-model.js';

const ROLE_MEMBERS = ['cluster', 'indices', 'applications', 'run_as', 'metadata', 'description'];

/** Every permission set a request must satisfy, each a user and where its roles are looked up. */
export type Permissions = readonly { readonly user: User; readonly lookup: RoleLookup }[];

export class NativeRolesStore {
  constructor(private readonly index: SecurityIndex) {}

  role(name: string): Role | undefined {
    return BUILT_IN_ROLES.get(name) ?? this.index.roles.get(name);
  }

  getRoles(names: readonly string[] | undefined): Role[] {
    const all = [...BUILT_IN_ROLES.values(), ...this.index.roles.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
    return names === undefined ? all : all.filter((r) => names.includes(r.name));
  }

  /** The user's roles, and an API key's limits if any (ES's CompositeRolesStore with its limited-by roles). */
  permissionsOf(authentication: Authentication): Permissions {
    const own = { user: authentication.user, lookup: (name: string) => this.role(name) };
    return authentication.limitedTo ? [own, authentication.limitedTo] : [own];
  }

  /** Creates or updates a role; returns whether it was created. */
  async putRole(name: string, body: unknown): Promise<boolean> {
    if (BUILT_IN_ROLES.has(name)) throw SecurityErrors.illegalArgument(`role [${name}] is reserved and cannot be modified.`);
    if (!isObject(body)) throw SecurityErrors.illegalArgument('request body is required');
    for (const key of Object.keys(body)) {
      if (!ROLE_MEMBERS.includes(key)) throw SecurityErrors.illegalArgument(`failed to parse role [${name}]. unexpected field [${key}]`);
    }
    const role = parseRoleDescriptor(name, body);
    const created = !this.index.roles.has(name);
    await this.index.write((repository) => repository.saveRole(role), () => this.index.roles.set(name, role));
    this.index.changed();
    return created;
  }

  async deleteRole(name: string): Promise<boolean> {
    if (BUILT_IN_ROLES.has(name)) throw SecurityErrors.illegalArgument(`role [${name}] is reserved and cannot be deleted`);
    if (!this.index.roles.has(name)) return false;
    await this.index.write((repository) => repository.deleteRole(name), () => this.index.roles.delete(name));
    this.index.changed();
    return true;
  }
}
