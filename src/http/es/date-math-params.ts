/**
 * @module Date math (`<logs-{now/d}>`) in the index expressions of request paths, resolved on the server's clock before
 * authorization and the handlers see them, as ES resolves it in every index expression; and in the alias name that
 * `PUT /<index>/_alias/<name>` adds. Index creation resolves its own name, since it keeps what was asked as
 * `index.provided_name` for rollover.
 */
import type { FastifyInstance } from 'fastify';
import { resolveDateMathExpression, resolveDateMathName } from '../../cluster/index.js';
import type { EsContext } from './es-context.js';

/** Routes whose `:index` is a name to create, not an expression to resolve. */
const CREATES_INDEX = new Set(['PUT /:index']);

/** Routes whose `:name` is an alias being added. */
const ADDS_ALIAS = new Set(['PUT /:index/_alias/:name', 'POST /:index/_alias/:name', 'PUT /:index/_aliases/:name', 'POST /:index/_aliases/:name']);

export function resolveDateMathParams(app: FastifyInstance, ctx: EsContext): void {
  app.addHook('onRequest', async (req) => {
    const params = req.params as Record<string, string | undefined>;
    const route = `${req.method} ${req.routeOptions.url ?? ''}`;
    if (params.index !== undefined && !CREATES_INDEX.has(route)) params.index = resolveDateMathExpression(params.index, ctx.clock.now());
    // The data stream APIs resolve their names as index expressions (IndexNameExpressionResolver.dataStreamNames).
    if (params.name !== undefined && req.routeOptions.config?.esAction?.dataStreams) params.name = resolveDateMathExpression(params.name, ctx.clock.now());
    if (params.name !== undefined && ADDS_ALIAS.has(route)) params.name = params.name.split(',').map((name) => resolveDateMathName(name, ctx.clock.now())).join(',');
  });
}
