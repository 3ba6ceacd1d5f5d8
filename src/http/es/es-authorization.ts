/**
 * @module Authorizes every ES request (when security is on) for the action its route maps to: cluster actions
 * against the user's cluster privileges, index actions against the index privileges on each index named.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveIndices, type ClusterState } from '../../cluster/index.js';
import { authorizeCluster, authorizeIndexActionAnywhere, authorizeIndices, type SecurityService } from '../../security/index.js';
import { parseBulk } from './document-routes.js';
import type { EsContext } from './es-context.js';
import { ROUTE_ACTIONS, type RouteAction } from './es-actions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    esAction?: RouteAction;
  }
}

/** Gives every ES route its action; a route without one is a programming error caught at start-up. */
export function assignRouteActions(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const action = ROUTE_ACTIONS[`${method} ${route.url}`] ?? (method === 'HEAD' ? ROUTE_ACTIONS[`GET ${route.url}`] : undefined);
      if (!action) throw new Error(`no Elasticsearch action is declared for ${method} ${route.url} (src/http/es/es-actions.ts)`);
      route.config = { ...(route.config ?? {}), esAction: action };
    }
  });
}

function expand(state: ClusterState, expression: string | undefined): string[] {
  const parts = (expression ?? '_all').split(',');
  return parts.flatMap((part) =>
    part.includes('*') || part === '_all' ? resolveIndices(state, part, { allowNoIndices: true, ignoreUnavailable: true }) : [part],
  );
}

function namedIndices(req: FastifyRequest, route: RouteAction, state: ClusterState): string[] {
  const params = req.params as Record<string, string | undefined>;
  switch (route.indices) {
    case 'path':
      return expand(state, params[route.param ?? 'index']);
    case 'aliases-body': {
      const actions = (req.body as { actions?: unknown[] } | undefined)?.actions ?? [];
      return actions.flatMap((entry) => {
        const spec = Object.values((entry ?? {}) as Record<string, { index?: string | string[]; indices?: string[] }>)[0] ?? {};
        const names = [...(spec.index === undefined ? [] : Array.isArray(spec.index) ? spec.index : [spec.index]), ...(spec.indices ?? [])];
        return names.flatMap((name) => expand(state, name));
      });
    }
    case 'bulk-body':
      try {
        return [...new Set(parseBulk(typeof req.body === 'string' ? req.body : '', params.index).map((r) => r.target))];
      } catch {
        return []; // The handler reports the malformed body.
      }
    default:
      return [];
  }
}

type Permissions = ReturnType<SecurityService['permissionsOf']>;

/**
 * As Elasticsearch does, a wildcard (or no index at all) in the path narrows to the indices the caller may act on,
 * and the request runs on those; indices named outright must all be allowed. When nothing is left the request runs
 * on no index (`*,-*`), provided the caller may perform the action on some index at all.
 */
function narrowWildcards(req: FastifyRequest, route: RouteAction, state: ClusterState, permissions: Permissions, keyId: string | undefined): string[] {
  const params = req.params as Record<string, string | undefined>;
  const param = route.param ?? 'index';
  const parts = (params[param] ?? '_all').split(',');
  const isWildcard = (part: string) => part.includes('*') || part === '_all';
  if (!parts.some(isWildcard)) return [...new Set(expand(state, params[param]))];
  const allowed = (index: string) => permissions.every(({ user, lookup }) => !authorizeIndices(user, lookup, route.action, [index], keyId));
  const narrowed = parts.flatMap((part, i) => (i > 0 && part.startsWith('-') ? [part] : isWildcard(part) ? expand(state, part).filter(allowed) : [part]));
  // Index names never start with '-', so what does is an exclusion.
  const named = [...new Set(narrowed.filter((part) => !part.startsWith('-')))];
  if (named.length === 0) {
    for (const { user, lookup } of permissions) {
      const denied = authorizeIndexActionAnywhere(user, lookup, route.action, keyId);
      if (denied) throw denied;
    }
    params[param] = '*,-*';
    return [];
  }
  params[param] = narrowed.join(',');
  return named;
}

export function authorizeRequests(app: FastifyInstance, ctx: EsContext, security: SecurityService): void {
  app.addHook('preHandler', async (req) => {
    const route = req.routeOptions.config.esAction;
    const authentication = req.authentication;
    if (!route || !authentication) return;
    // Anyone may change their own password.
    if (route.action.endsWith('/user/change_password') && (req.params as { name?: string }).name === authentication.user.username) return;
    const keyId = authentication.apiKey?.id;
    const permissions = security.permissionsOf(authentication);
    if (!route.indices) {
      for (const { user, lookup } of permissions) {
        const denied = authorizeCluster(user, lookup, route.action, keyId);
        if (denied) throw denied;
      }
      return;
    }
    const indices = route.indices === 'path' ? narrowWildcards(req, route, ctx.cluster.state, permissions, keyId) : [...new Set(namedIndices(req, route, ctx.cluster.state))];
    for (const { user, lookup } of permissions) {
      const denied = authorizeIndices(user, lookup, route.action, indices, keyId);
      if (denied) throw denied;
    }
  });
}
