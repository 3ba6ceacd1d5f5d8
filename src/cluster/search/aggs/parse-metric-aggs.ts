/** @module The metric aggregations' bodies (ValuesSourceAggregationBuilder.LeafOnly and TopHitsAggregationBuilder). */
import { isObject, type JsonObject } from '../dsl/dsl-values.js';
import { parseSort } from '../dsl/parse-sort.js';
import { parseSourceFilter } from '../dsl/parse-source-filter.js';
import type { AggSpec, MetricType } from './agg-model.js';
import { badToken, illegal } from './agg-errors.js';
import { bool, checkMembers, fieldOf, int, num } from './agg-members.js';

const METRICS = new Set<string>(['min', 'max', 'avg', 'sum', 'value_count', 'cardinality', 'stats', 'extended_stats']);
const DEFAULT_PERCENTS = [1, 5, 25, 50, 75, 95, 99];

function missingOf(type: string, body: JsonObject): number | string | undefined {
  const m = body.missing;
  if (m === undefined) return undefined;
  if (typeof m === 'number' || typeof m === 'string') return m;
  if (typeof m === 'boolean') return Number(m);
  throw badToken(type, 'missing', m);
}

function metric(type: MetricType, body: JsonObject): AggSpec {
  const extra = type === 'extended_stats' ? ['sigma'] : type === 'cardinality' ? ['precision_threshold', 'execution_hint'] : [];
  checkMembers(type, body, ['field', 'missing', ...extra], ['script', 'format', 'value_type']);
  const sigma = num(type, body, 'sigma') ?? 2;
  if (sigma < 0) throw illegal(`[sigma] must be greater than or equal to 0. Found [${sigma}] in [${type}]`);
  const missing = missingOf(type, body);
  return { type, field: fieldOf(type, body), ...(missing !== undefined && { missing }), sigma };
}

function percentiles(body: JsonObject): AggSpec {
  checkMembers('percentiles', body, ['field', 'missing', 'percents', 'keyed', 'tdigest'], ['script', 'format', 'value_type', 'hdr']);
  let percents = DEFAULT_PERCENTS;
  if (body.percents !== undefined) {
    if (!Array.isArray(body.percents)) throw badToken('percentiles', 'percents', body.percents);
    percents = body.percents.map((p) => Number(p));
    if (percents.length === 0) throw illegal('[percents] must not be empty: [percentiles]');
    for (const p of percents) if (!(p >= 0 && p <= 100)) throw illegal(`percent must be in [0,100], got [${p}]: [percentiles]`);
  }
  const missing = missingOf('percentiles', body);
  return { type: 'percentiles', field: fieldOf('percentiles', body), percents: [...new Set(percents)].sort((a, b) => a - b), keyed: bool('percentiles', body, 'keyed') ?? true, ...(missing !== undefined && { missing }) };
}

function topHits(body: JsonObject): AggSpec {
  checkMembers('top_hits', body, ['size', 'from', 'sort', '_source', 'version', 'seq_no_primary_term'], ['explain', 'highlight', 'stored_fields', 'docvalue_fields', 'fields', 'script_fields', 'track_scores']);
  const size = int('top_hits', body, 'size') ?? 3;
  const from = int('top_hits', body, 'from') ?? 0;
  if (size < 0) throw illegal(`[size] must be greater than or equal to 0. Found [${size}] in [top_hits]`);
  if (from < 0) throw illegal(`[from] must be greater than or equal to 0. Found [${from}] in [top_hits]`);
  const sort = body.sort === undefined ? undefined : parseSort(body.sort);
  const source = body._source === undefined ? { fetch: true as const, includes: [], excludes: [] } : parseSourceFilter(body._source);
  return { type: 'top_hits', size, from, ...(sort && { sort }), source, version: bool('top_hits', body, 'version') ?? false, seqNoPrimaryTerm: bool('top_hits', body, 'seq_no_primary_term') ?? false };
}

export function parseMetricAgg(type: string, body: JsonObject): AggSpec | undefined {
  if (METRICS.has(type)) return metric(type as MetricType, body);
  if (type === 'percentiles') {
    if (isObject(body.hdr)) throw illegal('Tessera does not support [hdr] in the [percentiles] aggregation yet');
    return percentiles(body);
  }
  if (type === 'top_hits') return topHits(body);
  return undefined;
}
