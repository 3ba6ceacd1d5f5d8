/**
 * @module CORS for the RPC routes (Connect, gRPC-Web; gRPC itself never comes from a browser), off unless origins are
 * named (`tessera serve --cors-origin`). A request from a named origin (or any, with `*`) gets the headers a browser
 * needs to hand the answer to the page, with Connect's and gRPC-Web's headers allowed and exposed; a preflight is
 * answered 204 before anything else runs, credentials or not. Any other origin gets no CORS header, so the browser
 * keeps the answer from the page. The Elasticsearch API has no CORS, as ES's default (`http.cors.enabled: false`).
 */
import { cors } from '@connectrpc/connect';
import type { FastifyInstance } from 'fastify';

/** Connect's and gRPC-Web's request headers, and the credentials of security (`Authorization`). */
const ALLOWED_HEADERS = [...cors.allowedHeaders, 'Authorization'].join(', ');
const ALLOWED_METHODS = cors.allowedMethods.join(', ');
const EXPOSED_HEADERS = cors.exposedHeaders.join(', ');
/** How long a browser may keep a preflight's answer, in seconds (Chromium caps it at 7,200). */
const MAX_AGE = '7200';

/** `*`, or origins such as `https://app.example.com`. */
export type CorsOrigins = readonly string[];

/** Whether `value` can be named as an origin: `*`, or a scheme, host and port with nothing else. */
export function isCorsOrigin(value: string): boolean {
  if (value === '*') return true;
  try {
    const url = new URL(value);
    return url.origin === value && url.origin !== 'null';
  } catch {
    return false;
  }
}

/** Adds CORS to the routes of `scope` (Fastify hooks stay within the plugin that adds them). */
export function addRpcCors(scope: FastifyInstance, origins: CorsOrigins): void {
  const any = origins.includes('*');
  const named = new Set(origins);
  scope.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    // The answer depends on the origin unless every origin gets the same.
    if (!any) reply.header('vary', 'Origin');
    if (!any && !named.has(origin)) return;
    reply.header('access-control-allow-origin', any ? '*' : origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', MAX_AGE);
      return reply.code(204).send();
    }
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
  });
}
