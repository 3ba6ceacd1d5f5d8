/**
 * @module A short way through @connectrpc/connect 2.1.2 for a server stream whose messages go to many streams at
 * once: a WatchFields call in its plain form (Connect streaming or gRPC over HTTP/2, binary or JSON, no request
 * compression, no timeout) is served here with the envelopes, headers, end-of-stream message and trailers Connect
 * would send, and each message object is encoded (and compressed, when the client accepts it) once per format for
 * every stream it reaches. Connect runs each message of each stream through a chain of async generators
 * (implementation, serialise, compress, join, catch), and serialises the same changeset again for every watcher: with
 * 1,000 watchers one change cost 0.1–0.3 ms a stream.
 * Anything else goes to Connect's own handler. Sits behind the decode gate (decode-gate.ts): the body it gets is
 * already read, bounded and checked.
 */
import type { DescMessage, DescMethodServerStreaming, Message } from '@bufbuild/protobuf';
import { Code, ConnectError, type ContextValues } from '@connectrpc/connect';
import {
  compressionNegotiate,
  createAsyncIterable,
  createMethodSerializationLookup,
  encodeEnvelope,
  untilFirst,
  type Compression,
  type UniversalHandler,
  type UniversalServerRequest,
  type UniversalServerResponse,
} from '@connectrpc/connect/protocol';
import { createEndStreamSerialization, endStreamFlag } from '@connectrpc/connect/protocol-connect';
import { setTrailerStatus } from '@connectrpc/connect/protocol-grpc';
import { likeHandler } from './handler-shape.js';
import type { RouterSettings } from './router-settings.js';
import { COMPRESSED_FLAG, plainEnvelope, readUpTo, type Format } from './request-framing.js';

interface Plain {
  readonly protocol: 'connect' | 'grpc';
  readonly format: Format;
}

const PLAIN_TYPES: ReadonlyMap<string, Plain> = new Map([
  ['application/connect+proto', { protocol: 'connect', format: 'binary' }],
  ['application/connect+json', { protocol: 'connect', format: 'json' }],
  ['application/grpc', { protocol: 'grpc', format: 'binary' }],
  ['application/grpc+proto', { protocol: 'grpc', format: 'binary' }],
  ['application/grpc+json', { protocol: 'grpc', format: 'json' }],
]);

/** Per protocol: the answer's content types, and the headers of compression and timeout. */
const PROTOCOL = {
  connect: { types: { binary: 'application/connect+proto', json: 'application/connect+json' }, encoding: 'connect-content-encoding', accept: 'connect-accept-encoding', timeout: 'connect-timeout-ms' },
  grpc: { types: { binary: 'application/grpc+proto', json: 'application/grpc+json' }, encoding: 'grpc-encoding', accept: 'grpc-accept-encoding', timeout: 'grpc-timeout' },
} as const;

function plainForm(request: UniversalServerRequest): Plain | undefined {
  if (request.method !== 'POST') return undefined;
  const plain = PLAIN_TYPES.get(request.header.get('content-type') ?? '');
  if (!plain) return undefined;
  // gRPC is HTTP/2 only; over HTTP/1.1 Connect answers it its own way.
  if (plain.protocol === 'grpc' && request.httpVersion !== '2.0') return undefined;
  const { encoding, timeout } = PROTOCOL[plain.protocol];
  if (request.header.has(encoding) || request.header.has(timeout)) return undefined;
  return plain;
}

/** The router's settings, so that decoding, encoding, compression and shutdown are Connect's own. */
export interface StreamLaneOptions<I extends DescMessage, O extends DescMessage> extends RouterSettings {
  readonly method: DescMethodServerStreaming<I, O>;
  /** Whether an earlier step refused the call (it is then Connect's to answer). */
  readonly refused: (values: ContextValues) => boolean;
  /** The implementation; what it throws, when called or while streaming, ends the stream with `toError`'s error. */
  readonly serve: (input: Message, values: ContextValues, signal: AbortSignal) => AsyncIterable<Message>;
  /** The error a failure ends the stream with; by default a ConnectError as it is and anything else as internal. */
  readonly toError?: (error: unknown) => ConnectError;
}

/**
 * Each message's envelope, as Connect frames it (compressed when the client accepts it and the message is large
 * enough), made once per message, format and compression: every stream a changeset reaches shares it.
 */
export function messageEnvelopes(method: DescMethodServerStreaming, settings: RouterSettings): (message: Message, format: Format, compression: Compression | null) => Promise<Uint8Array> {
  const serialization = createMethodSerializationLookup(method, undefined, settings.jsonOptions, { readMaxBytes: settings.readMaxBytes, writeMaxBytes: 0xffffffff });
  const envelopes = new WeakMap<Message, Map<string, Promise<Uint8Array>>>();
  const envelope = async (data: Uint8Array, compression: Compression | null) =>
    compression && data.byteLength >= settings.compressMinBytes ? encodeEnvelope(COMPRESSED_FLAG, await compression.compress(data)) : encodeEnvelope(0, data);
  return (message, format, compression) => {
    const key = compression ? `${format} ${compression.name}` : format;
    let known = envelopes.get(message);
    if (!known) envelopes.set(message, (known = new Map()));
    let bytes = known.get(key);
    if (!bytes) known.set(key, (bytes = envelope(serialization.getO(format === 'binary').serialize(message), compression)));
    return bytes;
  };
}

/** The end-of-stream envelope a Connect stream closes with, carrying `failure` if any, as Connect frames it. */
export function connectEndStream(settings: RouterSettings): (failure: ConnectError | undefined, compression: Compression | null) => Promise<Uint8Array> {
  const endStream = createEndStreamSerialization(settings.jsonOptions as Parameters<typeof createEndStreamSerialization>[0]);
  return async (failure, compression) => {
    const data = endStream.serialize({ metadata: new Headers(), ...(failure && { error: failure }) });
    if (compression && data.byteLength >= settings.compressMinBytes) return encodeEnvelope(endStreamFlag | COMPRESSED_FLAG, await compression.compress(data));
    return encodeEnvelope(endStreamFlag, data);
  };
}

export function withServerStreamFastLane<I extends DescMessage, O extends DescMessage>(handler: UniversalHandler, options: StreamLaneOptions<I, O>): UniversalHandler {
  const endStream = connectEndStream(options);
  const messageEnvelope = messageEnvelopes(options.method, options);
  const serialization = createMethodSerializationLookup(options.method, undefined, options.jsonOptions, { readMaxBytes: options.readMaxBytes, writeMaxBytes: 0xffffffff });

  const toError = options.toError ?? ((error: unknown) => (error instanceof ConnectError ? error : new ConnectError('internal error', Code.Internal, undefined, undefined, error)));

  async function* frames(plain: Plain, open: () => AsyncIterable<Message>, compression: Compression | null, trailer: Headers, done: AbortController): AsyncGenerator<Uint8Array> {
    let failure: ConnectError | undefined;
    try {
      for await (const message of open()) yield await messageEnvelope(message, plain.format, compression);
    } catch (error) {
      failure = toError(error);
    } finally {
      done.abort();
    }
    if (plain.protocol === 'grpc') {
      if (failure) setTrailerStatus(trailer, failure);
      return;
    }
    yield await endStream(failure, compression);
  }

  async function fast(request: UniversalServerRequest, plain: Plain, values: ContextValues): Promise<UniversalServerResponse> {
    const read = await readUpTo(request.body as AsyncIterable<Uint8Array>, options.readMaxBytes);
    if (!read.bytes) return handler({ ...request, body: read.body });
    const bytes = read.bytes;
    const again = () => handler({ ...request, body: createAsyncIterable([bytes]) });
    const message = plainEnvelope(bytes);
    if (!message) return again();
    let input: Message;
    try {
      input = serialization.getI(plain.format === 'binary').parse(message);
    } catch {
      return again();
    }
    const names = PROTOCOL[plain.protocol];
    const compression = compressionNegotiate([...options.acceptCompression], null, request.header.get(names.accept), names.accept).response;
    const header = new Headers({ 'content-type': names.types[plain.format] });
    if (compression) header.set(names.encoding, compression.name);
    const trailer = new Headers(plain.protocol === 'grpc' ? { 'grpc-status': '0' } : {});
    // Ends when the client goes, the server closes, or the stream does (which stops the implementation's work).
    const done = new AbortController();
    const signal = AbortSignal.any([request.signal, options.shutdownSignal, done.signal]);
    const body = frames(plain, () => options.serve(input, values, signal), compression, trailer, done);
    // As Connect: the headers wait for the first bytes, so an error before any message is a trailers-only answer.
    return { status: 200, header, body: await untilFirst(body), ...(plain.protocol === 'grpc' && { trailer }) };
  }

  return likeHandler(handler, (request) => {
    const plain = plainForm(request);
    const values = request.contextValues;
    if (!plain || !values || options.refused(values) || typeof request.body !== 'object' || request.body === null || !(Symbol.asyncIterator in request.body)) {
      return handler(request);
    }
    return fast(request, plain, values);
  });
}
