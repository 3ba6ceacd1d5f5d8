/**
 * @module `GET /_nodes[/{node_id}][/{metric}]`: nodes info (RestNodesInfoAction) for the one node. Metrics Tessera has
 * something true for are answered (settings, http, plugins and modules, ingest, aggregations); the others (os, process,
 * jvm, thread_pool, transport, remote_cluster_server, indices) are left out, as ES leaves out what a node lacks.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ES_VERSION, ES_VERSION_ID, nestSettings } from '../../cluster/index.js';
import { byteSizeText } from '../../platform/units/index.js';
import { DEFAULT_MAX_CONTENT_LENGTH } from './es-content.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';
import { NODE_HOST, NODE_ID, NODE_ROLES, nodesHeader, selectsLocalNode, TRANSPORT_ADDRESS } from './local-node.js';
import { esRoute, cluster } from './es-actions.js';

const NODES_INFO = esRoute(cluster('cluster:monitor/nodes/info'), ['flat_settings', 'timeout']);

/** NodesInfoRequest.Metric.allMetrics(): a path segment made only of these is metrics, not node ids. */
const INFO_METRICS = new Set(['settings', 'os', 'process', 'jvm', 'thread_pool', 'transport', 'http', 'remote_cluster_server', 'plugins', 'ingest', 'aggregations', 'indices']);

/** TransportVersion of ES 8.17.0, which ES_VERSION names. */
export const ES_TRANSPORT_VERSION = 8797002;

const split = (value: string | undefined) => (value ?? '').split(',').filter((s) => s !== '');

/** RestNodesInfoAction.prepareRequest: one segment is metrics when every part is a metric, else node ids. */
function parseRequest(params: { nodeId?: string; metrics?: string }): { nodeIds: string[]; metrics: Set<string> } {
  if (params.nodeId !== undefined && params.metrics === undefined) {
    const parts = split(params.nodeId);
    if (parts.length > 0 && parts.every((p) => INFO_METRICS.has(p))) return { nodeIds: ['_all'], metrics: new Set(parts) };
    return { nodeIds: parts, metrics: new Set(INFO_METRICS) };
  }
  const metrics = split(params.metrics ?? '_all');
  // Unknown metrics are disregarded, as ES does.
  if (metrics.length === 1 && metrics[0] === '_all') return { nodeIds: split(params.nodeId ?? '_all'), metrics: new Set(INFO_METRICS) };
  return { nodeIds: split(params.nodeId ?? '_all'), metrics: new Set(metrics.filter((m) => INFO_METRICS.has(m))) };
}

function boundAddress(req: FastifyRequest): string {
  const address = (req.socket.localAddress ?? NODE_HOST).replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `${host}:${req.socket.localPort ?? 9200}`;
}

export function nodeInfoRoutes(app: FastifyInstance, ctx: EsContext): void {
  const info = async (req: FastifyRequest<{ Params: { nodeId?: string; metrics?: string }; Querystring: Record<string, string | undefined> }>, reply: FastifyReply) => {
    const { nodeIds, metrics } = parseRequest(req.params);
    const selected = selectsLocalNode(nodeIds, ctx.nodeName);
    const node: Record<string, unknown> = {
      name: ctx.nodeName,
      transport_address: TRANSPORT_ADDRESS,
      host: NODE_HOST,
      ip: NODE_HOST,
      version: ES_VERSION,
      transport_version: ES_TRANSPORT_VERSION,
      index_version: Number(ES_VERSION_ID),
      // Versions of ML and transform configurations; Tessera has neither.
      component_versions: {},
      build_flavor: 'default',
      build_type: 'tessera',
      build_hash: 'tessera',
      roles: NODE_ROLES,
      attributes: {},
    };
    if (metrics.has('settings')) {
      const settings = { 'cluster.name': ctx.clusterName, 'node.name': ctx.nodeName };
      node.settings = flag(req.query, 'flat_settings') ? settings : nestSettings(settings);
    }
    if (metrics.has('http')) {
      const max = ctx.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH;
      const address = boundAddress(req);
      node.http = {
        bound_address: [address],
        publish_address: address,
        ...(flag(req.query, 'human') && { max_content_length: byteSizeText(max) }),
        max_content_length_in_bytes: max,
      };
    }
    if (metrics.has('plugins')) {
      node.plugins = [];
      node.modules = [];
    }
    if (metrics.has('ingest')) node.ingest = { processors: [] };
    if (metrics.has('aggregations')) node.aggregations = {};
    return esSend(req, reply, { _nodes: nodesHeader(selected), cluster_name: ctx.clusterName, nodes: selected ? { [NODE_ID]: node } : {} });
  };
  // One node answers at once, so a timeout never runs out.
  app.get('/_nodes', NODES_INFO, info);
  app.get('/_nodes/:nodeId', NODES_INFO, info);
  app.get('/_nodes/:nodeId/:metrics', NODES_INFO, info);
  app.get('/_nodes/:nodeId/info/:metrics', NODES_INFO, info);
}
