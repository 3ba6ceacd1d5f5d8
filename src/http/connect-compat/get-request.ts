/**
 * @module Connect GET requests (a read marked NO_SIDE_EFFECTS, its message in the query) judged as the decode gate
 * judges a body. @connectrpc/connect 2.1.2 answers a `message` that is not base64 (with `base64=1`), does not
 * decompress or does not parse with INTERNAL (protocol-connect/handler-factory.js readUnaryMessageFromQuery, then
 * protocol/serialization.js); it is the client's error.
 */
import type { DescMethod } from '@bufbuild/protobuf';
import { base64Decode } from '@bufbuild/protobuf/wire';
import { MethodOptions_IdempotencyLevel } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import type { UniversalServerRequest } from '@connectrpc/connect/protocol';
import type { Format } from './request-framing.js';
import { CORRUPT, decompressAll, inflates, OVER } from './request-inflate.js';

const FORMATS: Readonly<Record<string, Format>> = { proto: 'binary', json: 'json' };

/** What a GET asks, where Connect would read its message: undefined where Connect answers first (405, 415). */
export interface GetMessage {
  readonly format: Format;
  /** The message as sent, base64 decoded and decompressed; or why it is neither. */
  readonly bytes: Uint8Array | ConnectError;
}

/** The format of a GET Connect reads a message from; undefined where Connect answers first (405, 415). */
export function getFormat(request: UniversalServerRequest, method: DescMethod): Format | undefined {
  if (request.method !== 'GET' || method.idempotency !== MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS) return undefined;
  return FORMATS[new URL(request.url).searchParams.get('encoding') ?? ''];
}

/** Its message, read once the caller is admitted (decoding and decompressing are work done for the caller). */
export async function getMessage(request: UniversalServerRequest, method: DescMethod, readMaxBytes: number, toError: (reason: string) => ConnectError): Promise<GetMessage | undefined> {
  const format = getFormat(request, method);
  if (!format) return undefined;
  const query = new URL(request.url).searchParams;
  const compression = query.get('compression');
  const compressed = compression !== null && compression !== 'identity';
  // Connect refuses a compression it does not take itself, before reading the message.
  if (compressed && !inflates(compression)) return undefined;
  const text = query.get('message') ?? '';
  let bytes: Uint8Array;
  if (query.get('base64') === '1') {
    try {
      bytes = base64Decode(text);
    } catch (error) {
      return { format, bytes: toError(`the message parameter is not base64: ${error instanceof Error ? error.message : String(error)}`) };
    }
  } else {
    bytes = new TextEncoder().encode(text);
  }
  if (!compressed) return { format, bytes };
  const inflated = await decompressAll({ parts: [{ flags: 0, data: bytes }], tail: new Uint8Array(0) }, compression, readMaxBytes, 'whole');
  if (inflated === CORRUPT) return { format, bytes: new ConnectError('decompression failed', Code.InvalidArgument) };
  if (inflated === OVER) return { format, bytes: new ConnectError(`request is larger than configured readMaxBytes ${readMaxBytes} after decompression`, Code.ResourceExhausted) };
  return { format, bytes: inflated.parts[0]!.data };
}

/** The request Connect gets for a refused GET: the same method and format, an empty message, nothing to decompress. */
export function emptyGet(request: UniversalServerRequest, format: Format): UniversalServerRequest {
  const url = new URL(request.url);
  url.search = `?connect=v1&encoding=${format === 'binary' ? 'proto' : 'json'}&message=${format === 'binary' ? '' : '%7B%7D'}`;
  return { ...request, url: url.toString() };
}
