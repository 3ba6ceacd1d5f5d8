/**
 * @module terms on one index (the shard side of TermsAggregator): documents per distinct value counted in the
 * store, the `missing` value's documents added, include/exclude applied, then the best `shard_size` buckets kept
 * with their sub-aggregations, the rest counted as `sum_other_doc_count`.
 */
import { ALL, and, not, or, type DocSet } from '../search-plan.js';
import { dateMillis } from '../field-dates.js';
import type { AggNode, AggSpec, KeyedBucket, AggPartial, SubResults } from './agg-model.js';
import { aggField, ANY, type AggField } from './agg-fields.js';
import type { AggScope } from './agg-scope.js';
import { bucketComparator, isKeyOrder } from './bucket-order.js';
import { groupedOrderValues } from './terms-order-values.js';

type TermsSpec = Extract<AggSpec, { type: 'terms' }>;

/** BucketUtils.suggestShardSideQueueSize: headroom against ranking errors across indices. */
export function shardSizeOf(spec: TermsSpec): number {
  if (spec.shardSize !== undefined) return Math.max(spec.shardSize, spec.size);
  if (isKeyOrder(spec.order)) return spec.size;
  return spec.size === 1 ? 2 : Math.floor(spec.size * 1.5 + 10);
}

/** The Lucene-style regular expression (the whole term must match), or an exact list. */
function matcher(rule: string | readonly (string | number)[] | undefined): ((key: string | number) => boolean) | undefined {
  if (rule === undefined) return undefined;
  if (typeof rule === 'string') {
    const re = new RegExp(`^(?:${rule})$`, 'u');
    return (key) => re.test(String(key));
  }
  const set = new Set(rule.map(String));
  return (key) => set.has(String(key));
}

function missingKey(spec: TermsSpec, field: AggField | undefined): string | number {
  const m = spec.missing!;
  if (!field || field.valueType === 'string') return String(m);
  if (field.valueType === 'boolean') return m === true || m === 'true' ? 1 : 0;
  if (field.valueType === 'date' && typeof m === 'string') return dateMillis(field.field.mapping, m) ?? Number(m);
  return Number(m);
}

function keySet(field: AggField, key: string | number): DocSet {
  return field.source === 'keyword' ? { op: 'keywords', field: field.path, values: [String(key)] } : { op: 'numbers', field: field.path, values: [Number(key)] };
}

/** `_index`: one bucket per index, which the reduce merges across indices. */
async function indexTerms(node: AggNode, set: DocSet, scope: AggScope): Promise<AggPartial> {
  const docCount = await scope.repository.count(scope.ref, set);
  const buckets = docCount === 0 ? [] : [{ key: scope.index.name, docCount, subs: await scope.evaluate(node.subs, set) }];
  return { kind: 'terms', valueType: 'string', buckets, otherDocCount: 0, docCountError: 0 };
}

export async function evalTerms(node: AggNode, spec: TermsSpec, set: DocSet, scope: AggScope): Promise<AggPartial> {
  if (spec.field === '_index') return indexTerms(node, set, scope);
  const field = aggField(scope.fields, spec.field, 'terms', ANY);
  const counts = new Map<string | number, number>();
  if (field) for (const { key, count } of await scope.repository.termCounts(scope.ref, set, field.path, field.source, 'doc')) counts.set(key, count);
  if (field && spec.minDocCount === 0) {
    // ES lists every term of the index's field, matched or not.
    for (const { key } of await scope.repository.termCounts(scope.ref, ALL, field.path, field.source, 'doc')) if (!counts.has(key)) counts.set(key, 0);
  }
  const without: DocSet = field ? not(set, { op: 'has_value', field: field.path }) : set;
  let missing: string | number | undefined;
  if (spec.missing !== undefined) {
    missing = missingKey(spec, field);
    const n = await scope.repository.count(scope.ref, without);
    if (n > 0 || spec.minDocCount === 0) counts.set(missing, (counts.get(missing) ?? 0) + n);
  }
  const include = matcher(spec.include);
  const exclude = matcher(spec.exclude);
  const setOf = (key: string | number): DocSet => {
    const keyed = field ? keySet(field, key) : undefined;
    const bucket = key === missing ? or([...(keyed ? [keyed] : []), field ? not(ALL, { op: 'has_value', field: field.path }) : ALL]) : keyed!;
    return and([set, bucket]);
  };
  let candidates = [...counts].filter(([key]) => (!include || include(key)) && !(exclude && exclude(key))).map(([key, docCount]) => ({ key, docCount, subs: {} as SubResults }));
  const total = candidates.reduce((n, b) => n + b.docCount, 0);
  const shardSize = shardSizeOf(spec);
  const bySub = spec.order.some((o) => o.by !== '_count' && o.by !== '_key');
  const grouped = bySub && field ? await groupedOrderValues(node, spec, field, set, candidates.map((b) => b.key), scope) : undefined;
  if (grouped) candidates = candidates.map((b) => ({ ...b, subs: grouped.get(b.key)! }));
  else if (bySub) candidates = await Promise.all(candidates.map(async (b) => ({ ...b, subs: await scope.evaluate(node.subs, setOf(b.key)) })));
  candidates.sort(bucketComparator(spec.order, node));
  const kept = candidates.slice(0, shardSize);
  const complete = bySub && !grouped;
  const buckets: KeyedBucket<string | number>[] = complete || node.subs.length === 0 ? kept : await Promise.all(kept.map(async (b) => ({ ...b, subs: await scope.evaluate(node.subs, setOf(b.key)) })));
  const countDesc = spec.order[0]!.by === '_count' && spec.order[0]!.order === 'desc';
  const docCountError = buckets.length < shardSize || isKeyOrder(spec.order) ? 0 : countDesc ? Math.min(...buckets.map((b) => b.docCount)) : -1;
  return {
    kind: 'terms',
    valueType: field?.valueType ?? (spec.missing !== undefined ? (typeof missing === 'number' ? 'double' : 'string') : 'unmapped'),
    ...(field?.format !== undefined && { format: field.format }),
    buckets,
    otherDocCount: total - buckets.reduce((n, b) => n + b.docCount, 0),
    docCountError,
  };
}
