/**
 * @module What `_count` can count before search exists: every document, asked for with no query, `match_all`, or
 * `q=*`. Any other query is refused with a clear 400, never answered with the total (a wrong number is worse than
 * none). The body takes `query` alone, as ES's RestCountAction parses it.
 */
import { ClusterError } from '../../cluster/index.js';

const MATCH_EVERYTHING = new Set(['*', '*:*']);

function cannotEvaluate(what: string): ClusterError {
  return new ClusterError(
    'illegal_argument_exception',
    400,
    `Tessera cannot evaluate ${what} yet: _count counts all documents, with no query, [match_all] or [q=*]; search is not implemented`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Throws unless the request asks to count every document. */
export function checkCountsEverything(body: unknown, query: Readonly<Record<string, string | undefined>>): void {
  for (const param of ['min_score', 'terminate_after']) {
    if (query[param] !== undefined) throw cannotEvaluate(`[${param}]`);
  }
  if (query.q !== undefined && !MATCH_EVERYTHING.has(query.q.trim())) throw cannotEvaluate(`the query string [${query.q}]`);
  if (body === undefined || body === null) return;
  if (!isObject(body)) throw new ClusterError('parsing_exception', 400, 'request body must be an object');
  for (const key of Object.keys(body)) {
    if (key !== 'query') throw new ClusterError('parsing_exception', 400, `request does not support [${key}]`);
  }
  if (body.query === undefined) return;
  if (!isObject(body.query) || Object.keys(body.query).length !== 1) throw new ClusterError('parsing_exception', 400, '[_na] query malformed, must start with start_object');
  const [type, options] = Object.entries(body.query)[0]!;
  const plainMatchAll = type === 'match_all' && isObject(options) && Object.keys(options).every((k) => k === 'boost' || k === '_name');
  if (!plainMatchAll) throw cannotEvaluate(`[${type}] queries`);
}
