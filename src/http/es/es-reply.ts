/** @module Sends ES responses: the negotiated media type (JSON or YAML), `pretty`, and `filter_path`. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ClusterErrors, ES_VERSION } from '../../cluster/index.js';
import { matchesPattern } from '../../platform/units/index.js';
import { javaSplit, requestedCompatibility, responseContentType } from './es-content.js';
import { toYaml } from './yaml-writer.js';

export { javaSplit };

/** The XContent types ES answers in. */
export type XContentFormat = 'json' | 'yaml' | 'cbor' | 'smile';
const FORMATS: ReadonlySet<string> = new Set(['json', 'yaml', 'cbor', 'smile']);

/** XContentType.fromFormat: the `format` names, in any case; anything else is none. */
function formatNamed(name: string): XContentFormat | undefined {
  const lower = name.toLowerCase();
  return FORMATS.has(lower) ? (lower as XContentFormat) : undefined;
}

/**
 * The XContent type of the Accept header, as RestRequest parses it: a list of media types (as the official clients
 * send, `…json; compatible-with=8,text/plain`) counts as none, and so does any type that is not XContent.
 */
function acceptedFormat(req: FastifyRequest): XContentFormat | undefined {
  const accept = req.headers.accept;
  if (accept === undefined || accept.includes(',')) return undefined;
  const type = accept.split(';')[0]!.trim().toLowerCase();
  const match = /^application\/(?:vnd\.elasticsearch\+)?(json|x-ndjson|yaml|cbor|smile)$/.exec(type);
  if (!match) return undefined;
  return match[1] === 'x-ndjson' ? 'json' : (match[1] as XContentFormat);
}

/**
 * The response's XContent type: `format` first, then the Accept header. With `strictFormat` (RestTable's rule) a
 * `format` parameter that names no XContent type decides on its own, meaning none (text); otherwise
 * (AbstractRestChannel's rule) it is passed over for the Accept header.
 */
export function responseFormat(req: FastifyRequest, strictFormat = false): XContentFormat | undefined {
  const format = (req.query as Query).format;
  if (strictFormat && format !== undefined) return formatNamed(format);
  return (format ? formatNamed(format) : undefined) ?? acceptedFormat(req);
}

type Query = Record<string, string | undefined>;

function segmentMatches(pattern: string, key: string): boolean {
  return pattern === '*' || matchesPattern(pattern, key);
}

/** The patterns that apply below `key`; an empty one means "keep all of it". `**` spans any depth. */
function descend(paths: readonly string[][], key: string): string[][] {
  const next: string[][] = [];
  for (const path of paths) {
    const [head, ...rest] = path;
    if (head === undefined) continue;
    if (head === '**') {
      if (rest.length === 0) next.push([]);
      else {
        next.push(path);
        if (segmentMatches(rest[0]!, key)) next.push(rest.slice(1));
      }
    } else if (segmentMatches(head, key)) next.push(rest);
  }
  return next;
}

function filterPath(value: unknown, paths: readonly string[][]): unknown {
  if (paths.some((p) => p.length === 0)) return value;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => filterPath(item, paths)).filter((v) => v !== undefined);
    return items.length > 0 ? items : undefined;
  }
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const rest = descend(paths, key);
    if (rest.length === 0) continue;
    const filtered = filterPath(child, rest);
    if (filtered !== undefined) out[key] = filtered;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `filter_path` shapes answers, never errors (AbstractRestChannel.newErrorBuilder turns it off for them). */
export function esSend(req: FastifyRequest, reply: FastifyReply, body: unknown, status = 200, filter = true): FastifyReply {
  const query = req.query as Query;
  let payload = body;
  if (filter && query.filter_path) {
    const paths = query.filter_path.split(',').map((p) => p.trim().split('.'));
    payload = filterPath(body, paths) ?? {};
  }
  const format = responseFormat(req);
  if (format === 'cbor' || format === 'smile') {
    // Tessera writes no binary XContent; answering JSON instead would be a different answer than the one asked for.
    const refusal = { error: `Tessera cannot write the [${format}] format; use [json] or [yaml]`, status: 406 };
    return reply.code(406).header('content-type', 'application/json').send(Buffer.from(JSON.stringify(refusal)));
  }
  if (format === 'yaml') return reply.code(status).header('content-type', 'application/yaml').send(Buffer.from(toYaml(payload)));
  // A Buffer keeps Fastify from rewriting the media type (it would quote compatible-with and add a charset).
  return reply
    .code(status)
    .header('content-type', jsonContentType(req))
    .send(Buffer.from(prettyRequested(req) ? `${JSON.stringify(payload, null, 2)}\n` : JSON.stringify(payload)));
}

/** The JSON media type of an answer, with the compatibility version the request asked for (none if it asked wrongly). */
export function jsonContentType(req: FastifyRequest): string {
  let version: string | undefined;
  try {
    version = requestedCompatibility(req);
  } catch {
    version = undefined;
  }
  return responseContentType(version);
}

export function prettyRequested(req: FastifyRequest): boolean {
  const { pretty } = req.query as Query;
  return pretty !== undefined && pretty !== 'false';
}

/** HeaderWarning.addWarning: each deprecation warning in a `Warning` header of ES's format. */
export function addWarnings(reply: FastifyReply, warnings: readonly string[]): void {
  if (warnings.length > 0) reply.header('warning', warnings.map((w) => `299 Elasticsearch-${ES_VERSION}-tessera "${w}"`));
}

export function esSendText(reply: FastifyReply, text: string, status = 200): FastifyReply {
  return reply.code(status).header('content-type', 'text/plain; charset=UTF-8').send(text);
}

/** RestRequest.paramAsBoolean: present and empty means true; any value but "true" or "false" is refused. */
export function flag(query: Query, name: string, fallback = false): boolean {
  const value = query[name];
  if (value === undefined) return fallback;
  if (value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw ClusterErrors.illegalArgument(`Failed to parse value [${value}] as only [true] or [false] are allowed.`);
}
