/**
 * @module The URL parameters the document APIs share, read as ES's REST actions read them: `refresh`
 * (WriteRequest.RefreshPolicy), `wait_for_active_shards` (ActiveShardCount) with `timeout`, `_source`/`_source_includes`/
 * `_source_excludes` (FetchSourceContext.parseFromRestRequest), and the refusal of `stored_fields`.
 */
import { ClusterError, ClusterErrors, type ActiveShardsWait, type FetchSource } from '../../cluster/index.js';
import { humanDuration, parseTimeValue } from '../../platform/time-value.js';

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

/** RestRequest.paramAsBoolean: only "true" and "false" (an empty value keeps the default). */
export function booleanParam(query: Query, key: string, fallback: boolean): boolean {
  const text = query[key];
  if (text === undefined || text === '') return fallback;
  if (text === 'true' || text === 'false') return text === 'true';
  throw ClusterErrors.illegalArgument(`Failed to parse value [${text}] as only [true] or [false] are allowed.`);
}
