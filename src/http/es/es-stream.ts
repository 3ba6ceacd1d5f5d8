/**
 * @module Answers too large to build in memory (explain or `_cat/indices` over 100,000 indices), written as the
 * client takes them: the bytes esSend and esSendText would send, made one chunk at a time, so that memory stays
 * bounded and each chunk is a short turn of the event loop. Only what streams byte for byte streams: `filter_path`
 * and YAML shape or re-encode the whole answer, so they keep the buffered path.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonContentType, responseFormat } from './es-reply.js';

/** A chunk is made when the client has taken the last one; its size bounds both the memory and the turn. */
const CHUNK_CHARS = 64 * 1024;

type Query = Record<string, string | undefined>;

/**
 * Answers of fewer entries are built and sent whole, with their length, as they always were; only large ones
 * (and their headers: chunked, no content-length) change.
 */
export const STREAM_FROM_ENTRIES = 100;

/** Whether esSend's answer to `req`, of `entries` records or rows, is streamed instead: large, JSON, no `filter_path`. */
export function jsonStreamable(req: FastifyRequest, entries: number): boolean {
  const query = req.query as Query;
  return entries >= STREAM_FROM_ENTRIES && !query.filter_path && (responseFormat(req) ?? 'json') === 'json';
}

/**
 * The order JSON.stringify writes an object's keys in: integer-like keys first, ascending, then the others in
 * the order given. Streamed members must follow it to be the bytes the buffered object would have been.
 */
export function propertyOrder(keys: readonly string[]): readonly string[] {
  return propertyOrderBy(keys, (key) => key);
}

/** propertyOrder of `items` by the key each has (entries by their name). */
export function propertyOrderBy<T>(items: readonly T[], keyOf: (item: T) => string): readonly T[] {
  const integers = items.filter((item) => isArrayIndex(keyOf(item)));
  if (integers.length === 0) return items;
  return [...integers.sort((a, b) => Number(keyOf(a)) - Number(keyOf(b))), ...items.filter((item) => !isArrayIndex(keyOf(item)))];
}

function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;
}

/** `{"<member>":{<entries>}}`, as JSON.stringify writes it (`pretty`: with its two-space indentation). */
export function* jsonObjectMember(member: string, entries: Iterable<readonly [string, unknown]>, pretty: boolean): Generator<string> {
  const key = JSON.stringify(member);
  let first = true;
  for (const [name, value] of entries) {
    if (pretty) yield `${first ? `{\n  ${key}: {\n` : ',\n'}    ${JSON.stringify(name)}: ${indented(value, 2)}`;
    else yield `${first ? `{${key}:{` : ','}${JSON.stringify(name)}:${JSON.stringify(value)}`;
    first = false;
  }
  if (pretty) yield first ? `{\n  ${key}: {}\n}\n` : '\n  }\n}\n';
  else yield first ? `{${key}:{}}` : '}}';
}

/** `[<items>]`, as JSON.stringify writes it. */
export function* jsonArray(items: Iterable<unknown>, pretty: boolean): Generator<string> {
  let first = true;
  for (const item of items) {
    if (pretty) yield `${first ? '[\n' : ',\n'}  ${indented(item, 1)}`;
    else yield `${first ? '[' : ','}${JSON.stringify(item)}`;
    first = false;
  }
  if (pretty) yield first ? '[]\n' : '\n]\n';
  else yield first ? '[]' : ']';
}

/** JSON.stringify's pretty form of `value` as it appears `depth` levels down (strings hold no raw newline). */
function indented(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

/**
 * Each chunk after the first is made in a turn of its own: a socket that takes every write at once (loopback, a
 * fast client) would otherwise have the stream make chunk after chunk, the whole answer, within the first turn.
 */
async function* chunked(pieces: Iterable<string>): AsyncGenerator<Buffer> {
  let pending = '';
  for (const piece of pieces) {
    pending += piece;
    if (pending.length >= CHUNK_CHARS) {
      yield Buffer.from(pending);
      pending = '';
      await nextTurn();
    }
  }
  if (pending !== '') yield Buffer.from(pending);
}

/** A stream that makes its next chunk only when the last one was taken. */
function lazyBody(pieces: Iterable<string>): Readable {
  return Readable.from(chunked(pieces), { objectMode: false, highWaterMark: 1 });
}

/** Streams JSON `pieces` with esSend's status and media type. */
export function esSendJsonStream(req: FastifyRequest, reply: FastifyReply, pieces: Iterable<string>, status = 200): FastifyReply {
  return reply.code(status).header('content-type', jsonContentType(req)).send(lazyBody(pieces));
}

/** Streams text `pieces` as esSendText sends text. */
export function esSendTextStream(reply: FastifyReply, pieces: Iterable<string>, status = 200): FastifyReply {
  return reply.code(status).header('content-type', 'text/plain; charset=UTF-8').send(lazyBody(pieces));
}
