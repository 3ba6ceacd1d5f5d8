/**
 * @module The values terms buckets are ordered by, when each order path names a numeric metric directly under the
 * terms: one grouped query for every candidate bucket, instead of evaluating the sub-aggregation per distinct value.
 */
import type { DocSet } from '../search-plan.js';
import type { AggNode, AggSpec, AggPartial } from './agg-model.js';
import { aggField, NUMERIC, type AggField } from './agg-fields.js';
import type { AggScope } from './agg-scope.js';

const GROUPABLE = new Set(['min', 'max', 'avg', 'sum', 'stats', 'extended_stats']);

/** Per key, the order paths' sub-aggregation results; undefined when a path needs the general evaluation. */
export async function groupedOrderValues(node: AggNode, spec: Extract<AggSpec, { type: 'terms' }>, field: AggField, set: DocSet, keys: readonly (string | number)[], scope: AggScope): Promise<Map<string | number, Record<string, AggPartial>> | undefined> {
  if (spec.missing !== undefined) return undefined;
  const out = new Map(keys.map((k) => [k, {} as Record<string, AggPartial>]));
  for (const { by } of spec.order) {
    if (by === '_count' || by === '_key') continue;
    if (by.includes('>')) return undefined;
    const sub = node.subs.find((n) => n.name === by.split('.')[0]);
    if (!sub || !GROUPABLE.has(sub.spec.type)) return undefined;
    const metric = sub.spec as { field: string; missing?: unknown };
    if (metric.missing !== undefined) return undefined;
    const valueField = aggField(scope.fields, metric.field, sub.spec.type, NUMERIC);
    if (!valueField) return undefined;
    const stats = await scope.repository.groupedStats(scope.ref, set, field.path, field.source, valueField.path);
    for (const [key, subs] of out) {
      const s = stats.get(key) ?? { count: 0, min: null, max: null, sum: 0, sumOfSquares: 0 };
      subs[sub.name] = { kind: 'stats', valueType: valueField.valueType, ...s };
    }
  }
  return out;
}
