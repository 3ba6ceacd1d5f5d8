/**
 * @module The URL parameters the document APIs share, read as ES's REST actions read them: `refresh`
 * (WriteRequest.RefreshPolicy), `wait_for_active_shards` (ActiveShardCount) with `timeout`, `_source`/`_source_includes`/
 * `_source_excludes` (FetchSourceContext.parseFromRestRequest), the refusal of `stored_fields`, and each document
 * request's parameters as its REST action reads them (the update, write, concurrency and get parameters).
 */
import {
  checkIfPrimaryTerm,
  checkIfSeqNo,
  ClusterError,
  ClusterErrors,
  fetchSourceOf,
  parseUpdateBody,
  parseVersionType,
  type ActiveShardsWait,
  type FetchSource,
  type GetOptions,
  type UpdateSpec,
  type WriteConditions,
  type WriteOptions,
  type WriteRequest,
} from '../../cluster/index.js';
import { humanDuration, LONG_MAX, LONG_MIN, parseTimeValue } from '../../platform/units/index.js';
import { flag } from './es-reply.js';

type Query = Record<string, string | undefined>;

export type RefreshPolicy = 'true' | 'false' | 'wait_for';

/** WriteRequest.RefreshPolicy.parse: every policy is met at once, since a committed document is already searchable. */
export function refreshParam(query: Query): RefreshPolicy {
  const text = query.refresh;
  if (text === undefined || text === 'false') return 'false';
  if (text === 'true' || text === '') return 'true';
  if (text === 'wait_for') return 'wait_for';
  throw ClusterErrors.illegalArgument(`Unknown value for refresh: [${text}].`);
}

/** A write response as ES answers it under `refresh`: `forced_refresh: true` after `result` when a refresh was forced. */
export function withForcedRefresh<T extends { result?: string }>(response: T, refresh: RefreshPolicy): T {
  if (refresh !== 'true') return response;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(response)) {
    out[key] = value;
    if (key === 'result') out.forced_refresh = true;
  }
  return out as T;
}

/** ActiveShardCount.parseString. */
function activeShardCount(text: string): number | 'all' {
  if (text === 'all') return 'all';
  const value = /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) {
    throw new ClusterError('illegal_argument_exception', 400, `cannot parse ActiveShardCount[${text}]`, {}, new ClusterError('number_format_exception', 400, `For input string: "${text}"`));
  }
  if (value < 0) throw ClusterErrors.illegalArgument('shard count cannot be a negative value');
  return value;
}

/** ES's default wait of a replicated write (ReplicationRequest.DEFAULT_TIMEOUT). */
const DEFAULT_WRITE_TIMEOUT = '1m';

/**
 * `wait_for_active_shards` and `timeout` of a write: undefined when the default (one active copy, which the primary
 * always is) applies. The timeout is read even without a count, so a bad one fails as in ES.
 */
export function activeShardsParam(query: Query, refresh: RefreshPolicy): ActiveShardsWait | undefined {
  const timeoutMillis = query.timeout === undefined ? 60_000 : parseTimeValue(query.timeout, 'timeout');
  if (query.wait_for_active_shards === undefined) return undefined;
  const count = activeShardCount(query.wait_for_active_shards);
  const timeoutText = query.timeout === undefined ? DEFAULT_WRITE_TIMEOUT : timeoutMillis < 0 ? String(timeoutMillis) : humanDuration(timeoutMillis, 1);
  return { count, timeoutMillis, timeoutText, ...(refresh !== 'false' && { refresh }) };
}

/** Strings.splitStringByCommaToArray. */
function commaList(text: string): string[] {
  return text.split(',').filter((part) => part !== '');
}

/** FetchSourceContext.parseFromRestRequest: undefined when no source parameter is given. */
export function fetchSourceParams(query: Query): FetchSource | undefined {
  let fetch: boolean | undefined;
  let includes: string[] | undefined;
  let excludes: string[] | undefined;
  const source = query._source;
  if (source !== undefined) {
    if (source === 'true') fetch = true;
    else if (source === 'false') fetch = false;
    else includes = commaList(source);
  }
  if (query._source_includes !== undefined) includes = commaList(query._source_includes);
  if (query._source_excludes !== undefined) excludes = commaList(query._source_excludes);
  if (fetch === undefined && includes === undefined && excludes === undefined) return undefined;
  return { fetch: fetch ?? true, includes: includes ?? [], excludes: excludes ?? [] };
}

/** Tessera's mappings store no field apart from `_source`, so there is nothing for `stored_fields` to return. */
export function storedFieldsRefusal(where: string): ClusterError {
  return ClusterErrors.illegalArgument(`Tessera stores no fields apart from _source: ${where} is not supported, use _source filtering`);
}

/** RestRequest.paramAsLong: Long.parseLong's syntax (an optional sign, then digits) and range. */
function longParam(query: Query, key: string): bigint | undefined {
  const text = query[key];
  if (text === undefined) return undefined;
  const value = /^[+-]?\d+$/.test(text) ? BigInt(text) : undefined;
  if (value === undefined || value < LONG_MIN || value > LONG_MAX) {
    throw ClusterErrors.illegalArgument(`Failed to parse long parameter [${key}] with value [${text}]`);
  }
  return value;
}

/** RestRequest.paramAsInt. */
export function intParam(query: Query, key: string): number | undefined {
  const text = query[key];
  if (text === undefined) return undefined;
  const value = /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) throw ClusterErrors.illegalArgument(`Failed to parse int parameter [${key}] with value [${text}]`);
  return value;
}

/**
 * An `_update` request's parameters and body, read in RestUpdateAction's order: refresh, doc_as_upsert, _source,
 * retry_on_conflict, the refusal of versioning, if_seq_no and if_primary_term, require_alias, then the body.
 */
export function updateRequest(query: Query, body: unknown): { spec: UpdateSpec; conditions: WriteConditions; requireAlias: boolean } {
  let docAsUpsert = flag(query, 'doc_as_upsert', false);
  let fetchSource = query._source === undefined ? false : fetchSourceOf(query._source, 'the parameter [_source]');
  for (const key of ['_source_includes', '_source_excludes']) {
    if (query[key] !== undefined) throw ClusterErrors.illegalArgument(`Tessera's update returns the whole updated source or none: [${key}] is not supported, use _source=true`);
  }
  const retryOnConflict = intParam(query, 'retry_on_conflict') ?? 0;
  if (query.version !== undefined || query.version_type !== undefined) {
    throw ClusterErrors.validation(['internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead']);
  }
  let ifSeqNo = longParam(query, 'if_seq_no');
  if (ifSeqNo !== undefined) checkIfSeqNo(ifSeqNo);
  let ifPrimaryTerm = longParam(query, 'if_primary_term');
  if (ifPrimaryTerm !== undefined) checkIfPrimaryTerm(ifPrimaryTerm);
  const requireAlias = flag(query, 'require_alias', false);
  const parsed = parseUpdateBody(body);
  docAsUpsert = parsed.docAsUpsert ?? docAsUpsert;
  fetchSource = parsed.fetchSource ?? fetchSource;
  ifSeqNo = parsed.ifSeqNo ?? ifSeqNo;
  ifPrimaryTerm = parsed.ifPrimaryTerm ?? ifPrimaryTerm;
  const spec: UpdateSpec = {
    ...(parsed.doc && { doc: parsed.doc }),
    ...(parsed.upsert && { upsert: parsed.upsert }),
    docAsUpsert,
    detectNoop: parsed.detectNoop ?? true,
    fetchSource,
    retryOnConflict,
  };
  return { spec, conditions: { ...(ifSeqNo !== undefined && { ifSeqNo }), ...(ifPrimaryTerm !== undefined && { ifPrimaryTerm }) }, requireAlias };
}

/** RestActions.parseVersion: the `version` parameter, else an `If-Match` header read as a bare Long.parseLong. */
function requestVersion(query: Query, ifMatch: string | string[] | undefined): bigint | undefined {
  if (query.version !== undefined || ifMatch === undefined) return longParam(query, 'version');
  const text = String(ifMatch);
  const value = /^[+-]?\d+$/.test(text) ? BigInt(text) : undefined;
  if (value === undefined || value < LONG_MIN || value > LONG_MAX) throw new ClusterError('number_format_exception', 400, `For input string: "${text}"`);
  return value;
}

/** The concurrency parameters of a single-document write, read in RestIndexAction's and RestDeleteAction's order. */
export function queryConditions(query: Query, ifMatch: string | string[] | undefined): WriteConditions {
  const version = requestVersion(query, ifMatch);
  const versionType = query.version_type === undefined ? undefined : parseVersionType(query.version_type);
  const ifSeqNo = longParam(query, 'if_seq_no');
  if (ifSeqNo !== undefined) checkIfSeqNo(ifSeqNo);
  const ifPrimaryTerm = longParam(query, 'if_primary_term');
  if (ifPrimaryTerm !== undefined) checkIfPrimaryTerm(ifPrimaryTerm);
  return { ...(version !== undefined && { version }), ...(versionType && { versionType }), ...(ifSeqNo !== undefined && { ifSeqNo }), ...(ifPrimaryTerm !== undefined && { ifPrimaryTerm }) };
}

/** The operation `op_type` makes of a write to `_doc` (IndexRequest.opType) or `_create` (CreateHandler.validateOpType). */
export function effectiveOp(route: 'index' | 'create', opType: string | undefined): 'index' | 'create' {
  if (opType === undefined) return route;
  const lower = opType.toLowerCase();
  if (route === 'create') {
    if (lower !== 'create') throw ClusterErrors.illegalArgument(`opType must be 'create', found: [${opType}]`);
    return 'create';
  }
  if (lower !== 'create' && lower !== 'index') throw ClusterErrors.illegalArgument(`opType must be 'create' or 'index', found: [${opType}]`);
  return lower;
}

/**
 * The parameters every write shares, read as RestIndexAction, RestDeleteAction, RestUpdateAction and RestBulkAction
 * read them: `routing`, `timeout`, `refresh`, `wait_for_active_shards`, and for index and create `pipeline`,
 * `require_alias` and `require_data_stream` (bulk reads those as defaults for its lines instead).
 */
export function writeParams(query: Query, indexing: boolean, bulk = false): { refresh: RefreshPolicy; options: Partial<WriteRequest>; activeShards: WriteOptions } {
  const refresh = refreshParam(query);
  const activeShards = activeShardsParam(query, refresh);
  const options: Partial<WriteRequest> = {};
  if (!bulk) {
    if (query.routing !== undefined && query.routing !== '') Object.assign(options, { routing: query.routing });
    if (indexing) {
      if (query.pipeline !== undefined) Object.assign(options, { pipeline: query.pipeline });
      if (flag(query, 'require_alias', false)) Object.assign(options, { requireAlias: true });
      if (flag(query, 'require_data_stream', false)) Object.assign(options, { requireDataStream: true });
    }
  }
  return { refresh, options, activeShards: activeShards ? { activeShards } : {} };
}

/**
 * A get's parameters as RestGetAction reads them: `refresh`, `routing`, `preference` and `realtime` (one node that
 * answers from what is committed meets them all), `fields` refused, `stored_fields` refused (no field is stored apart
 * from `_source`), the version, and `_source` filtering.
 */
export function getParams(query: Query, ifMatch: string | string[] | undefined): GetOptions {
  flag(query, 'refresh', false);
  flag(query, 'realtime', true);
  if (query.fields !== undefined) {
    throw ClusterErrors.illegalArgument('the parameter [fields] is no longer supported, please use [stored_fields] to retrieve stored fields or [_source] to load the field from _source');
  }
  if (query.stored_fields !== undefined) throw storedFieldsRefusal('the parameter [stored_fields]');
  const version = requestVersion(query, ifMatch);
  const versionType = query.version_type === undefined ? undefined : parseVersionType(query.version_type);
  const fetch = fetchSourceParams(query);
  return {
    ...(query.routing !== undefined && { routing: query.routing }),
    ...(fetch && { fetch }),
    ...(version !== undefined && { version }),
    ...(versionType && { versionType }),
  };
}
