/** @module range, date_range, filter, filters and missing on one index: each bucket a document set, counted in the store. */
import { and, not, or, type DocSet } from '../search-plan.js';
import { dateBound } from '../field-dates.js';
import type { AggNode, AggSpec, AggPartial, RangeBucket } from './agg-model.js';
import { aggField, ANY, formatDate, javaDouble, NUMERIC } from './agg-fields.js';
import type { AggScope } from './agg-scope.js';

const DEFAULT_DATE_FORMAT = 'strict_date_optional_time||epoch_millis';

export async function evalRange(node: AggNode, spec: Extract<AggSpec, { type: 'range' | 'date_range' }>, set: DocSet, scope: AggScope): Promise<AggPartial> {
  const dates = spec.type === 'date_range';
  const field = aggField(scope.fields, spec.field, spec.type, dates ? ['date', 'long', 'double'] : NUMERIC);
  // A date field prints its bounds (and keys) in its format under either aggregation.
  const printed = dates || field?.valueType === 'date';
  const format = printed ? (spec.format ?? field?.format ?? DEFAULT_DATE_FORMAT) : undefined;
  const read = (v: number | string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    if (typeof v === 'number' || !dates || !field) return Number(v);
    return dateBound(field.field.mapping, v, false, scope.now, spec.format, spec.timeZone);
  };
  const show = (v: number | undefined) => (v === undefined ? '*' : printed ? formatDate(format!, v, spec.timeZone) : javaDouble(v));
  // RangeAggregator sorts its ranges by from, then to.
  const ranges = spec.ranges
    .map((r) => ({ key: r.key, from: read(r.from), to: read(r.to) }))
    .sort((a, b) => (a.from ?? -Infinity) - (b.from ?? -Infinity) || (a.to ?? Infinity) - (b.to ?? Infinity));
  const counts = field ? await scope.repository.rangeCounts(scope.ref, set, field.path, ranges) : ranges.map(() => 0);
  const buckets: RangeBucket[] = await Promise.all(
    ranges.map(async (r, i) => ({
      key: r.key ?? `${show(r.from)}-${show(r.to)}`,
      ...(r.from !== undefined && { from: r.from }),
      ...(r.to !== undefined && { to: r.to }),
      docCount: counts[i]!,
      subs: await scope.evaluate(node.subs, field ? and([set, { op: 'number_range', field: field.path, bounds: { ...(r.from !== undefined && { gte: r.from }), ...(r.to !== undefined && { lt: r.to }) } }]) : { op: 'none' }),
    })),
  );
  return { kind: 'range', valueType: printed ? 'date' : 'double', ...(format !== undefined && { format }), buckets };
}

async function single(node: AggNode, set: DocSet, scope: AggScope): Promise<AggPartial> {
  return { kind: 'single', docCount: await scope.repository.count(scope.ref, set), subs: await scope.evaluate(node.subs, set) };
}

export async function evalFilter(node: AggNode, spec: Extract<AggSpec, { type: 'filter' }>, set: DocSet, scope: AggScope): Promise<AggPartial> {
  return single(node, and([set, scope.compile(spec.query)]), scope);
}

export async function evalMissing(node: AggNode, spec: Extract<AggSpec, { type: 'missing' }>, set: DocSet, scope: AggScope): Promise<AggPartial> {
  const field = aggField(scope.fields, spec.field, 'missing', ANY);
  return single(node, field ? not(set, { op: 'has_value', field: field.path }) : set, scope);
}

export async function evalFilters(node: AggNode, spec: Extract<AggSpec, { type: 'filters' }>, set: DocSet, scope: AggScope): Promise<AggPartial> {
  const sets = spec.filters.map((f) => scope.compile(f.query));
  const named = spec.filters.map((f, i) => ({ key: f.key, set: and([set, sets[i]!]) }));
  if (spec.otherBucketKey !== undefined) named.push({ key: spec.otherBucketKey, set: not(set, or(sets)) });
  const buckets = await Promise.all(named.map(async (b) => ({ key: b.key, docCount: await scope.repository.count(scope.ref, b.set), subs: await scope.evaluate(node.subs, b.set) })));
  return { kind: 'filters', buckets };
}

