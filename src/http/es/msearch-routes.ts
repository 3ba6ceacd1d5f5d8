/**
 * @module `_msearch` (RestMultiSearchAction, TransportMultiSearchAction): every item is parsed before any runs (a line
 * that does not parse fails the request), then each runs as its own search, authorized as the caller; an item that
 * fails answers `{error, status}` in its place while the others answer as `_search` does, with their `status`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkBlocks, ClusterErrors, resolveIndices, type SearchService } from '../../cluster/index.js';
import { parseSearchRequest } from '../../cluster/search/dsl/index.js';
import { parseMultiSearch } from '../../cluster/search/dsl/parse-msearch.js';
import { paramBoolean, paramInt } from '../../cluster/search/dsl/search-values.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { esRoute } from './es-actions.js';
import { INDICES_OPTIONS } from './es-params.js';
import { indicesOptionsOf } from './indices-options.js';
import { esErrorBody, toClusterError } from './es-envelope.js';
import { authorizedExpression } from './msearch-authorization.js';
import { searchResponseBody } from './search-response.js';

type Query = Record<string, string | undefined>;

/** The msearch.json spec's URL parameters. */
const MSEARCH_PARAMS = ['search_type', 'max_concurrent_searches', 'typed_keys', 'pre_filter_shard_size', 'max_concurrent_shard_requests', 'rest_total_hits_as_int', 'ccs_minimize_roundtrips', 'routing', ...INDICES_OPTIONS];
/** The items name their indices in the body: each is authorized on its own in the handler, as `_mget`'s documents are. */
const MSEARCH = esRoute({ action: 'indices:data/read/msearch', indices: 'mget-body' }, MSEARCH_PARAMS, { body: true });
const PATHS = new Set(['/_msearch', '/:index/_msearch']);

export function msearchRoutes(app: FastifyInstance, ctx: EsContext, search: SearchService): void {
  // RestMultiSearchAction reads a JSON content type as lines too, as `_bulk` does.
  app.addHook('onRequest', async (req) => {
    const type = req.headers['content-type'];
    if (type === undefined || !PATHS.has(req.routeOptions.url ?? '')) return;
    req.headers['content-type'] = type.replace(/^\s*application\/(vnd\.elasticsearch\+)?json\b/i, (_match, vendor: string | undefined) => `application/${vendor ?? ''}x-ndjson`);
  });

  const msearch = async (req: FastifyRequest<{ Params: { index?: string }; Querystring: Query }>, reply: FastifyReply) => {
    const started = ctx.clock.now();
    const query = req.query;
    const concurrent = paramInt(query, 'max_concurrent_searches');
    if (concurrent !== undefined && concurrent < 1) throw ClusterErrors.illegalArgument('maxConcurrentSearchRequests must be positive');
    // The URL's index options are read for the whole request (RestMultiSearchAction), so a malformed one fails it
    // before any search, not each item.
    indicesOptionsOf(query, { forbidClosed: true });
    const text = typeof req.body === 'string' ? req.body : '';
    const items = parseMultiSearch(text).map((item) => {
      // The URL's options are every item's defaults; its header's override them (MultiSearchRequest.readMultiLineFormat).
      const params: Query = {
        ...Object.fromEntries(['search_type', 'routing', 'pre_filter_shard_size', 'max_concurrent_shard_requests', 'ccs_minimize_roundtrips', 'rest_total_hits_as_int', 'typed_keys', ...INDICES_OPTIONS].map((k) => [k, query[k]])),
        ...item.params,
      };
      delete params.ignore_throttled;
      return { expression: item.index ?? req.params.index, params, request: parseSearchRequest(item.body ?? undefined, params, req.url.split('?')[0]) };
    });
    paramBoolean(query, 'typed_keys');
    // Items run one after another: the store serialises reads on one node anyway, so concurrency would buy nothing.
    const responses: unknown[] = [];
    for (const item of items) {
      try {
        const options = indicesOptionsOf(item.params, { forbidClosed: true });
        const state = ctx.cluster.state;
        const expression = authorizedExpression(req, ctx.security, state, item.expression, options, ctx.clock.now());
        checkBlocks(resolveIndices(state, expression, options).map((name) => state.indices.get(name)!), 'read');
        const outcome = await search.search(expression, item.request, options);
        responses.push({ ...searchResponseBody(outcome, item.request), status: 200 });
      } catch (error) {
        responses.push(esErrorBody(toClusterError(error)));
      }
    }
    return esSend(req, reply, { took: Math.max(0, ctx.clock.now() - started), responses });
  };
  for (const method of ['get', 'post'] as const) {
    app[method]('/_msearch', MSEARCH, msearch);
    app[method]('/:index/_msearch', MSEARCH, msearch);
  }
}
