/**
 * @module Answers plain gRPC unary calls over HTTP/2 before @connectrpc/connect-node 2.1.2's adapter converts them:
 * its universal request and response, Connect's handler context (linked abort controllers) and its chain of async
 * generators for one message cost several times what GetFields itself costs.
 *
 * Taken: POST to a method's own path, `application/grpc` (`+proto`, `+json`) exactly, no `grpc-encoding` and no
 * `grpc-timeout`; the answer is compressed as Connect would when `grpc-accept-encoding` offers it. A body that is not
 * exactly one uncompressed message within the read limit goes on to the adapter, with what was read of it given back,
 * and so does every call once the server is closing. A call taken here is answered as Connect answers it, error or
 * not, with the same headers, frame and trailers: authenticated from its headers before its body is read, decoded as
 * the decode gate decodes (decode-gate.ts), and served by the same implementation Connect calls.
 */
import type { DescMessage, Message } from '@bufbuild/protobuf';
import { Code, ConnectError, type ContextValues } from '@connectrpc/connect';
import { compressionNegotiate, encodeEnvelope, type Compression } from '@connectrpc/connect/protocol';
import { setTrailerStatus } from '@connectrpc/connect/protocol-grpc';
import type http2 from 'node:http2';
import { decodeRequest, undecodable } from './decode-gate.js';
import { COMPRESSED_FLAG, plainEnvelope, type Format } from './request-framing.js';
import type { RouterSettings } from './router-settings.js';
import { givenBack, readBody } from './request-body.js';
import { laneRoutes, type Encoded, type PlainLane } from './unary-lane-routes.js';

export type Http2Handler = (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;

export interface GrpcLaneOptions extends RouterSettings {
  /** The context values a call starts with, as the adapter creates them. */
  readonly contextValues: (req: http2.Http2ServerRequest) => ContextValues;
}

export const GRPC_FORMATS: Readonly<Record<string, Format>> = { 'application/grpc': 'binary', 'application/grpc+proto': 'binary', 'application/grpc+json': 'json' };
const ANSWER_TYPE: Readonly<Record<Format, string>> = { binary: 'application/grpc+proto', json: 'application/grpc+json' };
const OK_TRAILER: Readonly<Record<string, string>> = Object.freeze({ 'grpc-status': '0' });

/** The headers of Connect's gRPC answers, by format and compression, as the objects connect-node writes. */
export function grpcHeaders(): (format: Format, compression: Compression | null) => Record<string, string> {
  const known = new Map<string, Record<string, string>>();
  return (format, compression) => {
    const key = `${format} ${compression?.name ?? ''}`;
    let header = known.get(key);
    // Connect writes them from Headers objects, whose keys iterate sorted and lower-case.
    if (!header) known.set(key, (header = Object.fromEntries(new Headers({ 'content-type': ANSWER_TYPE[format], ...(compression && { 'grpc-encoding': compression.name }) }))));
    return header;
  };
}

/** `handler` with plain gRPC unary calls taken first; `handler` gets every other request, and those the lane gives back. */
export function withGrpcUnaryLane(lane: PlainLane, options: GrpcLaneOptions, handler: Http2Handler): Http2Handler {
  const routes = laneRoutes(lane, options);
  const accept = [...options.acceptCompression];

  const headers = grpcHeaders();
  /** Each answer's whole frame, kept with its encoding where the implementation repeats answers. */
  const frames = new WeakMap<Encoded, Uint8Array>();

  /** As universalResponseToNodeResponse writes Connect's answer: headers, the frame if any, trailers, end. */
  function respond(res: http2.Http2ServerResponse, header: Record<string, string>, frame: Uint8Array | undefined, trailer: Record<string, string>): void {
    res.writeHead(200, header);
    if (frame) res.write(frame);
    res.addTrailers(trailer);
    res.end();
  }

  async function serve(req: http2.Http2ServerRequest, res: http2.Http2ServerResponse, path: string, format: Format): Promise<void> {
    const route = routes.get(path)!;
    const compression = compressionNegotiate(accept, null, (req.headers['grpc-accept-encoding'] as string | undefined) ?? null, 'grpc-accept-encoding').response;
    const header = headers(format, compression);
    const fail = (error: ConnectError) => respond(res, header, undefined, Object.fromEntries(setTrailerStatus(new Headers({ 'grpc-status': '0' }), error)));

    const values = options.contextValues(req);
    const input = await plainMessage(lane, options, handler, req, res, route.entry.method.input, format, values, fail);
    if (!input) return;
    let output: Message;
    try {
      output = await route.entry.serve(input, values);
    } catch (error) {
      return fail(error instanceof ConnectError ? error : new ConnectError('internal error', Code.Internal, undefined, undefined, error));
    }
    const encoded = await routes.encode(route, output, format, compression);
    let frame = frames.get(encoded);
    if (!frame) frames.set(encoded, (frame = encodeEnvelope(encoded.encoding ? COMPRESSED_FLAG : 0, encoded.bytes)));
    respond(res, header, frame, OK_TRAILER);
  }

  return (req, res) => {
    const format = GRPC_FORMATS[(req.headers['content-type'] as string | undefined) ?? ''];
    const path = req.url;
    if (req.method !== 'POST' || !format || options.shutdownSignal.aborted || !routes.get(path)) return handler(req, res);
    if (req.headers['grpc-encoding'] !== undefined || req.headers['grpc-timeout'] !== undefined) return handler(req, res);
    serve(req, res, path, format).catch((error: unknown) => {
      // Only a broken stream gets here: there is nobody left to answer.
      res.stream.destroy(error instanceof Error ? error : undefined);
    });
  };
}

/**
 * The call's one message, decoded, once `lane` admits the caller; undefined when the call was refused (`fail` has
 * answered it), given back to `handler` (not one uncompressed message within the limit: Connect's to judge, from the
 * body as it came), or the client went away.
 */
export async function plainMessage(
  lane: PlainLane,
  options: GrpcLaneOptions,
  handler: Http2Handler,
  req: http2.Http2ServerRequest,
  res: http2.Http2ServerResponse,
  input: DescMessage,
  format: Format,
  values: ContextValues,
  fail: (error: ConnectError) => void,
): Promise<Message | undefined> {
  const refusal = lane.admit && (await lane.admit(req.headers.authorization, req.url, values));
  if (refusal) return void fail(refusal);
  const read = await readBody(req, options.readMaxBytes);
  if (!read) return undefined;
  const message = plainEnvelope(read.bytes);
  if (!message) return void handler(givenBack(req, read.chunks), res);
  const decoded = decodeRequest(input, message, format);
  if ('problem' in decoded) return void fail(lane.toDecodeError(undecodable(input, decoded.problem)));
  return decoded.message;
}
