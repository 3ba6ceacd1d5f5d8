/**
 * @module Decompresses a request's messages against one budget for the whole request, for the decode gate
 * (decode-gate.ts). @connectrpc/connect 2.1.2 (protocol/envelope.js envelopeDecompress) checks readMaxBytes against
 * each message alone, so a request of many small compression bombs inflated without bound; and it reports some
 * corrupt data (a truncated gzip stream, for one) as INTERNAL, though it is the client's error.
 */
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate as zlibInflate } from 'node:zlib';
import { COMPRESSED_FLAG, type Framing, type Part, type Split } from './request-framing.js';

/** Compressed data that does not decompress (not data that decompresses to too much). */
export const CORRUPT = 'corrupt';
/** A request whose messages together decompress to more than the limit. */
export const OVER = 'over';

const INFLATERS: Readonly<Record<string, (data: Uint8Array, options: { maxOutputLength: number }) => Promise<Buffer>>> = {
  gzip: promisify(gunzip),
  br: promisify(brotliDecompress),
  deflate: promisify(zlibInflate),
};

/** Whether this gate inflates `encoding` itself (identity aside); Connect refuses any other before reading the body. */
export function inflates(encoding: string): boolean {
  return Object.hasOwn(INFLATERS, encoding);
}

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

/** Decompresses every message in order against one budget: the request's, not each message's. */
export async function decompressAll(split: Split, encoding: string, limit: number, framing: Framing): Promise<Split | typeof CORRUPT | typeof OVER> {
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
