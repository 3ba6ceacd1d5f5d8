/**
 * @module What `_count` can count before search exists: every document, asked for with no query, `match_all`, or
 * `q=*`. Any other query is refused with a clear 400, never answered with the total (a wrong number is worse than
 * none). The body takes `query` alone, as ES's RestCountAction parses it.
 */
import { ClusterError } from '../../cluster/index.js';
import { didYouMean } from '../../platform/did-you-mean.js';
import { xContentToken } from '../../platform/xcontent.js';

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

/** Float.parseFloat's grammar, which XContentParser.floatValue applies to a string. */
const JAVA_FLOAT = /^[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?)$/;

/**
 * MatchAllQueryBuilder's ObjectParser (declareStandardFields): `boost` a float, not negative, `_name` a string, nothing
 * else. Its errors are ParsingExceptions, as fromXContent rethrows them (without the parser's location, which the
 * parsed body no longer has).
 */
function checkMatchAll(options: unknown): void {
  if (!isObject(options)) throw new ClusterError('parsing_exception', 400, `[match_all] query malformed, no start_object after query name`);
  for (const [field, value] of Object.entries(options)) {
    if (field === 'boost') {
      if (typeof value !== 'number' && typeof value !== 'string') throw new ClusterError('parsing_exception', 400, `[match_all] boost doesn't support values of type: ${xContentToken(value)}`);
      // A string that is no float, or a negative boost (QueryBuilder.boost refuses one), fails the field.
      const parses = typeof value === 'number' || JAVA_FLOAT.test(value.trim());
      const boost = typeof value === 'number' ? value : Number.parseFloat(value.trim());
      if (!parses || boost < 0) throw new ClusterError('parsing_exception', 400, '[match_all] failed to parse field [boost]');
    } else if (field === '_name') {
      if (typeof value !== 'string') throw new ClusterError('parsing_exception', 400, `[match_all] _name doesn't support values of type: ${xContentToken(value)}`);
    } else {
      throw new ClusterError('parsing_exception', 400, `[match_all] unknown field [${field}]${didYouMean(field, ['boost', '_name'])}`);
    }
  }
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
  if (type !== 'match_all') throw cannotEvaluate(`[${type}] queries`);
  checkMatchAll(options);
}
