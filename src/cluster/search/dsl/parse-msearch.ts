/**
 * @module An `_msearch` body (MultiSearchRequest.readMultiLineFormat): newline-terminated pairs of a header line
 * (the item's indices and their options) and a search body line. Each item becomes the URL-style parameters its
 * search is parsed with, so an item reads exactly as a `_search` with those parameters would; a line that does not
 * parse fails the whole request, as in ES, before any search runs.
 */
import { ClusterError, ClusterErrors } from '../../cluster-error.js';
import { illegalArgument } from './dsl-errors.js';
import { isObject, type Json } from './dsl-values.js';

/**
 * At most this many searches per request. ES sets no count, only `http.max_content_length` on the body; a cap keeps
 * one request from holding the node for an unbounded time (each item is a whole search).
 */
export const MAX_MSEARCH_ITEMS = 1_000;

export interface MultiSearchItem {
  /** The indices the header names (`index`/`indices`), comma-joined; undefined to take the URL's. */
  readonly index?: string;
  /** The header's options as URL parameters: `expand_wildcards`, `ignore_unavailable`, `allow_no_indices`, `search_type`, `preference`, `routing`, `request_cache`, `allow_partial_search_results`, `ccs_minimize_roundtrips`. */
  readonly params: Readonly<Record<string, string>>;
  /** The body line, parsed. */
  readonly body: Json;
}

/** Header keys and the parameter each sets (MultiSearchRequest accepts the camel-case spellings too). */
const HEADER_KEYS: Readonly<Record<string, string>> = {
  search_type: 'search_type', searchType: 'search_type',
  ccs_minimize_roundtrips: 'ccs_minimize_roundtrips', ccsMinimizeRoundtrips: 'ccs_minimize_roundtrips',
  request_cache: 'request_cache', requestCache: 'request_cache',
  preference: 'preference',
  routing: 'routing',
  allow_partial_search_results: 'allow_partial_search_results',
  expand_wildcards: 'expand_wildcards', expandWildcards: 'expand_wildcards',
  ignore_unavailable: 'ignore_unavailable', ignoreUnavailable: 'ignore_unavailable',
  allow_no_indices: 'allow_no_indices', allowNoIndices: 'allow_no_indices',
  ignore_throttled: 'ignore_throttled', ignoreThrottled: 'ignore_throttled',
};

/** XContentMapValues.nodeStringArrayValue / nodeStringValue: a list (or comma-separated string) as one string. */
function stringValue(value: Json): string {
  if (Array.isArray(value)) return value.map((v) => String(v)).join(',');
  return value === null ? '' : String(value);
}

function parseLine(line: string): Json {
  try {
    return JSON.parse(line) as Json;
  } catch (error) {
    throw new ClusterError('x_content_parse_exception', 400, `Failed to parse the msearch line: ${(error as Error).message}`);
  }
}

function readHeader(line: string): { index?: string; params: Record<string, string> } {
  if (line.trim() === '') return { params: {} };
  const header = parseLine(line);
  if (!isObject(header)) throw parsingErrorOf(header);
  let index: string | undefined;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(header)) {
    if (key === 'index' || key === 'indices') index = stringValue(value);
    else if (key === 'type' || key === 'types') throw illegalArgument(`key [${key}] is not supported in the metadata section`);
    else if (Object.hasOwn(HEADER_KEYS, key)) params[HEADER_KEYS[key]!] = stringValue(value);
    else throw illegalArgument(`key [${key}] is not supported in the metadata section`);
  }
  return { ...(index !== undefined && { index }), params };
}

function parsingErrorOf(value: Json): ClusterError {
  return new ClusterError('parsing_exception', 400, `Expected [START_OBJECT] but found [${Array.isArray(value) ? 'START_ARRAY' : 'VALUE'}]`);
}

/** Splits the NDJSON body into items; each line ends with `\n` (the last too), as ES requires. */
export function parseMultiSearch(text: string): MultiSearchItem[] {
  const items: MultiSearchItem[] = [];
  let from = 0;
  const next = (start: number): number => {
    const at = text.indexOf('\n', start);
    if (at === -1 && start !== text.length) throw illegalArgument('The msearch request must be terminated by a newline [\n]');
    return at;
  };
  for (;;) {
    let marker = next(from);
    if (marker === -1) break;
    // An empty first line is tolerated (deprecated in ES), as the first header would otherwise be skipped.
    if (marker === 0 && items.length === 0 && from === 0) {
      from = 1;
      continue;
    }
    const header = readHeader(text.slice(from, marker));
    from = marker + 1;
    marker = next(from);
    if (marker === -1) break;
    const bodyText = text.slice(from, marker);
    from = marker + 1;
    const body = bodyText.trim() === '' ? null : parseLine(bodyText);
    if (items.length >= MAX_MSEARCH_ITEMS) {
      throw illegalArgument(`Tessera runs at most [${MAX_MSEARCH_ITEMS}] searches in one _msearch request; split the request`);
    }
    items.push({ ...header, body });
  }
  if (items.length === 0) throw ClusterErrors.validation(['no requests added']);
  return items;
}
