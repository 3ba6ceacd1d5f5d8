/**
 * @module How each Connect protocol frames a request body, for the decode gate (decode-gate.ts), which reads and
 * re-frames the body before @connectrpc/connect 2.1.2 does: which part of the body is the message (a whole body, or
 * 5-byte envelopes), which headers name its compression, and the body and headers Connect gets in its place.
 */
import { createAsyncIterable } from '@connectrpc/connect/protocol';

export const ENVELOPE_HEADER = 5;
export const COMPRESSED_FLAG = 0b1;

export type Framing = 'whole' | 'enveloped';
export type Format = 'binary' | 'json';

export interface Kind {
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
export function classify(contentType: string): Kind | undefined {
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
export function encodingOf(header: Headers, kind: Kind): string {
  return header.get(kind.encodingHeader) ?? 'identity';
}

/** The message of a body that is exactly one uncompressed envelope; undefined for anything else (Connect's to judge). */
export function plainEnvelope(body: Uint8Array | undefined): Uint8Array | undefined {
  if (!body || body.byteLength < ENVELOPE_HEADER || body[0] !== 0) return undefined;
  if (new DataView(body.buffer, body.byteOffset).getUint32(1) !== body.byteLength - ENVELOPE_HEADER) return undefined;
  return body.subarray(ENVELOPE_HEADER);
}

/**
 * Reads at most `limit` bytes; `bytes` is undefined for a body over it, which comes back whole (the part read first)
 * with its first envelope header as `head`.
 */
export async function readUpTo(body: AsyncIterable<Uint8Array>, limit: number): Promise<{ bytes?: Uint8Array; body: AsyncIterable<Uint8Array>; head: Uint8Array }> {
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
export interface Part {
  readonly flags: number;
  readonly data: Uint8Array;
}

/** A body split into its messages: `tail` is a torn last envelope, which Connect reports itself. */
export interface Split {
  readonly parts: Part[];
  readonly tail: Uint8Array;
}

/**
 * The envelopes of a body, still compressed, at most `max` of them: a method that takes one message (unary, server
 * streaming) gets at most two, since a second is already the protocol error Connect reports. Nothing after it is
 * looked at, let alone decompressed (a body of thousands of tiny compressed envelopes would cost a decompression each).
 */
export function envelopes(bytes: Uint8Array, max: number): Split {
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

/**
 * The body Connect gets in place of the one sent: the same messages, uncompressed (so Connect inflates nothing), the
 * torn tail as it came. Without compression the flags stay as sent: a flagged envelope is Connect's to refuse.
 */
export function identityBody(split: Split, framing: Framing): Uint8Array {
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
export function identityHeaders(header: Headers, kind: Kind): Headers {
  const out = new Headers(header);
  const encoding = out.get(kind.encodingHeader);
  out.delete(kind.encodingHeader);
  out.delete('content-length');
  if (encoding !== null && !out.get(kind.acceptHeader)) out.set(kind.acceptHeader, encoding);
  return out;
}

/** A body that decodes as any request message: no fields at all, framed as the protocol expects, uncompressed. */
export function emptyMessage(kind: Kind): Uint8Array {
  const message = kind.format === 'json' ? new TextEncoder().encode('{}') : new Uint8Array(0);
  if (kind.framing === 'whole') return message;
  const envelope = new Uint8Array(ENVELOPE_HEADER + message.byteLength);
  new DataView(envelope.buffer).setUint32(1, message.byteLength);
  envelope.set(message, ENVELOPE_HEADER);
  return envelope;
}
