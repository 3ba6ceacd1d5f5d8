/** @module `GET /_cat/count[/<index>]` (ES's RestCountAction): the document count as one timestamped row. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveIndices } from '../../cluster/index.js';
import { type CatColumn, sendCatTable, TIMESTAMP_COLUMNS, timestampCells } from './cat-table.js';
import { checkCountsEverything } from './count-query.js';
import type { EsContext } from './es-context.js';
import { esRoute, onPath } from './es-actions.js';
import { CAT } from './es-params.js';

const CAT_COUNT = esRoute(onPath('indices:data/read/search'), [...CAT, 'q']);

const COLUMNS: readonly CatColumn[] = [...TIMESTAMP_COLUMNS, { name: 'count', aliases: ['dc', 'docs.count', 'docsCount'], desc: 'the document count' }];

export function catCountRoutes(app: FastifyInstance, ctx: EsContext): void {
  const count = async (req: FastifyRequest<{ Params: { index?: string }; Querystring: Record<string, string | undefined> }>, reply: FastifyReply) => {
    // The same queries as _count: only those that count every document.
    checkCountsEverything(req.body, req.query);
    await ctx.documents?.sync();
    const names = resolveIndices(ctx.cluster.state, req.params.index);
    const total = names.reduce((n, name) => n + (ctx.documents?.stats(name).docs ?? 0), 0);
    return sendCatTable(req, reply, { columns: COLUMNS, rows: [{ ...timestampCells(ctx.clock), count: total }] });
  };
  app.get('/_cat/count', CAT_COUNT, count);
  app.get('/_cat/count/:index', CAT_COUNT, count);
}
