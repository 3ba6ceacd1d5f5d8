/** @module `POST /<index>/_close`, `POST /<index>/_open` and `PUT /<index>/_block/<block>`. */
import type { FastifyInstance } from 'fastify';
import { addIndexBlock, checkCloseEnabled, closeIndices, failDestructive, openIndices, parseApiBlock, resolveIndices } from '../../cluster/index.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { indicesOptionsOf } from './indices-options.js';
import { esRoute, onPath } from './es-actions.js';
import { ACKED, INDICES_OPTIONS } from './es-params.js';

type Query = Record<string, string | undefined>;

/** CloseIndexRequest's and AddIndexBlockRequest's IndicesOptions.strictExpandOpen. */
const EXPAND_OPEN = { expandOpen: true, expandClosed: false };
/** OpenIndexRequest's IndicesOptions.fromOptions(false, true, false, true): wildcards reach closed indices only. */
const EXPAND_CLOSED = { expandOpen: false, expandClosed: true };

export function indexStateRoutes(app: FastifyInstance, ctx: EsContext): void {
  // wait_for_active_shards is not read: refused rather than accepted and not waited for.
  app.post<{ Params: { index: string }; Querystring: Query }>('/:index/_close', esRoute(onPath('indices:admin/close'), [...INDICES_OPTIONS, ...ACKED]), async (req, reply) => {
    const options = indicesOptionsOf(req.query, EXPAND_OPEN);
    const closed = await ctx.cluster.update((state) => {
      failDestructive(state, req.params.index);
      checkCloseEnabled(state);
      const result = closeIndices(state, resolveIndices(state, req.params.index, options));
      return { state: result.state, result: result.closed };
    });
    // Closing nothing (no match, or only closed indices) is CloseIndexResponse.EMPTY: no shard was waited for.
    const indices = Object.fromEntries(closed.map((name) => [name, { closed: true }]));
    return esSend(req, reply, { acknowledged: true, shards_acknowledged: closed.length > 0, indices });
  });

  app.post<{ Params: { index: string }; Querystring: Query }>('/:index/_open', esRoute(onPath('indices:admin/open', 'index', 'closed'), [...INDICES_OPTIONS, ...ACKED]), async (req, reply) => {
    const options = indicesOptionsOf(req.query, EXPAND_CLOSED);
    await ctx.cluster.update((state) => {
      failDestructive(state, req.params.index);
      return { state: openIndices(state, resolveIndices(state, req.params.index, options)), result: undefined };
    });
    return esSend(req, reply, { acknowledged: true, shards_acknowledged: true });
  });

  app.put<{ Params: { index: string; block: string }; Querystring: Query }>('/:index/_block/:block', esRoute(onPath('indices:admin/block/add'), [...INDICES_OPTIONS, ...ACKED]), async (req, reply) => {
    const block = parseApiBlock(req.params.block);
    const options = indicesOptionsOf(req.query, EXPAND_OPEN);
    const blocked = await ctx.cluster.update((state) => {
      failDestructive(state, req.params.index);
      const result = addIndexBlock(state, resolveIndices(state, req.params.index, options), block);
      return { state: result.state, result: result.blocked };
    });
    return esSend(req, reply, { acknowledged: true, shards_acknowledged: blocked.length > 0, indices: blocked.map((name) => ({ name, blocked: true })) });
  });
}
