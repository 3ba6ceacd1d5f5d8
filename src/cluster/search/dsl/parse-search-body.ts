/**
 * @module The search body, as SearchSourceBuilder.parseXContent reads it: each member by the token it starts with,
 * an unknown member (or a known one with a token it does not take) refused with ES's "Unknown key" words. The
 * members ES knows that Tessera does not evaluate are refused with a clear 400, never dropped.
 */
import { xContentToken } from '../../../platform/xcontent.js';
import { didYouMean } from '../../../platform/did-you-mean.js';
import { ClusterError } from '../../cluster-error.js';
import type { FieldAndFormat, SearchRequest } from '../search-request.js';
import { illegalArgument, notSupportedYet, parsingError } from './dsl-errors.js';
import { isObject, readBoolean, readInt, readNumber, readString, type Json, type JsonObject } from './dsl-values.js';
import { parseQuery } from './parse-query.js';
import { parseSort } from './parse-sort.js';
import { parseSourceFilter, parseStoredFields } from './parse-source-filter.js';
import { readTimeMillis } from './search-values.js';

export type SearchDraft = { -readonly [K in keyof SearchRequest]?: SearchRequest[K] };

type Token = 'value' | 'object' | 'array';
type Reader = (value: Json, draft: SearchDraft) => void;

const unsupported = (member: string): Reader => () => {
  throw notSupportedYet(`[${member}] in a search request`);
};

/** SearchSourceBuilder.from/size/terminateAfter/trackTotalHitsUpTo's checks. */
function from(value: Json, draft: SearchDraft): void {
  const n = readInt('search', 'from', value);
  if (n < 0) throw illegalArgument(`[from] parameter cannot be negative but was [${n}]`);
  draft.from = n;
}

function size(value: Json, draft: SearchDraft): void {
  const n = readInt('search', 'size', value);
  if (n < 0) throw illegalArgument(`[size] parameter cannot be negative, found [${n}]`);
  draft.size = n;
}

export function setTerminateAfter(n: number, draft: SearchDraft): void {
  if (n < 0) throw illegalArgument('terminateAfter must be > 0');
  // 0 is SearchContext.DEFAULT_TERMINATE_AFTER: no limit.
  draft.terminateAfter = n === 0 ? undefined : n;
}

/** `track_total_hits`: a boolean (or its string), else a count; -1 disables, Integer.MAX_VALUE is exact. */
export function setTrackTotalHits(value: Json, draft: SearchDraft): void {
  if (value === true || value === false || value === 'true' || value === 'false') {
    draft.trackTotalHits = value === true || value === 'true';
    return;
  }
  const n = readInt('search', 'track_total_hits', value);
  if (n < -1) throw illegalArgument(`[track_total_hits] parameter must be positive or equals to -1, got ${n}`);
  draft.trackTotalHits = n === -1 ? false : n === 2147483647 ? true : n;
}

/** FieldAndFormat.fromXContent: a name, or `{field, format, include_unmapped}` (ConstructingObjectParser). */
function fieldAndFormat(value: Json): FieldAndFormat {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { field: String(value) };
  const fail = (reason: string) => new ClusterError('x_content_parse_exception', 400, reason);
  if (!isObject(value)) throw fail(`[fetch_field_and_format] Expected START_OBJECT but was: ${xContentToken(value)}`);
  let field: string | undefined;
  let format: string | undefined;
  let includeUnmapped: boolean | undefined;
  for (const [member, given] of Object.entries(value)) {
    if (member === 'field') field = readString('fetch_field_and_format', member, given);
    else if (member === 'format') format = given === null ? undefined : readString('fetch_field_and_format', member, given);
    else if (member === 'include_unmapped') includeUnmapped = readBoolean('fetch_field_and_format', member, given);
    else throw fail(`[fetch_field_and_format] unknown field [${member}]${didYouMean(member, ['field', 'format', 'include_unmapped'])}`);
  }
  if (field === undefined) throw illegalArgument('Required [field]');
  return { field, ...(format === undefined ? {} : { format }), ...(includeUnmapped === undefined ? {} : { includeUnmapped }) };
}

/** SearchAfterBuilder: each value a string, number, boolean or null. */
function searchAfter(value: Json, draft: SearchDraft): void {
  draft.searchAfter = (value as Json[]).map((item) => {
    if (item === null || typeof item !== 'object') return item as string | number | boolean | null;
    throw parsingError(`Expected [VALUE_STRING, VALUE_NUMBER, VALUE_BOOLEAN, VALUE_NULL] but found [${xContentToken(item)}] inside search_after.`);
  });
}

/** PointInTimeBuilder's ObjectParser: `id` (required) and `keep_alive`, a time value. */
function pit(value: Json, draft: SearchDraft): void {
  let id: string | undefined;
  let keepAlive: string | undefined;
  for (const [member, given] of Object.entries(value as JsonObject)) {
    if (member === 'id') id = readString('pit', member, given);
    else if (member === 'keep_alive') {
      keepAlive = readString('pit', member, given);
      readTimeMillis(keepAlive, 'keep_alive');
    } else throw new ClusterError('x_content_parse_exception', 400, `[pit] unknown field [${member}]${didYouMean(member, ['id', 'keep_alive'])}`);
  }
  if (id === undefined) throw illegalArgument('point in time id is not provided');
  draft.pit = keepAlive === undefined ? { id } : { id, keepAlive };
}

function aggregations(value: Json, draft: SearchDraft): void {
  // `aggs` and `aggregations` both set one builder in ES: the later member wins.
  draft.aggregations = value as JsonObject;
}

/** Each member ES reads, by the tokens it takes (SearchSourceBuilder.parseXContent's three branches). */
const MEMBERS: Readonly<Record<string, Partial<Record<Token, Reader>>>> = {
  from: { value: from },
  size: { value: size },
  timeout: { value: (v, d) => void (d.timeoutMillis = readTimeMillis(readString('search', 'timeout', v), 'timeout')) },
  terminate_after: { value: (v, d) => setTerminateAfter(readInt('search', 'terminate_after', v), d) },
  min_score: { value: (v, d) => void (d.minScore = readNumber('search', 'min_score', v)) },
  version: { value: (v, d) => void (d.version = readBoolean('search', 'version', v)) },
  seq_no_primary_term: { value: (v, d) => void (d.seqNoPrimaryTerm = readBoolean('search', 'seq_no_primary_term', v)) },
  explain: { value: (v, d) => void (d.explain = readBoolean('search', 'explain', v)) },
  track_scores: { value: (v, d) => void (d.trackScores = readBoolean('search', 'track_scores', v)) },
  track_total_hits: { value: setTrackTotalHits },
  _source: { value: (v, d) => void (d.source = parseSourceFilter(v)), object: (v, d) => void (d.source = parseSourceFilter(v)), array: (v, d) => void (d.source = parseSourceFilter(v)) },
  stored_fields: { value: (v, d) => void (d.storedFields = parseStoredFields(v)), array: (v, d) => void (d.storedFields = parseStoredFields(v)) },
  sort: { value: (v, d) => void (d.sort = parseSort(v)), object: (v, d) => void (d.sort = parseSort(v)), array: (v, d) => void (d.sort = parseSort(v)) },
  // `profile: false` is the default and asks for nothing; a profile Tessera cannot give is refused.
  profile: { value: (v, d) => void (readBoolean('search', 'profile', v) && unsupported('profile')(v, d)) },
  query: { object: (v, d) => void (d.query = parseQuery(v)) },
  post_filter: { object: (v, d) => void (d.postFilter = parseQuery(v)) },
  aggregations: { object: aggregations },
  aggs: { object: aggregations },
  highlight: { object: (v, d) => void (d.highlight = v as JsonObject) },
  pit: { object: pit },
  docvalue_fields: { array: (v, d) => void (d.docvalueFields = (v as Json[]).map(fieldAndFormat)) },
  fields: { array: (v, d) => void (d.fields = (v as Json[]).map(fieldAndFormat)) },
  search_after: { array: searchAfter },
  retriever: { object: unsupported('retriever') },
  knn: { object: unsupported('knn'), array: unsupported('knn') },
  rank: { object: unsupported('rank') },
  sub_searches: { array: unsupported('sub_searches') },
  script_fields: { object: unsupported('script_fields') },
  suggest: { object: unsupported('suggest') },
  rescore: { object: unsupported('rescore'), array: unsupported('rescore') },
  ext: { object: unsupported('ext') },
  slice: { object: unsupported('slice') },
  collapse: { object: unsupported('collapse') },
  runtime_mappings: { object: unsupported('runtime_mappings') },
  indices_boost: { array: unsupported('indices_boost') },
  stats: { array: unsupported('stats') },
};

function tokenOf(value: Json): Token | undefined {
  if (value === null) return undefined; // VALUE_NULL is no value token: every branch misses it.
  return Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : 'value';
}

/** Reads the body's members into `draft`, in the order written (a later member overrides an earlier one). */
export function readSearchBody(body: Json, draft: SearchDraft): void {
  if (body === undefined || body === null) return;
  if (!isObject(body)) throw parsingError(`Expected [START_OBJECT] but found [${xContentToken(body)}]`);
  for (const [member, value] of Object.entries(body)) {
    const token = tokenOf(value);
    const reader = token === undefined || !Object.hasOwn(MEMBERS, member) ? undefined : MEMBERS[member]![token];
    if (reader === undefined) throw parsingError(`Unknown key for a ${xContentToken(value)} in [${member}].`);
    reader(value, draft);
  }
}
