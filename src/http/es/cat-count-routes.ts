/** @module `GET /_cat/count[/<index>]` (ES's RestCountAction): the document count as one timestamped row. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseCountRequest } from '../../cluster/search/dsl/index.js';
import { type CatColumn, sendCatTable, TIMESTAMP_COLUMNS, timestampCells } from './cat-table.js';
import type { EsContext } from './es-context.js';
import { esRoute, onPath } from './es-actions.js';
import { CAT } from './es-params.js';

const CAT_COUNT = esRoute(onPath('indices:data/read/search'), [...CAT, 'q'], { body: true });

const COLUMNS: readonly CatColumn[] = [...TIMESTAMP_COLUMNS, { name: 'count', aliases: ['dc', 'docs.count', 'docsCount'], desc: 'the document count' }];

export function catCountRoutes(app: FastifyInstance, ctx: EsContext): void {
  const count = async (req: FastifyRequest<{ Params: { index?: string }; Querystring: Record<string, string | undefined> }>, reply: FastifyReply) => {
    // The same request as _count (RestCatCountAction builds a count request from it).
    const request = parseCountRequest(req.body ?? undefined, req.query, req.url.split('?')[0]);
    const { count } = await ctx.search!.count(req.params.index, request.query, {}, request);
    return sendCatTable(req, reply, { columns: COLUMNS, rows: [{ ...timestampCells(ctx.clock), count }] });
  };
  app.get('/_cat/count', CAT_COUNT, count);
  app.get('/_cat/count/:index', CAT_COUNT, count);
}
