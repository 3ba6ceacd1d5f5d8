/** @module Reduced aggregations as ES writes them (each InternalAggregation's doXContentBody), named `type#name` under typed_keys. */
import { floatForJson } from '../analysis/bm25.js';
import type { AggNode, AggSpec, KeyedBucket, AggPartial, SubResults, ValueType } from './agg-model.js';
import { javaDouble, valueAsString } from './agg-fields.js';
import { percentileOf } from './percentiles.js';

type Json = Record<string, unknown>;
type Of<K extends AggPartial['kind']> = Extract<AggPartial, { kind: K }>;

/** The name the result's class writes under typed_keys. */
function typeName(node: AggNode, result: AggPartial): string {
  if (result.kind === 'terms') return { string: 'sterms', long: 'lterms', date: 'lterms', boolean: 'lterms', double: 'dterms', unmapped: 'umterms' }[result.valueType];
  if (node.spec.type === 'percentiles') return 'tdigest_percentiles';
  return node.spec.type;
}

function withString(out: Json, name: string, value: number | null, valueType: ValueType, format?: string, timeZone?: string): void {
  out[name] = value;
  if (value === null) return;
  const text = valueAsString(valueType, value, format, timeZone);
  if (text !== undefined) out[`${name}_as_string`] = text;
}

function bucketBody(node: AggNode, b: { docCount: number; subs: SubResults }, typedKeys: boolean): Json {
  return { doc_count: b.docCount, ...renderAggregations(node.subs, b.subs, typedKeys) };
}

function terms(node: AggNode, r: Of<'terms'>, typedKeys: boolean): Json {
  const buckets = r.buckets.map((b) => {
    const out: Json = { key: b.key };
    const text = typeof b.key === 'number' ? valueAsString(r.valueType, b.key, r.format) : undefined;
    if (text !== undefined) out.key_as_string = text;
    return { ...out, ...bucketBody(node, b, typedKeys) };
  });
  return { doc_count_error_upper_bound: r.docCountError, sum_other_doc_count: r.otherDocCount, buckets };
}

function histogram(node: AggNode, r: Of<'histogram'>, typedKeys: boolean): Json {
  const timeZone = (node.spec as { timeZone?: string }).timeZone;
  const keyed = (node.spec as { keyed: boolean }).keyed;
  const one = (b: KeyedBucket<number>): [string, Json] => {
    const text = r.valueType === 'date' ? valueAsString('date', b.key, r.format, timeZone) : undefined;
    return [text ?? javaDouble(b.key), { ...(text !== undefined && { key_as_string: text }), key: b.key, ...bucketBody(node, b, typedKeys) }];
  };
  const entries = r.buckets.map(one);
  return { buckets: keyed ? Object.fromEntries(entries) : entries.map(([, b]) => b) };
}

function range(node: AggNode, r: Of<'range'>, typedKeys: boolean): Json {
  const spec = node.spec as Extract<AggSpec, { type: 'range' | 'date_range' }>;
  const entries = r.buckets.map((b): [string, Json] => {
    const out: Json = {};
    if (b.from !== undefined) withString(out, 'from', b.from, r.valueType, r.format, spec.timeZone);
    if (b.to !== undefined) withString(out, 'to', b.to, r.valueType, r.format, spec.timeZone);
    return [b.key, { ...out, ...bucketBody(node, b, typedKeys) }];
  });
  return { buckets: spec.keyed ? Object.fromEntries(entries) : entries.map(([key, b]) => ({ key, ...b })) };
}

function filters(node: AggNode, r: Of<'filters'>, typedKeys: boolean): Json {
  const spec = node.spec as Extract<AggSpec, { type: 'filters' }>;
  const entries = r.buckets.map((b): [string, Json] => [b.key, bucketBody(node, b, typedKeys)]);
  if (spec.keyed) return { buckets: Object.fromEntries(entries) };
  return { buckets: entries.map(([key, b]) => (spec.named ? { key, ...b } : b)) };
}

function stats(node: AggNode, r: Of<'stats'>): Json {
  const type = node.spec.type;
  const avg = r.count === 0 ? null : r.sum / r.count;
  const out: Json = {};
  const put = (name: string, value: number | null) => withString(out, name, value, r.valueType, r.format);
  switch (type) {
    case 'min':
      put('value', r.min);
      return out;
    case 'max':
      put('value', r.max);
      return out;
    case 'avg':
      put('value', avg);
      return out;
    case 'sum':
      put('value', r.sum);
      return out;
    case 'value_count':
      return { value: r.count };
  }
  out.count = r.count;
  put('min', r.min);
  put('max', r.max);
  put('avg', avg);
  out.sum = r.sum;
  if (r.count > 0 && valueAsString(r.valueType, r.sum, r.format) !== undefined) out.sum_as_string = valueAsString(r.valueType, r.sum, r.format);
  if (type === 'extended_stats') Object.assign(out, extended(r, avg, (node.spec as { sigma: number }).sigma));
  return out;
}

/** InternalExtendedStats' members: population and sample variance and their deviations, with `sigma` bounds. */
function extended(r: Of<'stats'>, avg: number | null, sigma: number): Json {
  if (r.count === 0 || avg === null) {
    const none = { upper: null, lower: null, upper_population: null, lower_population: null, upper_sampling: null, lower_sampling: null };
    return { sum_of_squares: null, variance: null, variance_population: null, variance_sampling: null, std_deviation: null, std_deviation_population: null, std_deviation_sampling: null, std_deviation_bounds: none };
  }
  const population = Math.max(0, (r.sumOfSquares - (r.sum * r.sum) / r.count) / r.count);
  const sampling = r.count > 1 ? Math.max(0, (r.sumOfSquares - (r.sum * r.sum) / r.count) / (r.count - 1)) : Number.NaN;
  const [sd, sdSample] = [Math.sqrt(population), Math.sqrt(sampling)];
  const finite = (v: number) => (Number.isFinite(v) ? v : 'NaN');
  return {
    sum_of_squares: r.sumOfSquares,
    variance: population,
    variance_population: population,
    variance_sampling: finite(sampling),
    std_deviation: sd,
    std_deviation_population: sd,
    std_deviation_sampling: finite(sdSample),
    std_deviation_bounds: {
      upper: avg + sigma * sd,
      lower: avg - sigma * sd,
      upper_population: avg + sigma * sd,
      lower_population: avg - sigma * sd,
      upper_sampling: finite(avg + sigma * sdSample),
      lower_sampling: finite(avg - sigma * sdSample),
    },
  };
}

function percentiles(node: AggNode, r: Of<'percentiles'>): Json {
  const spec = node.spec as Extract<AggSpec, { type: 'percentiles' }>;
  const computed = spec.percents.map((p) => [p, percentileOf(r.values, p)] as const);
  if (spec.keyed) {
    const values: Json = {};
    for (const [p, v] of computed) {
      values[javaDouble(p)] = v;
      const text = v === null ? undefined : valueAsString(r.valueType, v, r.format);
      if (text !== undefined) values[`${javaDouble(p)}_as_string`] = text;
    }
    return { values };
  }
  return { values: computed.map(([p, v]) => ({ key: p, value: v, ...(v !== null && valueAsString(r.valueType, v, r.format) !== undefined && { value_as_string: valueAsString(r.valueType, v, r.format) }) })) };
}

function body(node: AggNode, r: AggPartial, typedKeys: boolean): Json {
  switch (r.kind) {
    case 'terms':
      return terms(node, r, typedKeys);
    case 'histogram':
      return histogram(node, r, typedKeys);
    case 'range':
      return range(node, r, typedKeys);
    case 'filters':
      return filters(node, r, typedKeys);
    case 'single':
      return bucketBody(node, r, typedKeys);
    case 'stats':
      return stats(node, r);
    case 'cardinality':
      return { value: r.values.size };
    case 'percentiles':
      return percentiles(node, r);
    case 'top_hits':
      return { hits: { total: { value: r.total, relation: 'eq' }, max_score: r.maxScore === null ? null : floatForJson(r.maxScore), hits: r.hits.map((h) => h.hit) } };
  }
}

export function renderAggregations(nodes: readonly AggNode[], results: SubResults, typedKeys: boolean): Json {
  const out: Json = {};
  for (const node of nodes) {
    const r = results[node.name];
    if (!r) continue;
    out[typedKeys ? `${typeName(node, r)}#${node.name}` : node.name] = { ...(node.meta && { meta: node.meta }), ...body(node, r, typedKeys) };
  }
  return out;
}
