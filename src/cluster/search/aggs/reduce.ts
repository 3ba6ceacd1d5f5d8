/**
 * @module The reduce of each aggregation's per-index results into one (InternalAggregation.reduce): buckets merged
 * by key and their sub-aggregations reduced alike, terms cut to `size` with the error bound and the other count
 * ES reports, histograms given their empty buckets, statistics combined.
 */
import { hitComparator } from '../hit-order.js';
import type { AggNode, AggSpec, KeyedBucket, AggPartial, SubResults } from './agg-model.js';
import { bucketComparator } from './bucket-order.js';
import { dateRounding } from './date-rounding.js';
import { MAX_BUCKETS, tooManyBuckets } from './eval-histograms.js';

type Of<K extends AggPartial['kind']> = Extract<AggPartial, { kind: K }>;

function mergeBuckets<K extends string | number>(node: AggNode, lists: readonly (readonly KeyedBucket<K>[])[]): KeyedBucket<K>[] {
  const byKey = new Map<K, { docCount: number; subs: SubResults[] }>();
  for (const list of lists) {
    for (const b of list) {
      const entry = byKey.get(b.key) ?? { docCount: 0, subs: [] };
      entry.docCount += b.docCount;
      entry.subs.push(b.subs);
      byKey.set(b.key, entry);
    }
  }
  return [...byKey].map(([key, e]) => ({ key, docCount: e.docCount, subs: reduceAll(node.subs, e.subs) }));
}

function reduceTerms(node: AggNode, spec: Extract<AggSpec, { type: 'terms' }>, all: readonly Of<'terms'>[]): Of<'terms'> {
  const mapped = all.filter((p) => p.valueType !== 'unmapped');
  const parts = mapped.length > 0 ? mapped : all.slice(0, 1);
  const merged = mergeBuckets(node, parts.map((p) => p.buckets)).filter((b) => b.docCount >= spec.minDocCount);
  merged.sort(bucketComparator(spec.order, node));
  const buckets = merged.slice(0, spec.size);
  const errors = parts.map((p) => p.docCountError);
  const docCountError = parts.length <= 1 ? 0 : errors.includes(-1) ? -1 : errors.reduce((a, b) => a + b, 0);
  const otherDocCount = parts.reduce((n, p) => n + p.otherDocCount, 0) + merged.slice(spec.size).reduce((n, b) => n + b.docCount, 0);
  // Whole and decimal numbers from different indices reduce as doubles, as LongTerms and DoubleTerms do.
  const valueType = parts.some((p) => p.valueType === 'double') && parts.every((p) => p.valueType !== 'string') ? 'double' : parts[0]!.valueType;
  return { ...parts[0]!, valueType, buckets, otherDocCount, docCountError };
}

/** The keys from `first` to `last` (inclusive) with the keys already present, and empty buckets between. */
function fillEmpty(node: AggNode, parts: readonly Of<'histogram'>[], buckets: KeyedBucket<number>[]): KeyedBucket<number>[] {
  const spec = node.spec;
  let round: (v: number) => number;
  let next: (k: number) => number;
  if (spec.type === 'histogram') {
    // Keys as whole multiples of the interval from the offset, so long runs do not drift.
    const index = (v: number) => Math.floor((v - spec.offset) / spec.interval);
    round = (v) => index(v) * spec.interval + spec.offset;
    next = (k) => (Math.round((k - spec.offset) / spec.interval) + 1) * spec.interval + spec.offset;
  } else if (spec.type === 'date_histogram') {
    const rounding = dateRounding(spec);
    round = rounding.round;
    next = rounding.next;
  } else return buckets;
  const extended = parts[0]!.extended;
  const hard = parts[0]!.hard;
  let first = buckets[0]?.key;
  let last = buckets.at(-1)?.key;
  if (extended?.min !== undefined) first = Math.min(first ?? Infinity, round(extended.min));
  if (extended?.max !== undefined) last = Math.max(last ?? -Infinity, round(extended.max));
  if (hard?.min !== undefined && first !== undefined) first = Math.max(first, round(hard.min));
  if (hard?.max !== undefined && last !== undefined) last = Math.min(last, round(hard.max));
  if (first === undefined || last === undefined) return buckets;
  const present = new Map(buckets.map((b) => [b.key, b]));
  const empty = reduceAll(node.subs, [parts[0]!.empty]);
  const out: KeyedBucket<number>[] = [];
  for (let key = first; key <= last; key = next(key)) {
    out.push(present.get(key) ?? { key, docCount: 0, subs: empty });
    if (out.length > MAX_BUCKETS) throw tooManyBuckets(out.length);
  }
  // A present key off the grid (it cannot be, short of float drift) is kept rather than lost.
  for (const b of buckets) if (!out.includes(b)) out.push(b);
  return out.sort((a, b) => a.key - b.key);
}

function reduceHistogram(node: AggNode, parts: readonly Of<'histogram'>[]): Of<'histogram'> {
  const minDocCount = (node.spec as { minDocCount: number }).minDocCount;
  let buckets = mergeBuckets(node, parts.map((p) => p.buckets)).sort((a, b) => a.key - b.key);
  if (minDocCount === 0) buckets = fillEmpty(node, parts, buckets);
  else buckets = buckets.filter((b) => b.docCount >= minDocCount);
  return { ...parts[0]!, buckets };
}

function reduceStats(parts: readonly Of<'stats'>[]): Of<'stats'> {
  const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  const mins = present(parts.map((p) => p.min));
  const maxs = present(parts.map((p) => p.max));
  const typed = parts.find((p) => p.valueType !== 'double') ?? parts[0]!;
  return {
    ...typed,
    count: parts.reduce((n, p) => n + p.count, 0),
    min: mins.length > 0 ? Math.min(...mins) : null,
    max: maxs.length > 0 ? Math.max(...maxs) : null,
    sum: parts.reduce((n, p) => n + p.sum, 0),
    sumOfSquares: parts.reduce((n, p) => n + p.sumOfSquares, 0),
  };
}

function reduceOne(node: AggNode, parts: readonly AggPartial[]): AggPartial {
  const first = parts[0]!;
  switch (first.kind) {
    case 'terms':
      return reduceTerms(node, node.spec as Extract<AggSpec, { type: 'terms' }>, parts as Of<'terms'>[]);
    case 'histogram':
      return reduceHistogram(node, parts as Of<'histogram'>[]);
    case 'range':
      return { ...first, buckets: first.buckets.map((b, i) => ({ ...b, docCount: (parts as Of<'range'>[]).reduce((n, p) => n + p.buckets[i]!.docCount, 0), subs: reduceAll(node.subs, (parts as Of<'range'>[]).map((p) => p.buckets[i]!.subs)) })) };
    case 'filters':
      return { ...first, buckets: first.buckets.map((b, i) => ({ ...b, docCount: (parts as Of<'filters'>[]).reduce((n, p) => n + p.buckets[i]!.docCount, 0), subs: reduceAll(node.subs, (parts as Of<'filters'>[]).map((p) => p.buckets[i]!.subs)) })) };
    case 'single':
      return { kind: 'single', docCount: (parts as Of<'single'>[]).reduce((n, p) => n + p.docCount, 0), subs: reduceAll(node.subs, (parts as Of<'single'>[]).map((p) => p.subs)) };
    case 'stats':
      return reduceStats(parts as Of<'stats'>[]);
    case 'cardinality':
      return { kind: 'cardinality', values: new Set((parts as Of<'cardinality'>[]).flatMap((p) => [...p.values])) };
    case 'percentiles': {
      const typed = (parts as Of<'percentiles'>[]).find((p) => p.valueType !== 'double') ?? first;
      return { ...typed, values: (parts as Of<'percentiles'>[]).flatMap((p) => p.values) };
    }
    case 'top_hits': {
      const spec = node.spec as Extract<AggSpec, { type: 'top_hits' }>;
      const all = parts as Of<'top_hits'>[];
      const compare = hitComparator(first.keys);
      const hits = all.flatMap((p) => p.hits).sort((a, b) => compare(a.ranked, b.ranked)).slice(spec.from, spec.from + spec.size);
      const scores = all.map((p) => p.maxScore).filter((s): s is number => s !== null);
      return { ...first, total: all.reduce((n, p) => n + p.total, 0), maxScore: scores.length > 0 ? Math.max(...scores) : null, hits };
    }
  }
}

/** Each aggregation of `nodes` reduced over the indices' results (in the indices' order). */
export function reduceAll(nodes: readonly AggNode[], results: readonly SubResults[]): SubResults {
  const out: Record<string, AggPartial> = {};
  for (const node of nodes) {
    const parts = results.map((r) => r[node.name]).filter((p): p is AggPartial => p !== undefined);
    if (parts.length > 0) out[node.name] = reduceOne(node, parts);
  }
  return out;
}
