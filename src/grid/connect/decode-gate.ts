/**
 * @module Admits and reads each request body once before Connect does:
 * - with an `admit` step (authentication), it runs on the headers alone, so a refused caller's body is never read;
 * - the body is capped as a whole: `readMaxBytes` raw, and `readMaxBytes` for all its messages together once
 *   decompressed (connect-es caps each message alone, so many small bombs in one request inflated without bound);
 *   decompression runs on the zlib thread pool and stops as soon as the request's room is used up;
 * - a body that does not decode is answered with INVALID_ARGUMENT and a GridError detail in every protocol (connect-es
 *   reports undecodable binary as INTERNAL, and its JSON decoding errors carry no detail).
 * Connect then gets the messages already decompressed, so it never inflates anything itself. A refused request goes on
 * to Connect as an empty message with the verdict in a context value, which an interceptor throws: a handler's error is
 * what every protocol serialises itself.
 */
import { fromBinary, fromJsonString, type DescMessage, type DescMethod } from '@bufbuild/protobuf';
import { Code, ConnectError, createContextKey, createContextValues, type ContextValues, type Interceptor } from '@connectrpc/connect';
import { createAsyncIterable, type UniversalHandler, type UniversalServerRequest } from '@connectrpc/connect/protocol';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';

const VERDICT = createContextKey<ConnectError | undefined>(undefined, { description: 'refused request' });

const ENVELOPE_HEADER = 5;
const COMPRESSED_FLAG = 0b1;

type Framing = 'whole' | 'enveloped';
type Format = 'binary' | 'json';

interface Kind {
  readonly framing: Framing;
  readonly format: Format;
  /** The header naming the request's compression, and the one naming what the client accepts in the answer. */
  readonly encodingHeader: string;
  readonly acceptHeader: string;
}

const UNARY = { framing: 'whole', encodingHeader: 'content-encoding', acceptHeader: 'accept-encoding' } as const;
const CONNECT_STREAM = { framing: 'enveloped', encodingHeader: 'connect-content-encoding', acceptHeader: 'connect-accept-encoding' } as const;
const GRPC = { framing: 'enveloped', encodingHeader: 'grpc-encoding', acceptHeader: 'grpc-accept-encoding' } as const;

/** Which part of the body is the message, by content type; undefined for what Connect alone should judge. */
function classify(contentType: string): Kind | undefined {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  switch (type) {
    case 'application/proto':
      return { ...UNARY, format: 'binary' };
    case 'application/json':
      return { ...UNARY, format: 'json' };
    case 'application/connect+proto':
      return { ...CONNECT_STREAM, format: 'binary' };
    case 'application/connect+json':
      return { ...CONNECT_STREAM, format: 'json' };
    case 'application/grpc':
    case 'application/grpc+proto':
    case 'application/grpc-web':
    case 'application/grpc-web+proto':
      return { ...GRPC, format: 'binary' };
    case 'application/grpc+json':
    case 'application/grpc-web+json':
      return { ...GRPC, format: 'json' };
    default:
      return undefined;
  }
}

/** The request's compression, spelled exactly as Connect matches it. */
function encodingOf(header: Headers, kind: Kind): string {
  return header.get(kind.encodingHeader) ?? 'identity';
}

/** Compressed data that does not decompress (not data that decompresses to too much). */
const CORRUPT = 'corrupt';
/** A request whose messages together decompress to more than the limit. */
const OVER = 'over';

const INFLATERS: Readonly<Record<string, (data: Uint8Array, options: { maxOutputLength: number }) => Promise<Buffer>>> = {
  gzip: promisify(gunzip),
  br: promisify(brotliDecompress),
};

/**
 * Decompresses one message into at most `room` bytes. The zlib thread pool does the work, keeping the event loop free,
 * and stops as soon as the output passes the room (maxOutputLength counts the output as it is produced).
 */
async function inflate(data: Uint8Array, encoding: string, room: number): Promise<Uint8Array | typeof CORRUPT | typeof OVER> {
  if (data.byteLength === 0) return data; // as Connect: nothing compressed is nothing
  try {
    // One byte over the room tells "exactly fills it" from "does not fit"; maxOutputLength must be at least 1.
    const out = await INFLATERS[encoding]!(data, { maxOutputLength: room + 1 });
    return out.byteLength > room ? OVER : out;
  } catch (error) {
    // connect-es reports some corrupt data (a truncated gzip stream, for one) as INTERNAL; it is the client's error.
    return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? OVER : CORRUPT;
  }
}

/**
 * Reads at most `limit` bytes; `bytes` is undefined for a body over it, which comes back whole (the part read first)
 * with its first envelope header as `head`.
 */
async function readUpTo(body: AsyncIterable<Uint8Array>, limit: number): Promise<{ bytes?: Uint8Array; body: AsyncIterable<Uint8Array>; head: Uint8Array }> {
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
      return { body: (async function* () { yield* chunks; yield* rest; })(), head: Buffer.concat(chunks).subarray(0, ENVELOPE_HEADER) };
    }
  }
  const bytes = Buffer.concat(chunks);
  return { bytes, body: createAsyncIterable([bytes]), head: bytes };
}

/** One request message: its envelope flags (0 for a whole body) and its bytes, decompressed. */
interface Part {
  readonly flags: number;
  readonly data: Uint8Array;
}

/** A body split into its messages: `tail` is a torn last envelope, which Connect reports itself. */
interface Split {
  readonly parts: Part[];
  readonly tail: Uint8Array;
}

/**
 * The envelopes of a body, still compressed, at most `max` of them: a method that takes one message (unary, server
 * streaming) gets at most two, since a second is already the protocol error Connect reports. Nothing after it is
 * looked at, let alone decompressed (a body of thousands of tiny compressed envelopes would cost a decompression each).
 */
function envelopes(bytes: Uint8Array, max: number): Split {
  const parts: Part[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  while (offset + ENVELOPE_HEADER <= bytes.byteLength) {
    if (parts.length === max) return { parts, tail: new Uint8Array(0) };
    const length = view.getUint32(offset + 1);
    if (offset + ENVELOPE_HEADER + length > bytes.byteLength) break;
    parts.push({ flags: bytes[offset]!, data: bytes.subarray(offset + ENVELOPE_HEADER, offset + ENVELOPE_HEADER + length) });
    offset += ENVELOPE_HEADER + length;
  }
  return { parts, tail: bytes.subarray(offset) };
}

function messagesTaken(method: DescMethod): number {
  return method.methodKind === 'unary' || method.methodKind === 'server_streaming' ? 2 : Infinity;
}

/** Decompresses every message in order against one budget: the request's, not each message's. */
async function decompressAll(split: Split, encoding: string, limit: number, framing: Framing): Promise<Split | typeof CORRUPT | typeof OVER> {
  let room = limit;
  const parts: Part[] = [];
  for (const part of split.parts) {
    const compressed = framing === 'whole' || part.flags & COMPRESSED_FLAG;
    const data = compressed ? await inflate(part.data, encoding, room) : part.data;
    if (data === CORRUPT || data === OVER) return data;
    if (data.byteLength > room) return OVER;
    room -= data.byteLength;
    parts.push({ flags: part.flags & ~COMPRESSED_FLAG, data });
  }
  return { parts, tail: split.tail };
}

/**
 * The body Connect gets in place of the one sent: the same messages, uncompressed (so Connect inflates nothing), the
 * torn tail as it came. Without compression the flags stay as sent: a flagged envelope is Connect's to refuse.
 */
function identityBody(split: Split, framing: Framing): Uint8Array {
  if (framing === 'whole') return split.parts[0]!.data;
  const frames = split.parts.flatMap(({ flags, data }) => {
    const header = new Uint8Array(ENVELOPE_HEADER);
    header[0] = flags;
    new DataView(header.buffer).setUint32(1, data.byteLength);
    return [header, data];
  });
  return Buffer.concat([...frames, split.tail]);
}

/**
 * The headers of a request whose body is now identity-encoded. A client that names no accepted encodings gets the
 * answer compressed as it compressed the request, as Connect would have done: the removed encoding becomes the
 * accepted one.
 */
function identityHeaders(header: Headers, kind: Kind): Headers {
  const out = new Headers(header);
  const encoding = out.get(kind.encodingHeader);
  out.delete(kind.encodingHeader);
  out.delete('content-length');
  if (encoding !== null && !out.get(kind.acceptHeader)) out.set(kind.acceptHeader, encoding);
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

function firstProblem(desc: DescMessage, parts: readonly Part[], format: Format): string | undefined {
  for (const part of parts) {
    const problem = decodeProblem(desc, part.data, format);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** A body that decodes as any request message: no fields at all, framed as the protocol expects, uncompressed. */
function emptyMessage(kind: Kind): Uint8Array {
  const message = kind.format === 'json' ? new TextEncoder().encode('{}') : new Uint8Array(0);
  if (kind.framing === 'whole') return message;
  const envelope = new Uint8Array(ENVELOPE_HEADER + message.byteLength);
  new DataView(envelope.buffer).setUint32(1, message.byteLength);
  envelope.set(message, ENVELOPE_HEADER);
  return envelope;
}

/**
 * Checks a request from its headers alone, before its body is read: a ConnectError refuses it; undefined admits it,
 * after the check has put what the handlers need into `values`.
 */
export type Admit = (request: UniversalServerRequest, values: ContextValues) => Promise<ConnectError | undefined>;

export interface DecodeGateOptions {
  /** The largest request, both as sent and once decompressed (all its messages together). */
  readonly readMaxBytes: number;
  readonly toError: (reason: string) => ConnectError;
  readonly admit?: Admit;
}

export interface DecodeGate {
  /** Wraps a handler so it admits and reads the body first; keeps the handler's routing properties. */
  wrap(handler: UniversalHandler): UniversalHandler;
  /** Throws the verdict on a refused request before the implementation runs. */
  readonly interceptor: Interceptor;
}

/** What Connect gets: the request to handle, or a verdict to answer it with. */
type Outcome = { readonly request: UniversalServerRequest } | { readonly verdict: ConnectError };

export function createDecodeGate(options: DecodeGateOptions): DecodeGate {
  const limit = options.readMaxBytes;
  // Connect's own wording for readMaxBytes, said of the whole request.
  const tooLarge = () => new ConnectError(`request is larger than configured readMaxBytes ${limit}`, Code.ResourceExhausted);
  const tooLargeInflated = () => new ConnectError(`request is larger than configured readMaxBytes ${limit} after decompression`, Code.ResourceExhausted);

  /** A body over the raw limit: Connect refuses it itself when it will before inflating anything. */
  function overRaw(request: UniversalServerRequest, kind: Kind, head: Uint8Array, body: AsyncIterable<Uint8Array>): Outcome {
    // A whole body is refused by its size before it is decompressed, and so is a first envelope declared over the limit.
    const firstDeclared = head.byteLength >= ENVELOPE_HEADER ? new DataView(head.buffer, head.byteOffset).getUint32(1) : 0;
    if (kind.framing === 'whole' || firstDeclared > limit) return { request: { ...request, body } };
    // Otherwise Connect would take envelope after envelope (inflating each, when compressed), each against the limit alone.
    return { verdict: tooLarge() };
  }

  async function read(request: UniversalServerRequest & { body: AsyncIterable<Uint8Array> }, kind: Kind, method: DescMethod): Promise<Outcome> {
    const encoding = encodingOf(request.header, kind);
    // Connect refuses an encoding it does not take before reading the body.
    if (encoding !== 'identity' && !Object.hasOwn(INFLATERS, encoding)) return { request };
    const { bytes, body, head } = await readUpTo(request.body, limit);
    if (!bytes) return overRaw(request, kind, head, body);
    const split = kind.framing === 'whole' ? { parts: [{ flags: 0, data: bytes }], tail: new Uint8Array(0) } : envelopes(bytes, messagesTaken(method));
    // Without compression a flagged envelope is Connect's to refuse, and its bytes are judged as they are.
    const decompressed = encoding === 'identity' ? split : await decompressAll(split, encoding, limit, kind.framing);
    // The answer Connect gives for other corrupt data (and connect-go for all of it), with no GridError detail.
    if (decompressed === CORRUPT) return { verdict: new ConnectError('decompression failed', Code.InvalidArgument) };
    if (decompressed === OVER) return { verdict: tooLargeInflated() };
    // A torn envelope is Connect's to report; only complete bodies are judged here.
    const problem = decompressed.tail.byteLength === 0 ? firstProblem(method.input, decompressed.parts, kind.format) : undefined;
    if (problem !== undefined) return { verdict: options.toError(`the request does not decode as ${method.input.typeName}: ${problem}`) };
    return { request: { ...request, header: identityHeaders(request.header, kind), body: createAsyncIterable([identityBody(decompressed, kind.framing)]) } };
  }

  /** The request Connect gets for a refused one: nothing of its body, an empty message in its place. */
  function refused(request: UniversalServerRequest, kind: Kind | undefined, values: ContextValues, verdict: ConnectError): UniversalServerRequest {
    values.set(VERDICT, verdict);
    // Connect answers any other request (a GET, a content type it does not take) without reading a body.
    if (request.method !== 'POST' || kind === undefined) return { ...request, contextValues: values };
    return { ...request, header: identityHeaders(request.header, kind), body: createAsyncIterable([emptyMessage(kind)]), contextValues: values };
  }

  return {
    wrap(handler) {
      const wrapped = async (request: UniversalServerRequest) => {
        const values = request.contextValues ?? createContextValues();
        const kind = classify(request.header.get('content-type') ?? '');
        const refusal = options.admit && (await options.admit(request, values));
        if (refusal) return handler(refused(request, kind, values, refusal));
        if (request.method !== 'POST' || kind === undefined || !isByteStream(request.body)) return handler({ ...request, contextValues: values });
        const outcome = await read({ ...request, body: request.body }, kind, handler.method);
        if ('verdict' in outcome) return handler(refused(request, kind, values, outcome.verdict));
        return handler({ ...outcome.request, contextValues: values });
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
      const verdict = request.contextValues.get(VERDICT);
      if (verdict) throw verdict;
      return next(request);
    },
  };
}

function isByteStream(body: UniversalServerRequest['body']): body is AsyncIterable<Uint8Array> {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body;
}
