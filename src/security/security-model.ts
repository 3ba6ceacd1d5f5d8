/** @module Users and roles as Elasticsearch's native realm keeps them, and the built-in roles. */

export interface IndicesPrivileges {
  readonly names: readonly string[];
  readonly privileges: readonly string[];
}

export interface ApplicationPrivileges {
  readonly application: string;
  readonly privileges: readonly string[];
  readonly resources: readonly string[];
}

export interface Role {
  readonly name: string;
  readonly cluster: readonly string[];
  readonly indices: readonly IndicesPrivileges[];
  readonly applications: readonly ApplicationPrivileges[];
  readonly run_as: readonly string[];
  readonly metadata: Readonly<Record<string, unknown>>;
}

export interface User {
  readonly username: string;
  readonly roles: readonly string[];
  readonly full_name: string | null;
  readonly email: string | null;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly enabled: boolean;
  readonly passwordHash: string;
}

/** An API key: its secret is kept only as a SHA-256 hash (the secret is random, so a fast hash is enough). */
export interface ApiKey {
  readonly id: string;
  readonly name: string;
  readonly username: string;
  readonly creation: number;
  readonly expiration?: number;
  readonly invalidated: boolean;
  readonly keyHash: string;
  /** Roles the key is limited to; absent: the owner's roles. */
  readonly roleDescriptors?: readonly Role[];
  readonly metadata: Readonly<Record<string, unknown>>;
}

export const RESERVED_USER = 'elastic';

export const BUILT_IN_ROLES: ReadonlyMap<string, Role> = new Map(
  [
    {
      name: 'superuser',
      cluster: ['all'],
      indices: [{ names: ['*'], privileges: ['all'] }],
      applications: [{ application: '*', privileges: ['*'], resources: ['*'] }],
      run_as: ['*'],
      metadata: { _reserved: true },
    },
    {
      name: 'viewer',
      cluster: ['monitor'],
      indices: [{ names: ['*'], privileges: ['read', 'view_index_metadata', 'monitor'] }],
      applications: [{ application: 'tessera-grid', privileges: ['read'], resources: ['*'] }],
      run_as: [],
      metadata: { _reserved: true },
    },
    {
      name: 'editor',
      cluster: ['monitor'],
      indices: [{ names: ['*'], privileges: ['read', 'write', 'view_index_metadata', 'monitor'] }],
      applications: [{ application: 'tessera-grid', privileges: ['write'], resources: ['*'] }],
      run_as: [],
      metadata: { _reserved: true },
    },
  ].map((role) => [role.name, Object.freeze(role)] as const),
);

/** The user as ES's APIs show it: never the password hash. */
export function publicUser(user: User): Omit<User, 'passwordHash'> {
  const { passwordHash: _hidden, ...rest } = user;
  return rest;
}
