/** @module `GET /_cat/health` (ES's RestHealthAction): `_cluster/health` as one timestamped row. */
import type { FastifyInstance } from 'fastify';
import { clusterHealth, resolveIndices } from '../../cluster/index.js';
import { type CatColumn, sendCatTable, TIMESTAMP_COLUMNS, timestampCells } from './cat-table.js';
import type { EsContext } from './es-context.js';
import { esRoute, cluster } from './es-actions.js';
import { CAT } from './es-params.js';

const COLUMNS: readonly CatColumn[] = [
  ...TIMESTAMP_COLUMNS,
  { name: 'cluster', aliases: ['cl'], desc: 'cluster name' },
  { name: 'status', aliases: ['st'], desc: 'health status' },
  { name: 'node.total', aliases: ['nt', 'nodeTotal'], right: true, desc: 'total number of nodes' },
  { name: 'node.data', aliases: ['nd', 'nodeData'], right: true, desc: 'number of nodes that can store data' },
  { name: 'shards', aliases: ['t', 'sh', 'shards.total', 'shardsTotal'], right: true, desc: 'total number of shards' },
  { name: 'pri', aliases: ['p', 'shards.primary', 'shardsPrimary'], right: true, desc: 'number of primary shards' },
  { name: 'relo', aliases: ['r', 'shards.relocating', 'shardsRelocating'], right: true, desc: 'number of relocating nodes' },
  { name: 'init', aliases: ['i', 'shards.initializing', 'shardsInitializing'], right: true, desc: 'number of initializing nodes' },
  { name: 'unassign', aliases: ['u', 'shards.unassigned', 'shardsUnassigned'], right: true, desc: 'number of unassigned shards' },
  { name: 'pending_tasks', aliases: ['pt', 'pendingTasks'], right: true, desc: 'number of pending tasks' },
  { name: 'max_task_wait_time', aliases: ['mtwt', 'maxTaskWaitTime'], right: true, desc: 'wait time of longest task pending' },
  { name: 'active_shards_percent', aliases: ['asp', 'activeShardsPercent'], right: true, desc: 'active number of shards in percent' },
];

export function catHealthRoutes(app: FastifyInstance, ctx: EsContext): void {
  app.get('/_cat/health', esRoute(cluster('cluster:monitor/health'), CAT), async (req, reply) => {
    const state = ctx.cluster.state;
    const health = clusterHealth(state, resolveIndices(state, undefined, { allowNoIndices: true, ignoreUnavailable: true }), ctx.clusterName, false);
    const row = {
      ...timestampCells(ctx.clock),
      cluster: health.cluster_name,
      status: health.status,
      'node.total': health.number_of_nodes,
      'node.data': health.number_of_data_nodes,
      shards: health.active_shards,
      pri: health.active_primary_shards,
      relo: health.relocating_shards,
      init: health.initializing_shards,
      unassign: health.unassigned_shards,
      pending_tasks: health.number_of_pending_tasks,
      // No task ever waits, and ES writes "-" for a zero wait.
      max_task_wait_time: '-',
      active_shards_percent: `${health.active_shards_percent_as_number.toFixed(1)}%`,
    };
    return sendCatTable(req, reply, { columns: COLUMNS, rows: [row] });
  });
}
