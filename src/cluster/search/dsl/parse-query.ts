/**
 * @module The `query` object (AbstractQueryBuilder.parseInnerQueryBuilder): exactly one query name, whose body its
 * builder parses. A name ES registers that Tessera does not evaluate is refused as unsupported, never ignored.
 */
import { didYouMean } from '../../../platform/did-you-mean.js';
import type { Query } from '../query.js';
import { parseBool, parseConstantScore, parseNested } from './compound-queries.js';
import { illegalArgument, notSupportedYet, parsingError } from './dsl-errors.js';
import { isObject, type Json, type JsonObject } from './dsl-values.js';
import { parseMatch, parseMatchPhrase, parseMatchPhrasePrefix } from './full-text-queries.js';
import { parseMultiMatch } from './multi-match-query.js';
import { parseFuzzy, parsePatternQuery, parseRegexp } from './multi-term-queries.js';
import { ES_QUERIES } from './query-names.js';
import { parseQueryString, parseSimpleQueryString } from './query-string-queries.js';
import { parseRange } from './range-query.js';
import { parseExists, parseIds, parseMatchAll, parseTerm, parseTerms } from './term-level-queries.js';

const PARSERS: Readonly<Record<string, (body: JsonObject) => Query>> = {
  match_all: (body) => parseMatchAll('match_all', body),
  match_none: (body) => parseMatchAll('match_none', body),
  term: parseTerm,
  terms: parseTerms,
  range: parseRange,
  exists: parseExists,
  ids: parseIds,
  prefix: (body) => parsePatternQuery('prefix', body),
  wildcard: (body) => parsePatternQuery('wildcard', body),
  regexp: parseRegexp,
  fuzzy: parseFuzzy,
  bool: parseBool,
  constant_score: parseConstantScore,
  nested: parseNested,
  match: parseMatch,
  match_phrase: parseMatchPhrase,
  match_phrase_prefix: parseMatchPhrasePrefix,
  multi_match: parseMultiMatch,
  query_string: parseQueryString,
  simple_query_string: parseSimpleQueryString,
};

/** `indices.query.bool.max_nested_depth`'s default: parseTopLevelQuery refuses deeper queries before they overflow anything. */
export const MAX_NESTED_DEPTH = 30;

let depth = 0;

/** Parses the value of a `query` member (or any inner query: a bool clause, a filter) into the AST. */
export function parseQuery(json: Json): Query {
  if (!isObject(json)) throw parsingError('[_na] query malformed, must start with start_object');
  const entries = Object.entries(json);
  // ES words the location ("at [1:12]"); a parsed body has none, so the words end at the clause.
  if (entries.length === 0) throw illegalArgument('query malformed, empty clause found');
  const [name, body] = entries[0]!;
  if (!isObject(body)) throw parsingError(`[${name}] query malformed, no start_object after query name`);
  const parser = PARSERS[name];
  if (parser === undefined) {
    if (ES_QUERIES.includes(name)) throw notSupportedYet(`the [${name}] query`);
    throw parsingError(`unknown query [${name}]${didYouMean(name, ES_QUERIES)}`);
  }
  if (depth >= MAX_NESTED_DEPTH) {
    throw illegalArgument('The nested depth of the query exceeds the maximum nested depth for queries set in [indices.query.bool.max_nested_depth]');
  }
  depth++;
  let query: Query;
  try {
    query = parser(body);
  } finally {
    depth--;
  }
  // The builder has read its object; a second name is the next token parseInnerQueryBuilder meets.
  if (entries.length > 1) throw parsingError(`[${name}] malformed query, expected [END_OBJECT] but found [FIELD_NAME]`);
  return query;
}
