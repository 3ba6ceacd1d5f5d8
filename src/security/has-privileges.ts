/**
 * @module Elasticsearch's has-privileges check (TransportHasPrivilegesAction): whether a user's roles, and an API
 * key's limits, grant each privilege asked for, cluster-wide, on index name patterns and on application resources.
 */
import { matchesPattern } from '../platform/units/index.js';
import type { Permissions } from './native-roles-store.js';
import { hasApplicationPrivilege, privilegePatterns, rolesOf, type RoleLookup } from './privileges.js';
import { SecurityErrors } from './security-error.js';
import type { Role, User } from './security-model.js';

export interface IndexCheck {
  readonly names: readonly string[];
  readonly privileges: readonly string[];
  readonly allow_restricted_indices: boolean;
}

export interface ApplicationCheck {
  readonly application: string;
  readonly privileges: readonly string[];
  readonly resources: readonly string[];
}

export interface PrivilegesToCheck {
  readonly cluster: readonly string[];
  readonly index: readonly IndexCheck[];
  readonly application: readonly ApplicationCheck[];
}

type Granted = Record<string, boolean>;

export interface HasPrivilegesAnswer {
  readonly username: string;
  readonly has_all_requested: boolean;
  readonly cluster: Granted;
  readonly index: Record<string, Granted>;
  readonly application: Record<string, Record<string, Granted>>;
}

/** ClusterPrivilegeResolver's names, which Elasticsearch accepts; those Tessera has no actions for are still named. */
const ES_CLUSTER_PRIVILEGES = [
  'none', 'all', 'monitor', 'monitor_inference', 'monitor_ml', 'monitor_text_structure', 'monitor_data_frame_transforms', 'monitor_transform',
  'monitor_watcher', 'monitor_rollup', 'monitor_enrich', 'manage', 'manage_inference', 'manage_ml', 'manage_data_frame_transforms',
  'manage_transform', 'manage_token', 'manage_watcher', 'manage_index_templates', 'manage_ingest_pipelines', 'read_pipeline', 'transport_client',
  'manage_security', 'read_security', 'manage_saml', 'manage_oidc', 'manage_api_key', 'grant_api_key', 'manage_service_account',
  'manage_user_profile', 'manage_pipeline', 'manage_rollup', 'manage_autoscaling', 'manage_ccr', 'read_ccr', 'create_snapshot', 'monitor_snapshot',
  'manage_ilm', 'read_ilm', 'manage_slm', 'read_slm', 'delegate_pki', 'manage_own_api_key', 'manage_enrich', 'manage_logstash_pipelines',
  'read_fleet_secrets', 'write_fleet_secrets', 'cancel_task', 'manage_search_application', 'manage_search_synonyms', 'manage_behavioral_analytics',
  'post_behavioral_analytics_event', 'manage_search_query_rules', 'cross_cluster_search', 'cross_cluster_replication', 'read_connector_secrets',
  'write_connector_secrets', 'monitor_data_stream_global_retention', 'manage_data_stream_global_retention',
];

/** IndexPrivilege's names. */
const ES_INDEX_PRIVILEGES = [
  'none', 'all', 'read', 'read_cross_cluster', 'create', 'index', 'delete', 'write', 'create_doc', 'monitor', 'manage', 'delete_index', 'create_index',
  'view_index_metadata', 'manage_follow_index', 'manage_leader_index', 'manage_ilm', 'manage_data_stream_lifecycle', 'maintenance', 'auto_configure',
  'cross_cluster_replication', 'cross_cluster_replication_internal',
];

/** ClusterPrivilegeResolver.isClusterAction: a raw action (or pattern over actions) rather than a privilege's name. */
const isClusterAction = (name: string) => name.startsWith('cluster:') || name.startsWith('indices:admin/template/') || name.startsWith('indices:admin/index_template/');
const isIndexAction = (name: string) => name.startsWith('indices:') || name.startsWith('internal:transport/proxy/indices:');

/** Refuses a name that is neither a privilege nor an action pattern, as ClusterPrivilegeResolver/IndexPrivilege do. */
export function validatePrivilegeNames(check: PrivilegesToCheck): void {
  for (const name of check.cluster.map((n) => n.toLowerCase())) {
    if (isClusterAction(name) || ES_CLUSTER_PRIVILEGES.includes(name)) continue;
    throw SecurityErrors.illegalArgument(
      `unknown cluster privilege [${name}]. a privilege must be either one of the predefined cluster privilege names [${ES_CLUSTER_PRIVILEGES.join(',')}] or a pattern over one of the available cluster actions`,
    );
  }
  for (const name of check.index.flatMap((entry) => entry.privileges).map((n) => n.toLowerCase())) {
    if (isIndexAction(name) || ES_INDEX_PRIVILEGES.includes(name)) continue;
    throw SecurityErrors.illegalArgument(
      `unknown index privilege [${name}]. a privilege must be either one of the predefined fixed indices privileges [${ES_INDEX_PRIVILEGES.map((n) => `${n}=${n}`).join(',')}] or a pattern over one of the available index actions`,
    );
  }
}

/**
 * Whether the privileges `held` grant everything the privilege `asked` grants (ES: the asked automaton is a subset of
 * the held ones'). Each of the asked patterns must be covered by one held pattern; with `*` the only wildcard, a
 * pattern covers another exactly when it matches the other's text, its `*` standing for the other's `*` too.
 */
function covered(kind: 'cluster' | 'index', asked: string, held: readonly string[]): boolean {
  const name = asked.toLowerCase();
  if (held.includes(name)) return true;
  // manage_own_api_key reaches only the caller's own keys: it grants no action outright, so it covers only itself.
  const heldPatterns = held.filter((h) => h !== 'manage_own_api_key').flatMap((h) => privilegePatterns(kind, h) ?? []);
  const askedPatterns = (kind === 'cluster' ? isClusterAction(name) : isIndexAction(name)) ? [name] : privilegePatterns(kind, name);
  // A privilege Tessera has no actions for (manage_ml) is held only by name, or through `all`.
  if (askedPatterns === undefined) return name !== 'none' ? held.includes('all') : true;
  return askedPatterns.every((pattern) => heldPatterns.some((h) => matchesPattern(h, pattern)));
}

function clusterGranted(roles: readonly Role[], asked: string): boolean {
  return covered('cluster', asked, roles.flatMap((role) => role.cluster));
}

/** The index privileges of the role entries whose name patterns cover `index` (a name or a pattern), as ES's testIndexMatch. */
function indexGranted(roles: readonly Role[], index: string, asked: string): boolean {
  const held = roles.flatMap((role) => role.indices.filter((entry) => entry.names.some((pattern) => matchesPattern(pattern, index))).flatMap((entry) => entry.privileges));
  return covered('index', asked, held);
}

/** Every permission set must grant it: a user's roles, and an API key's limits besides. */
function all(permissions: Permissions, granted: (user: User, lookup: RoleLookup) => boolean): boolean {
  return permissions.every(({ user, lookup }) => granted(user, lookup));
}

export function checkPrivileges(username: string, permissions: Permissions, check: PrivilegesToCheck): HasPrivilegesAnswer {
  let complete = true;
  const note = (granted: boolean) => {
    complete &&= granted;
    return granted;
  };
  const cluster: Granted = {};
  for (const asked of check.cluster) cluster[asked] = note(all(permissions, (user, lookup) => clusterGranted(rolesOf(user, lookup), asked)));
  const index: Record<string, Granted> = {};
  for (const entry of check.index) {
    for (const name of entry.names) {
      const granted = (index[name] ??= {});
      for (const asked of entry.privileges) granted[asked] = note(all(permissions, (user, lookup) => indexGranted(rolesOf(user, lookup), name, asked)));
    }
  }
  const application: Record<string, Record<string, Granted>> = {};
  for (const entry of check.application) {
    const resources = (application[entry.application] ??= {});
    for (const resource of entry.resources) {
      const granted = (resources[resource] ??= {});
      for (const asked of entry.privileges) {
        granted[asked] = note(all(permissions, (user, lookup) => hasApplicationPrivilege(user, lookup, entry.application, asked, resource)));
      }
    }
  }
  return { username, has_all_requested: complete, cluster, index, application };
}

export interface UserPrivileges {
  readonly cluster: readonly string[];
  readonly global: readonly never[];
  readonly indices: readonly { names: readonly string[]; privileges: string[]; allow_restricted_indices: false }[];
  readonly applications: readonly { application: string; privileges: string[]; resources: string[] }[];
  readonly run_as: readonly string[];
}

const sortedUnion = (lists: readonly (readonly string[])[]) => [...new Set(lists.flat())].sort();

/**
 * What `_security/user/_privileges` lists (RBACEngine.buildUserPrivilegesResponseObject): the roles' privileges
 * merged as ES builds one role from many, index entries with the same names as one, application privileges of the
 * same name as one.
 */
export function listUserPrivileges(roles: readonly Role[]): UserPrivileges {
  const indices = new Map<string, { names: readonly string[]; privileges: string[]; allow_restricted_indices: false }>();
  for (const entry of roles.flatMap((role) => role.indices)) {
    const key = JSON.stringify([...entry.names].sort());
    const known = indices.get(key);
    if (known) known.privileges = sortedUnion([known.privileges, entry.privileges]);
    else indices.set(key, { names: entry.names, privileges: sortedUnion([entry.privileges]), allow_restricted_indices: false });
  }
  const applications = new Map<string, { application: string; privileges: string[]; resources: string[] }>();
  for (const entry of roles.flatMap((role) => role.applications)) {
    for (const privilege of entry.privileges) {
      const key = JSON.stringify([entry.application, privilege]);
      const known = applications.get(key);
      if (known) known.resources = sortedUnion([known.resources, entry.resources]);
      else applications.set(key, { application: entry.application, privileges: [privilege], resources: sortedUnion([entry.resources]) });
    }
  }
  return {
    cluster: sortedUnion(roles.map((role) => role.cluster)),
    global: [],
    indices: [...indices.values()],
    applications: [...applications.values()],
    run_as: sortedUnion(roles.map((role) => role.run_as)),
  };
}
