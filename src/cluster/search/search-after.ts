/**
 * @module `search_after` (SearchAfterBuilder.buildFieldDoc): the given values read against the request's sort keys,
 * and the point a page starts after, as the store cuts it (PageAfter) or, where hits are scored in JavaScript
 * anyway, as a filter. Without a point in time a hit must be strictly after the values on the sort keys (ES's
 * FieldDoc with doc Integer.MAX_VALUE); with one, the `_shard_doc` tiebreaker (shard index << 32 | doc) decides ties.
 */
import { ClusterErrors } from '../cluster-error.js';
import { floatForJson } from './analysis/bm25.js';
import type { RankedDoc } from './hit-order.js';
import type { PageAfter } from './search-repository.js';
import type { SortKey } from './sort-keys.js';

const SHARD_SHIFT = 2 ** 32;
const LONG_MAX = 9223372036854775807;
const LONG_MIN = -9223372036854775808;

/** Where a page starts: after this hit in the sort order; `tie` absent: strictly after on the keys alone. */
export interface AfterPoint {
  readonly score: number;
  /** One per store key. */
  readonly values: readonly (number | string | null)[];
  readonly tie?: { readonly shard: number; readonly doc: number; readonly order: 'asc' | 'desc' };
}

/** `_shard_doc`'s value in a hit's sort (ShardDocSortField): the shard's index above the document's number. */
export const shardDocValue = (shard: number, doc: number) => shard * SHARD_SHIFT + doc;

const parseFailure = (field: string) => ClusterErrors.illegalArgument(`Failed to parse search_after value for field [${field}].`);

/** A sort value given back: the placeholders ES shows for a missing value read as missing again. */
function readValue(value: string | number | boolean | null, key: Extract<SortKey, { kind: 'store' }>): number | string | null {
  if (value === null) return null;
  if (key.key.source === 'keyword') return String(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === LONG_MAX || value === LONG_MIN || value === 'Infinity' || value === '-Infinity') return key.key.missing === '_last' || key.key.missing === '_first' ? null : Number(value);
  if (typeof value === 'number') return value;
  const number = Number(value);
  if (value.trim() !== '' && Number.isFinite(number)) return number;
  if (key.type === 'date' || key.type === 'date_nanos') {
    const millis = Date.parse(value);
    if (Number.isFinite(millis)) return millis;
  }
  throw parseFailure(key.spec.field);
}

/**
 * The request's `search_after` against its keys (and the point in time's tiebreaker, counted as a sort key): the
 * errors are ES's, raised on each shard.
 */
export function afterPoint(given: readonly (string | number | boolean | null)[], keys: readonly SortKey[], tiebreak: 'asc' | 'desc' | undefined): AfterPoint {
  const sortLength = keys.length + (tiebreak ? 1 : 0);
  // A sort on `_score` alone is no sort to Lucene (SortBuilder.buildSort returns none).
  if (!tiebreak && keys.length === 1 && keys[0]!.kind === 'score' && keys[0]!.order === 'desc') throw ClusterErrors.illegalArgument('Sort must contain at least one field.');
  if (given.length !== sortLength) throw ClusterErrors.illegalArgument(`search_after has ${given.length} value(s) but sort has ${sortLength}.`);
  let score = 0;
  const values: (number | string | null)[] = [];
  keys.forEach((key, i) => {
    const value = given[i]!;
    if (key.kind === 'score') {
      const number = typeof value === 'number' ? value : Number(value);
      if (value === null || typeof value === 'boolean' || !Number.isFinite(number)) throw parseFailure('_score');
      score = number;
    } else values.push(readValue(value, key));
  });
  if (!tiebreak) return { score, values };
  const raw = given[keys.length];
  const shardDoc = typeof raw === 'number' ? raw : Number(raw);
  if (raw === null || typeof raw === 'boolean' || !Number.isInteger(shardDoc)) throw parseFailure('_shard_doc');
  return { score, values, tie: { shard: Math.floor(shardDoc / SHARD_SHIFT), doc: shardDoc % SHARD_SHIFT, order: tiebreak } };
}

/** A key's comparison of two values, missing ones placed as the page query places them. */
function compareStore(a: number | string | null, b: number | string | null, key: Extract<SortKey, { kind: 'store' }>['key']): number {
  if (key.missing !== '_last' && key.missing !== '_first') {
    a = a ?? key.missing;
    b = b ?? key.missing;
  } else if (a === null || b === null) {
    if (a === b) return 0;
    return (a === null ? 1 : -1) * (key.missing === '_last' ? 1 : -1);
  }
  const order = a! < b! ? -1 : a! > b! ? 1 : 0;
  return key.order === 'asc' ? order : -order;
}

function compareTie(shard: number, doc: number, tie: NonNullable<AfterPoint['tie']>): number {
  const c = shard - tie.shard || doc - tie.doc;
  return tie.order === 'asc' ? c : -c;
}

/** Whether a scored hit comes after the point (scores compared as the hits show them, as floats). */
export function isAfter(hit: RankedDoc, point: AfterPoint, keys: readonly SortKey[]): boolean {
  let store = 0;
  for (const key of keys) {
    let c: number;
    if (key.kind === 'score') {
      const diff = floatForJson(hit.score) - floatForJson(point.score);
      c = key.order === 'desc' ? -diff : diff;
    } else {
      c = compareStore(hit.values[store]!, point.values[store]!, key.key);
      store++;
    }
    if (c !== 0) return c > 0;
  }
  return point.tie ? compareTie(hit.shard, hit.doc, point.tie) > 0 : false;
}

/**
 * The point as the store cuts one index's page, when every document of the index scores `constantScore`: the keys
 * up to the first score key that decides are compared in SQL, the rest settled here.
 */
export function pageAfter(point: AfterPoint, keys: readonly SortKey[], shard: number, constantScore: number): PageAfter {
  const values: (number | string | null)[] = [];
  let store = 0;
  for (const key of keys) {
    if (key.kind === 'store') {
      values.push(point.values[store++] ?? null);
      continue;
    }
    const diff = floatForJson(constantScore) - floatForJson(point.score);
    const c = key.order === 'desc' ? -diff : diff;
    if (c !== 0) return { values, tie: c > 0 };
  }
  if (!point.tie) return { values, tie: false };
  const byShard = point.tie.order === 'asc' ? shard - point.tie.shard : point.tie.shard - shard;
  return { values, tie: byShard !== 0 ? byShard > 0 : { doc: point.tie.doc, order: point.tie.order } };
}
