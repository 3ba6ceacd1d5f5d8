/**
 * @module A short way through @connectrpc/connect 2.1.2 for a read whose answer repeats: a unary call in its
 * plainest form (Connect unary POST or gRPC over HTTP/2, binary or JSON, no compression asked for or offered, no
 * timeout) is decoded, served and answered here, with the same bytes and headers Connect would send, and an answer
 * object served again (a cached one) is encoded only once per format. Under GetFields load connect-es's per-call
 * machinery (a handler context with two linked abort controllers, each abort building a DOMException, async
 * iterables around one message) and the reflective encoding of the same 50 fields cost more than the call itself.
 * Anything else, and any call that fails, goes to Connect's own handler, which answers it as it always has.
 * Sits behind the decode gate (decode-gate.ts): the body it gets is already read, bounded and checked.
 */
import type { DescMethodUnary, DescMessage, Message, MessageShape } from '@bufbuild/protobuf';
import type { ContextValues } from '@connectrpc/connect';
import { createAsyncIterable, createMethodSerializationLookup, type UniversalHandler, type UniversalServerRequest, type UniversalServerResponse } from '@connectrpc/connect/protocol';
import { ENVELOPE_HEADER, readUpTo } from './request-framing.js';
import { likeHandler } from './handler-shape.js';

type Format = 'binary' | 'json';

interface Plain {
  readonly protocol: 'connect' | 'grpc';
  readonly format: Format;
}

/** The content types Connect answers with, by protocol and format. */
const ANSWER_TYPE: Readonly<Record<Plain['protocol'], Readonly<Record<Format, string>>>> = {
  connect: { binary: 'application/proto', json: 'application/json' },
  grpc: { binary: 'application/grpc+proto', json: 'application/grpc+json' },
};

const PLAIN_TYPES: ReadonlyMap<string, Plain> = new Map([
  ['application/proto', { protocol: 'connect', format: 'binary' }],
  ['application/json', { protocol: 'connect', format: 'json' }],
  ['application/grpc', { protocol: 'grpc', format: 'binary' }],
  ['application/grpc+proto', { protocol: 'grpc', format: 'binary' }],
  ['application/grpc+json', { protocol: 'grpc', format: 'json' }],
]);

/** Headers that would make Connect do more than decode, call and encode; their presence sends a call to Connect. */
const CONNECT_DECIDES = ['content-encoding', 'accept-encoding', 'connect-timeout-ms'];
const GRPC_DECIDES = ['grpc-encoding', 'grpc-accept-encoding', 'grpc-timeout'];

function plainForm(request: UniversalServerRequest): Plain | undefined {
  if (request.method !== 'POST') return undefined;
  const plain = PLAIN_TYPES.get(request.header.get('content-type') ?? '');
  if (!plain) return undefined;
  // gRPC is HTTP/2 only; over HTTP/1.1 Connect answers it its own way.
  if (plain.protocol === 'grpc' && request.httpVersion !== '2.0') return undefined;
  for (const name of plain.protocol === 'connect' ? CONNECT_DECIDES : GRPC_DECIDES) {
    if (request.header.has(name)) return undefined;
  }
  return plain;
}

export interface FastLaneOptions<I extends DescMessage, O extends DescMessage> {
  readonly method: DescMethodUnary<I, O>;
  /** As the router is given them, so that decoding and encoding are Connect's own. */
  readonly readMaxBytes: number;
  readonly jsonOptions?: { readonly ignoreUnknownFields?: boolean };
  /** Whether an earlier step refused the call (it is then Connect's to answer). */
  readonly refused: (values: ContextValues) => boolean;
  /** The implementation: any error it throws is left to Connect, which calls the handler again and answers the error. */
  readonly serve: (input: MessageShape<I>, values: ContextValues) => Promise<MessageShape<O>>;
}

export function withUnaryFastLane<I extends DescMessage, O extends DescMessage>(handler: UniversalHandler, options: FastLaneOptions<I, O>): UniversalHandler {
  const serialization = createMethodSerializationLookup(options.method, undefined, options.jsonOptions, { readMaxBytes: options.readMaxBytes, writeMaxBytes: 0xffffffff });
  const encoded = new WeakMap<Message, { binary?: Uint8Array; json?: Uint8Array }>();
  const encode = (answer: MessageShape<O>, format: Format): Uint8Array => {
    let known = encoded.get(answer);
    if (!known) encoded.set(answer, (known = {}));
    return (known[format] ??= serialization.getO(format === 'binary').serialize(answer));
  };

  async function fast(request: UniversalServerRequest, plain: Plain, values: ContextValues): Promise<UniversalServerResponse> {
    const read = await readUpTo(request.body as AsyncIterable<Uint8Array>, options.readMaxBytes);
    // Over the limit: Connect refuses it in its protocol's words, from the body as it came.
    if (!read.bytes) return handler({ ...request, body: read.body });
    const bytes = read.bytes;
    const again = () => handler({ ...request, body: createAsyncIterable([bytes]) });
    let message = bytes;
    if (plain.protocol === 'grpc') {
      // Exactly one uncompressed message; anything else is Connect's to refuse.
      if (bytes.byteLength < ENVELOPE_HEADER || bytes[0] !== 0) return again();
      const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(1);
      if (length !== bytes.byteLength - ENVELOPE_HEADER) return again();
      message = bytes.subarray(ENVELOPE_HEADER);
    }
    let answer: Uint8Array;
    try {
      const input = serialization.getI(plain.format === 'binary').parse(message) as MessageShape<I>;
      answer = encode(await options.serve(input, values), plain.format);
    } catch {
      return again();
    }
    const header = new Headers({ 'content-type': ANSWER_TYPE[plain.protocol][plain.format] });
    if (plain.protocol === 'connect') {
      header.set('content-length', String(answer.byteLength));
      return { status: 200, header, body: createAsyncIterable([answer]) };
    }
    const frame = new Uint8Array(ENVELOPE_HEADER + answer.byteLength);
    new DataView(frame.buffer).setUint32(1, answer.byteLength);
    frame.set(answer, ENVELOPE_HEADER);
    return { status: 200, header, body: createAsyncIterable([frame]), trailer: new Headers({ 'grpc-status': '0' }) };
  }

  const lane = (request: UniversalServerRequest) => {
    const plain = plainForm(request);
    const values = request.contextValues;
    if (!plain || !values || options.refused(values) || typeof request.body !== 'object' || request.body === null || !(Symbol.asyncIterator in request.body)) {
      return handler(request);
    }
    return fast(request, plain, values);
  };
  return likeHandler(handler, lane);
}
