/**
 * @module A `_bulk` request's body parsed once (cluster/documents/bulk-parser.ts), for authorization (the indices it
 * names) and for the handler alike, with the defaults its URL gives every action.
 */
import type { FastifyRequest } from 'fastify';
import { ClusterErrors, fetchSourceOf, parseBulk, type BulkDefaults, type WriteRequest } from '../../cluster/index.js';
import { flag } from './es-reply.js';

type Query = Record<string, string | undefined>;

const parsedBulks = new WeakMap<FastifyRequest, WriteRequest[] | Error>();

/**
 * A bulk request's body parsed once, for authorization (the indices it names) and for the handler alike; a body that
 * does not parse throws its error each time it is asked for.
 */
export function bulkRequestsOf(req: FastifyRequest): WriteRequest[] {
  let parsed = parsedBulks.get(req);
  if (parsed === undefined) {
    try {
      parsed = parseBulk(typeof req.body === 'string' ? req.body : '', bulkDefaults(req));
    } catch (error) {
      parsed = error as Error;
    }
    parsedBulks.set(req, parsed);
  }
  if (parsed instanceof Error) throw parsed;
  return parsed;
}

/** RestBulkAction's defaults from the URL. */
function bulkDefaults(req: FastifyRequest): BulkDefaults {
  const query = req.query as Query;
  const index = (req.params as { index?: string }).index;
  for (const key of ['_source_includes', '_source_excludes']) {
    if (query[key] !== undefined) throw ClusterErrors.illegalArgument(`Tessera's update returns the whole updated source or none: [${key}] is not supported, use _source=true`);
  }
  const fetchSource = query._source === undefined ? undefined : fetchSourceOf(query._source, 'the parameter [_source]');
  return {
    ...(index !== undefined && { index }),
    ...(query.routing !== undefined && { routing: query.routing }),
    ...(query.pipeline !== undefined && { pipeline: query.pipeline }),
    requireAlias: flag(query, 'require_alias', false),
    requireDataStream: flag(query, 'require_data_stream', false),
    ...(fetchSource !== undefined && { fetchSource }),
  };
}
