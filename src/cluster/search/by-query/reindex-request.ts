/**
 * @module A `_reindex` body (ReindexRequest.PARSER, then validate): `source` (index, query, size), `dest` (index,
 * op_type, version_type, routing, pipeline), `max_docs` and `conflicts`. Tessera reads no remote cluster and runs no
 * script: `source.remote` is refused with ES's words for a host not in `reindex.remote.whitelist` (which Tessera
 * never has), `script` with ES's words for a missing script engine.
 */
import { ClusterErrors } from '../../cluster-error.js';
import { unknownFieldMessage } from '../../../platform/xcontent.js';
import { parseVersionType, type VersionType } from '../../documents/write-conditions.js';
import { parseQuery } from '../dsl/parse-query.js';
import type { Query } from '../query.js';
import { bodyConflicts, bodyMaxDocs, checkScrollSize, commonOptions, scriptRefusal, type BulkByScrollOptions } from './by-query-request.js';

type Params = Readonly<Record<string, string | undefined>>;

export interface ReindexRequest {
  /** The source indices as named (comma-separated names joined). */
  readonly sourceIndices: readonly string[];
  readonly query?: Query;
  readonly dest: {
    readonly index: string;
    readonly opType: 'index' | 'create';
    readonly versionType: VersionType;
    /** `keep` (the default) keeps each document's routing, `discard` drops it, `=value` sets it. */
    readonly routing: { readonly kind: 'keep' } | { readonly kind: 'discard' } | { readonly kind: 'set'; readonly value: string };
    readonly pipeline?: string;
  };
  readonly options: BulkByScrollOptions;
}

const TOP = ['source', 'dest', 'max_docs', 'script', 'conflicts'];
const DEST = ['index', 'routing', 'op_type', 'pipeline', 'version_type'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function destString(value: unknown, field: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw ClusterErrors.xContentParse(`[dest] ${field} doesn't support values of type: ${value === null ? 'VALUE_NULL' : Array.isArray(value) ? 'START_ARRAY' : 'START_OBJECT'}`);
}

/** ReindexRequest.buildRemoteInfo up to the host check, then ReindexValidator.checkAllowedRemote with an empty whitelist. */
function remoteRefusal(remote: unknown) {
  const host = isObject(remote) ? remote.host : undefined;
  if (typeof host !== 'string') return ClusterErrors.illegalArgument('[host] must be specified to reindex from a remote cluster');
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/:]+):(\d+)(\/.*)?$/.exec(host);
  if (!match) return ClusterErrors.illegalArgument(`[host] must be of the form [scheme]://[host]:[port](/[pathPrefix])? but was [${host}]`);
  return ClusterErrors.illegalArgument(`[${match[2]}:${match[3]}] not whitelisted in reindex.remote.whitelist`);
}

export function parseReindexRequest(body: unknown, params: Params): ReindexRequest {
  if (!isObject(body)) throw ClusterErrors.validation(['use _all if you really want to copy from all existing indexes', 'index must be specified']);
  for (const key of Object.keys(body)) if (!TOP.includes(key)) throw ClusterErrors.xContentParse(unknownFieldMessage('reindex', key, TOP));
  if (body.script !== undefined && body.script !== null) throw scriptRefusal(body.script);
  const source = body.source === undefined ? {} : body.source;
  if (!isObject(source)) throw ClusterErrors.xContentParse('[reindex] source doesn\'t support values of type: ' + (Array.isArray(source) ? 'START_ARRAY' : 'VALUE_STRING'));
  if (source.remote !== undefined) throw remoteRefusal(source.remote);
  let sourceIndices: string[] = [];
  let query: Query | undefined;
  let scrollSize: number | undefined;
  const errors: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    if (key === 'index') {
      if (typeof value === 'string') sourceIndices = value.split(',').filter((p) => p !== '');
      else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) sourceIndices = value as string[];
      else throw ClusterErrors.illegalArgument(`Expected [index] to be a list or a string but was [${JSON.stringify(value)}]`);
    } else if (key === 'query') query = parseQuery(value);
    else if (key === 'size') {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw ClusterErrors.xContentParse('[size] must be an integer');
      scrollSize = checkScrollSize(value);
    } else if (key === '_source' && value === false) errors.push('_source:false is not supported in this context');
    else throw ClusterErrors.illegalArgument(`Tessera does not support [source.${key}] in a [reindex] request`);
  }
  if (sourceIndices.length === 0) errors.push('use _all if you really want to copy from all existing indexes');
  const dest = body.dest === undefined ? {} : body.dest;
  if (!isObject(dest)) throw ClusterErrors.xContentParse('[reindex] dest doesn\'t support values of type: ' + (Array.isArray(dest) ? 'START_ARRAY' : 'VALUE_STRING'));
  for (const key of Object.keys(dest)) if (!DEST.includes(key)) throw ClusterErrors.xContentParse(unknownFieldMessage('dest', key, DEST));
  const opTypeText = dest.op_type === undefined ? 'index' : destString(dest.op_type, 'op_type').toLowerCase();
  if (opTypeText !== 'index' && opTypeText !== 'create') throw ClusterErrors.illegalArgument(`opType must be 'create' or 'index', found: [${opTypeText}]`);
  const versionType = dest.version_type === undefined ? 'internal' : parseVersionType(destString(dest.version_type, 'version_type'));
  const routingText = dest.routing === undefined ? undefined : destString(dest.routing, 'routing');
  if (dest.index === undefined) {
    errors.push('index must be specified');
    throw ClusterErrors.validation(errors);
  }
  const index = destString(dest.index, 'index');
  if (routingText !== undefined && routingText !== 'keep' && routingText !== 'discard' && !routingText.startsWith('=')) errors.push('routing must be unset, [keep], [discard] or [=<some new value>]');
  if (errors.length > 0) throw ClusterErrors.validation(errors);
  const routing = routingText === undefined || routingText === 'keep' ? { kind: 'keep' as const } : routingText === 'discard' ? { kind: 'discard' as const } : { kind: 'set' as const, value: routingText.slice(1) };
  const fromBody = {
    ...(body.max_docs !== undefined && { maxDocs: bodyMaxDocs(body.max_docs, 'reindex') }),
    ...(body.conflicts !== undefined && { conflicts: bodyConflicts(body.conflicts, 'reindex') }),
    ...(scrollSize !== undefined && { scrollSize }),
  };
  return {
    sourceIndices,
    ...(query && { query }),
    dest: { index, opType: opTypeText, versionType, routing, ...(dest.pipeline !== undefined && { pipeline: destString(dest.pipeline, 'pipeline') }) },
    options: commonOptions(params, fromBody),
  };
}
