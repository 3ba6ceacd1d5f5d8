/** @module What search reads from the store: sets of documents, their scores' inputs, sort values and sources. */
import type { DocSet } from './search-plan.js';

/** One index as the store knows it: its name and the key of its structure (undefined: nothing written yet). */
export interface IndexRef {
  readonly name: string;
  readonly key: number | undefined;
  /** A search context's snapshot: the documents with sequence numbers up to `mark`, as they were then. Absent: live. */
  readonly view?: { readonly mark: number };
}

/** A sort key the store reads from doc values: a document's lowest (or highest) value of the field. */
export interface StoreSortKey {
  readonly field: string;
  /** `doc`: index order (`_doc`). */
  readonly source: 'number' | 'keyword' | 'doc';
  readonly order: 'asc' | 'desc';
  /** The value of a document with no value (`missing`), or where it goes. */
  readonly missing: '_last' | '_first' | number | string;
  /** Which of several values represents a document: `min` (ascending default) or `max`. */
  readonly mode: 'min' | 'max';
}

/** A document of a page: its sequence number and its sort values (null where it has none). */
export interface PagedDoc {
  readonly doc: number;
  readonly values: readonly (number | string | null)[];
}

/**
 * `search_after` as the store applies it: only documents strictly after `values` (one per sort key, null for a
 * missing value) in sort order; when equal on every key, `tie` decides (true: after; false: not; `doc`: documents
 * whose sequence number is after it in `order`).
 */
export interface PageAfter {
  readonly values: readonly (number | string | null)[];
  readonly tie: boolean | { readonly doc: number; readonly order: 'asc' | 'desc' };
}

export interface FetchedDocument {
  readonly doc: number;
  readonly id: string;
  readonly version: number;
  readonly source: string;
  readonly routing?: string;
}

export interface PostingRow {
  readonly doc: number;
  readonly term: string;
  readonly freq: number;
  /** The field's length in the document (0 for keywords, which keep none). */
  readonly length: number;
  readonly positions?: readonly number[];
}

export interface FieldStats {
  readonly docCount: number;
  readonly sumLength: number;
}

export interface SearchRepository extends AggregationRepository {
  /** The structure's key of each named index that has one. */
  indexKeys(names: readonly string[]): Promise<Map<string, number>>;
  /** How many documents `set` holds, counting no further than `limit`. */
  count(index: IndexRef, set: DocSet, limit?: number): Promise<number>;
  /** Every document of `set`, in sequence order. */
  docs(index: IndexRef, set: DocSet): Promise<number[]>;
  /** Documents of `set` in `sort` order (then sequence order), `offset` skipped, at most `limit`, with their sort values. */
  page(index: IndexRef, set: DocSet, sort: readonly StoreSortKey[], offset: number, limit: number, after?: PageAfter): Promise<PagedDoc[]>;
  /** The sort values of the given documents. */
  sortValues(index: IndexRef, docs: readonly number[], sort: readonly StoreSortKey[]): Promise<Map<number, (number | string | null)[]>>;
  /** The postings (or keyword matches) of `terms` in `field` for the documents of `within` (all when undefined). */
  postings(index: IndexRef, field: string, source: 'postings' | 'keywords', terms: readonly string[], within: DocSet | undefined, withPositions?: boolean): Promise<PostingRow[]>;
  /** How many documents hold each term (doc frequency) in the field. */
  docFreqs(index: IndexRef, field: string, source: 'postings' | 'keywords', terms: readonly string[]): Promise<Map<string, number>>;
  fieldStats(index: IndexRef, field: string): Promise<FieldStats>;
  /** The nested documents at `path` of the given parents, each with its parent. */
  nestedChildren(index: IndexRef, path: string, parents: readonly number[]): Promise<Map<number, number>>;
  /**
   * The `limit` documents of `within` with the highest Σ weight·(1 − 1/(1 + freq/(k1·(1 − b + b·length/avgdl))))
   * over the given terms of `field` (BM25 as ES 8 scores it), best first, ties by document.
   */
  topByTermScore(index: IndexRef, field: string, terms: readonly { term: string; weight: number }[], params: { k1: number; b: number; avgdl: number }, within: DocSet, limit: number): Promise<{ doc: number }[]>;
  /** The stored documents with these sequence numbers. */
  fetch(index: IndexRef, docs: readonly number[]): Promise<Map<number, FetchedDocument>>;
  /** Every doc value of these documents in `fields` (for `fields`/`docvalue_fields` and aggregations). */
  values(index: IndexRef, docs: readonly number[], fields: readonly string[]): Promise<Map<number, Map<string, (number | string)[]>>>;
}

/** Which column of the doc values a field's values are in: keywords, or numbers (dates and booleans too). */
export type ValueSource = 'keyword' | 'number';

/** A numeric range of an aggregation's bucket: from inclusive, to exclusive; absent ends are open. */
export interface NumberRange {
  readonly from?: number;
  readonly to?: number;
}

export interface NumericStats {
  readonly count: number;
  readonly min: number | null;
  readonly max: number | null;
  readonly sum: number;
  readonly sumOfSquares: number;
}

/** What aggregations read from the store, each over the documents of a set. */
export interface AggregationRepository {
  /** Each distinct value of the field with how many documents of `set` hold it (`per: 'doc'`) or how often it occurs (`per: 'value'`). */
  termCounts(index: IndexRef, set: DocSet, field: string, source: ValueSource, per: 'doc' | 'value'): Promise<{ key: string | number; count: number }[]>;
  /** Count, min, max, sum and sum of squares of the field's numbers. */
  numericStats(index: IndexRef, set: DocSet, field: string): Promise<NumericStats>;
  /** How many values the field holds over `set`. */
  valueCount(index: IndexRef, set: DocSet, field: string, source: ValueSource): Promise<number>;
  /** How many documents of `set` have a value in each range (ranges may overlap). */
  rangeCounts(index: IndexRef, set: DocSet, field: string, ranges: readonly NumberRange[]): Promise<number[]>;
  /** For each distinct value of `keyField` over `set`, the statistics of `valueField`'s numbers in the documents holding it. */
  groupedStats(index: IndexRef, set: DocSet, keyField: string, keySource: ValueSource, valueField: string): Promise<Map<string | number, NumericStats>>;
  /** Documents per bucket `floor((n - offset) / interval)`, as bucket number and count. */
  histogramCounts(index: IndexRef, set: DocSet, field: string, interval: number, offset: number): Promise<{ bucket: number; count: number }[]>;
}
