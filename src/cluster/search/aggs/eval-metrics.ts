/**
 * @module The metric aggregations on one index: statistics summed in the store, cardinality as the exact set of
 * distinct values (ES estimates with HyperLogLog++; exact counts agree with it below its precision threshold),
 * percentiles from each distinct value's frequency, and top_hits as search hits.
 */
import { not, type DocSet } from '../search-plan.js';
import { dateMillis } from '../field-dates.js';
import type { NumericStats } from '../search-repository.js';
import type { AggSpec, MetricType, AggPartial } from './agg-model.js';
import { aggField, ANY, NUMERIC, type AggField } from './agg-fields.js';
import type { AggScope } from './agg-scope.js';

const EMPTY: NumericStats = { count: 0, min: null, max: null, sum: 0, sumOfSquares: 0 };

function missingValue(field: AggField | undefined, missing: number | string): number | string {
  if (field?.valueType === 'string') return String(missing);
  if (field?.valueType === 'date' && typeof missing === 'string') return dateMillis(field.field.mapping, missing) ?? Number(missing);
  if (field?.valueType === 'boolean' && typeof missing === 'string') return missing === 'true' ? 1 : 0;
  return Number(missing);
}

/** Documents of `set` without a value in the field (all of them when it is unmapped). */
async function missingCount(scope: AggScope, set: DocSet, field: AggField | undefined): Promise<number> {
  return scope.repository.count(scope.ref, field ? not(set, { op: 'has_value', field: field.path }) : set);
}

export async function evalMetric(spec: Extract<AggSpec, { type: MetricType }>, set: DocSet, scope: AggScope): Promise<AggPartial> {
  const anyType = spec.type === 'value_count' || spec.type === 'cardinality';
  const field = aggField(scope.fields, spec.field, spec.type, anyType ? ANY : NUMERIC);
  const m = spec.missing === undefined ? undefined : missingValue(field, spec.missing);
  const absent = m === undefined ? 0 : await missingCount(scope, set, field);
  if (spec.type === 'cardinality') {
    const values = new Set<string | number>(field ? (await scope.repository.termCounts(scope.ref, set, field.path, field.source, 'doc')).map((r) => r.key) : []);
    if (absent > 0) values.add(m!);
    return { kind: 'cardinality', values };
  }
  let stats = EMPTY;
  if (field && spec.type === 'value_count') stats = { ...EMPTY, count: await scope.repository.valueCount(scope.ref, set, field.path, field.source) };
  else if (field) stats = await scope.repository.numericStats(scope.ref, set, field.path);
  if (absent > 0) {
    const v = typeof m === 'number' ? m : Number.NaN;
    stats = {
      count: stats.count + absent,
      min: stats.min === null ? v : Math.min(stats.min, v),
      max: stats.max === null ? v : Math.max(stats.max, v),
      sum: stats.sum + v * absent,
      sumOfSquares: stats.sumOfSquares + v * v * absent,
    };
  }
  return { kind: 'stats', valueType: field?.valueType ?? 'double', ...(field?.format !== undefined && { format: field.format }), ...stats };
}

export async function evalPercentiles(spec: Extract<AggSpec, { type: 'percentiles' }>, set: DocSet, scope: AggScope): Promise<AggPartial> {
  const field = aggField(scope.fields, spec.field, 'percentiles', NUMERIC);
  const values: [number, number][] = field ? (await scope.repository.termCounts(scope.ref, set, field.path, 'number', 'value')).map((r) => [Number(r.key), r.count]) : [];
  if (spec.missing !== undefined) {
    const absent = await missingCount(scope, set, field);
    if (absent > 0) values.push([Number(missingValue(field, spec.missing)), absent]);
  }
  return { kind: 'percentiles', valueType: field?.valueType ?? 'double', ...(field?.format !== undefined && { format: field.format }), values };
}

