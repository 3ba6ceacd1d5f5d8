/**
 * @module `GET /_cat/allocation` (ES's RestAllocationAction): the node's shards and disk, then, as ES adds it, an
 * `UNASSIGNED` row counting the replicas no node holds.
 */
import type { FastifyInstance } from 'fastify';
import { IndexMetadata, NODE_NAME } from '../../cluster/index.js';
import { nodeRoleAbbreviation } from './cat-node-role.js';
import { CatBytes, type CatColumn, type CatRow, sendCatTable } from './cat-table.js';
import type { EsContext } from './es-context.js';
import { esRoute, cluster } from './es-actions.js';
import { MASTER_READ, CAT } from './es-params.js';

const COLUMNS: readonly CatColumn[] = [
  { name: 'shards', aliases: ['s'], right: true, desc: 'number of shards on node' },
  { name: 'shards.undesired', aliases: ['su', 'shardsUndesired'], right: true, desc: 'number of shards that are scheduled to be moved elsewhere in the cluster' },
  { name: 'write_load.forecast', aliases: ['wlf', 'writeLoadForecast'], right: true, desc: 'sum of index write load forecasts' },
  { name: 'disk.indices.forecast', aliases: ['dif', 'diskIndicesForecast'], right: true, desc: 'sum of shard size forecasts' },
  { name: 'disk.indices', aliases: ['di', 'diskIndices'], right: true, desc: 'disk used by ES indices' },
  { name: 'disk.used', aliases: ['du', 'diskUsed'], right: true, desc: 'disk used (total, not just ES)' },
  { name: 'disk.avail', aliases: ['da', 'diskAvail'], right: true, desc: 'disk available' },
  { name: 'disk.total', aliases: ['dt', 'diskTotal'], right: true, desc: 'total capacity of all volumes' },
  { name: 'disk.percent', aliases: ['dp', 'diskPercent'], right: true, desc: 'percent disk used' },
  { name: 'host', aliases: ['h'], desc: 'host of node' },
  { name: 'ip', desc: 'ip of node' },
  { name: 'node', aliases: ['n'], desc: 'name of node' },
  { name: 'node.role', aliases: ['r', 'role', 'nodeRole'], desc: 'node roles' },
];

export function catAllocationRoutes(app: FastifyInstance, ctx: EsContext): void {
  const disk = ctx.disk;
  if (!disk) return;
  app.get('/_cat/allocation', esRoute(cluster('cluster:monitor/state'), [...CAT, ...MASTER_READ]), async (req, reply) => {
    await ctx.documents?.sync();
    const state = ctx.cluster.state;
    const usage = disk.usage();
    let primaries = 0;
    let unassigned = 0;
    for (const index of state.indices.values()) {
      primaries += IndexMetadata.primaryShards(index);
      unassigned += IndexMetadata.primaryShards(index) * IndexMetadata.replicas(index);
    }
    const rows: CatRow[] = [
      {
        shards: primaries,
        // One node: no shard has anywhere better to go.
        'shards.undesired': 0,
        // Tessera forecasts no write load.
        'write_load.forecast': null,
        // With no forecast, a shard's size forecast is its size, as in ES.
        'disk.indices.forecast': new CatBytes(usage.used),
        'disk.indices': new CatBytes(usage.used),
        'disk.used': new CatBytes(usage.used),
        'disk.avail': new CatBytes(usage.free),
        'disk.total': new CatBytes(usage.total),
        'disk.percent': Math.floor(usage.usedPercent),
        host: '127.0.0.1',
        ip: '127.0.0.1',
        node: NODE_NAME,
        'node.role': nodeRoleAbbreviation(),
      },
    ];
    if (unassigned > 0) rows.push({ shards: unassigned, node: 'UNASSIGNED' });
    return sendCatTable(req, reply, { columns: COLUMNS, rows });
  });
}
