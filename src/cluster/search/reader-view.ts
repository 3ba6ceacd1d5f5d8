/**
 * @module How a search reads through a search context: the indices the context opened on, each as of its mark,
 * the `_shard_doc` tiebreaker that orders equal hits (a point in time adds it to the sort, as ES does), and for a
 * scroll the hit its next page starts after.
 */
import type { AfterPoint } from './search-after.js';
import type { SearchRequest, SortSpec } from './search-request.js';
import type { SearchTarget } from './search-targets.js';

export interface ReaderView {
  readonly targets: readonly { readonly target: SearchTarget; readonly mark: number }[];
  readonly tiebreak: 'asc' | 'desc';
  /** A point in time: the hits' sort values end with `_shard_doc` (a scroll's do not). */
  readonly showShardDoc: boolean;
  readonly after?: AfterPoint;
}

const SHARD_DOC = '_shard_doc';
const BY_SCORE: readonly SortSpec[] = Object.freeze([Object.freeze({ field: '_score', order: 'desc' as const })]);

/** The order of an explicit `_shard_doc` sort, else ascending (the tiebreaker ES adds). */
export function tiebreakOf(request: SearchRequest): 'asc' | 'desc' {
  return request.sort?.find((s) => s.field === SHARD_DOC)?.order ?? 'asc';
}

/**
 * A point in time's request with its sort made explicit (ES sorts by `_score` and then the tiebreaker, and shows both
 * in the hits), `_shard_doc` taken out as the tiebreaker it is.
 */
export function readerRequest(request: SearchRequest, showShardDoc: boolean): SearchRequest {
  const sort = request.sort?.filter((s) => s.field !== SHARD_DOC);
  if (!showShardDoc) return sort === request.sort ? request : { ...request, sort: sort ?? [] };
  return { ...request, sort: sort && sort.length > 0 ? sort : BY_SCORE };
}
