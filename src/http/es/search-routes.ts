/** @module `_search` and `_count` (RestSearchAction, RestCountAction) over indices, aliases, data streams and patterns. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkBlocks, resolveIndices, type SearchService } from '../../cluster/index.js';
import type { SearchOutcome } from '../../cluster/search/search-service.js';
import type { SearchRequest } from '../../cluster/search/search-request.js';
import { parseCountRequest, parseSearchRequest, SEARCH_PARAMS } from '../../cluster/search/dsl/index.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { searchResponseBody } from './search-response.js';
import { indexActionCheck } from './es-authorization.js';
import { indicesOptionsOf } from './indices-options.js';
import { esRoute, onPath } from './es-actions.js';
import { INDICES_OPTIONS } from './es-params.js';

type Query = Record<string, string | undefined>;

const SEARCH = esRoute(onPath('indices:data/read/search'), [...SEARCH_PARAMS, ...INDICES_OPTIONS], { body: true });
const COUNT = esRoute(onPath('indices:data/read/search'), ['q', 'df', 'analyzer', 'analyze_wildcard', 'default_operator', 'lenient', 'min_score', 'terminate_after', 'routing', 'preference', ...INDICES_OPTIONS], { body: true });

/** SearchRequest's strictExpandOpenAndForbidClosed: a closed index named outright fails, patterns pass it by. */
function resolveOptions(query: Query) {
  return indicesOptionsOf(query, { forbidClosed: true });
}

/** A search's answer (SearchResponse.innerToXContent): the context's id first, when there is one. */
export function searchBody(outcome: SearchOutcome, request: SearchRequest, ids: { scrollId?: string; pitId?: string } = {}): Record<string, unknown> {
  return {
    ...(ids.scrollId !== undefined && { _scroll_id: ids.scrollId }),
    ...(ids.pitId !== undefined && { pit_id: ids.pitId }),
    ...searchResponseBody(outcome, request),
  };
}

export function searchRoutes(app: FastifyInstance, ctx: EsContext, search: SearchService): void {
  const blocks = (index: string | undefined, query: Query) => {
    const state = ctx.cluster.state;
    checkBlocks(resolveIndices(state, index, resolveOptions(query)).map((name) => state.indices.get(name)!), 'read');
  };

  const runSearch = async (req: FastifyRequest<{ Params: { index?: string }; Querystring: Query }>, reply: FastifyReply) => {
    // The route, not the parameter: security narrows a request without indices to the ones the caller may read.
    const request = parseSearchRequest(req.body ?? undefined, req.query, req.url.split('?')[0], req.routeOptions.url !== '/_search');
    const contexts = ctx.searchContexts;
    // A point in time names its indices itself (none may be given in the path).
    if (request.pit !== undefined && contexts) {
      const outcome = await contexts.searchPit(request, resolveOptions(req.query), indexActionCheck(req, ctx.security, 'indices:data/read/search'));
      return esSend(req, reply, searchBody(outcome, request, { pitId: outcome.pitId }));
    }
    blocks(req.params.index, req.query);
    if (request.scrollMillis !== undefined && contexts) {
      const raw = { body: req.body ?? undefined, params: req.query, path: req.url.split('?')[0]! };
      const outcome = await contexts.openScroll(req.params.index, raw, request, resolveOptions(req.query));
      return esSend(req, reply, searchBody(outcome, request, { scrollId: outcome.scrollId }));
    }
    const outcome = await search.search(req.params.index, request, resolveOptions(req.query));
    return esSend(req, reply, searchBody(outcome, request));
  };
  for (const method of ['get', 'post'] as const) {
    app[method]('/_search', SEARCH, runSearch);
    app[method]('/:index/_search', SEARCH, runSearch);
  }

  const count = async (req: FastifyRequest<{ Params: { index?: string }; Querystring: Query }>, reply: FastifyReply) => {
    const request = parseCountRequest(req.body ?? undefined, req.query, req.url.split('?')[0]);
    blocks(req.params.index, req.query);
    const outcome = await search.count(req.params.index, request.query, resolveOptions(req.query), request);
    return esSend(req, reply, { count: outcome.count, ...(outcome.terminatedEarly !== undefined && { terminated_early: outcome.terminatedEarly }), _shards: outcome.shards });
  };
  for (const method of ['get', 'post'] as const) {
    app[method]('/_count', COUNT, count);
    app[method]('/:index/_count', COUNT, count);
  }
}

