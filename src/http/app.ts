/** @module Builds the HTTP application without listening: Fastify for HTTP/1.1, the same Connect routes for h2c. */
import type { ConnectRouter, ConnectRouterOptions } from '@connectrpc/connect';
import { fastifyConnectPlugin } from '@connectrpc/connect-fastify';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { EsContext } from './es/es-context.js';
import { CONSOLE_PREFIX, consolePlugin } from './console-plugin.js';
import { esPlugin } from './es/es-plugin.js';
import { withMinimalGrpcMessageEncoding } from './grpc-message-encoding.js';
import { createSharedPortServer } from './shared-port.js';

/** Largest request Connect reads: a 1 MiB type option plus the rest of a payload. */
export const READ_MAX_BYTES = 2 * 1024 * 1024;

export interface AppOptions {
  readonly routes: (router: ConnectRouter) => void;
  readonly es: EsContext;
  readonly logger?: FastifyServerOptions['logger'];
}

export function buildApp(options: AppOptions): FastifyInstance {
  // Closing the app ends open streams (WatchFields) at once instead of waiting for clients to hang up.
  const shutdown = new AbortController();
  const connectOptions: ConnectRouterOptions = {
    readMaxBytes: READ_MAX_BYTES,
    jsonOptions: { ignoreUnknownFields: false },
    shutdownSignal: shutdown.signal,
  };
  const onHttp2 = withMinimalGrpcMessageEncoding(connectNodeAdapter({ ...connectOptions, routes: options.routes }));
  const app = Fastify({
    logger: options.logger ?? false,
    // Index names may be 255 bytes, three times that once percent-encoded.
    routerOptions: { maxParamLength: 1024 },
    serverFactory: (handler) => createSharedPortServer(handler, onHttp2, shutdown.signal),
  });
  // Elasticsearch clients refuse any 2xx answer without this header.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('x-elastic-product', 'Elasticsearch');
  });
  app.addHook('preClose', (done) => {
    shutdown.abort();
    done();
  });
  void app.register(fastifyConnectPlugin, { ...connectOptions, routes: options.routes });
  void app.register(esPlugin, options.es);
  void app.register(consolePlugin, { prefix: CONSOLE_PREFIX });
  return app as unknown as FastifyInstance;
}
