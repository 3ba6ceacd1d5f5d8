/** @module Sends ES responses: the negotiated media type, `pretty`, and `filter_path`. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ClusterErrors, matchesPattern } from '../../cluster/index.js';
import { requestedCompatibility, responseContentType } from './es-content.js';

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
  let version: string | undefined;
  try {
    version = requestedCompatibility(req);
  } catch {
    version = undefined;
  }
  const pretty = query.pretty !== undefined && query.pretty !== 'false';
  // A Buffer keeps Fastify from rewriting the media type (it would quote compatible-with and add a charset).
  return reply
    .code(status)
    .header('content-type', responseContentType(version))
    .send(Buffer.from(pretty ? `${JSON.stringify(payload, null, 2)}\n` : JSON.stringify(payload)));
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
