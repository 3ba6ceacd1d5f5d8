/**
 * @module The search request from its body and URL parameters together, as RestSearchAction.parseSearchRequest
 * builds it: the body first (SearchSourceBuilder.parseXContent), then each URL parameter over it, then
 * SearchRequest.validate's checks.
 */
import { ClusterErrors } from '../../cluster-error.js';
import type { Query } from '../query.js';
import type { QueryStringParams, SearchRequest } from '../search-request.js';
import { illegalArgument } from './dsl-errors.js';
import { readOperator } from './dsl-values.js';
import { readSearchBody, setTerminateAfter, setTrackTotalHits, type SearchDraft } from './parse-search-body.js';
import { parseSortParam, splitCommas } from './parse-sort.js';
import { FETCH_ALL, parseSourceParams } from './parse-source-filter.js';
import { paramBoolean, paramInt, readTimeMillis } from './search-values.js';

type Params = Readonly<Record<string, string | undefined>>;

/** RestActions.urlParamsToQueryBuilder's companions of `q`, in the order its message lists them. */
const QUERY_STRING_PARAMS = ['df', 'analyzer', 'analyze_wildcard', 'lenient', 'default_operator'];

/** The URL parameters the search route honours (RestSearchAction and the search.json spec, less the index options the route adds). */
export const SEARCH_PARAMS: readonly string[] = [
  'q',
  ...QUERY_STRING_PARAMS,
  'from',
  'size',
  'sort',
  '_source',
  '_source_includes',
  '_source_excludes',
  'stored_fields',
  'docvalue_fields',
  'track_total_hits',
  'track_scores',
  'timeout',
  'terminate_after',
  'version',
  'seq_no_primary_term',
  'explain',
  'scroll',
  'rest_total_hits_as_int',
  'typed_keys',
  'allow_partial_search_results',
  'search_type',
  'request_cache',
  'batched_reduce_size',
  'pre_filter_shard_size',
  'max_concurrent_shard_requests',
  'ccs_minimize_roundtrips',
  'preference',
  'routing',
];

/** RestActions.urlParamsToQueryBuilder: `q` as a query_string query; its companions without it are refused. */
export function readQueryString(params: Params, path: string): QueryStringParams | undefined {
  const query = params.q;
  if (query === undefined) {
    const orphans = QUERY_STRING_PARAMS.filter((name) => params[name] !== undefined);
    if (orphans.length > 0) throw illegalArgument(`request [${path}] contains parameters [${orphans.join(', ')}] but missing query string parameter 'q'.`);
    return undefined;
  }
  const lenient = paramBoolean(params, 'lenient');
  return {
    query,
    ...(params.df === undefined ? {} : { df: params.df }),
    defaultOperator: params.default_operator === undefined ? 'or' : readOperator('query_string', 'default_operator', params.default_operator),
    ...(params.analyzer === undefined ? {} : { analyzer: params.analyzer }),
    ...(lenient === undefined ? {} : { lenient }),
    analyzeWildcard: paramBoolean(params, 'analyze_wildcard') ?? false,
  };
}

/** The query_string query `q` stands for, with QueryStringQueryBuilder's defaults for the rest. */
export function queryStringQuery(q: QueryStringParams): Query {
  return {
    kind: 'query_string',
    boost: 1,
    query: q.query,
    ...(q.df === undefined ? {} : { defaultField: q.df }),
    fields: [],
    defaultOperator: q.defaultOperator,
    ...(q.analyzer === undefined ? {} : { analyzer: q.analyzer }),
    analyzeWildcard: q.analyzeWildcard,
    allowLeadingWildcard: true,
    lenient: q.lenient ?? false,
    phraseSlop: 0,
  };
}

/** SearchRequest's shard-level knobs: checked as ES checks them, with no effect on one node. */
function checkShardKnobs(params: Params): void {
  const batched = paramInt(params, 'batched_reduce_size');
  if (batched !== undefined && batched <= 1) throw illegalArgument('batchedReduceSize must be >= 2');
  const preFilter = paramInt(params, 'pre_filter_shard_size');
  if (preFilter !== undefined && preFilter < 1) throw illegalArgument('preFilterShardSize must be >= 1');
  const concurrent = paramInt(params, 'max_concurrent_shard_requests');
  if (concurrent !== undefined && concurrent < 1) throw illegalArgument('maxConcurrentShardRequests must be >= 1');
  const searchType = params.search_type;
  if (searchType !== undefined && searchType !== 'query_then_fetch' && searchType !== 'dfs_query_then_fetch') {
    throw illegalArgument(`No search type for [${searchType}]`);
  }
  paramBoolean(params, 'request_cache');
}

/** RestSearchAction.parseSearchSource: the URL's members over the body's. */
function readSourceParams(params: Params, draft: SearchDraft, path: string): void {
  const q = readQueryString(params, path);
  if (q !== undefined) {
    draft.q = q;
    draft.query = queryStringQuery(q);
  }
  const from = paramInt(params, 'from');
  if (from !== undefined) {
    if (from < 0) throw illegalArgument(`[from] parameter cannot be negative but was [${from}]`);
    draft.from = from;
  }
  const size = paramInt(params, 'size');
  if (size !== undefined) {
    if (size < 0) throw illegalArgument(`[size] parameter cannot be negative, found [${size}]`);
    draft.size = size;
  }
  for (const [name, key] of [['explain', 'explain'], ['version', 'version'], ['seq_no_primary_term', 'seqNoPrimaryTerm'], ['track_scores', 'trackScores']] as const) {
    const value = paramBoolean(params, name);
    if (value !== undefined) draft[key] = value;
  }
  if (params.timeout !== undefined) draft.timeoutMillis = readTimeMillis(params.timeout, 'timeout');
  const terminateAfter = paramInt(params, 'terminate_after');
  if (terminateAfter !== undefined) setTerminateAfter(terminateAfter, draft);
  if (params.stored_fields !== undefined) draft.storedFields = splitCommas(params.stored_fields);
  if (params.docvalue_fields !== undefined && params.docvalue_fields.trim() !== '') {
    draft.docvalueFields = [...(draft.docvalueFields ?? []), ...splitCommas(params.docvalue_fields).map((field) => ({ field }))];
  }
  const source = parseSourceParams(params);
  if (source !== undefined) draft.source = source;
  const track = params.track_total_hits;
  if (track !== undefined) {
    if (track === 'true' || track === 'false') setTrackTotalHits(track === 'true', draft);
    else setTrackTotalHits(paramInt(params, 'track_total_hits'), draft);
  }
  if (params.sort !== undefined) draft.sort = [...(draft.sort ?? []), ...parseSortParam(params.sort)];
}

/** RestSearchAction.checkRestTotalHits: hits.total as a number needs an exact count. */
function checkRestTotalHits(draft: SearchDraft): void {
  if (draft.trackTotalHits === undefined) draft.trackTotalHits = true;
  else if (typeof draft.trackTotalHits === 'number') {
    throw illegalArgument(`[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got ${draft.trackTotalHits}`);
  }
}

/** RestSearchAction.preparePointInTime and SearchRequest.validate's scroll checks, reported together as ES does. */
function validate(draft: SearchDraft, params: Params, hasIndices: boolean): void {
  const errors: string[] = [];
  if (draft.pit !== undefined) {
    if (hasIndices) errors.push('[indices] cannot be used with point in time. Do not specify any index with point in time.');
    if (params.routing !== undefined) errors.push('[routing] cannot be used with point in time');
    if (params.preference !== undefined) errors.push('[preference] cannot be used with point in time');
    if (paramBoolean(params, 'ccs_minimize_roundtrips') === true) errors.push('[ccs_minimize_roundtrips] cannot be used with point in time');
  }
  if (draft.scrollMillis !== undefined) {
    if (draft.trackTotalHits === false) errors.push('disabling [track_total_hits] is not allowed in a scroll context');
    if (draft.from !== undefined && draft.from > 0) errors.push('using [from] is not allowed in a scroll context');
    if (draft.size === 0) errors.push('[size] cannot be [0] in a scroll context');
    if (draft.pit !== undefined) errors.push('using [point in time] is not allowed in a scroll context');
    if (draft.searchAfter !== undefined && draft.searchAfter.length > 0) errors.push('[search_after] cannot be used in a scroll context');
  }
  // SearchSourceBuilder.validate: search_after pages by values, not by offset; `_shard_doc` exists only in a reader.
  if (draft.from !== undefined && draft.from > 0 && draft.searchAfter !== undefined && draft.searchAfter.length > 0) errors.push('[from] parameter must be set to 0 when [search_after] is used');
  if (draft.pit === undefined && draft.sort?.some((s) => s.field === '_shard_doc')) errors.push('[_shard_doc] sort field cannot be used without [point in time]');
  if (errors.length > 0) throw ClusterErrors.validation(errors);
}

/**
 * Parses a search request: `body` (undefined when none was sent) and the URL's `params`. `path` is the request's
 * path, which one of ES's messages quotes.
 */
export function parseSearchRequest(body: unknown, params: Params, path = '/_search', hasIndices = false): SearchRequest {
  const draft: SearchDraft = {};
  readSearchBody(body, draft);
  checkShardKnobs(params);
  const allowPartial = paramBoolean(params, 'allow_partial_search_results');
  readSourceParams(params, draft, path);
  if (params.scroll !== undefined) draft.scrollMillis = readTimeMillis(params.scroll, 'scroll');
  if (params.routing !== undefined) draft.routing = params.routing;
  const totalHitsAsInt = paramBoolean(params, 'rest_total_hits_as_int') ?? false;
  if (totalHitsAsInt) checkRestTotalHits(draft);
  if (draft.pit === undefined) paramBoolean(params, 'ccs_minimize_roundtrips');
  validate(draft, params, hasIndices);
  // A member a later one unset (timeout -1, terminate_after 0) is left out rather than kept as undefined.
  const given = Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)) as SearchDraft;
  return {
    ...given,
    from: draft.from ?? 0,
    size: draft.size ?? 10,
    source: draft.source ?? FETCH_ALL,
    ...(draft.source !== undefined && { sourceGiven: true as const }),
    trackTotalHits: draft.trackTotalHits ?? 10_000,
    trackScores: draft.trackScores ?? false,
    version: draft.version ?? false,
    seqNoPrimaryTerm: draft.seqNoPrimaryTerm ?? false,
    explain: draft.explain ?? false,
    totalHitsAsInt,
    typedKeys: paramBoolean(params, 'typed_keys') ?? false,
    // search.default_allow_partial_search_results is true unless a cluster setting says otherwise.
    allowPartialSearchResults: allowPartial ?? true,
  };
}
