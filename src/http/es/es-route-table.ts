/**
 * @module Which methods each ES path takes, so a request with the wrong method gets ES's 405 (with the
 * allowed methods) rather than "no handler found".
 */
import type { FastifyInstance } from 'fastify';

interface Entry {
  readonly method: string;
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

export class EsRouteTable {
  readonly #entries: Entry[] = [];

  /** Records every route the ES plugin registers. */
  watch(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' && !HEAD_PATHS.has(route.url)) continue;
        this.#entries.push({ method, pattern: toRegExp(route.url) });
      }
    });
  }

  /** The methods that `path` takes, in ES's listing order; empty when no route matches it. */
  allowedMethods(path: string): string[] {
    const methods = new Set(this.#entries.filter((e) => e.pattern.test(path)).map((e) => e.method));
    return ['HEAD', 'GET', 'PUT', 'POST', 'DELETE'].filter((m) => methods.has(m));
  }
}
