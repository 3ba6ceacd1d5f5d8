/**
 * @module A `_count` request (RestCountAction): the body holds `query` alone (RestActions.getQueryContent), or the URL
 * gives `q` and its companions; `min_score` and `terminate_after` from the URL.
 */
import type { Query } from '../query.js';
import { isObject } from './dsl-values.js';
import { illegalArgument, parsingError } from './dsl-errors.js';
import { parseQuery } from './parse-query.js';
import { queryStringQuery, readQueryString } from './parse-search-request.js';
import { paramInt } from './search-values.js';

export interface CountRequest {
  readonly query?: Query;
  readonly minScore?: number;
  readonly terminateAfter?: number;
}

type Params = Readonly<Record<string, string | undefined>>;

export function parseCountRequest(body: unknown, params: Params, path = '/_count'): CountRequest {
  let query: Query | undefined;
  if (body !== undefined && body !== null && body !== '') {
    if (!isObject(body)) throw parsingError('request body must be an object');
    for (const key of Object.keys(body)) if (key !== 'query') throw parsingError(`request does not support [${key}]`);
    if (body.query !== undefined) query = parseQuery(body.query);
    // With a body the URL's query string is never read, so ES refuses it as a parameter nobody consumed.
    if (params.q !== undefined) throw illegalArgument(`request [${path}] contains unrecognized parameter: [q]`);
  } else {
    const q = readQueryString(params, path);
    if (q) query = queryStringQuery(q);
  }
  const terminateAfter = paramInt(params, 'terminate_after');
  if (terminateAfter !== undefined && terminateAfter < 0) throw illegalArgument('terminateAfter must be > 0');
  let minScore: number | undefined;
  if (params.min_score !== undefined) {
    minScore = Number(params.min_score);
    if (params.min_score.trim() === '' || Number.isNaN(minScore)) throw illegalArgument(`Failed to parse float parameter [min_score] with value [${params.min_score}]`);
  }
  return { ...(query && { query }), ...(minScore !== undefined && minScore !== -1 && { minScore }), ...(terminateAfter !== undefined && terminateAfter > 0 && { terminateAfter }) };
}
