/**
 * @module `_validate/query` (RestValidateQueryAction): a body that does not parse answers 200 `{valid: false}`, with
 * the parser's message as `error` under `explain`, as ES does; otherwise the query is built on each target index.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkBlocks, ClusterError, resolveIndices, type SearchService } from '../../cluster/index.js';
import { queryStringQuery } from '../../cluster/search/dsl/index.js';
import { readQueryString } from '../../cluster/search/dsl/parse-search-request.js';
import { paramBoolean } from '../../cluster/search/dsl/search-values.js';
import type { Query as SearchQuery } from '../../cluster/search/query.js';
import { detailedMessage, parseValidateBody, validateQuery } from '../../cluster/search/validate/validate-query.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { esRoute, onPath } from './es-actions.js';
import { INDICES_OPTIONS } from './es-params.js';
import { indicesOptionsOf } from './indices-options.js';

type Query = Record<string, string | undefined>;

const VALIDATE = esRoute(onPath('indices:admin/validate/query'), ['explain', 'rewrite', 'all_shards', 'q', 'df', 'analyzer', 'analyze_wildcard', 'default_operator', 'lenient', ...INDICES_OPTIONS], { body: true });

export function validateQueryRoutes(app: FastifyInstance, ctx: EsContext, _search: SearchService): void {
  const validate = async (req: FastifyRequest<{ Params: { index?: string }; Querystring: Query }>, reply: FastifyReply) => {
    const query = req.query;
    const explain = paramBoolean(query, 'explain') ?? false;
    const how = { explain, rewrite: paramBoolean(query, 'rewrite') ?? false, allShards: paramBoolean(query, 'all_shards') ?? false };
    let parsed: SearchQuery | undefined;
    try {
      // A body wins over `q` (RestValidateQueryAction reads `q` only when there is none).
      if (req.body !== undefined && req.body !== null) parsed = parseValidateBody(req.body as never);
      else {
        const q = readQueryString(query, req.url.split('?')[0]!);
        if (q !== undefined) parsed = queryStringQuery(q);
      }
    } catch (error) {
      if (!(error instanceof ClusterError)) throw error;
      // ParsingException answers its detailed message, any other exception its message alone.
      const message = error.type === 'parsing_exception' ? detailedMessage(error) : error.reason;
      return esSend(req, reply, { valid: false, ...(explain && { error: message }) });
    }
    // BroadcastRequest's default IndicesOptions: strictExpandOpenAndForbidClosed.
    const options = indicesOptionsOf(query, { forbidClosed: true });
    const state = ctx.cluster.state;
    checkBlocks(resolveIndices(state, req.params.index, options).map((name) => state.indices.get(name)!), 'read');
    const outcome = validateQuery(state, req.params.index, parsed, options, how, ctx.clock.now());
    return esSend(req, reply, { _shards: outcome.shards, valid: outcome.valid, ...(outcome.explanations && { explanations: outcome.explanations }) });
  };
  // A body that is not JSON fails before the handler runs; ES answers it as any body it cannot parse.
  const options = {
    ...VALIDATE,
    errorHandler: (error: Error, req: FastifyRequest<{ Params: { index?: string }; Querystring: Query }>, reply: FastifyReply) => {
      if (!(error instanceof ClusterError) || error.type !== 'x_content_parse_exception') throw error;
      const explain = req.query.explain;
      return esSend(req, reply, { valid: false, ...(explain !== undefined && explain !== 'false' && { error: error.reason }) });
    },
  };
  for (const method of ['get', 'post'] as const) {
    app[method]<{ Params: { index?: string }; Querystring: Query }>('/_validate/query', options, validate);
    app[method]<{ Params: { index?: string }; Querystring: Query }>('/:index/_validate/query', options, validate);
  }
}
