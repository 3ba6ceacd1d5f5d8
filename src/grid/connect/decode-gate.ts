/**
 * @module Decodes each request body once before Connect does, so a body that does not decode is answered
 * with INVALID_ARGUMENT and a GridError detail in every protocol. connect-es itself reports undecodable
 * binary as INTERNAL, and its JSON decoding errors carry no detail. The verdict travels in a context
 * value to a request gate, because a gate's error is the one thing every protocol serialises itself.
 */
import { fromBinary, fromJsonString, type DescMessage } from '@bufbuild/protobuf';
import { ConnectError, createContextKey, createContextValues, type HandlerContext } from '@connectrpc/connect';
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

/** Undoes the compressions Connect accepts; undefined for one it does not, which Connect then refuses itself. */
function decompress(bytes: Uint8Array, encoding: string, limit: number): Uint8Array | undefined {
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
  } catch {
    // Corrupt or oversize compressed data is Connect's to report, with its own code.
    return undefined;
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
function messages(bytes: Uint8Array, framing: Framing, encoding: string, limit: number): Uint8Array[] | 'skip' {
  if (framing === 'whole') {
    const message = decompress(bytes, encoding, limit);
    return message ? [message] : 'skip';
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

export interface DecodeGate {
  /** Wraps a handler so it decodes the body first; keeps the handler's routing properties. */
  wrap(handler: UniversalHandler): UniversalHandler;
  /** The request gate that turns a failed decode into the error every protocol reports. */
  requestGate(context: HandlerContext): void;
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
        const contextValues = request.contextValues ?? createContextValues();
        const parts = bytes && messages(bytes, kind.framing, encodingOf(request.header, kind.framing), options.readMaxBytes);
        if (parts && parts !== 'skip') {
          for (const part of parts) {
            const problem = decodeProblem(handler.method.input, part, kind.format);
            if (problem !== undefined) {
              contextValues.set(UNDECODABLE, options.toError(`the request does not decode as ${handler.method.input.typeName}: ${problem}`));
              break;
            }
          }
        }
        return handler({ ...request, body, contextValues });
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
    requestGate(context) {
      const error = context.values.get(UNDECODABLE);
      if (error) throw error;
    },
  };
}

function isByteStream(body: UniversalServerRequest['body']): body is AsyncIterable<Uint8Array> {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body;
}
