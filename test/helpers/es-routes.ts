/**
 * @module Every ES route and what it declares where it is registered (esRoute: its action, URL parameters and body),
 * read from a server built with security on, so that its security routes are among them. Keyed `METHOD /url`.
 */
import type { DeclaredRoute } from '../../src/http/es/es-actions.js';
import { buildTestServer } from './server.js';

export async function declaredEsRoutes(): Promise<ReadonlyMap<string, DeclaredRoute>> {
  const server = await buildTestServer({ security: true, elasticPassword: 'elastic-pw' });
  try {
    await server.app.ready();
    return new Map(server.app.esRoutes().map((route) => [`${route.method} ${route.url}`, route]));
  } finally {
    await server.dispose();
  }
}
