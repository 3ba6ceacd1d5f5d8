/**
 * @module histogram and date_histogram on one index. Buckets of one length are counted in the store by
 * `floor((value - origin) / interval)`; calendar buckets (months, quarters, years, or any unit in a zone with
 * daylight saving) are cut in JavaScript between the matching values' min and max and counted per range in the
 * store, so the work is bounded by the number of buckets. Empty buckets are added by the reduce.
 */
import { ClusterError } from '../../cluster-error.js';
import { illegal } from './agg-errors.js';
import { and, NONE, type DocSet } from '../search-plan.js';
import { dateBound } from '../field-dates.js';
import type { AggNode, AggSpec, Bounds, KeyedBucket, AggPartial } from './agg-model.js';
import { aggField, NUMERIC } from './agg-fields.js';
import type { AggScope } from './agg-scope.js';
import { dateRounding } from './date-rounding.js';

/** `search.max_buckets`' default. */
export const MAX_BUCKETS = 65_536;

export function tooManyBuckets(count: number): ClusterError {
  return new ClusterError('too_many_buckets_exception', 400, `Trying to create too many buckets. Must be less than or equal to: [${MAX_BUCKETS}] but was [${count}]. This limit can be set by changing the [search.max_buckets] cluster level setting.`, { max_buckets: MAX_BUCKETS });
}

type Resolved = { min?: number; max?: number } | undefined;

function resolveBounds(bounds: Bounds | undefined, read: (v: number | string) => number): Resolved {
  if (!bounds) return undefined;
  return { ...(bounds.min !== undefined && { min: read(bounds.min) }), ...(bounds.max !== undefined && { max: read(bounds.max) }) };
}

async function bucketsOf(node: AggNode, set: DocSet, scope: AggScope, field: string, keyed: { key: number; to: number; count: number }[]): Promise<KeyedBucket<number>[]> {
  return Promise.all(
    keyed.map(async ({ key, to, count }) => ({
      key,
      docCount: count,
      subs: node.subs.length === 0 ? {} : await scope.evaluate(node.subs, and([set, { op: 'number_range', field, bounds: { gte: key, lt: to } }])),
    })),
  );
}

export async function evalHistogram(node: AggNode, spec: Extract<AggSpec, { type: 'histogram' }>, set: DocSet, scope: AggScope): Promise<AggPartial> {
  const field = aggField(scope.fields, spec.field, 'histogram', NUMERIC);
  const hard = resolveBounds(spec.hardBounds, Number);
  const extended = resolveBounds(spec.extendedBounds, Number);
  const empty = await scope.evaluate(node.subs, NONE);
  const base = { kind: 'histogram' as const, valueType: 'double' as const, empty, ...(extended && { extended }), ...(hard && { hard }) };
  if (!field) return { ...base, buckets: [] };
  const rows = await scope.repository.histogramCounts(scope.ref, set, field.path, spec.interval, spec.offset);
  const keyed = rows.map((r) => ({ key: r.bucket * spec.interval + spec.offset, to: (r.bucket + 1) * spec.interval + spec.offset, count: r.count }));
  if (spec.missing !== undefined) {
    const n = await scope.repository.count(scope.ref, and([set, { op: 'not', from: { op: 'all' }, without: { op: 'has_value', field: field.path } }]));
    if (n > 0) {
      const key = Math.floor((spec.missing - spec.offset) / spec.interval) * spec.interval + spec.offset;
      const hit = keyed.find((k) => k.key === key);
      if (hit) hit.count += n;
      else keyed.push({ key, to: key + spec.interval, count: n });
    }
  }
  const inBounds = keyed.filter((k) => (hard?.min === undefined || k.key >= hard.min) && (hard?.max === undefined || k.key <= hard.max)).sort((a, b) => a.key - b.key);
  return { ...base, buckets: await bucketsOf(node, set, scope, field.path, inBounds) };
}

export async function evalDateHistogram(node: AggNode, spec: Extract<AggSpec, { type: 'date_histogram' }>, set: DocSet, scope: AggScope): Promise<AggPartial> {
  if (spec.interval === '') throw illegal('Invalid interval specified, must be non-null and non-empty');
  const field = aggField(scope.fields, spec.field, 'date_histogram', ['date', 'long', 'double']);
  const rounding = dateRounding(spec);
  const read = (v: number | string) => (typeof v === 'number' || !field ? Number(v) : dateBound(field.field.mapping, v, false, scope.now, spec.format, spec.timeZone));
  const hard = resolveBounds(spec.hardBounds, read);
  const extended = resolveBounds(spec.extendedBounds, read);
  const empty = await scope.evaluate(node.subs, NONE);
  const base = { kind: 'histogram' as const, valueType: 'date' as const, format: spec.format ?? field?.format ?? 'strict_date_optional_time||epoch_millis', empty, ...(extended && { extended }), ...(hard && { hard }) };
  if (!field) return { ...base, buckets: [] };
  let keyed: { key: number; to: number; count: number }[];
  if (rounding.fixed) {
    const { interval, origin } = rounding.fixed;
    const rows = await scope.repository.histogramCounts(scope.ref, set, field.path, interval, origin);
    keyed = rows.map((r) => ({ key: r.bucket * interval + origin, to: (r.bucket + 1) * interval + origin, count: r.count }));
  } else {
    const stats = await scope.repository.numericStats(scope.ref, set, field.path);
    keyed = [];
    if (stats.count > 0) {
      const ranges: { key: number; to: number }[] = [];
      for (let key = rounding.round(stats.min!); key <= stats.max!; key = rounding.next(key)) {
        ranges.push({ key, to: rounding.next(key) });
        if (ranges.length > MAX_BUCKETS) throw tooManyBuckets(ranges.length);
      }
      const counts = await scope.repository.rangeCounts(scope.ref, set, field.path, ranges.map((r) => ({ from: r.key, to: r.to })));
      keyed = ranges.map((r, i) => ({ ...r, count: counts[i]! })).filter((r) => r.count > 0);
    }
  }
  const inBounds = keyed.filter((k) => (hard?.min === undefined || k.key >= hard.min) && (hard?.max === undefined || k.key < hard.max)).sort((a, b) => a.key - b.key);
  return { ...base, buckets: await bucketsOf(node, set, scope, field.path, inBounds) };
}
