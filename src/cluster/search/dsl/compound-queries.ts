/**
 * @module The queries that wrap others: bool, constant_score and nested, parsed as BoolQueryBuilder,
 * ConstantScoreQueryBuilder and NestedQueryBuilder read them, inner queries through parseQuery.
 */
import { xContentToken } from '../../../platform/xcontent.js';
import type { Query } from '../query.js';
import { illegalArgument, notSupportedYet, parsingError, unsupportedMember } from './dsl-errors.js';
import { commonOf, isObject, readBoolean, readCommon, readMinimumShouldMatch, readString, type CommonMembers, type JsonObject } from './dsl-values.js';
import { parseQuery } from './parse-query.js';

const CLAUSES = { must: 'must', should: 'should', filter: 'filter', must_not: 'mustNot' } as const;
type Clause = keyof typeof CLAUSES;

/** BoolQueryBuilder: each clause an object or an array of them; `minimum_should_match`, `adjust_pure_negative`. */
export function parseBool(body: JsonObject): Query {
  const common: CommonMembers = { boost: 1 };
  const clauses: Record<Clause, Query[]> = { must: [], should: [], filter: [], must_not: [] };
  let minimumShouldMatch: string | undefined;
  let adjustPureNegative = true;
  for (const [member, given] of Object.entries(body)) {
    const clause = Object.hasOwn(CLAUSES, member) ? (member as Clause) : undefined;
    if (isObject(given)) {
      if (clause === undefined) throw unsupportedMember('bool', member);
      clauses[clause].push(parseQuery(given));
    } else if (Array.isArray(given)) {
      // BoolQueryBuilder checks the name per element, in words of its own: an empty array under any name passes.
      for (const element of given) {
        if (clause === undefined) throw parsingError(`bool query does not support [${member}]`);
        clauses[clause].push(parseQuery(element));
      }
    } else if (given === null) {
      // VALUE_NULL is no value token: BoolQueryBuilder's loop passes over it.
      continue;
    } else if (member === 'minimum_should_match') {
      minimumShouldMatch = readMinimumShouldMatch('bool', given);
    } else if (member === 'adjust_pure_negative') {
      adjustPureNegative = readBoolean('bool', member, given);
    } else if (!readCommon('bool', member, given, common, body)) {
      throw unsupportedMember('bool', member);
    }
  }
  return {
    kind: 'bool',
    ...commonOf(common),
    must: clauses.must,
    should: clauses.should,
    filter: clauses.filter,
    mustNot: clauses.must_not,
    ...(minimumShouldMatch === undefined ? {} : { minimumShouldMatch }),
    ...(adjustPureNegative ? {} : { adjustPureNegative: false as const }),
  };
}

/** ConstantScoreQueryBuilder: one `filter`, `boost`, `_name`. */
export function parseConstantScore(body: JsonObject): Query {
  const common: CommonMembers = { boost: 1 };
  let filter: Query | undefined;
  for (const [member, given] of Object.entries(body)) {
    if (isObject(given)) {
      if (member !== 'filter') throw unsupportedMember('constant_score', member);
      filter = parseQuery(given);
    } else if (Array.isArray(given) || given === null) {
      throw parsingError(`unexpected token [${xContentToken(given)}]`);
    } else if (!readCommon('constant_score', member, given, common, body)) {
      throw unsupportedMember('constant_score', member);
    }
  }
  if (filter === undefined) throw parsingError("[constant_score] requires a 'filter' element");
  return { kind: 'constant_score', ...commonOf(common), filter };
}

type ScoreMode = 'avg' | 'sum' | 'min' | 'max' | 'none';
const SCORE_MODES: readonly ScoreMode[] = ['avg', 'sum', 'min', 'max', 'none'];

/** NestedQueryBuilder.parseScoreMode. */
function readScoreMode(value: unknown): ScoreMode {
  const text = readString('nested', 'score_mode', value);
  if ((SCORE_MODES as readonly string[]).includes(text)) return text as ScoreMode;
  throw illegalArgument(`No score mode for child query [${text}] found`);
}

/** NestedQueryBuilder: `path`, `query`, `score_mode` (avg), `ignore_unmapped`; `inner_hits` is refused until hits carry them. */
export function parseNested(body: JsonObject): Query {
  const common: CommonMembers = { boost: 1 };
  let path: string | undefined;
  let query: Query | undefined;
  let scoreMode: ScoreMode = 'avg';
  let ignoreUnmapped = false;
  for (const [member, given] of Object.entries(body)) {
    if (isObject(given)) {
      if (member === 'query') query = parseQuery(given);
      else if (member === 'inner_hits') throw notSupportedYet('[inner_hits] in a [nested] query');
      else throw unsupportedMember('nested', member);
    } else if (member === 'path') path = readString('nested', member, given);
    else if (member === 'score_mode') scoreMode = readScoreMode(given);
    else if (member === 'ignore_unmapped') ignoreUnmapped = readBoolean('nested', member, given);
    else if (!readCommon('nested', member, given, common, body)) throw unsupportedMember('nested', member);
  }
  if (path === undefined) throw illegalArgument("[nested] requires 'path' field");
  if (query === undefined) throw illegalArgument("[nested] requires 'query' field");
  return { kind: 'nested', ...commonOf(common), path, query, scoreMode, ignoreUnmapped };
}
