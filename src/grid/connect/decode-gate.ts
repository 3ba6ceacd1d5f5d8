/**
 * @module Decodes each request body once before Connect does, so a body that does not decode is answered
 * with INVALID_ARGUMENT and a GridError detail in every protocol. connect-es itself reports undecodable
 * binary as INTERNAL, and its JSON decoding errors carry no detail. A body that fails is replaced by an
 * empty message and the verdict travels in a context value to an interceptor, which throws it: a handler's
 * error is what every protocol serialises itself.
 */
import { fromBinary, fromJsonString, type DescMessage } from '@bufbuild/protobuf';
import { Code, ConnectError, createContextKey, createContextValues, type Interceptor } from '@connectrpc/connect';
import { createAsyncIterable, type UniversalHandler, type UniversalServerRequest } from '@connectrpc/connect/protocol';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const UNDECODABLE = createContextKey<ConnectError | undefined>(undefined, { description: 'undecodable request' });

const ENVELOPE_HEADER = 5;
const COMPRESSED_FLAG = 0b1;

type Framing = 'whole' | 'enveloped';
type Format = 'binary' | 'json';

/** Which part of the body is the message, by content type; undefined for what Connect alone should judge. */
function classify(contentType: string): { framing: Framing; format: Format } | undefined {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  switch (type) {
    case 'application/proto':
      return { framing: 'whole', format: 'binary' };
    case 'application/json':
      return { framing: 'whole', format: 'json' };
    case 'application/connect+proto':
    case 'application/grpc':
    case 'application/grpc+proto':
    case 'application/grpc-web':
    case 'application/grpc-web+proto':
      return { framing: 'enveloped', format: 'binary' };
    case 'application/connect+json':
    case 'application/grpc+json':
    case 'application/grpc-web+json':
      return { framing: 'enveloped', format: 'json' };
    default:
      return undefined;
  }
}

/** The encoding of the whole body (Connect unary) or of compressed envelopes (streams, gRPC). */
function encodingOf(header: Headers, framing: Framing): string {
  const name = framing === 'whole' ? 'content-encoding' : header.has('grpc-encoding') ? 'grpc-encoding' : 'connect-content-encoding';
  return (header.get(name) ?? 'identity').trim().toLowerCase();
}

/** Compressed data that does not decompress (not data that decompresses to too much). */
const CORRUPT = 'corrupt';

/**
 * Undoes the compressions Connect accepts; undefined for one it does not, which Connect then refuses itself, and for
 * data over the limit once decompressed, which Connect refuses as resource_exhausted.
 */
function decompress(bytes: Uint8Array, encoding: string, limit: number): Uint8Array | undefined | typeof CORRUPT {
  if (bytes.byteLength === 0) return bytes; // as Connect: nothing compressed is nothing
  try {
    switch (encoding) {
      case 'identity':
        return bytes;
      case 'gzip':
        return gunzipSync(bytes, { maxOutputLength: limit });
      case 'br':
        return brotliDecompressSync(bytes, { maxOutputLength: limit });
      default:
        return undefined;
    }
  } catch (error) {
    // connect-es reports some corrupt data (a truncated gzip stream, for one) as INTERNAL; it is the client's error.
    return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? undefined : CORRUPT;
  }
}

/** Reads at most `limit` bytes; an over-limit body is handed back whole for Connect to refuse. */
async function readUpTo(body: AsyncIterable<Uint8Array>, limit: number): Promise<{ bytes?: Uint8Array; body: AsyncIterable<Uint8Array> }> {
  const iterator = body[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    size += next.value.byteLength;
    if (size > limit) {
      const rest: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => iterator };
      return { body: (async function* () { yield* chunks; yield* rest; })() };
    }
  }
  const bytes = Buffer.concat(chunks);
  return { bytes, body: createAsyncIterable([bytes]) };
}

/** The request's messages, decompressed; 'skip' when only Connect can judge the body. */
function messages(bytes: Uint8Array, framing: Framing, encoding: string, limit: number): Uint8Array[] | 'skip' | typeof CORRUPT {
  if (framing === 'whole') {
    const message = decompress(bytes, encoding, limit);
    return message === CORRUPT ? CORRUPT : message ? [message] : 'skip';
  }
  const out: Uint8Array[] = [];
  let offset = 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  while (offset < bytes.byteLength) {
    // A torn envelope is Connect's to report; only complete messages are judged here.
    if (offset + ENVELOPE_HEADER > bytes.byteLength) return 'skip';
    const flags = bytes[offset]!;
    const length = view.getUint32(offset + 1);
    if (offset + ENVELOPE_HEADER + length > bytes.byteLength) return 'skip';
    const data = bytes.subarray(offset + ENVELOPE_HEADER, offset + ENVELOPE_HEADER + length);
    const message = flags & COMPRESSED_FLAG ? decompress(data, encoding, limit) : data;
    if (message === CORRUPT) return CORRUPT;
    if (!message) return 'skip';
    out.push(message);
    offset += ENVELOPE_HEADER + length;
  }
  return out;
}

function decodeProblem(desc: DescMessage, message: Uint8Array, format: Format): string | undefined {
  try {
    if (format === 'binary') fromBinary(desc, message);
    else fromJsonString(desc, new TextDecoder('utf-8', { fatal: true }).decode(message), { ignoreUnknownFields: false });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function firstProblem(desc: DescMessage, parts: readonly Uint8Array[], format: Format): string | undefined {
  for (const part of parts) {
    const problem = decodeProblem(desc, part, format);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** A body that decodes as any request message: no fields at all, framed as the protocol expects, uncompressed. */
function emptyMessage(kind: { framing: Framing; format: Format }): Uint8Array {
  const message = kind.format === 'json' ? new TextEncoder().encode('{}') : new Uint8Array(0);
  if (kind.framing === 'whole') return message;
  const envelope = new Uint8Array(ENVELOPE_HEADER + message.byteLength);
  new DataView(envelope.buffer).setUint32(1, message.byteLength);
  envelope.set(message, ENVELOPE_HEADER);
  return envelope;
}

export interface DecodeGate {
  /** Wraps a handler so it decodes the body first; keeps the handler's routing properties. */
  wrap(handler: UniversalHandler): UniversalHandler;
  /** Throws the verdict of a failed decode before the implementation runs. */
  readonly interceptor: Interceptor;
}

export function createDecodeGate(options: { readMaxBytes: number; toError: (reason: string) => ConnectError }): DecodeGate {
  return {
    wrap(handler) {
      const wrapped = async (request: UniversalServerRequest) => {
        const kind = classify(request.header.get('content-type') ?? '');
        if (request.method !== 'POST' || kind === undefined || !isByteStream(request.body)) {
          return handler(request);
        }
        const { bytes, body } = await readUpTo(request.body, options.readMaxBytes);
        const parts = bytes && messages(bytes, kind.framing, encodingOf(request.header, kind.framing), options.readMaxBytes);
        const problem = parts && parts !== 'skip' && parts !== CORRUPT ? firstProblem(handler.method.input, parts, kind.format) : undefined;
        if (problem === undefined && parts !== CORRUPT) return handler({ ...request, body });
        const contextValues = request.contextValues ?? createContextValues();
        contextValues.set(
          UNDECODABLE,
          // The answer Connect gives for other corrupt data (and connect-go for all of it), with no GridError detail.
          parts === CORRUPT ? new ConnectError('decompression failed', Code.InvalidArgument) : options.toError(`the request does not decode as ${handler.method.input.typeName}: ${problem}`),
        );
        const header = new Headers(request.header);
        header.delete('content-encoding');
        header.delete('content-length');
        return handler({ ...request, header, body: createAsyncIterable([emptyMessage(kind)]), contextValues });
      };
      return Object.assign(wrapped, {
        protocolNames: handler.protocolNames,
        allowedMethods: handler.allowedMethods,
        supportedContentType: handler.supportedContentType,
        requestPath: handler.requestPath,
        service: handler.service,
        method: handler.method,
      });
    },
    interceptor: (next) => (request) => {
      const error = request.contextValues.get(UNDECODABLE);
      if (error) throw error;
      return next(request);
    },
  };
}

function isByteStream(body: UniversalServerRequest['body']): body is AsyncIterable<Uint8Array> {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body;
}
