/**
 * @module A search request as Tessera evaluates it, from the body and the URL parameters together
 * (RestSearchAction.parseSearchRequest over SearchSourceBuilder.parseXContent). Parsing refuses unknown members with
 * ES's words, and members Tessera does not evaluate with a clear 400: nothing parsed here is dropped.
 */
import type { Query } from './query.js';

/** One `sort` entry (SortBuilder): a field, `_score` or `_doc`. */
export interface SortSpec {
  readonly field: string;
  /** ES's default: `desc` for `_score`, `asc` otherwise. */
  readonly order: 'asc' | 'desc';
  /** `_last` (default), `_first`, or a value used for documents without one. */
  readonly missing?: string | number | boolean;
  /** `min`/`max` (default per order), `sum`, `avg`, `median`. */
  readonly mode?: 'min' | 'max' | 'sum' | 'avg' | 'median';
  /** The type an unmapped field sorts as, instead of failing. */
  readonly unmappedType?: string;
  /** A date field's `format` for the sort values in the hits, and `numeric_type`. */
  readonly format?: string;
  readonly numericType?: 'long' | 'double' | 'date' | 'date_nanos';
}

/** `_source`: true/false, or include/exclude patterns. */
export type SourceFilter = { readonly fetch: false } | { readonly fetch: true; readonly includes: readonly string[]; readonly excludes: readonly string[] };

/** `fields` and `docvalue_fields` entries. */
export interface FieldAndFormat {
  readonly field: string;
  readonly format?: string;
  readonly includeUnmapped?: boolean;
}

/** The URL's `q` and its companions as given (RestActions.urlParamsToQueryBuilder), before they became `query`. */
export interface QueryStringParams {
  readonly query: string;
  readonly df?: string;
  readonly defaultOperator: 'or' | 'and';
  readonly analyzer?: string;
  /** Unset unless given: the query_string default (false) applies. */
  readonly lenient?: boolean;
  readonly analyzeWildcard: boolean;
}

export interface SearchRequest {
  /** The body's `query`, or the `query_string` query `q` builds, which replaces it as in ES. */
  readonly query?: Query;
  readonly postFilter?: Query;
  readonly from: number;
  /** 10 unless given. */
  readonly size: number;
  readonly sort?: readonly SortSpec[];
  readonly searchAfter?: readonly (string | number | boolean | null)[];
  readonly source: SourceFilter;
  /** Whether `_source` was given (body or URL): with `stored_fields`, only then is the source returned. */
  readonly sourceGiven?: true;
  readonly fields?: readonly FieldAndFormat[];
  readonly docvalueFields?: readonly FieldAndFormat[];
  readonly storedFields?: readonly string[];
  /** `true` = exact count, `false` = none, a number = count up to it (10,000 unless given). */
  readonly trackTotalHits: boolean | number;
  readonly trackScores: boolean;
  /** Milliseconds. */
  readonly timeoutMillis?: number;
  readonly terminateAfter?: number;
  readonly minScore?: number;
  readonly version: boolean;
  readonly seqNoPrimaryTerm: boolean;
  readonly explain: boolean;
  /** The raw `aggs`/`aggregations` object, parsed by the aggregations module. */
  readonly aggregations?: Readonly<Record<string, unknown>>;
  /** The raw `highlight` object, parsed by the highlighter. */
  readonly highlight?: Readonly<Record<string, unknown>>;
  /** `pit: {id, keep_alive}`. */
  readonly pit?: { readonly id: string; readonly keepAlive?: string };
  /** `scroll` keep-alive from the URL, in milliseconds. */
  readonly scrollMillis?: number;
  /** `rest_total_hits_as_int`: hits.total as a number (ES 6 shape). */
  readonly totalHitsAsInt: boolean;
  readonly typedKeys: boolean;
  readonly allowPartialSearchResults: boolean;
  /** The URL's `q`, kept raw beside the query built from it. */
  readonly q?: QueryStringParams;
  /** The URL's `routing`: one node holds every shard, so it narrows nothing, but it is kept for the engine to see. */
  readonly routing?: string;
}
