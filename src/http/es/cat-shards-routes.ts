/**
 * @module `GET /_cat/shards[/<index>]` (ES's RestShardsAction): on the one node every primary is started and
 * every replica unassigned since the index was created, as `_cluster/health` and allocation explain report them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IndexMetadata, NODE_NAME, resolveIndices } from '../../cluster/index.js';
import { compareStrings } from '../../platform/ids.js';
import { CatBytes, type CatColumn, type CatRow, CatTime, sendCatTable } from './cat-table.js';
import type { EsContext } from './es-context.js';
import { NODE_ID } from './local-node.js';
import { esRoute, cluster } from './es-actions.js';
import { CAT } from './es-params.js';

const CAT_SHARDS = esRoute(cluster('cluster:monitor/state'), [...CAT, 'master_timeout']);

const COLUMNS: readonly CatColumn[] = [
  { name: 'index', aliases: ['i', 'idx'], desc: 'index name' },
  { name: 'shard', aliases: ['s', 'sh'], desc: 'shard name' },
  { name: 'prirep', aliases: ['p', 'pr', 'primaryOrReplica'], desc: 'primary or replica' },
  { name: 'state', aliases: ['st'], desc: 'shard state' },
  { name: 'docs', aliases: ['d', 'dc'], right: true, desc: 'number of docs in shard' },
  { name: 'store', aliases: ['sto'], right: true, desc: 'store size of shard (how much disk it uses)' },
  { name: 'dataset', right: true, desc: 'total size of dataset' },
  { name: 'ip', desc: 'ip of node where it lives' },
  { name: 'id', default: false, desc: 'unique id of node where it lives' },
  { name: 'node', aliases: ['n'], desc: 'name of node where it lives' },
  { name: 'unassigned.reason', aliases: ['ur'], default: false, desc: 'reason shard became unassigned' },
  { name: 'unassigned.at', aliases: ['ua'], default: false, desc: 'time shard became unassigned (UTC)' },
  { name: 'unassigned.for', aliases: ['uf'], default: false, desc: 'time has been unassigned' },
  { name: 'unassigned.details', aliases: ['ud'], default: false, desc: 'additional details as to why the shard became unassigned' },
];

export function catShardsRoutes(app: FastifyInstance, ctx: EsContext): void {
  const shards = async (req: FastifyRequest<{ Params: { index?: string } }>, reply: FastifyReply) => {
    await ctx.documents?.sync();
    const state = ctx.cluster.state;
    const now = ctx.clock.now();
    const rows: CatRow[] = [];
    // Without indices, RestShardsAction reads the whole routing table: hidden indices (backing indices among them) too.
    const names = resolveIndices(state, req.params.index, { expandHidden: req.params.index === undefined });
    for (const name of names.sort(compareStrings)) {
      const index = state.indices.get(name)!;
      const primaries = IndexMetadata.primaryShards(index);
      const stats = ctx.documents?.stats(name) ?? { docs: 0, sizeBytes: 0 };
      for (let shard = 0; shard < primaries; shard++) {
        // Documents are not routed to shards, so only a one-shard index knows its shard's numbers.
        const known = primaries === 1;
        rows.push({
          index: name,
          shard,
          prirep: 'p',
          state: 'STARTED',
          docs: known ? stats.docs : null,
          store: known ? new CatBytes(stats.sizeBytes) : null,
          dataset: known ? new CatBytes(stats.sizeBytes) : null,
          ip: '127.0.0.1',
          id: NODE_ID,
          node: NODE_NAME,
        });
        for (let copy = 0; copy < IndexMetadata.replicas(index); copy++) {
          rows.push({
            index: name,
            shard,
            prirep: 'r',
            state: 'UNASSIGNED',
            'unassigned.reason': 'INDEX_CREATED',
            'unassigned.at': new Date(index.creationDate).toISOString(),
            'unassigned.for': new CatTime(Math.max(0, now - index.creationDate)),
          });
        }
      }
    }
    return sendCatTable(req, reply, { columns: COLUMNS, rows });
  };
  app.get('/_cat/shards', CAT_SHARDS, shards);
  app.get('/_cat/shards/:index', CAT_SHARDS, shards);
}
