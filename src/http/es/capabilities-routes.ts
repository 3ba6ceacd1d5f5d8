/**
 * @module `GET /_capabilities` (RestNodesCapabilitiesAction): whether this node serves a method and path with the
 * given parameters and capabilities, answered from Tessera's own routes and the parameters each honours.
 */
import type { FastifyInstance } from 'fastify';
import { ClusterErrors } from '../../cluster/index.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import type { EsRouteTable } from './es-route-table.js';
import { nodesHeader } from './local-node.js';
import { esRoute, cluster } from './es-actions.js';

const CAPABILITIES = esRoute(cluster('cluster:monitor/nodes/capabilities'), ['method', 'path', 'parameters', 'capabilities', 'local_only', 'timeout']);

/** RestRequest.Method: what `method` may name. */
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE', 'CONNECT']);

const list = (value: string | undefined) => (value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');

/**
 * A route's parameters are those it declares (esRoute). Tessera declares no named capabilities, so any capability
 * asked for is unsupported.
 */
export function capabilitiesRoutes(app: FastifyInstance, ctx: EsContext, routes: EsRouteTable): void {
  app.get<{ Querystring: Record<string, string | undefined> }>('/_capabilities', CAPABILITIES, async (req, reply) => {
    const method = req.query.method ?? 'GET';
    if (!METHODS.has(method)) throw ClusterErrors.illegalArgument(`No enum constant org.elasticsearch.rest.RestRequest.Method.${method}`);
    const raw = req.query.path ?? '/';
    let path = raw;
    try {
      path = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      // A path that does not decode names no route; it is simply not supported.
    }
    const parameters = list(req.query.parameters);
    const capabilities = list(req.query.capabilities);
    const route = routes.routeFor(method, path.split('?')[0]!);
    const honoured = route === undefined ? [] : routes.paramsOf(method, route);
    const supported = route !== undefined && parameters.every((p) => honoured.includes(p)) && capabilities.length === 0;
    return esSend(req, reply, { _nodes: nodesHeader(true), cluster_name: ctx.clusterName, supported });
  });
}
