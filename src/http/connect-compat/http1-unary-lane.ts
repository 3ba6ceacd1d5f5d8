/**
 * @module Answers plain Connect unary calls over HTTP/1.1 straight from Node's request event, before Fastify and
 * @connectrpc/connect-fastify 2.1.2 see them. Under load, Fastify's request and reply objects, connect-fastify's
 * conversion of both to universal ones, Connect's handler context (two linked abort controllers) and the decode gate's
 * second decode cost several times what GetFields itself costs (BENCHMARKS.md, "How costs grow").
 *
 * Only the plainest form is taken: POST to a method's own path with no query, `application/proto` or
 * `application/json` exactly, an uncompressed body within the read limit (by its content-length, or chunked, as
 * connect-node's clients send it), and no timeout; the answer is compressed as Connect would (accept-encoding), and a
 * repeated answer's bytes are kept. Everything else (and every call once the server is closing) goes on to Fastify,
 * untouched and unread; a chunked body that runs past the limit goes on with what was read of it given back. A call taken here is
 * answered as Connect answers it, error or not, with the same status, headers and bytes: authenticated from its
 * headers before its body is read, decoded as the decode gate decodes (decode-gate.ts), and served by the same
 * implementation Connect calls.
 */
import type { Message } from '@bufbuild/protobuf';
import { Code, ConnectError, type ContextValues } from '@connectrpc/connect';
import { compressionNegotiate, type Compression } from '@connectrpc/connect/protocol';
import { codeToHttpStatus, errorToJsonBytes } from '@connectrpc/connect/protocol-connect';
import type http from 'node:http';
import { decodeRequest, undecodable } from './decode-gate.js';
import type { Format } from './request-framing.js';
import { givenBack, readBody } from './request-body.js';
import type { RouterSettings } from './router-settings.js';
import { laneRoutes, type Encoded, type Route, type PlainLane } from './unary-lane-routes.js';

/** The router's settings (its shutdown signal: once aborted, calls go to Fastify, which answers as a closing server does). */
export interface LaneOptions extends RouterSettings {
  /** The context values a call starts with, as the adapters create them. */
  readonly contextValues: (req: http.IncomingMessage) => ContextValues;
  /** Headers every answer of the application carries (Fastify's hooks add them to the others), before Connect's. */
  readonly header: readonly (readonly [string, string])[];
  /** Told of each call a lane answers itself (not of one it leaves, or gives back, to the next listener). */
  readonly taken?: (req: http.IncomingMessage, res: http.ServerResponse) => void;
}

const FORMATS: Readonly<Record<string, Format>> = { 'application/proto': 'binary', 'application/json': 'json' };
/** Headers that make Connect do more than decode, call, encode and compress the answer. */
const CONNECT_DECIDES = ['content-encoding', 'connect-timeout-ms'] as const;

/**
 * A Node request listener's front: returns false for a request it leaves to `next`, unread. A lane that takes a
 * request may still give it to `next` later, with what it read of the body given back.
 */
export type Http1Lane = (req: http.IncomingMessage, res: http.ServerResponse, next: http.RequestListener) => boolean;

export function createHttp1UnaryLane(lane: PlainLane, options: LaneOptions): Http1Lane {
  const routes = laneRoutes(lane, options);
  const fixed = options.header.flat();

  function answer(res: http.ServerResponse, format: Format, { bytes, encoding }: Encoded): void {
    const type = format === 'binary' ? 'application/proto' : 'application/json';
    const length = String(bytes.byteLength);
    res.writeHead(200, encoding ? [...fixed, 'content-encoding', encoding, 'content-length', length, 'content-type', type] : [...fixed, 'content-length', length, 'content-type', type]);
    res.end(bytes);
  }

  /** Connect's unary error answer (protocol-connect/handler-factory.js): its headers go out in Headers' sorted order. */
  async function fail(res: http.ServerResponse, error: ConnectError, compression: Compression | null): Promise<void> {
    let body = errorToJsonBytes(error, undefined);
    const header = new Headers({ 'content-type': 'application/json' });
    error.metadata.forEach((value, key) => header.set(key, value));
    if (compression && body.byteLength >= options.compressMinBytes) {
      body = await compression.compress(body);
      header.set('content-encoding', compression.name);
    }
    header.set('content-length', String(body.byteLength));
    const raw = [...fixed];
    header.forEach((value, key) => raw.push(key, value));
    res.writeHead(codeToHttpStatus(error.code), raw);
    res.end(body);
  }

  async function serve(req: http.IncomingMessage, res: http.ServerResponse, route: Route, format: Format, limit: number, next: http.RequestListener): Promise<void> {
    const accepted = req.headers['accept-encoding'];
    const compression = accepted === undefined ? null : compressionNegotiate([...options.acceptCompression], null, accepted, 'accept-encoding').response;
    const values = options.contextValues(req);
    const refusal = lane.admit && (await lane.admit(req.headers.authorization, req.url!, values));
    if (refusal) {
      // The body of a refused call is never read; the port discards it once the answer is out.
      options.taken?.(req, res);
      return fail(res, refusal, compression);
    }
    const read = await readBody(req, limit);
    if (!read) return;
    // A chunked body past the limit: Connect's to refuse, as it reads it.
    if (!read.bytes) return void next(givenBack(req, read.chunks), res);
    options.taken?.(req, res);
    const body = read.bytes;
    const input = route.entry.method.input;
    const decoded = decodeRequest(input, body, format);
    if ('problem' in decoded) return fail(res, lane.toDecodeError(undecodable(input, decoded.problem)), compression);
    let output: Message;
    try {
      output = await route.entry.serve(decoded.message, values);
    } catch (error) {
      return fail(res, error instanceof ConnectError ? error : new ConnectError('internal error', Code.Internal, undefined, undefined, error), compression);
    }
    answer(res, format, await routes.encode(route, output, format, compression));
  }

  return plainHttp1Lane(options, (path) => routes.get(path), FORMATS, CONNECT_DECIDES, serve);
}

/**
 * A lane that takes the plain calls of the methods `route` finds: POST to the method's own path (no query), one of
 * `formats` exactly, none of the `decides` headers (Connect's to serve), and a body within the read limit by its
 * content-length, or chunked (read up to the limit). `serve` gets how much of the body to read at most.
 */
export function plainHttp1Lane<Route>(
  options: LaneOptions,
  route: (path: string) => Route | undefined,
  formats: Readonly<Record<string, Format>>,
  decides: readonly string[],
  serve: (req: http.IncomingMessage, res: http.ServerResponse, route: Route, format: Format, limit: number, next: http.RequestListener) => Promise<void>,
): Http1Lane {
  return (req, res, next) => {
    if (req.method !== 'POST' || options.shutdownSignal.aborted) return false;
    const found = route(req.url!);
    if (found === undefined) return false;
    const format = formats[req.headers['content-type'] ?? ''];
    if (!format) return false;
    const limit = bodyLimit(req, decides, options.readMaxBytes);
    if (limit === undefined) return false;
    serve(req, res, found, format, limit, next).catch((error: unknown) => {
      // Only a broken connection gets here: there is nobody left to answer.
      res.destroy(error instanceof Error ? error : undefined);
    });
    return true;
  };
}

/** The content-length, or the read limit for a chunked body; undefined for a call Connect must serve or refuse. */
function bodyLimit(req: http.IncomingMessage, decides: readonly string[], readMaxBytes: number): number | undefined {
  for (const name of decides) if (req.headers[name] !== undefined) return undefined;
  const declared = req.headers['content-length'];
  if (declared === undefined) return readMaxBytes;
  const length = Number(declared);
  return Number.isSafeInteger(length) && length <= readMaxBytes ? length : undefined;
}
