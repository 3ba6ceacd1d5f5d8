/**
 * @module Serves plain gRPC server streams (WatchFields) over HTTP/2 before @connectrpc/connect-node 2.1.2's adapter,
 * writing each message's envelope straight to the HTTP/2 response. Through the adapter, every message of every stream
 * went through a generator that frames it, a wrapper that waits for the first, and a write that registers and
 * removes listeners and makes a promise: with 1,000 watchers that cost showed in the fan-out's tail.
 *
 * Taken as grpc-unary-lane.ts takes unary calls (the same content types, no `grpc-encoding`, no `grpc-timeout`,
 * compression as `grpc-accept-encoding` offers it). Everything else, a body that is not one plain message within the
 * limit included, goes to the adapter. A stream served here is what Connect sends, byte for byte: the headers once
 * the first message (or the end) is known, each envelope encoded once for every stream it reaches
 * (server-stream-fast-lane.ts), then `grpc-status` and, on failure, the error, in the trailers.
 */
import type { Message } from '@bufbuild/protobuf';
import type { ContextValues } from '@connectrpc/connect';
import { compressionNegotiate, type Compression } from '@connectrpc/connect/protocol';
import { setTrailerStatus } from '@connectrpc/connect/protocol-grpc';
import type http2 from 'node:http2';
import { GRPC_FORMATS, grpcHeaders, plainMessage, type GrpcLaneOptions, type Http2Handler } from './grpc-unary-lane.js';
import type { Format } from './request-framing.js';
import { messageEnvelopes } from './server-stream-fast-lane.js';
import type { LaneStream, PlainLane } from './unary-lane-routes.js';
import { drained } from './write-pacing.js';

interface StreamRoute {
  readonly stream: LaneStream;
  readonly envelope: (message: Message, format: Format, compression: Compression | null) => Promise<Uint8Array>;
}

/** `handler` with plain gRPC server streams of `lane` taken first. */
export function withGrpcStreamLane(lane: PlainLane, options: GrpcLaneOptions, handler: Http2Handler): Http2Handler {
  const routes = new Map<string, StreamRoute>();
  for (const stream of lane.streams ?? []) {
    routes.set(`/${stream.method.parent.typeName}/${stream.method.name}`, { stream, envelope: messageEnvelopes(stream.method, options) });
  }
  const accept = [...options.acceptCompression];
  const headers = grpcHeaders();

  async function serve(req: http2.Http2ServerRequest, res: http2.Http2ServerResponse, route: StreamRoute, format: Format): Promise<void> {
    const compression = compressionNegotiate(accept, null, (req.headers['grpc-accept-encoding'] as string | undefined) ?? null, 'grpc-accept-encoding').response;
    const header = headers(format, compression);
    const trailer = new Headers({ 'grpc-status': '0' });
    const values: ContextValues = options.contextValues(req);
    const end = (failure?: unknown) => {
      if (failure !== undefined) setTrailerStatus(trailer, route.stream.toError(failure));
      if (!res.headersSent) res.writeHead(200, header);
      res.addTrailers(Object.fromEntries(trailer));
      res.end();
    };

    const input = await plainMessage(lane, options, handler, req, res, route.stream.method.input, format, values, end);
    if (!input) return;

    // Ends when the client goes, the server closes, or the stream does (which stops the implementation's work).
    const done = new AbortController();
    const signal = AbortSignal.any([options.shutdownSignal, done.signal]);
    res.once('close', () => done.abort());
    try {
      for await (const message of route.stream.serve(input, values, signal)) {
        const frame = await route.envelope(message, format, compression);
        if (res.destroyed || res.writableEnded) return;
        if (!res.headersSent) res.writeHead(200, header);
        // A watcher that reads slowly holds the stream here, not the server's memory.
        if (!res.write(frame)) await drained(res);
      }
      if (!res.destroyed) end();
    } catch (error) {
      if (!res.destroyed) end(error);
    } finally {
      done.abort();
    }
  }

  return (req, res) => {
    const format = GRPC_FORMATS[(req.headers['content-type'] as string | undefined) ?? ''];
    const route = routes.get(req.url);
    if (req.method !== 'POST' || !format || !route || options.shutdownSignal.aborted) return handler(req, res);
    if (req.headers['grpc-encoding'] !== undefined || req.headers['grpc-timeout'] !== undefined) return handler(req, res);
    serve(req, res, route, format).catch((error: unknown) => {
      // Only a broken stream gets here: there is nobody left to answer.
      res.stream.destroy(error instanceof Error ? error : undefined);
    });
  };
}
