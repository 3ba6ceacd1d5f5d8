/**
 * @module What every ES route declares in its Fastify route `config`, where it is registered: the Elasticsearch action
 * authorization checks (ES's action names) and where the route's indices come from, the URL parameters it honours,
 * and whether it reads a body. A route that declares none fails at start-up, so none goes unchecked.
 */

import type { FastifyInstance } from 'fastify';

/** `search-context`: a scroll or point in time names the indices, which were authorized when it opened (ES's scroll-related actions need some index privilege). */
/** `data-stream-actions-body`: the data streams `_modify`'s actions name. `mget-body`: the body names the indices, and the handler authorizes each document on its own (a denied one fails alone). `reindex-body`: the handler authorizes the source (read) and each write (write) as the caller. */
/** `each-index`: the handler answers about every index the caller may act on and leaves the others out (as a wildcard in a path is narrowed). */
export type IndexSource = 'each-index' | 'path' | 'aliases-body' | 'bulk-body' | 'mget-body' | 'data-stream-actions-body' | 'reindex-body' | 'search-context';

export interface RouteAction {
  readonly action: string;
  /** Where the indices the action touches are named; absent for a cluster action. */
  readonly indices?: IndexSource;
  /** The path parameter naming the indices. */
  readonly param?: string;
  /** Which indices the route's wildcards reach by default (its IndicesOptions): open ones unless said otherwise. */
  readonly wildcards?: 'closed' | 'all';
  /** The path names data streams: its wildcards expand to data stream names, not to indices. */
  readonly dataStreams?: true;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    esAction?: RouteAction;
    /** The URL parameters the handler reads (path parameters and GLOBAL_PARAMS aside); any other is refused. */
    esParams?: readonly string[];
    /** Whether the handler reads a body; ES refuses one on any other route rather than ignore it. */
    esBody?: boolean;
  }
}

export const cluster = (action: string): RouteAction => ({ action });
export const onPath = (action: string, param = 'index', wildcards?: RouteAction['wildcards']): RouteAction => ({ action, indices: 'path', param, ...(wildcards && { wildcards }) });

/** An action on a search context (scroll, clear scroll, close point in time): allowed to whoever may read some index. */
export const onSearchContext = (action: string): RouteAction => ({ action, indices: 'search-context' });

/** An action the handler performs on every index the caller may act on; allowed to whoever may act on some index. */
export const onEachIndex = (action: string): RouteAction => ({ action, indices: 'each-index' });

/** An action on the data streams the path parameter `name` names (the data stream APIs). */
export const onDataStreams = (action: string): RouteAction => ({ action, indices: 'path', param: 'name', wildcards: 'closed', dataStreams: true });

/** The route options that declare an ES route: `app.get(url, esRoute(...), handler)`. */
export function esRoute(esAction: RouteAction, esParams: readonly string[], options: { readonly body?: true } = {}): { readonly config: { esAction: RouteAction; esParams: readonly string[]; esBody: boolean } } {
  return { config: { esAction, esParams, esBody: options.body === true } };
}

/** What an ES route declares, with its method and URL pattern. */
export interface DeclaredRoute {
  readonly method: string;
  readonly url: string;
  readonly action: RouteAction;
  readonly params: readonly string[];
  readonly body: boolean;
}

/**
 * Fails the start-up on a route that declares no action or parameters (a programming error), and calls `onDeclared`
 * with each route's declaration.
 */
export function requireRouteDeclarations(app: FastifyInstance, onDeclared: (route: DeclaredRoute) => void): void {
  app.addHook('onRoute', (route) => {
    const { esAction, esParams, esBody } = route.config ?? {};
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (esAction === undefined || esParams === undefined) throw new Error(`${method} ${route.url} declares no ES action and parameters (esRoute in its route options)`);
      onDeclared({ method, url: route.url, action: esAction, params: esParams, body: esBody === true });
    }
  });
}
