/**
 * @module Elasticsearch's named privileges, the actions each grants, and authorization of a user's roles for an
 * action (cluster-wide or on indices), with ES's denial message (AuthorizationDenialMessages).
 */
import { matchesPattern } from '../platform/units/index.js';
import { SecurityErrors, type SecurityError } from './security-error.js';
import type { Role, User } from './security-model.js';

type Patterns = readonly string[];
type Table = readonly (readonly [string, Patterns])[];

/**
 * Cluster privileges, most specific first; `manage` and `all` close the list, as ES prints them. Template actions are
 * named `indices:` but granted by cluster privileges (ClusterPrivilegeResolver's MANAGE_INDEX_TEMPLATES_PATTERN).
 */
const CLUSTER_PRIVILEGES: readonly (readonly [string, Patterns])[] = [
  ['monitor', ['cluster:monitor/*']],
  ['read_ilm', ['cluster:admin/ilm/get', 'cluster:admin/ilm/operation_mode/get']],
  ['manage_ilm', ['cluster:admin/ilm/*']],
  ['manage_index_templates', ['indices:admin/template/*', 'indices:admin/index_template/*', 'cluster:admin/component_template/*']],
  ['manage_own_api_key', ['cluster:admin/xpack/security/api_key/*']],
  // ES's READ_SECURITY_PATTERN, as far as Tessera has the actions: reading users, roles and keys, never changing them.
  ['read_security', ['cluster:admin/xpack/security/user/get', 'cluster:admin/xpack/security/user/list_privileges', 'cluster:admin/xpack/security/user/has_privileges', 'cluster:admin/xpack/security/role/get', 'cluster:admin/xpack/security/api_key/get', 'cluster:admin/xpack/security/api_key/query', 'cluster:admin/xpack/security/privilege/get']],
  ['manage_api_key', ['cluster:admin/xpack/security/api_key/*']],
  ['manage_security', ['cluster:admin/xpack/security/*']],
  ['manage', ['cluster:monitor/*', 'cluster:admin/settings/*', 'cluster:admin/ilm/*', 'cluster:admin/repository/*', 'cluster:admin/snapshot/*', 'cluster:admin/tessera/*', 'indices:admin/template/*', 'indices:admin/index_template/*', 'cluster:admin/component_template/*']],
  ['all', ['cluster:*', 'indices:admin/template/*', 'indices:admin/index_template/*']],
];

const INDEX_PRIVILEGES: readonly (readonly [string, Patterns])[] = [
  ['auto_configure', ['indices:admin/auto_create', 'indices:admin/mapping/auto_put', 'indices:admin/data_stream/create']],
  ['create_index', ['indices:admin/create', 'indices:admin/auto_create', 'indices:admin/data_stream/create']],
  ['delete_index', ['indices:admin/delete', 'indices:admin/data_stream/delete']],
  ['read', ['indices:data/read/*']],
  ['write', ['indices:data/write/*']],
  // ES's patterns end in `*` (IndexPrivilege): `index` grants update by query, `delete` delete by query.
  ['index', ['indices:data/write/index', 'indices:data/write/update*', 'indices:data/write/bulk']],
  ['delete', ['indices:data/write/delete*', 'indices:data/write/bulk']],
  ['view_index_metadata', ['indices:admin/get', 'indices:admin/aliases/get', 'indices:admin/mappings/get', 'indices:admin/mappings/fields/get*', 'indices:monitor/settings/get', 'indices:admin/ilm/explain', 'indices:admin/data_stream/get']],
  ['monitor', ['indices:monitor/*']],
  ['maintenance', ['indices:admin/refresh', 'indices:admin/forcemerge']],
  ['manage_ilm', ['indices:admin/ilm/*']],
  ['manage_follow_index', ['indices:admin/xpack/ccr/*']],
  ['manage', ['indices:admin/*', 'indices:monitor/*']],
  ['all', ['indices:*']],
];

/** Actions every authenticated user may perform. */
const ALWAYS_ALLOWED = new Set(['cluster:admin/xpack/security/user/authenticate']);

function grants(table: Table, privilege: string, action: string): boolean {
  if (privilege === 'all' && table === INDEX_PRIVILEGES) return action.startsWith('indices:');
  const entry = table.find(([name]) => name === privilege);
  return entry !== undefined && entry[1].some((pattern) => matchesPattern(pattern, action));
}

function grantingPrivileges(table: Table, action: string): string[] {
  return table.filter(([name]) => grants(table, name, action)).map(([name]) => name);
}

/** The action patterns a named privilege grants; undefined for a name the table does not hold. */
export function privilegePatterns(kind: 'cluster' | 'index', name: string): Patterns | undefined {
  if (kind === 'index' && name === 'all') return ['indices:*'];
  return (kind === 'cluster' ? CLUSTER_PRIVILEGES : INDEX_PRIVILEGES).find(([known]) => known === name)?.[1];
}

export type RoleLookup = (name: string) => Role | undefined;

export function rolesOf(user: User, lookup: RoleLookup): Role[] {
  return user.roles.flatMap((name) => lookup(name) ?? []);
}

function deny(action: string, user: User, indices: readonly string[] | undefined, table: Table, kind: 'cluster' | 'index', apiKeyId?: string): SecurityError {
  const privileges = grantingPrivileges(table, action);
  const granted = privileges.length > 0 ? `, this action is granted by the ${kind} privileges [${privileges.join(',')}]` : '';
  const principal = apiKeyId === undefined ? `user [${user.username}] with roles [${user.roles.join(',')}]` : `API key id [${apiKeyId}] of user [${user.username}]`;
  const context = indices ? ` on indices [${indices.join(',')}]` : '';
  return SecurityErrors.actionUnauthorized(action, principal, context, granted, {
    user: user.username,
    roles: user.roles.join(','),
    privileges: privileges.join(','),
    ...(indices && { indices: indices.join(',') }),
    ...(apiKeyId !== undefined && { api_key: apiKeyId }),
  });
}

/**
 * ES's 403 for a cluster action that `user` holds a privilege for, but not for this request (`manage_own_api_key`
 * on someone else's key): the privileges in `failed` are left out of those said to grant it.
 */
export function clusterDenial(user: User, action: string, failed: readonly string[], apiKeyId?: string): SecurityError {
  const table = CLUSTER_PRIVILEGES.filter(([name]) => !failed.includes(name));
  return deny(action, user, undefined, table, 'cluster', apiKeyId);
}

/** Undefined when `user` may perform the cluster action, else ES's 403 security_exception. */
export function authorizeCluster(user: User, lookup: RoleLookup, action: string, apiKeyId?: string): SecurityError | undefined {
  if (ALWAYS_ALLOWED.has(action)) return undefined;
  const allowed = rolesOf(user, lookup).some((role) => role.cluster.some((privilege) => grants(CLUSTER_PRIVILEGES, privilege, action)));
  return allowed ? undefined : deny(action, user, undefined, CLUSTER_PRIVILEGES, 'cluster', apiKeyId);
}

/** Whether the user's roles name any of `privileges` outright (for privileges that differ by scope, not action). */
export function holdsClusterPrivilege(user: User, lookup: RoleLookup, privileges: readonly string[]): boolean {
  return rolesOf(user, lookup).some((role) => role.cluster.some((privilege) => privileges.includes(privilege)));
}

/** Undefined when `user` may perform the index action on every one of `indices`, else ES's 403. */
export function authorizeIndices(user: User, lookup: RoleLookup, action: string, indices: readonly string[], apiKeyId?: string): SecurityError | undefined {
  const roles = rolesOf(user, lookup);
  const denied = indices.filter(
    (index) =>
      !roles.some((role) => role.indices.some((entry) => entry.names.some((p) => matchesPattern(p, index)) && entry.privileges.some((privilege) => grants(INDEX_PRIVILEGES, privilege, action)))),
  );
  if (denied.length === 0) return undefined;
  return deny(action, user, denied, INDEX_PRIVILEGES, 'index', apiKeyId);
}

/** Undefined when some role grants the index action on some indices; else ES's 403 for a request that names none. */
export function authorizeIndexActionAnywhere(user: User, lookup: RoleLookup, action: string, apiKeyId?: string): SecurityError | undefined {
  const granted = rolesOf(user, lookup).some((role) => role.indices.some((entry) => entry.privileges.some((privilege) => grants(INDEX_PRIVILEGES, privilege, action))));
  return granted ? undefined : deny(action, user, undefined, INDEX_PRIVILEGES, 'index', apiKeyId);
}

const IMPLIED: Readonly<Record<string, readonly string[]>> = { read: ['read', 'write', 'admin', '*'], write: ['write', 'admin', '*'], admin: ['admin', '*'] };

/** Whether the user's roles grant `privilege` of `application` on `resource` (admin implies write implies read). */
export function hasApplicationPrivilege(user: User, lookup: RoleLookup, application: string, privilege: string, resource: string): boolean {
  const accepted = IMPLIED[privilege] ?? [privilege, '*'];
  return rolesOf(user, lookup).some((role) =>
    role.applications.some(
      (entry) =>
        (entry.application === application || entry.application === '*') &&
        entry.privileges.some((p) => accepted.includes(p)) &&
        entry.resources.some((pattern) => matchesPattern(pattern, resource)),
    ),
  );
}
