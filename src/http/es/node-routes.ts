/** @module The node, its disk and breakers: `GET /_nodes/stats` (fs, breakers) and allocation explain. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { breakerLimit, ClusterErrors, ClusterState, IndexMetadata, inFlightRequestsLimit } from '../../cluster/index.js';
import { byteSizeText } from '../../platform/units/index.js';
import { compareStrings } from '../../platform/ids.js';
import type { EsContext } from './es-context.js';
import { parseExplainRequest } from './allocation-explain-request.js';
import { esSend } from './es-reply.js';
import { requestPath, unrecognized } from './url-params.js';
import type { InFlightRequests } from './in-flight-requests.js';
import { NODE_HOST, NODE_ID, NODE_ROLES, nodesHeader, selectsLocalNode, TRANSPORT_ADDRESS } from './local-node.js';
import { esRoute, cluster } from './es-actions.js';

const NODES_STATS = esRoute(cluster('cluster:monitor/nodes/stats'), []);
const ALLOCATION_EXPLAIN = esRoute(cluster('cluster:monitor/allocation/explain'), [], { body: true });

/** The node's indices stats: its documents and store (every shard of every index is on this node). */
function indicesSection(state: ClusterState, stats: (name: string) => { docs: number; sizeBytes: number }) {
  let docs = 0;
  let bytes = 0;
  for (const name of state.indices.keys()) {
    const index = stats(name);
    docs += index.docs;
    bytes += index.sizeBytes;
  }
  return {
    docs: { count: docs, deleted: 0, total_size_in_bytes: bytes },
    store: { size_in_bytes: bytes, total_data_set_size_in_bytes: bytes, reserved_in_bytes: 0 },
  };
}

/** One breaker as `_nodes/stats` reports it. */
function breakerStats(limit: number, estimated: number, overhead: number, tripped: number) {
  return {
    limit_size_in_bytes: limit,
    limit_size: byteSizeText(limit),
    estimated_size_in_bytes: estimated,
    estimated_size: byteSizeText(estimated),
    overhead,
    tripped,
  };
}

/** NodesStatsRequestParameters.Metric's names; `indices` is read apart from them, as RestNodesStatsAction reads it. */
const STATS_METRICS = ['os', 'process', 'jvm', 'thread_pool', 'fs', 'transport', 'http', 'breaker', 'script', 'discovery', 'ingest', 'adaptive_selection', 'script_cache', 'indexing_pressure', 'repositories', 'allocations'];

/**
 * The metrics a nodes stats request asks for, refused as RestNodesStatsAction refuses them. Tessera measures `fs`,
 * `breaker` and `indices`; a node answers the others with no section, as a node without them would.
 */
function requestedMetrics(req: FastifyRequest<{ Params: { metric?: string } }>): Set<string> | 'all' {
  const metric = req.params.metric;
  if (metric === undefined) return 'all';
  const metrics = new Set(metric.split(',').map((m) => m.trim()).filter((m) => m !== ''));
  if (metrics.size === 1 && metrics.has('_all')) return 'all';
  if (metrics.has('_all')) throw ClusterErrors.illegalArgument(`request [${requestPath(req)}] contains _all and individual metrics [${metric}]`);
  const invalid = [...metrics].filter((m) => m !== 'indices' && !STATS_METRICS.includes(m));
  if (invalid.length > 0) throw ClusterErrors.illegalArgument(unrecognized(requestPath(req), invalid, STATS_METRICS, 'metric'));
  return metrics;
}

export function nodeRoutes(app: FastifyInstance, ctx: EsContext, inFlight: InFlightRequests): void {
  const disk = ctx.disk;
  if (!disk) return;
  const nodeStats = async (req: FastifyRequest<{ Params: { nodeId?: string; metric?: string } }>, reply: FastifyReply) => {
    const metrics = requestedMetrics(req);
    const wants = (metric: string) => metrics === 'all' || metrics.has(metric);
    await ctx.documents?.sync();
    const usage = disk.usage();
    const fs = {
      timestamp: ctx.clock.now(),
      total: { total_in_bytes: usage.total, free_in_bytes: usage.free, available_in_bytes: usage.free },
      data: [{ path: './data', mount: './data', type: 'tessera', total_in_bytes: usage.total, free_in_bytes: usage.free, available_in_bytes: usage.free }],
    };
    const state = ctx.cluster.state;
    // Only the in-flight breaker holds bytes over time; the request breaker checks each operation alone.
    const breakers = {
      request: breakerStats(breakerLimit(state, 'request'), 0, 1, 0),
      in_flight_requests: breakerStats(inFlightRequestsLimit(state), inFlight.bytes, 2, inFlight.tripped),
      parent: breakerStats(breakerLimit(state, 'total'), inFlight.bytes, 1, 0),
    };
    const selected = selectsLocalNode((req.params.nodeId ?? '').split(',').filter((s) => s !== ''), ctx.nodeName);
    const node = {
      timestamp: ctx.clock.now(),
      name: ctx.nodeName,
      transport_address: TRANSPORT_ADDRESS,
      host: NODE_HOST,
      ip: TRANSPORT_ADDRESS,
      roles: NODE_ROLES,
      ...(wants('indices') && { indices: indicesSection(state, (name) => ctx.documents?.stats(name) ?? { docs: 0, sizeBytes: 0 }) }),
      ...(wants('fs') && { fs }),
      ...(wants('breaker') && { breakers }),
    };
    return esSend(req, reply, { _nodes: nodesHeader(selected), cluster_name: ctx.clusterName, nodes: selected ? { [NODE_ID]: node } : {} });
  };
  app.get('/_nodes/stats', NODES_STATS, nodeStats);
  app.get('/_nodes/stats/:metric', NODES_STATS, nodeStats);
  app.get('/_nodes/:nodeId/stats', NODES_STATS, nodeStats);
  app.get('/_nodes/:nodeId/stats/:metric', NODES_STATS, nodeStats);

}

/**
 * `GET|POST /_cluster/allocation/explain`: why a shard copy is (not) on the one node. Replicas never are (a copy
 * of the shard is already there); any new shard is refused above the high watermark (the disk_threshold decider).
 */
export function allocationExplainRoutes(app: FastifyInstance, ctx: EsContext): void {
  const disk = ctx.disk;
  if (!disk) return;
  const explain = async (req: FastifyRequest, reply: FastifyReply) => {
    await ctx.documents?.sync();
    const state = ctx.cluster.state;
    const asked = parseExplainRequest(req.body);
    let target: { index: IndexMetadata; shard: number; primary: boolean } | undefined;
    if (asked !== undefined) {
      const index = state.indices.get(asked.index);
      if (!index) throw ClusterErrors.indexNotFound(asked.index);
      if (asked.shard < 0 || asked.shard >= IndexMetadata.primaryShards(index)) {
        throw ClusterErrors.illegalArgument(`No shard was found for the index [${asked.index}] and shard [${asked.shard}]`);
      }
      target = { index, shard: asked.shard, primary: asked.primary };
    } else {
      const unassigned = [...state.indices.values()].sort((a, b) => compareStrings(a.name, b.name)).find((i) => IndexMetadata.replicas(i) > 0);
      if (!unassigned) throw ClusterErrors.illegalArgument('there are no unassigned or unmoveable shards in this cluster');
      target = { index: unassigned, shard: 0, primary: false };
    }
    const usage = disk.usage();
    const highReason = disk.highWatermarkExceeded(state);
    const deciders: Record<string, string>[] = [];
    if (!target.primary) {
      deciders.push({
        decider: 'same_shard',
        decision: 'NO',
        explanation: `a copy of this shard is already allocated to this node [[${target.index.name}][${target.shard}], node[${NODE_ID}], [P], s[STARTED], a[id=${target.index.uuid}]]`,
      });
    }
    if (highReason) {
      const high = ClusterState.setting(state, 'cluster.routing.allocation.disk.watermark.high') ?? '90%';
      deciders.push({
        decider: 'disk_threshold',
        decision: 'NO',
        explanation: `the node is above the high watermark cluster setting [cluster.routing.allocation.disk.watermark.high=${high}], having less than the minimum required free space, actual free: [${byteSizeText(usage.free)}], actual used: [${(Math.floor(usage.usedPercent * 10) / 10).toFixed(1)}%]`,
      });
    }
    const assigned = target.primary;
    const nodeDecision = {
      node_id: NODE_ID,
      node_name: ctx.nodeName,
      transport_address: TRANSPORT_ADDRESS,
      node_attributes: {},
      roles: NODE_ROLES,
      node_decision: deciders.length > 0 ? 'no' : 'yes',
      weight_ranking: 1,
      ...(deciders.length > 0 && { deciders }),
    };
    const response = assigned
      ? {
          index: target.index.name,
          shard: target.shard,
          primary: true,
          current_state: 'started',
          current_node: { id: NODE_ID, name: ctx.nodeName, transport_address: TRANSPORT_ADDRESS, weight_ranking: 1 },
          can_remain_on_current_node: highReason ? 'no' : 'yes',
          can_rebalance_cluster: 'no',
          can_rebalance_to_other_node: 'no',
          rebalance_explanation: 'Elasticsearch cannot rebalance this shard to another node since there is no other node.',
        }
      : {
          index: target.index.name,
          shard: target.shard,
          primary: false,
          current_state: 'unassigned',
          unassigned_info: { reason: 'INDEX_CREATED', at: new Date(target.index.creationDate).toISOString(), last_allocation_status: 'no_attempt' },
          can_allocate: 'no',
          allocate_explanation:
            "Elasticsearch isn't allowed to allocate this shard to any of the nodes in the cluster. Choose a node to which you expect this shard to be allocated, find this node in the node-by-node explanation, and address the reasons which prevent Elasticsearch from allocating this shard there.",
          node_allocation_decisions: [nodeDecision],
        };
    return esSend(req, reply, response);
  };
  app.get('/_cluster/allocation/explain', ALLOCATION_EXPLAIN, explain);
  app.post('/_cluster/allocation/explain', ALLOCATION_EXPLAIN, explain);
}
