/**
 * @module Serves plain Connect server streams (WatchFields) over HTTP/1.1 straight from Node's request event, before
 * Fastify and @connectrpc/connect-fastify 2.1.2, writing each shared envelope to the response. Through Fastify,
 * connect-node's response writer made a promise and registered two listeners for every message of every stream: with
 * 1,000 watchers that cost showed in the fan-out's tail (BENCHMARKS.md).
 *
 * Taken as http1-unary-lane.ts takes unary calls: POST to the method's own path with no query,
 * `application/connect+proto` or `application/connect+json` exactly, a body within the read limit (by its
 * content-length, or chunked), no request compression, no timeout. A body that is not exactly one uncompressed
 * envelope within the limit goes to Fastify with what was read of it given back. A stream served here is what
 * Connect sends, byte for byte: headers with the first message (or the end), each envelope encoded once for every
 * stream it reaches (server-stream-fast-lane.ts), then the end-of-stream message, carrying the error of a failure.
 */
import type { ConnectError } from '@connectrpc/connect';
import { compressionNegotiate, type Compression } from '@connectrpc/connect/protocol';
import type http from 'node:http';
import { decodeRequest, undecodable } from './decode-gate.js';
import { plainHttp1Lane, type Http1Lane, type LaneOptions } from './http1-unary-lane.js';
import { givenBack, readBody } from './request-body.js';
import { plainEnvelope, type Format } from './request-framing.js';
import { connectEndStream, messageEnvelopes } from './server-stream-fast-lane.js';
import type { LaneStream, PlainLane } from './unary-lane-routes.js';
import { drained } from './write-pacing.js';

const FORMATS: Readonly<Record<string, Format>> = { 'application/connect+proto': 'binary', 'application/connect+json': 'json' };
const ANSWER_TYPE: Readonly<Record<Format, string>> = { binary: 'application/connect+proto', json: 'application/connect+json' };
/** Headers that make Connect do more than decode, call, encode and compress. */
const CONNECT_DECIDES = ['connect-content-encoding', 'connect-timeout-ms'] as const;

interface StreamRoute {
  readonly stream: LaneStream;
  readonly envelope: ReturnType<typeof messageEnvelopes>;
}

export function createHttp1StreamLane(lane: PlainLane, options: LaneOptions): Http1Lane {
  const routes = new Map<string, StreamRoute>();
  for (const stream of lane.streams ?? []) {
    routes.set(`/${stream.method.parent.typeName}/${stream.method.name}`, { stream, envelope: messageEnvelopes(stream.method, options) });
  }
  const accept = [...options.acceptCompression];
  const endStream = connectEndStream(options);
  const fixed = options.header.flat();
  // Connect writes its headers from a Headers object, whose keys iterate sorted.
  const headers = (format: Format, compression: Compression | null): string[] =>
    compression ? [...fixed, 'connect-content-encoding', compression.name, 'content-type', ANSWER_TYPE[format]] : [...fixed, 'content-type', ANSWER_TYPE[format]];

  async function serve(req: http.IncomingMessage, res: http.ServerResponse, route: StreamRoute, format: Format, limit: number, next: http.RequestListener): Promise<void> {
    const compression = compressionNegotiate(accept, null, (req.headers['connect-accept-encoding'] as string | undefined) ?? null, 'connect-accept-encoding').response;
    const header = headers(format, compression);
    const finish = async (failure?: ConnectError) => {
      const bytes = await endStream(failure, compression);
      if (res.destroyed) return;
      if (!res.headersSent) res.writeHead(200, header);
      res.end(bytes);
    };

    const values = options.contextValues(req);
    const refusal = lane.admit && (await lane.admit(req.headers.authorization, req.url!, values));
    if (refusal) {
      // The body of a refused call is never read; the port discards it once the answer is out.
      options.taken?.(req, res);
      return finish(refusal);
    }
    const read = await readBody(req, limit);
    if (!read) return;
    // Past the limit (chunked), or not one plain envelope: Connect's to judge, from the body as it came.
    const message = plainEnvelope(read.bytes);
    if (!message) return void next(givenBack(req, read.chunks), res);
    options.taken?.(req, res);
    const input = route.stream.method.input;
    const decoded = decodeRequest(input, message, format);
    if ('problem' in decoded) return finish(lane.toDecodeError(undecodable(input, decoded.problem)));

    // Ends when the client goes, the server closes, or the stream does (which stops the implementation's work).
    const done = new AbortController();
    const signal = AbortSignal.any([options.shutdownSignal, done.signal]);
    res.once('close', () => done.abort());
    let failure: ConnectError | undefined;
    try {
      for await (const changeset of route.stream.serve(decoded.message, values, signal)) {
        const frame = await route.envelope(changeset, format, compression);
        if (res.destroyed || res.writableEnded) return;
        if (!res.headersSent) res.writeHead(200, header);
        // A watcher that reads slowly holds the stream here, not the server's memory.
        if (!res.write(frame)) await drained(res);
      }
    } catch (error) {
      failure = route.stream.toError(error);
    } finally {
      done.abort();
    }
    await finish(failure);
  }

  return plainHttp1Lane(options, (path) => routes.get(path), FORMATS, CONNECT_DECIDES, serve);
}
