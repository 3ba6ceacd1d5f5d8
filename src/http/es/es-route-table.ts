/**
 * @module Which methods each ES path takes, so a request with the wrong method gets ES's 405 (with the
 * allowed methods) rather than "no handler found"; which paths no Tessera route serves at all; and what each
 * route declares (its action, parameters and body), as its route options say.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireRouteDeclarations, type DeclaredRoute } from './es-actions.js';
import { EsSimpleError } from './es-simple-error.js';
import { ES_REST_ROUTES } from './es-rest-routes.js';

interface Entry extends DeclaredRoute {
  readonly pattern: RegExp;
}

/** Paths where ES answers HEAD itself; elsewhere HEAD is only Fastify's shadow of GET. */
const HEAD_PATHS = new Set(['/', '/:index', '/_alias/:name', '/:index/_alias/:name', '/_index_template/:name']);

function toRegExp(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

const ES_ROUTES = ES_REST_ROUTES.map(([methods, path]) => ({
  methods: methods.split(' '),
  segments: path.split('/'),
  pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/**
 * Whether ES's PathTrie picks `es` over `route` for a path both match: it tries literal segments before
 * parameters, so the first segment where one has a literal and the other a parameter decides.
 */
function esPrefers(es: readonly string[], route: readonly string[]): boolean {
  for (let i = 1; i < es.length; i++) {
    const esParam = es[i]!.startsWith('{');
    const routeParam = route[i]!.startsWith(':');
    if (esParam !== routeParam) return routeParam;
  }
  return false;
}

/**
 * Whether `method path` reaches an ES API that Tessera does not implement: `GET /_search` is ES's search, never the
 * index `_search` of Tessera's `GET /:index`. `routeUrl` is the Tessera route Fastify matched, if any. Where ES's
 * literal path has no handler for the method, ES falls back to the parameter route as Fastify does (`GET /_reindex`
 * is the index `_reindex`), so only the methods ES serves there count.
 */
export function reachesUnimplementedEsApi(method: string, path: string, routeUrl: string | undefined): boolean {
  // A route of literals only is never beaten: ES has the same route, or none.
  if (routeUrl !== undefined && !routeUrl.includes(':')) return false;
  const route = routeUrl?.split('/');
  return ES_ROUTES.some((es) => es.methods.includes(method) && es.pattern.test(path) && (route === undefined || (route.length === es.segments.length && esPrefers(es.segments, route))));
}

/** The path of a request, without its query string. */
export function requestPath(req: FastifyRequest): string {
  return req.url.split('?')[0]!;
}

export class EsRouteTable {
  readonly #entries: Entry[] = [];

  /** Records every route the ES plugin registers; one that declares nothing fails the start-up. */
  watch(app: FastifyInstance): void {
    requireRouteDeclarations(app, (route) => {
      if (route.method === 'HEAD' && !HEAD_PATHS.has(route.url)) return;
      this.#entries.push({ ...route, pattern: toRegExp(route.url) });
    });
  }

  /** Every route as ES lists its routes: HEAD only where ES answers HEAD itself. */
  declared(): readonly DeclaredRoute[] {
    return this.#entries.map(({ pattern: _pattern, ...route }) => route);
  }

  /** The URL parameters the route `method url` honours (a HEAD those of its GET); empty for no route. */
  paramsOf(method: string, url: string): readonly string[] {
    const find = (m: string) => this.#entries.find((e) => e.method === m && e.url === url);
    return (find(method) ?? (method === 'HEAD' ? find('GET') : undefined))?.params ?? [];
  }

  /** Whether the route Fastify matched is one ES would not dispatch this request to (see reachesUnimplementedEsApi). */
  isShadowed(req: FastifyRequest): boolean {
    const url = req.routeOptions.url;
    return url !== undefined && reachesUnimplementedEsApi(req.method, requestPath(req), url);
  }

  /**
   * RestController's answer for a path no route takes with this method: 405 with the methods it does take, else
   * 400 "no handler found" (a bare `{"error": ...}` without `status`).
   */
  noRoute(req: FastifyRequest): EsSimpleError {
    // The messages name the request's uri, query string included (RestRequest.uri()).
    const path = requestPath(req);
    const allowed = reachesUnimplementedEsApi(req.method, path, undefined) ? [] : this.allowedMethods(path);
    if (allowed.length > 0) {
      const message = `Incorrect HTTP method for uri [${req.url}] and method [${req.method}], allowed: [${allowed.join(', ')}]`;
      return new EsSimpleError(message, 405, true, { allow: allowed.join(',') });
    }
    return new EsSimpleError(`no handler found for uri [${req.url}] and method [${req.method}]`, 400, false);
  }

  /**
   * The Tessera route that serves `method path` (its URL pattern), or undefined where none
   * does or ES would dispatch the request to an API Tessera does not implement. Literal segments win, as in Fastify.
   */
  routeFor(method: string, path: string): string | undefined {
    const matches = this.#entries.filter((e) => e.method === method && e.pattern.test(path)).map((e) => e.url.split('/'));
    matches.sort((a, b) => {
      for (let i = 1; i < a.length; i++) {
        const aParam = a[i]!.startsWith(':');
        if (aParam !== b[i]!.startsWith(':')) return aParam ? 1 : -1;
      }
      return 0;
    });
    const url = matches[0]?.join('/');
    return url === undefined || reachesUnimplementedEsApi(method, path, url) ? undefined : url;
  }

  /** The methods that `path` takes, in ES's listing order; empty when no route matches it. */
  allowedMethods(path: string): string[] {
    const methods = new Set(this.#entries.filter((e) => e.pattern.test(path)).map((e) => e.method));
    return ['HEAD', 'GET', 'PUT', 'POST', 'DELETE'].filter((m) => methods.has(m));
  }
}
