/**
 * @module The Elasticsearch-compatible REST API as one encapsulated Fastify plugin: its own JSON parsing,
 * its error envelope, and its routes. Unmatched paths get ES's "no handler found" error.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ClusterError, ClusterErrors } from '../../cluster/index.js';
import { UnitError } from '../../platform/units/index.js';
import { aliasRoutes } from './alias-routes.js';
import { catRoutes } from './cat-routes.js';
import { clusterRoutes } from './cluster-routes.js';
import { DEFAULT_MAX_CONTENT_LENGTH, registerEsContentTypes, requestedCompatibility, unsupportedContentType } from './es-content.js';
import { limitInFlightRequests } from './in-flight-requests.js';
import type { EsContext } from './es-context.js';
import { esErrorBody, toClusterError } from './es-envelope.js';
import { authorizeRequests } from './es-authorization.js';
import { resolveDateMathParams } from './date-math-params.js';
import { EsRouteTable } from './es-route-table.js';
import { refuseUnknownParams } from './url-params.js';
import { EsSimpleError } from './es-simple-error.js';
import { esSend } from './es-reply.js';
import { clockRoutes } from './clock-routes.js';
import { instanceRoutes } from './instance-routes.js';
import { documentRoutes } from './document-routes.js';
import { searchRoutes } from './search-routes.js';
import { byQueryAndTaskRoutes } from './by-query-routes.js';
import { msearchRoutes } from './msearch-routes.js';
import { validateQueryRoutes } from './validate-query-routes.js';
import { searchContextRoutes } from './search-context-routes.js';
import { ilmRoutes } from './ilm-routes.js';
import { indexRoutes } from './index-routes.js';
import { mappingRoutes } from './mapping-routes.js';
import { indexStateRoutes } from './index-state-routes.js';
import { lintRoutes } from './lint-routes.js';
import { consoleIndexListRoutes } from './console-index-list-routes.js';
import { simulateRoutes } from './simulate-routes.js';
import { allocationExplainRoutes, nodeRoutes } from './node-routes.js';
import { nodeInfoRoutes } from './node-info-routes.js';
import { licenseRoutes } from './license-routes.js';
import { clusterStateRoutes } from './cluster-state-routes.js';
import { clusterStatsRoutes } from './cluster-stats-routes.js';
import { capabilitiesRoutes } from './capabilities-routes.js';
import { rolloverRoutes } from './rollover-routes.js';
import { dataStreamRoutes } from './data-stream-routes.js';
import { dataStreamStatsRoutes } from './data-stream-stats-routes.js';
import { dataStreamModifyRoutes } from './data-stream-modify-routes.js';
import { securityRoutes, authenticateRequests } from './security-routes.js';
import { hasPrivilegesRoutes } from './has-privileges-routes.js';
import { snapshotRoutes } from './snapshot-routes.js';
import { SecurityError } from '../../security/index.js';
import { rootRoutes } from './root-routes.js';
import { templateRoutes } from './template-routes.js';
import { componentTemplateRoutes } from './component-template-routes.js';
import { legacyTemplateRoutes } from './legacy-template-routes.js';
import { simulateTemplateRoutes } from './simulate-template-routes.js';
import { isRpcPath, sendUnknownRpc } from '../connect-compat/unknown-rpc.js';

function asClusterError(error: unknown): ClusterError {
  if (error instanceof ClusterError) return error;
  if (error instanceof SecurityError) {
    // ES lists the response headers of an authentication failure under `header` in the body.
    const metadata = Object.keys(error.headers).length > 0 ? { header: error.headers } : {};
    return ClusterError.from(error, metadata);
  }
  if (error instanceof UnitError) return new ClusterError('illegal_argument_exception', 400, error.message);
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new ClusterError('content_too_long_exception', 413, 'Request body is too large');
  }
  if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new ClusterError('parse_exception', 400, 'request body is required');
  return toClusterError(error);
}

export function sendEsError(req: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  // Fastify refuses a Content-Type it cannot parse before any content type parser runs.
  if ((error as FastifyError | undefined)?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') error = unsupportedContentType(req);
  if (error instanceof EsSimpleError) {
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return esSend(req, reply, error.body(), error.status, false);
  }
  if (error instanceof SecurityError) for (const [name, values] of Object.entries(error.headers)) reply.header(name, values);
  const clusterError = asClusterError(error);
  if (clusterError.status >= 500 && !(error instanceof ClusterError)) req.log.error({ err: error }, 'request failed');
  // Read leniently: a malformed error_trace must not turn one error into another.
  const trace = ['', 'true'].includes(String((req.query as Record<string, unknown> | undefined)?.error_trace ?? 'false'));
  return esSend(req, reply, esErrorBody(clusterError, trace), clusterError.status, false);
}

/** `routes` records what each route declares; the app lists it (app.ts). */
export async function esPlugin(app: FastifyInstance, ctx: EsContext, routes: EsRouteTable): Promise<void> {
  routes.watch(app);
  registerEsContentTypes(app, ctx.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH);
  app.addHook('onRequest', async (req) => {
    requestedCompatibility(req);
  });
  app.setErrorHandler((error, req, reply) => sendEsError(req, reply, error));
  // Names come from the path (indices, templates, policies, users); PostgreSQL text cannot hold U+0000, so no store takes one.
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0]!;
    // RPC paths are the Connect mount's, which answers unknown ones itself.
    if (!isRpcPath(path) && /%00/i.test(path)) throw ClusterErrors.illegalArgument('the request path must not contain the null character [%00]');
  });
  // Before authentication: a user created through another instance must be known here.
  if (ctx.sync) {
    const sync = ctx.sync;
    app.addHook('onRequest', async () => sync());
  }
  if (ctx.security) authenticateRequests(app, ctx.security);
  // Before authorization, which would otherwise check `_search` as an index name.
  app.addHook('onRequest', async (req) => {
    if (routes.isShadowed(req)) throw routes.noRoute(req);
  });
  // Before authorization too, which checks the names date math stands for.
  resolveDateMathParams(app, ctx);
  if (ctx.security) authorizeRequests(app, ctx, ctx.security);
  refuseUnknownParams(app);
  // After authorization (onRequest), so a caller refused there holds no bytes at all.
  const inFlight = limitInFlightRequests(app, ctx);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    // RPC paths are the Connect mount's, which routes only the methods it serves.
    if (isRpcPath(path)) return sendUnknownRpc(reply, path);
    return sendEsError(req, reply, routes.noRoute(req));
  });
  rootRoutes(app, ctx);
  clusterRoutes(app, ctx);
  templateRoutes(app, ctx);
  componentTemplateRoutes(app, ctx);
  legacyTemplateRoutes(app, ctx);
  simulateTemplateRoutes(app, ctx);
  aliasRoutes(app, ctx);
  catRoutes(app, ctx);
  ilmRoutes(app, ctx);
  rolloverRoutes(app, ctx);
  dataStreamRoutes(app, ctx);
  dataStreamStatsRoutes(app, ctx);
  dataStreamModifyRoutes(app, ctx);
  snapshotRoutes(app, ctx);
  documentRoutes(app, ctx);
  if (ctx.search) searchRoutes(app, ctx, ctx.search);
  byQueryAndTaskRoutes(app, ctx);
  if (ctx.search) msearchRoutes(app, ctx, ctx.search);
  if (ctx.search) validateQueryRoutes(app, ctx, ctx.search);
  if (ctx.searchContexts) searchContextRoutes(app, ctx, ctx.searchContexts);
  nodeRoutes(app, ctx, inFlight);
  nodeInfoRoutes(app, ctx);
  licenseRoutes(app, ctx);
  clusterStateRoutes(app, ctx);
  clusterStatsRoutes(app, ctx);
  capabilitiesRoutes(app, ctx, routes);
  allocationExplainRoutes(app, ctx);
  securityRoutes(app, ctx);
  hasPrivilegesRoutes(app, ctx);
  clockRoutes(app, ctx);
  lintRoutes(app, ctx);
  consoleIndexListRoutes(app, ctx);
  simulateRoutes(app, ctx);
  instanceRoutes(app, ctx);
  indexStateRoutes(app, ctx);
  mappingRoutes(app, ctx);
  indexRoutes(app, ctx);
}
