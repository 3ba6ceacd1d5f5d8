/** @module A `_search` answer's body from the search's outcome (SearchResponse.toXContent), shared by `_msearch`'s items. */
import type { SearchOutcome } from '../../cluster/search/search-service.js';
import type { SearchRequest } from '../../cluster/search/search-request.js';

export function searchResponseBody(outcome: SearchOutcome, request: SearchRequest): Record<string, unknown> {
  const total = outcome.total && (request.totalHitsAsInt ? outcome.total.value : outcome.total);
  return {
    took: outcome.took,
    timed_out: false,
    ...(outcome.terminatedEarly !== undefined && { terminated_early: outcome.terminatedEarly }),
    _shards: outcome.shards,
    hits: { ...(total !== undefined && { total }), max_score: outcome.maxScore, hits: outcome.hits },
    ...(outcome.aggregations && { aggregations: outcome.aggregations }),
  };
}
