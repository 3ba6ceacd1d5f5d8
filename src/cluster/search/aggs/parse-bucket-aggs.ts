/** @module The bucket aggregations' bodies (TermsAggregationBuilder, HistogramAggregationBuilder, RangeAggregationBuilder, Filter(s)AggregationBuilder, MissingAggregationBuilder). */
import { isObject, type JsonObject } from '../dsl/dsl-values.js';
import { parseQuery } from '../dsl/parse-query.js';
import type { AggSpec, Bounds, RangeSpec, TermsOrder } from './agg-model.js';
import { badToken, illegal, parsing } from './agg-errors.js';
import { bool, checkMembers, fieldOf, int, num, str } from './agg-members.js';
import { parseDateHistogram } from './parse-date-histogram.js';

const HINTS = ['execution_hint', 'collect_mode'];

function readOrder(type: string, value: unknown): TermsOrder[] {
  const entries = Array.isArray(value) ? value : [value];
  return entries.map((entry) => {
    if (!isObject(entry) || Object.keys(entry).length !== 1) throw parsing(`[${type}] order must be an object with one member, or an array of such objects`);
    const [by, direction] = Object.entries(entry)[0]!;
    const order = typeof direction === 'string' ? direction.toLowerCase() : direction;
    if (order !== 'asc' && order !== 'desc') throw parsing(`Unknown order direction [${String(direction)}]`);
    if (by === '_term') throw illegal('Tessera does not support the deprecated [_term] order; use [_key]');
    return { by, order };
  });
}

function includeExclude(type: string, member: string, value: unknown): string | (string | number)[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value as (string | number)[];
  if (isObject(value)) throw illegal(`Tessera does not support partitioned [${member}] in the [${type}] aggregation yet`);
  throw badToken(type, member, value);
}

function terms(body: JsonObject, name: string): AggSpec {
  checkMembers('terms', body, ['field', 'size', 'shard_size', 'min_doc_count', 'order', 'missing', 'include', 'exclude', ...HINTS], ['script', 'format', 'value_type', 'shard_min_doc_count', 'show_term_doc_count_error']);
  const size = int('terms', body, 'size') ?? 10;
  if (size <= 0) throw illegal(`[size] must be greater than 0. Found [${size}] in [${name}]`);
  const shardSize = int('terms', body, 'shard_size');
  if (shardSize !== undefined && shardSize <= 0) throw illegal(`[shardSize] must be greater than 0. Found [${shardSize}] in [${name}]`);
  const minDocCount = int('terms', body, 'min_doc_count') ?? 1;
  if (minDocCount < 0) throw illegal(`[minDocCount] must be greater than or equal to 0. Found [${minDocCount}] in [${name}]`);
  const missing = body.missing;
  if (missing !== undefined && typeof missing !== 'string' && typeof missing !== 'number' && typeof missing !== 'boolean') throw badToken('terms', 'missing', missing);
  const include = includeExclude('terms', 'include', body.include);
  const exclude = includeExclude('terms', 'exclude', body.exclude);
  return {
    type: 'terms',
    field: fieldOf('terms', body),
    size,
    ...(shardSize !== undefined && { shardSize }),
    minDocCount,
    order: body.order === undefined ? [{ by: '_count', order: 'desc' }] : readOrder('terms', body.order),
    ...(missing !== undefined && { missing: missing as string | number | boolean }),
    ...(include !== undefined && { include }),
    ...(exclude !== undefined && { exclude }),
  };
}

export function readBounds(type: string, member: string, value: unknown): Bounds | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw badToken(type, member, value);
  const out: { min?: number | string; max?: number | string } = {};
  for (const [k, v] of Object.entries(value)) {
    if (k !== 'min' && k !== 'max') throw parsing(`[${member}] unknown field [${k}]`);
    if (typeof v !== 'number' && typeof v !== 'string') throw badToken(member, k, v);
    out[k] = v;
  }
  return out;
}

function histogram(body: JsonObject, name: string): AggSpec {
  checkMembers('histogram', body, ['field', 'interval', 'offset', 'min_doc_count', 'extended_bounds', 'hard_bounds', 'keyed', 'missing'], ['script', 'format', 'order']);
  const interval = num('histogram', body, 'interval');
  if (interval === undefined || !(interval > 0)) throw illegal(`[interval] must be >0 for histogram aggregation [${name}]`);
  const minDocCount = int('histogram', body, 'min_doc_count') ?? 0;
  if (minDocCount < 0) throw illegal(`[minDocCount] must be greater than or equal to 0. Found [${minDocCount}] in [${name}]`);
  const extendedBounds = readBounds('histogram', 'extended_bounds', body.extended_bounds);
  const hardBounds = readBounds('histogram', 'hard_bounds', body.hard_bounds);
  const missing = num('histogram', body, 'missing');
  return {
    type: 'histogram',
    field: fieldOf('histogram', body),
    interval,
    offset: num('histogram', body, 'offset') ?? 0,
    minDocCount,
    ...(extendedBounds && { extendedBounds }),
    ...(hardBounds && { hardBounds }),
    keyed: bool('histogram', body, 'keyed') ?? false,
    ...(missing !== undefined && { missing }),
  };
}

function ranges(type: 'range' | 'date_range', body: JsonObject): AggSpec {
  checkMembers(type, body, ['field', 'ranges', 'keyed', ...(type === 'date_range' ? ['format', 'time_zone'] : [])], ['script', 'missing', ...(type === 'range' ? ['format'] : [])]);
  if (!Array.isArray(body.ranges)) {
    if (body.ranges === undefined) throw illegal(`No [ranges] specified for the [${type}] aggregation`);
    throw badToken(type, 'ranges', body.ranges);
  }
  const list: RangeSpec[] = body.ranges.map((r) => {
    if (!isObject(r)) throw badToken(type, 'ranges', r);
    const out: { key?: string; from?: number | string; to?: number | string } = {};
    for (const [k, v] of Object.entries(r)) {
      if (k === 'key') out.key = String(v);
      else if (k === 'from' || k === 'to') {
        if (v === null) continue;
        if (typeof v !== 'number' && typeof v !== 'string') throw badToken('range', k, v);
        out[k] = type === 'range' && typeof v === 'string' ? Number(v) : v;
      } else throw parsing(`[range] unknown field [${k}]`);
    }
    return out;
  });
  if (list.length === 0) throw illegal(`No [ranges] specified for the [${type}] aggregation`);
  const format = str(type, body, 'format');
  const timeZone = str(type, body, 'time_zone');
  return { type, field: fieldOf(type, body), ranges: list, keyed: bool(type, body, 'keyed') ?? false, ...(format !== undefined && { format }), ...(timeZone !== undefined && { timeZone }) };
}

function filters(body: JsonObject): AggSpec {
  checkMembers('filters', body, ['filters', 'other_bucket', 'other_bucket_key', 'keyed']);
  const raw = body.filters;
  let list: { key: string; query: ReturnType<typeof parseQuery> }[];
  let named: boolean;
  if (isObject(raw)) {
    named = true;
    list = Object.entries(raw).map(([key, q]) => ({ key, query: parseQuery(q) }));
  } else if (Array.isArray(raw)) {
    named = false;
    list = raw.map((q, i) => ({ key: String(i), query: parseQuery(q) }));
  } else {
    throw parsing('[filters] cannot be empty.');
  }
  if (list.length === 0) throw illegal('[filters] cannot be empty.');
  const otherKey = str('filters', body, 'other_bucket_key');
  const other = bool('filters', body, 'other_bucket') ?? otherKey !== undefined;
  return { type: 'filters', filters: list, named, ...(other && { otherBucketKey: otherKey ?? '_other_' }), keyed: bool('filters', body, 'keyed') ?? named };
}

/** The body of a bucket aggregation, or undefined when `type` is not one. */
export function parseBucketAgg(type: string, body: JsonObject, name: string): AggSpec | undefined {
  switch (type) {
    case 'terms':
      return terms(body, name);
    case 'histogram':
      return histogram(body, name);
    case 'date_histogram':
      return parseDateHistogram(body, name);
    case 'range':
    case 'date_range':
      return ranges(type, body);
    case 'filter':
      return { type: 'filter', query: parseQuery(body) };
    case 'filters':
      return filters(body);
    case 'missing':
      checkMembers('missing', body, ['field'], ['script', 'format', 'value_type']);
      return { type: 'missing', field: fieldOf('missing', body) };
    default:
      return undefined;
  }
}
