/**
 * @module `GET /_cluster/state[/{metric}[/{index}]]` (RestClusterStateAction) for the one node: metrics, index filter
 * and `filter_path`. Metadata carries what Tessera keeps (indices, composable templates, ILM's `index_lifecycle`,
 * repositories); per-index versions and primary terms, which Tessera does not track, are left out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ClusterState, DATA_STREAM_METADATA, DataStreams, ES_VERSION, ES_VERSION_ID, IndexMetadata, NODE_NAME, nestSettings, resolveIndices } from '../../cluster/index.js';
import { compareStrings } from '../../platform/ids.js';
import { javaIsoInstant, lifecycleMetadata, serializePolicy, type PolicyMetadata } from '../../ilm/index.js';
import { AUTHENTICATION_HEADER, encodeAuthentication } from '../../ilm/import/security-header.js';
import { realmOf } from '../../security/authentication.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';
import { renderAliases } from './index-render.js';
import { NODE_ID, NODE_ROLES, TRANSPORT_ADDRESS } from './local-node.js';
import { renderComponentTemplate } from './component-template-routes.js';
import { renderTemplate } from './template-routes.js';
import { renderLegacyTemplate } from './legacy-template-routes.js';
import { javaHashOrder } from '../../platform/java-hash-order.js';
import { esRoute, cluster } from './es-actions.js';
import { MASTER_READ } from './es-params.js';

const CLUSTER_STATE = esRoute(cluster('cluster:monitor/state'), ['flat_settings', ...MASTER_READ]);

/** ClusterState.Metric; unknown names are ignored, as Metric.parseString(param, true) ignores them. */
const METRICS = ['version', 'master_node', 'blocks', 'nodes', 'metadata', 'routing_table', 'routing_nodes', 'customs'];
/** The oldest index version 8.x reads (7.0.0). */
const MIN_INDEX_VERSION = 7000099;

function metricsOf(param: string | undefined): Set<string> {
  const parts = (param ?? '_all').split(',').map((m) => m.trim());
  if (parts.includes('_all')) return new Set(METRICS);
  return new Set(parts.filter((m) => METRICS.includes(m)));
}

/** One shard copy as ShardRouting.toXContent shows it: the primary started here, a replica never assigned. */
function shardRouting(index: IndexMetadata, shard: number, primary: boolean) {
  if (primary) return { state: 'STARTED', primary: true, node: NODE_ID, relocating_node: null, shard, index: index.name, allocation_id: { id: index.uuid } };
  return {
    state: 'UNASSIGNED',
    primary: false,
    node: null,
    relocating_node: null,
    shard,
    index: index.name,
    recovery_source: { type: 'PEER' },
    unassigned_info: { reason: 'INDEX_CREATED', at: new Date(index.creationDate).toISOString(), delayed: false, allocation_status: 'no_attempt' },
  };
}

function copies(index: IndexMetadata, primary: boolean) {
  const out = [];
  for (let shard = 0; shard < IndexMetadata.primaryShards(index); shard++) {
    if (primary) out.push(shardRouting(index, shard, true));
    else for (let r = 0; r < IndexMetadata.replicas(index); r++) out.push(shardRouting(index, shard, false));
  }
  return out;
}

function indexMetadata(index: IndexMetadata, flat: boolean) {
  return {
    state: 'open',
    settings: flat ? { ...index.settings } : nestSettings(index.settings),
    // ES shows mappings under their one type, `_doc`, and an index without mappings as {}.
    mappings: Object.keys(index.mappings).length === 0 ? {} : { _doc: index.mappings },
    aliases: Object.keys(renderAliases(index)),
    rollover_info: index.rolloverInfo,
    system: false,
  };
}

export function clusterStateRoutes(app: FastifyInstance, ctx: EsContext): void {
  const coordination = { term: 1, last_committed_config: [NODE_ID], last_accepted_config: [NODE_ID], voting_config_exclusions: [] };

  /**
   * The headers ES keeps with a policy, which its steps run with: the last modifier's authentication, as ES encodes it.
   * It names the user and its roles, no secret, and ES shows it to a `monitor` holder too.
   */
  const policyHeaders = (policy: PolicyMetadata): Record<string, string> => {
    const { security } = ctx;
    if (!security || policy.modifiedBy === undefined) return {};
    // The roles stored at PUT, which the steps run with, and a user then authenticated, so enabled. A policy stored
    // before Tessera kept them runs with the user's roles now (authorizeAsUser), and a user since deleted holds none.
    // The full name and email, which no step reads, are the user's now.
    const user = security.users.user(policy.modifiedBy);
    const stored = policy.modifiedByRoles;
    const header = encodeAuthentication(
      { username: policy.modifiedBy, roles: stored ?? user?.roles ?? [], fullName: user?.full_name ?? null, email: user?.email ?? null, enabled: stored ? true : (user?.enabled ?? false) },
      { ...realmOf(policy.modifiedBy), nodeName: NODE_NAME },
    );
    return { [AUTHENTICATION_HEADER]: header };
  };

  const customsOf = (state: ClusterState, flat: boolean): Record<string, unknown> => {
    const customs: Record<string, unknown> = {};
    const components = [...state.componentTemplates.values()].sort((a, b) => compareStrings(a.name, b.name));
    if (components.length > 0) {
      customs.component_template = { component_template: Object.fromEntries(components.map((t) => [t.name, renderComponentTemplate(t, flat).component_template])) };
    }
    const templates = [...state.templates.values()].sort((a, b) => compareStrings(a.name, b.name));
    if (templates.length > 0) customs.index_template = { index_template: Object.fromEntries(templates.map((t) => [t.name, renderTemplate(t, flat).index_template])) };
    const dataStreams = ClusterState.custom(state, DATA_STREAM_METADATA);
    if (dataStreams && DataStreams.all(state).size > 0) customs.data_stream = dataStreams;
    if (state.repositories.size > 0) {
      customs.repositories = Object.fromEntries([...state.repositories.values()].map((r) => [r.name, { type: r.type, settings: r.settings }]));
    }
    if (ctx.ilm) {
      const { policies, operationMode } = lifecycleMetadata(state);
      customs.index_lifecycle = {
        policies: Object.fromEntries(
          [...policies.values()].sort((a, b) => compareStrings(a.name, b.name)).map((p) => [
            p.name,
            { policy: serializePolicy(p.policy), headers: policyHeaders(p), version: p.version, modified_date: p.modifiedDate, modified_date_string: javaIsoInstant(p.modifiedDate) },
          ]),
        ),
        operation_mode: operationMode,
      };
    }
    return customs;
  };

  const handler = async (req: FastifyRequest<{ Params: { metric?: string; index?: string }; Querystring: Record<string, string | undefined> }>, reply: FastifyReply) => {
    await ctx.documents?.sync();
    const state = ctx.cluster.state;
    const metrics = metricsOf(req.params.metric);
    const flat = flag(req.query, 'flat_settings');
    const filtered = req.params.index !== undefined;
    // ClusterStateRequest's indices options are lenient: a missing index or a wildcard matching none is no error.
    const names = filtered ? resolveIndices(state, req.params.index, { ignoreUnavailable: true, allowNoIndices: true }) : [...state.indices.keys()].sort(compareStrings);
    const indices = names.map((name) => state.indices.get(name)!);
    const body: Record<string, unknown> = { cluster_name: ctx.clusterName, cluster_uuid: state.clusterUuid };
    // ES also shows a state_uuid drawn for each version; Tessera's versions have none, so it is left out.
    if (metrics.has('version')) body.version = state.version;
    if (metrics.has('master_node')) body.master_node = NODE_ID;
    if (metrics.has('blocks')) {
      const blocked = [...state.indices.values()].filter((i) => i.settings['index.blocks.read_only_allow_delete'] === 'true').sort((a, b) => compareStrings(a.name, b.name));
      body.blocks =
        blocked.length === 0
          ? {}
          : { indices: Object.fromEntries(blocked.map((i) => [i.name, { 12: { description: 'disk usage exceeded flood-stage watermark, index has read-only-allow-delete block', retryable: true, levels: ['write', 'metadata_write'] } }])) };
    }
    if (metrics.has('nodes')) {
      body.nodes = {
        [NODE_ID]: {
          name: ctx.nodeName,
          ephemeral_id: ctx.instance?.id ?? NODE_ID,
          transport_address: TRANSPORT_ADDRESS,
          external_id: ctx.nodeName,
          attributes: {},
          roles: NODE_ROLES,
          version: ES_VERSION,
          min_index_version: MIN_INDEX_VERSION,
          max_index_version: Number(ES_VERSION_ID),
        },
      };
    }
    if (metrics.has('metadata')) {
      body.metadata = {
        cluster_uuid: state.clusterUuid,
        // TransportClusterStateAction builds a filtered metadata afresh: only the uuid and coordination are copied.
        cluster_uuid_committed: !filtered,
        cluster_coordination: coordination,
        templates: filtered ? {} : Object.fromEntries(javaHashOrder([...state.legacyTemplates.keys()]).map((n) => [n, renderLegacyTemplate(state.legacyTemplates.get(n)!, flat, true)])),
        indices: Object.fromEntries(indices.map((i) => [i.name, indexMetadata(i, flat)])),
        ...(!filtered && customsOf(state, flat)),
        reserved_state: {},
      };
    }
    if (metrics.has('routing_table')) {
      body.routing_table = {
        indices: Object.fromEntries(
          indices.map((i) => {
            const shards: Record<string, unknown[]> = {};
            for (const copy of [...copies(i, true), ...copies(i, false)]) (shards[String(copy.shard)] ??= []).push(copy);
            return [i.name, { shards }];
          }),
        ),
      };
    }
    if (metrics.has('routing_nodes')) {
      body.routing_nodes = { unassigned: indices.flatMap((i) => copies(i, false)), nodes: { [NODE_ID]: indices.flatMap((i) => copies(i, true)) } };
    }
    // Nothing is ever in progress: Tessera takes snapshots within one cluster-state change.
    if (metrics.has('customs')) Object.assign(body, { snapshots: { snapshots: [] }, restore: { snapshots: [] }, snapshot_deletions: { snapshot_deletions: [] } });
    return esSend(req, reply, body);
  };
  app.get('/_cluster/state', CLUSTER_STATE, handler);
  app.get('/_cluster/state/:metric', CLUSTER_STATE, handler);
  app.get('/_cluster/state/:metric/:index', CLUSTER_STATE, handler);
}
