/**
 * @module `GET /_cluster/stats` (ClusterStatsResponse) for the one node: index, document, store and shard counts, the
 * node count by role, its version and disk. The sections that describe a JVM, its OS process or Lucene internals
 * (jvm, os, process, segments, fielddata, query_cache, completion, indexing_pressure) are left out: Tessera has none.
 */
import type { FastifyInstance } from 'fastify';
import { ES_VERSION, IndexMetadata } from '../../cluster/index.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { NODE_ROLES } from './local-node.js';
import { esRoute, cluster } from './es-actions.js';

/** DiscoveryNodeRole names ClusterStatsNodes.Counts lists, plus coordinating_only. */
const COUNTED_ROLES = ['coordinating_only', 'data', 'data_cold', 'data_content', 'data_frozen', 'data_hot', 'data_warm', 'index', 'ingest', 'master', 'ml', 'remote_cluster_client', 'search', 'transform', 'voting_only'];

function minMaxAvg(values: readonly number[]) {
  return { min: Math.min(...values), max: Math.max(...values), avg: values.reduce((a, b) => a + b, 0) / values.length };
}

export function clusterStatsRoutes(app: FastifyInstance, ctx: EsContext): void {
  app.get('/_cluster/stats', esRoute(cluster('cluster:monitor/stats'), ['timeout']), async (req, reply) => {
    await ctx.documents?.sync();
    const state = ctx.cluster.state;
    const indices = [...state.indices.values()];
    let docs = 0;
    let bytes = 0;
    for (const index of indices) {
      const stats = ctx.documents?.stats(index.name);
      docs += stats?.docs ?? 0;
      bytes += stats?.sizeBytes ?? 0;
    }
    // ClusterStatsIndices counts the active shards: the primaries; one node never holds a replica.
    const primaries = indices.map((i) => IndexMetadata.primaryShards(i));
    const totalPrimaries = primaries.reduce((a, b) => a + b, 0);
    const shards =
      indices.length === 0
        ? {}
        : {
            total: totalPrimaries,
            primaries: totalPrimaries,
            replication: 0,
            index: { shards: minMaxAvg(primaries), primaries: minMaxAvg(primaries), replication: { min: 0, max: 0, avg: 0 } },
          };
    const unassigned = indices.some((i) => IndexMetadata.replicas(i) > 0);
    const usage = ctx.disk?.usage();
    return esSend(req, reply, {
      _nodes: { total: 1, successful: 1, failed: 0 },
      cluster_name: ctx.clusterName,
      cluster_uuid: state.clusterUuid,
      timestamp: ctx.clock.now(),
      status: unassigned ? 'yellow' : 'green',
      indices: {
        count: indices.length,
        shards,
        docs: { count: docs, deleted: 0, total_size_in_bytes: bytes },
        store: { size_in_bytes: bytes, total_data_set_size_in_bytes: bytes, reserved_in_bytes: 0 },
      },
      nodes: {
        count: { total: 1, ...Object.fromEntries(COUNTED_ROLES.map((role) => [role, NODE_ROLES.includes(role) ? 1 : 0])) },
        versions: [ES_VERSION],
        ...(usage && { fs: { total_in_bytes: usage.total, free_in_bytes: usage.free, available_in_bytes: usage.free } }),
        plugins: [],
      },
    });
  });
}
