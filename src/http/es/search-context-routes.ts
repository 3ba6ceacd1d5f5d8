/**
 * @module Search contexts over HTTP: `_pit` (RestOpenPointInTimeAction, RestClosePointInTimeAction) and
 * `_search/scroll` (RestSearchScrollAction, RestClearScrollAction). Searches through a point in time, and the first
 * page of a scroll, are `_search` requests (search-routes.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkBlocks, ClusterErrors, parseKeepAlive, resolveIndices, type SearchContextService } from '../../cluster/index.js';
import { parseSearchRequest } from '../../cluster/search/dsl/index.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { indexActionCheck } from './es-authorization.js';
import { indicesOptionsOf } from './indices-options.js';
import { esRoute, onPath, onSearchContext } from './es-actions.js';
import { INDICES_OPTIONS } from './es-params.js';
import { searchBody } from './search-routes.js';

type Query = Record<string, string | undefined>;

const OPEN_PIT = esRoute(onPath('indices:data/read/open_point_in_time'), ['keep_alive', 'routing', 'preference', 'allow_partial_search_results', 'max_concurrent_shard_requests', ...INDICES_OPTIONS], { body: true });
const CLOSE_PIT = esRoute(onSearchContext('indices:data/read/close_point_in_time'), [], { body: true });
const SCROLL = esRoute(onSearchContext('indices:data/read/scroll'), ['scroll', 'scroll_id', 'rest_total_hits_as_int'], { body: true });
const CLEAR_SCROLL = esRoute(onSearchContext('indices:data/read/scroll/clear'), [], { body: true });

const bodyObject = (body: unknown): Record<string, unknown> => (body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/** A time value a context keeps alive for, refused with ES's words when it cannot be read. */
function keepAliveOf(text: unknown, name: string): number | undefined {
  if (text === undefined || text === null) return undefined;
  if (typeof text !== 'string') throw ClusterErrors.illegalArgument(`failed to parse setting [${name}] with value [${String(text)}] as a time value`);
  return parseKeepAlive(text);
}

function scrollIdsOf(req: FastifyRequest<{ Params: { scroll_id?: string }; Querystring: Query }>): string[] {
  const fromPath = req.params.scroll_id ?? req.query.scroll_id;
  if (fromPath !== undefined) return fromPath.split(',').filter((id) => id !== '');
  const given = bodyObject(req.body).scroll_id;
  if (typeof given === 'string') return given.split(',').filter((id) => id !== '');
  if (Array.isArray(given)) return given.filter((id): id is string => typeof id === 'string');
  return [];
}

export function searchContextRoutes(app: FastifyInstance, ctx: EsContext, contexts: SearchContextService): void {
  app.post<{ Params: { index: string }; Querystring: Query }>('/:index/_pit', OPEN_PIT, async (req, reply) => {
    // RestOpenPointInTimeAction's order: the index options, then keep_alive, then the request's validation.
    const options = indicesOptionsOf(req.query, { forbidClosed: true });
    const keepAlive = keepAliveOf(req.query.keep_alive, 'keep_alive');
    if (keepAlive === undefined) throw ClusterErrors.validation(['[keep_alive] is not specified']);
    const state = ctx.cluster.state;
    checkBlocks(resolveIndices(state, req.params.index, options).map((name) => state.indices.get(name)!), 'read');
    const { id, shards } = await contexts.openPit(req.params.index, keepAlive, options);
    return esSend(req, reply, { id, _shards: { total: shards, successful: shards, skipped: 0, failed: 0 } });
  });

  app.delete<{ Querystring: Query }>('/_pit', CLOSE_PIT, async (req, reply) => {
    const id = bodyObject(req.body).id;
    if (typeof id !== 'string' || id === '') throw ClusterErrors.validation(['PIT id is required']);
    const freed = await contexts.closePit(id);
    return esSend(req, reply, { succeeded: freed.succeeded, num_freed: freed.numFreed });
  });

  const scroll = async (req: FastifyRequest<{ Params: { scroll_id?: string }; Querystring: Query }>, reply: FastifyReply) => {
    const ids = scrollIdsOf(req);
    if (ids.length === 0) throw ClusterErrors.validation(['scrollId is missing']);
    const keepAlive = keepAliveOf(req.query.scroll ?? bodyObject(req.body).scroll, 'scroll');
    const outcome = await contexts.scroll(ids[0]!, keepAlive, indexActionCheck(req, ctx.security, 'indices:data/read/scroll'));
    // The answer's shape follows this request's `rest_total_hits_as_int`, as the scroll's first page's did.
    const request = parseSearchRequest(undefined, { rest_total_hits_as_int: req.query.rest_total_hits_as_int });
    return esSend(req, reply, searchBody(outcome, request, { scrollId: outcome.scrollId }));
  };
  const clear = async (req: FastifyRequest<{ Params: { scroll_id?: string }; Querystring: Query }>, reply: FastifyReply) => {
    const ids = scrollIdsOf(req);
    if (ids.length === 0) throw ClusterErrors.validation(['no scroll ids specified']);
    const freed = await contexts.clearScroll(ids.includes('_all') ? 'all' : ids);
    return esSend(req, reply, { succeeded: freed.succeeded, num_freed: freed.numFreed });
  };
  for (const path of ['/_search/scroll', '/_search/scroll/:scroll_id']) {
    app.get(path, SCROLL, scroll);
    app.post(path, SCROLL, scroll);
    app.delete(path, CLEAR_SCROLL, clear);
  }
}
