/**
 * @module Aggregations as Tessera evaluates them: the parsed request tree (AggNode), what one index answers for a
 * node (a partial result, mergeable as ES reduces shard results), and the value types that decide keys' shapes.
 */
import type { Query } from '../query.js';
import type { SortSpec, SourceFilter } from '../search-request.js';
import type { SortKey } from '../sort-keys.js';
import type { RankedDoc } from '../hit-order.js';

export interface TermsOrder {
  /** `_count`, `_key`, or a path into a sub-aggregation (`avg_price`, `stats.max`). */
  readonly by: string;
  readonly order: 'asc' | 'desc';
}

export interface Bounds {
  readonly min?: number | string;
  readonly max?: number | string;
}

export interface RangeSpec {
  readonly key?: string;
  readonly from?: number | string;
  readonly to?: number | string;
}

export type CalendarUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

export type AggSpec =
  | {
      readonly type: 'terms';
      readonly field: string;
      readonly size: number;
      readonly shardSize?: number;
      readonly minDocCount: number;
      readonly order: readonly TermsOrder[];
      readonly missing?: string | number | boolean;
      readonly include?: string | readonly (string | number)[];
      readonly exclude?: string | readonly (string | number)[];
    }
  | { readonly type: 'histogram'; readonly field: string; readonly interval: number; readonly offset: number; readonly minDocCount: number; readonly extendedBounds?: Bounds; readonly hardBounds?: Bounds; readonly keyed: boolean; readonly missing?: number }
  | {
      readonly type: 'date_histogram';
      readonly field: string;
      readonly calendar?: CalendarUnit;
      readonly fixedMillis?: number;
      /** The interval as written; empty when none was given, which the index refuses as ES's shards do when they build the rounding. */
      readonly interval: string;
      readonly timeZone?: string;
      readonly format?: string;
      readonly offset: number;
      readonly minDocCount: number;
      readonly extendedBounds?: Bounds;
      readonly hardBounds?: Bounds;
      readonly keyed: boolean;
    }
  | { readonly type: 'range' | 'date_range'; readonly field: string; readonly ranges: readonly RangeSpec[]; readonly keyed: boolean; readonly format?: string; readonly timeZone?: string }
  | { readonly type: 'filter'; readonly query: Query }
  | { readonly type: 'filters'; readonly filters: readonly { readonly key: string; readonly query: Query }[]; readonly named: boolean; readonly otherBucketKey?: string; readonly keyed: boolean }
  | { readonly type: 'missing'; readonly field: string }
  | { readonly type: MetricType; readonly field: string; readonly missing?: number | string; readonly sigma: number }
  | { readonly type: 'percentiles'; readonly field: string; readonly percents: readonly number[]; readonly keyed: boolean; readonly missing?: number | string }
  | { readonly type: 'top_hits'; readonly size: number; readonly from: number; readonly sort?: readonly SortSpec[]; readonly source: SourceFilter; readonly version: boolean; readonly seqNoPrimaryTerm: boolean };

export type MetricType = 'min' | 'max' | 'avg' | 'sum' | 'value_count' | 'cardinality' | 'stats' | 'extended_stats';

export interface AggNode {
  readonly name: string;
  readonly spec: AggSpec;
  readonly subs: readonly AggNode[];
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** How a field's values read as keys: strings, whole numbers, doubles, dates (epoch millis) or booleans (0/1). */
export type ValueType = 'string' | 'long' | 'double' | 'date' | 'boolean' | 'unmapped';

export type SubResults = Readonly<Record<string, AggPartial>>;

export interface KeyedBucket<K> {
  readonly key: K;
  readonly docCount: number;
  readonly subs: SubResults;
}

export interface RangeBucket extends KeyedBucket<string> {
  readonly from?: number;
  readonly to?: number;
}

/** One index's answer for one aggregation (an InternalAggregation before the reduce). */
export type AggPartial =
  | {
      readonly kind: 'terms';
      readonly valueType: ValueType;
      readonly format?: string;
      readonly buckets: readonly KeyedBucket<string | number>[];
      readonly otherDocCount: number;
      /** The error this index's buckets may carry (-1: unknown, for orders other than count and key). */
      readonly docCountError: number;
    }
  | {
      readonly kind: 'histogram';
      readonly valueType: ValueType;
      readonly format?: string;
      readonly buckets: readonly KeyedBucket<number>[];
      /** The sub-aggregations of an empty bucket, for the empty buckets the reduce adds. */
      readonly empty: SubResults;
      /** extended_bounds and hard_bounds, resolved to numbers (dates as epoch millis). */
      readonly extended?: { readonly min?: number; readonly max?: number };
      readonly hard?: { readonly min?: number; readonly max?: number };
    }
  | { readonly kind: 'range'; readonly valueType: ValueType; readonly format?: string; readonly buckets: readonly RangeBucket[] }
  | { readonly kind: 'single'; readonly docCount: number; readonly subs: SubResults }
  | { readonly kind: 'filters'; readonly buckets: readonly KeyedBucket<string>[] }
  | { readonly kind: 'stats'; readonly valueType: ValueType; readonly format?: string; readonly count: number; readonly min: number | null; readonly max: number | null; readonly sum: number; readonly sumOfSquares: number }
  | { readonly kind: 'cardinality'; readonly values: ReadonlySet<string | number> }
  | { readonly kind: 'percentiles'; readonly valueType: ValueType; readonly format?: string; readonly values: readonly (readonly [number, number])[] }
  | { readonly kind: 'top_hits'; readonly total: number; readonly maxScore: number | null; readonly hits: readonly TopHit[]; readonly keys: readonly SortKey[] };

export interface TopHit {
  readonly hit: Record<string, unknown>;
  /** The hit as the merge across indices orders it. */
  readonly ranked: RankedDoc;
}
