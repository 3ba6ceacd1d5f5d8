/** @module Builds the HTTP application without listening: Fastify for HTTP/1.1, the same Connect routes for h2c. */
import { createContextValues, type ConnectRouter, type ConnectRouterOptions } from '@connectrpc/connect';
import { fastifyConnectPlugin } from '@connectrpc/connect-fastify';
import { compressionBrotli, compressionGzip, connectNodeAdapter } from '@connectrpc/connect-node';
import { compressionDeflate } from './connect-compat/compression-deflate.js';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import http from 'node:http';
import type { Socket } from 'node:net';
import { ClusterError } from '../cluster/index.js';
import { CLIENT_ADDRESS } from '../grid/index.js';
import type { EsContext } from './es/es-context.js';
import { esErrorBody } from './es/es-envelope.js';
import { CONSOLE_PREFIX, consolePlugin } from './console-plugin.js';
import { esPlugin } from './es/es-plugin.js';
import type { DeclaredRoute } from './es/es-actions.js';
import { EsRouteTable } from './es/es-route-table.js';
import { withAllowHeader } from './connect-compat/allow-header.js';
import { withMinimalGrpcMessageEncoding } from './connect-compat/grpc-message-encoding.js';
import { createShutdownController } from './connect-compat/shutdown-signal.js';
import { createHttp1StreamLane } from './connect-compat/http1-stream-lane.js';
import { createHttp1UnaryLane } from './connect-compat/http1-unary-lane.js';
import { withGrpcStreamLane } from './connect-compat/grpc-stream-lane.js';
import { withGrpcUnaryLane } from './connect-compat/grpc-unary-lane.js';
import type { PlainLane } from './connect-compat/unary-lane-routes.js';
import type { RouterSettings } from './connect-compat/router-settings.js';
import { isRpcPath, sendUnknownRpc } from './connect-compat/unknown-rpc.js';
import { answerUnparsedContentType } from './connect-compat/unparsed-content-type.js';
import { addRpcCors, type CorsOrigins } from './rpc-cors.js';
import { createSharedPortServer, type ConnectionLimits } from './shared-port.js';

/** Elasticsearch clients refuse any 2xx answer without this header; every answer of the port carries it. */
const ELASTIC_PRODUCT = ['x-elastic-product', 'Elasticsearch'] as const;

/** Largest request Connect reads: a 1 MiB type option plus the rest of a payload. */
export const READ_MAX_BYTES = 2 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every ES route and what it declares (esRoute), for the tests that send each one. */
    esRoutes(): readonly DeclaredRoute[];
  }
}

export interface AppOptions {
  /** Registers the RPC services on a router built with `settings`. */
  readonly routes: (router: ConnectRouter, settings: RouterSettings) => void;
  /** Methods of `routes` whose plain calls are answered before Fastify and the adapters (the http1- and grpc- lanes). */
  readonly lane?: PlainLane;
  readonly es: EsContext;
  readonly logger?: FastifyServerOptions['logger'];
  /** Timeouts and connection counts of the port (shared-port.ts); the defaults where not given. */
  readonly connectionLimits?: Partial<ConnectionLimits>;
  /** Origins whose browser pages may call the RPC routes (rpc-cors.ts); none when absent or empty. */
  readonly corsOrigins?: CorsOrigins;
}

export function buildApp(options: AppOptions): FastifyInstance {
  // Closing the app ends open streams (WatchFields) at once instead of waiting for clients to hang up.
  const shutdown = createShutdownController();
  const connectOptions = {
    readMaxBytes: READ_MAX_BYTES,
    jsonOptions: { ignoreUnknownFields: false },
    shutdownSignal: shutdown.signal,
    // The adapters' defaults, said here because the HTTP/1.1 lane compresses its answers as they would.
    acceptCompression: [compressionGzip, compressionBrotli, compressionDeflate],
    compressMinBytes: 1024,
  } satisfies ConnectRouterOptions & RouterSettings;
  const routes = (router: ConnectRouter) => {
    options.routes(router, connectOptions);
    router.handlers.forEach((handler, i) => (router.handlers[i] = withAllowHeader(handler)));
  };
  // The peer's address reaches the grid's authentication, which counts failed passwords per user and address.
  const clientOf = (req: { socket: { remoteAddress?: string | undefined } }) => createContextValues().set(CLIENT_ADDRESS, req.socket.remoteAddress ?? '');
  const adapter = connectNodeAdapter({ ...connectOptions, routes, contextValues: clientOf });
  const grpcLaneOptions = { ...connectOptions, contextValues: clientOf };
  const onHttp2 = withMinimalGrpcMessageEncoding(options.lane ? withGrpcUnaryLane(options.lane, grpcLaneOptions, withGrpcStreamLane(options.lane, grpcLaneOptions, adapter)) : adapter);
  // One sequence of request ids for Fastify and the lanes, as Fastify's default makes them.
  let nextReqId = 0;
  const genReqId = () => `req-${(nextReqId = (nextReqId + 1) & 0x7fffffff).toString(36)}`;
  const http1LaneOptions = {
    ...connectOptions,
    contextValues: clientOf,
    header: [ELASTIC_PRODUCT],
    // A call a lane answers is logged as Fastify logs the others.
    ...(options.logger && { taken: (req: http.IncomingMessage, res: http.ServerResponse) => logLaneCall(app, genReqId(), req, res) }),
  };
  const lanes = options.lane && [createHttp1UnaryLane(options.lane, http1LaneOptions), createHttp1StreamLane(options.lane, http1LaneOptions)];
  const cors = (options.corsOrigins?.length ?? 0) > 0;
  const withLane = (handler: http.RequestListener): http.RequestListener => {
    if (!lanes) return handler;
    return (req, res) => {
      // A browser's call gets its CORS headers from Fastify's hook.
      if (cors && req.headers.origin !== undefined) return handler(req, res);
      for (const lane of lanes) if (lane(req, res, handler)) return;
      handler(req, res);
    };
  };
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId,
    // Any path segment the HTTP parser lets through reaches the routes, which judge it (an over-long index name is
    // an invalid name, as in ES), rather than the router refusing it in a shape of its own.
    routerOptions: { maxParamLength: http.maxHeaderSize },
    serverFactory: (handler) => createSharedPortServer(withLane(handler), onHttp2, shutdown.signal, options.connectionLimits),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  // ES reads a GET's body (`GET /<index>/_count` with a query, as the official clients send it); Fastify would not
  // parse it, and the request would run as if it had none. A HEAD's body is read too, so that ES's refusal of a
  // body where none is read covers HEAD as ES's does, rather than the body being dropped unseen.
  app.addHttpMethod('GET', { hasBody: true, overrideExisting: true });
  app.addHttpMethod('HEAD', { hasBody: true, overrideExisting: true });
  // Elasticsearch clients refuse any 2xx answer without this header.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header(...ELASTIC_PRODUCT);
  });
  app.addHook('preClose', (done) => {
    shutdown.abort();
    done();
  });
  void app.register(async (connect) => {
    if (cors) addRpcCors(connect, options.corsOrigins!);
    connect.setErrorHandler(answerUnparsedContentType);
    await connect.register(fastifyConnectPlugin, { ...connectOptions, routes, contextValues: clientOf });
  });
  // The ES plugin's scope is its own; what its routes declare is listed here, outside it.
  const esRoutes = new EsRouteTable();
  app.decorate('esRoutes', () => esRoutes.declared());
  void app.register(async (es) => esPlugin(es, options.es, esRoutes));
  void app.register(consolePlugin, { prefix: CONSOLE_PREFIX });
  return app as unknown as FastifyInstance;
}

/** Fastify's two lines for a request ("incoming request", "request completed"), for one it never saw. */
function logLaneCall(app: FastifyInstance, reqId: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const started = performance.now();
  const log = app.log.child({ reqId });
  // In the shape Fastify's request serializer reads.
  log.info({ req: { method: req.method, url: req.url, headers: req.headers, host: req.headers.host, ip: req.socket.remoteAddress, socket: req.socket } }, 'incoming request');
  res.once('finish', () => log.info({ res, responseTime: performance.now() - started }, 'request completed'));
}

/**
 * RestUtils.decodeComponent's complaint about the first path segment whose percent-escapes do not decode: ES decodes
 * each segment as it matches the path to a route.
 */
function escapeProblem(path: string): string | undefined {
  for (const segment of path.split('/')) {
    for (let i = 0; i < segment.length; i++) {
      if (segment[i] !== '%') continue;
      if (i === segment.length - 1) return `unterminated escape sequence at end of string: ${segment}`;
      if (segment[i + 1] === '%') {
        i++;
        continue;
      }
      if (i + 1 === segment.length - 1) return `partial escape sequence at end of string: ${segment}`;
      const pair = segment.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(pair)) return `invalid escape sequence \`%${pair}' at index ${i} of: ${segment}`;
      i += 2;
    }
  }
  return undefined;
}

/**
 * A path the router cannot take (an escape that does not decode): ES's error envelope, or on an RPC path the
 * Connect error the ES plugin's not-found handler gives there.
 */
function answerFrameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const path = req.raw.url?.split('?')[0] ?? '/';
  void reply.header('x-elastic-product', 'Elasticsearch');
  if (isRpcPath(path)) {
    void sendUnknownRpc(reply, path);
    return;
  }
  const reason = error.code === 'FST_ERR_BAD_URL' ? (escapeProblem(path) ?? `invalid URL encoding in [${path}]`) : `invalid URL [${path}]`;
  void reply.code(400).header('content-type', 'application/json').send(JSON.stringify(esErrorBody(new ClusterError('illegal_argument_exception', 400, reason))));
}

/**
 * A request the HTTP parser refuses (a request line or headers over the size limit, a malformed request): an ES
 * error envelope, as ES answers a request its HTTP decoder refuses, and the connection closed, since what follows
 * on it cannot be parsed either.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let cause: ClusterError;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    cause = new ClusterError('too_long_http_header_exception', 400, `HTTP header is larger than ${http.maxHeaderSize} bytes.`);
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    cause = new ClusterError('timeout_exception', 408, 'the request was not received in time');
  } else {
    cause = new ClusterError('illegal_argument_exception', 400, error.message);
  }
  // As Node's own handler: after a response has begun on this socket, a second status line would corrupt it.
  const responding = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (socket.writable && !responding) {
    const body = JSON.stringify(esErrorBody(cause));
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nX-elastic-product: Elasticsearch\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  // A client that keeps sending is cut off after a moment.
  setTimeout(() => socket.destroy(), 1_000).unref();
}
