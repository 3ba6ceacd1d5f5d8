/** @module `GET /_cat/indices[/<index>]` (ES's RestIndicesAction), with its `health` and `pri` filters. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ClusterErrors, IndexMetadata, resolveIndicesInTurns } from '../../cluster/index.js';
import { CatBytes, type CatColumn, type CatRow, sendCatTable } from './cat-table.js';
import type { EsContext } from './es-context.js';
import { esRoute, cluster } from './es-actions.js';
import { CAT, INDICES_OPTIONS } from './es-params.js';
import { indicesOptionsOf } from './indices-options.js';

const CAT_INDICES = esRoute(cluster('cluster:monitor/state'), [...CAT, 'health', 'master_timeout', ...INDICES_OPTIONS]);

/** The columns Tessera has values for; ES's per-operation statistics columns (caches, merges, search…) are not kept. */
const COLUMNS: readonly CatColumn[] = [
  { name: 'health', aliases: ['h'], desc: 'current health status' },
  { name: 'status', aliases: ['s'], desc: 'open/close status' },
  { name: 'index', aliases: ['i', 'idx'], desc: 'index name' },
  { name: 'uuid', aliases: ['id', 'uuid'], desc: 'index uuid' },
  { name: 'pri', aliases: ['p', 'shards.primary', 'shardsPrimary'], right: true, desc: 'number of primary shards' },
  { name: 'rep', aliases: ['r', 'shards.replica', 'shardsReplica'], right: true, desc: 'number of replica shards' },
  { name: 'docs.count', aliases: ['dc', 'docsCount'], right: true, desc: 'available docs' },
  { name: 'docs.deleted', aliases: ['dd', 'docsDeleted'], right: true, desc: 'deleted docs' },
  { name: 'creation.date', aliases: ['cd'], default: false, desc: 'index creation date (millisecond value)' },
  { name: 'creation.date.string', aliases: ['cds'], default: false, desc: 'index creation date (as string)' },
  { name: 'store.size', aliases: ['ss', 'storeSize'], sibling: 'pri', right: true, desc: 'store size of primaries & replicas' },
  { name: 'pri.store.size', right: true, desc: 'store size of primaries' },
  { name: 'dataset.size', right: true, desc: 'total size of dataset' },
];

const HEALTH = new Set(['green', 'yellow', 'red']);
/** Rows made in one turn of the event loop: a few milliseconds' work. */
const ROWS_PER_TURN = 2_000;

export function catIndicesRoutes(app: FastifyInstance, ctx: EsContext): void {
  const indices = async (req: FastifyRequest<{ Params: { index?: string }; Querystring: Record<string, string | undefined> }>, reply: FastifyReply) => {
    // ClusterHealthStatus.fromString, which takes any case.
    const wanted = req.query.health?.toLowerCase();
    if (wanted !== undefined && !HEALTH.has(wanted)) throw ClusterErrors.illegalArgument(`unknown cluster health status [${req.query.health}]`);
    await ctx.documents?.sync();
    const state = ctx.cluster.state;
    const rows: CatRow[] = [];
    // RestIndicesAction: IndicesOptions.strictExpand unless the request says otherwise (hidden indices, backing indices among them, only when asked for).
    const names = await resolveIndicesInTurns(state, req.params.index, indicesOptionsOf(req.query, { expandClosed: true }), ctx.sortedPerTurn);
    for (const [i, name] of names.entries()) {
      // Over 100,000 indices the rows take a second to make: other requests are served between slices of them.
      if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
      const index = state.indices.get(name)!;
      const replicas = IndexMetadata.replicas(index);
      // One node: the primaries are assigned and the replicas never are.
      const health = replicas > 0 ? 'yellow' : 'green';
      if (wanted !== undefined && health !== wanted) continue;
      // No replica is ever assigned, so the store is the primaries' store.
      const stats = ctx.documents?.stats(name) ?? { docs: 0, sizeBytes: 0 };
      rows.push({
        health,
        status: IndexMetadata.isClosed(index) ? 'close' : 'open',
        index: name,
        uuid: index.uuid,
        pri: IndexMetadata.primaryShards(index),
        rep: replicas,
        'docs.count': stats.docs,
        // A deleted document is gone at once: there are no segments to keep it until a merge.
        'docs.deleted': 0,
        'creation.date': index.creationDate,
        'creation.date.string': new Date(index.creationDate).toISOString(),
        'store.size': new CatBytes(stats.sizeBytes),
        'pri.store.size': new CatBytes(stats.sizeBytes),
        'dataset.size': new CatBytes(stats.sizeBytes),
      });
    }
    return sendCatTable(req, reply, { columns: COLUMNS, rows }, ctx.sortedPerTurn);
  };
  app.get('/_cat/indices', CAT_INDICES, indices);
  app.get('/_cat/indices/:index', CAT_INDICES, indices);
}
