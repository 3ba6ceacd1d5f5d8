/** The URL's parameters of a search, read as RestSearchAction reads them, over the body and checked as ES checks them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSearchRequest, SEARCH_PARAMS } from '../../../../src/cluster/search/dsl/index.js';
import { refuses } from './refusal.js';

describe('parseSearchRequest: URL parameters', () => {
  it('builds a query_string query from q and its companions, over the body’s query', () => {
    const request = parseSearchRequest({ query: { match_all: {} } }, { q: 'title:fox', df: 'body', default_operator: 'AND', analyzer: 'std', analyze_wildcard: 'true', lenient: '' });
    assert.deepEqual(request.q, { query: 'title:fox', df: 'body', defaultOperator: 'and', analyzer: 'std', lenient: true, analyzeWildcard: true });
    assert.deepEqual(request.query, {
      kind: 'query_string',
      boost: 1,
      query: 'title:fox',
      defaultField: 'body',
      fields: [],
      defaultOperator: 'and',
      analyzer: 'std',
      analyzeWildcard: true,
      allowLeadingWildcard: true,
      lenient: true,
      phraseSlop: 0,
    });
    assert.deepEqual(parseSearchRequest(undefined, { q: '*' }).q, { query: '*', defaultOperator: 'or', analyzeWildcard: false });
  });
  it('refuses q’s companions without q, naming the path', () => {
    refuses(
      () => parseSearchRequest(undefined, { lenient: 'true', df: 'x' }, '/i/_search'),
      'illegal_argument_exception',
      "request [/i/_search] contains parameters [df, lenient] but missing query string parameter 'q'.",
    );
    refuses(() => parseSearchRequest(undefined, { q: 'x', default_operator: 'xor' }), 'illegal_argument_exception', 'No enum constant org.elasticsearch.index.query.Operator.XOR');
  });
  it('reads each parameter over the body', () => {
    const params = {
      from: '3',
      size: '0',
      explain: 'true',
      version: '',
      seq_no_primary_term: 'true',
      track_scores: 'true',
      timeout: '500ms',
      terminate_after: '9',
      stored_fields: 'a,b',
      docvalue_fields: 'd,e',
      track_total_hits: 'false',
      typed_keys: 'true',
      allow_partial_search_results: 'false',
      routing: 'r1',
      search_type: 'dfs_query_then_fetch',
      request_cache: 'true',
      batched_reduce_size: '2',
      pre_filter_shard_size: '1',
      max_concurrent_shard_requests: '5',
      ccs_minimize_roundtrips: 'false',
      preference: '_local',
    };
    const request = parseSearchRequest({ from: 1, size: 1, timeout: '1m' }, params);
    assert.equal(request.from, 3);
    assert.equal(request.size, 0);
    assert.equal(request.explain, true);
    assert.equal(request.version, true);
    assert.equal(request.seqNoPrimaryTerm, true);
    assert.equal(request.trackScores, true);
    assert.equal(request.timeoutMillis, 500);
    assert.equal(request.terminateAfter, 9);
    assert.deepEqual(request.storedFields, ['a', 'b']);
    assert.deepEqual(request.docvalueFields, [{ field: 'd' }, { field: 'e' }]);
    assert.equal(request.trackTotalHits, false);
    assert.equal(request.typedKeys, true);
    assert.equal(request.allowPartialSearchResults, false);
    assert.equal(request.routing, 'r1');
    assert.equal(parseSearchRequest(undefined, { track_total_hits: '50' }).trackTotalHits, 50);
    assert.equal(parseSearchRequest(undefined, { scroll: '1m' }).scrollMillis, 60000);
    assert.equal(parseSearchRequest(undefined, { timeout: '-1' }).timeoutMillis, undefined);
  });
  it('refuses malformed values with RestRequest’s and SearchRequest’s words', () => {
    refuses(() => parseSearchRequest(undefined, { from: 'x' }), 'illegal_argument_exception', 'Failed to parse int parameter [from] with value [x]');
    refuses(() => parseSearchRequest(undefined, { size: '-1' }), 'illegal_argument_exception', '[size] parameter cannot be negative, found [-1]');
    refuses(() => parseSearchRequest(undefined, { explain: 'yes' }), 'illegal_argument_exception', 'Failed to parse value [yes] as only [true] or [false] are allowed.');
    refuses(
      () => parseSearchRequest(undefined, { timeout: '5' }),
      'illegal_argument_exception',
      'failed to parse setting [timeout] with value [5] as a time value: unit is missing or unrecognized',
    );
    refuses(() => parseSearchRequest(undefined, { search_type: 'query_and_fetch' }), 'illegal_argument_exception', 'No search type for [query_and_fetch]');
    refuses(() => parseSearchRequest(undefined, { batched_reduce_size: '1' }), 'illegal_argument_exception', 'batchedReduceSize must be >= 2');
    refuses(() => parseSearchRequest(undefined, { pre_filter_shard_size: '0' }), 'illegal_argument_exception', 'preFilterShardSize must be >= 1');
    refuses(() => parseSearchRequest(undefined, { max_concurrent_shard_requests: '0' }), 'illegal_argument_exception', 'maxConcurrentShardRequests must be >= 1');
  });
  it('makes rest_total_hits_as_int count exactly, and refuses a bounded count with it', () => {
    const request = parseSearchRequest(undefined, { rest_total_hits_as_int: 'true' });
    assert.equal(request.totalHitsAsInt, true);
    assert.equal(request.trackTotalHits, true);
    refuses(
      () => parseSearchRequest({ track_total_hits: 100 }, { rest_total_hits_as_int: 'true' }),
      'illegal_argument_exception',
      '[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got 100',
    );
  });
  it('refuses what a point in time or a scroll cannot take, all at once', () => {
    refuses(
      () => parseSearchRequest({ pit: { id: 'x' } }, { routing: 'r', preference: 'p', ccs_minimize_roundtrips: 'true' }),
      'action_request_validation_exception',
      'Validation Failed: 1: [routing] cannot be used with point in time;2: [preference] cannot be used with point in time;3: [ccs_minimize_roundtrips] cannot be used with point in time;',
    );
    refuses(
      () => parseSearchRequest({ from: 5, size: 0, track_total_hits: false }, { scroll: '1m' }),
      'action_request_validation_exception',
      'Validation Failed: 1: disabling [track_total_hits] is not allowed in a scroll context;2: using [from] is not allowed in a scroll context;3: [size] cannot be [0] in a scroll context;',
    );
  });
  it('lists the parameters the route honours', () => {
    for (const name of ['q', 'df', 'from', 'size', 'sort', '_source', 'scroll', 'search_type', 'routing', 'rest_total_hits_as_int']) assert.ok(SEARCH_PARAMS.includes(name), name);
    assert.equal(new Set(SEARCH_PARAMS).size, SEARCH_PARAMS.length);
  });
});
