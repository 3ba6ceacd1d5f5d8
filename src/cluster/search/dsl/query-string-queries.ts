/**
 * @module query_string and simple_query_string, as QueryStringQueryBuilder and SimpleQueryStringBuilder read them.
 * Members the AST has no place for are read and checked; a value other than their default changes results, so it
 * is refused with a clear 400 rather than ignored.
 */
import { xContentToken } from '../../../platform/xcontent.js';
import type { Fuzziness, Query } from '../query.js';
import { illegalArgument, parsingError, unsupportedMember } from './dsl-errors.js';
import {
  commonOf,
  readBoolean,
  readCommon,
  readFields,
  readFuzziness,
  readInt,
  readMinimumShouldMatch,
  readNumber,
  readOperator,
  readString,
  type CommonMembers,
  type Json,
  type JsonObject,
} from './dsl-values.js';
import { readMultiMatchType } from './multi-match-query.js';

/** Refuses a member Tessera cannot honour unless it holds the default (none: any value is refused). */
function onlyDefault(query: string, member: string, value: unknown, fallback?: unknown): void {
  if (fallback !== undefined && value === fallback) return;
  const shown = fallback === undefined ? '' : ` other than its default [${String(fallback)}]`;
  throw illegalArgument(`Tessera does not support [${member}]${shown} in a [${query}] query yet, found [${String(value)}]`);
}

/** The members both builders read that the AST lacks; true when `member` was one. */
function readFuzzyDefaults(query: string, member: string, given: Json): boolean {
  if (member === 'fuzzy_prefix_length') onlyDefault(query, member, readInt(query, member, given), 0);
  else if (member === 'fuzzy_max_expansions') onlyDefault(query, member, readInt(query, member, given), 50);
  else if (member === 'fuzzy_transpositions') onlyDefault(query, member, readBoolean(query, member, given), true);
  else if (member === 'quote_field_suffix') onlyDefault(query, member, readString(query, member, given));
  // Read, with no effect: no Tessera analyzer makes synonyms.
  else if (member === 'auto_generate_synonyms_phrase_query') readBoolean(query, member, given);
  else return false;
  return true;
}

export function parseQueryString(body: JsonObject): Query {
  const q = 'query_string';
  const common: CommonMembers = { boost: 1 };
  let text: string | undefined;
  let defaultField: string | undefined;
  let fields: { field: string; boost: number }[] = [];
  let defaultOperator: 'or' | 'and' = 'or';
  let analyzer: string | undefined;
  let analyzeWildcard = false;
  let allowLeadingWildcard = true;
  let lenient = false;
  let minimumShouldMatch: string | undefined;
  let timeZone: string | undefined;
  let fuzziness: Fuzziness | undefined;
  let phraseSlop = 0;
  for (const [member, given] of Object.entries(body)) {
    if (Array.isArray(given)) {
      if (member !== 'fields') throw unsupportedMember(q, member);
      fields = readFields(q, given);
      continue;
    }
    if (given === null || typeof given === 'object') throw parsingError(`[${q}] unknown token [${xContentToken(given)}] after [${member}]`);
    if (readCommon(q, member, given, common, body) || readFuzzyDefaults(q, member, given)) continue;
    if (member === 'query') text = readString(q, member, given);
    else if (member === 'default_field') defaultField = readString(q, member, given);
    else if (member === 'fields') fields = readFields(q, given);
    else if (member === 'default_operator') defaultOperator = readOperator(q, member, given);
    else if (member === 'analyzer') analyzer = readString(q, member, given);
    else if (member === 'analyze_wildcard') analyzeWildcard = readBoolean(q, member, given);
    else if (member === 'allow_leading_wildcard') allowLeadingWildcard = readBoolean(q, member, given);
    else if (member === 'lenient') lenient = readBoolean(q, member, given);
    else if (member === 'minimum_should_match') minimumShouldMatch = readMinimumShouldMatch(q, given);
    else if (member === 'time_zone') timeZone = readString(q, member, given);
    else if (member === 'fuzziness') fuzziness = readFuzziness(q, given);
    else if (member === 'phrase_slop') phraseSlop = readInt(q, member, given);
    else if (member === 'type') onlyDefault(q, member, readMultiMatchType(q, given), 'best_fields');
    else if (member === 'tie_breaker') onlyDefault(q, member, readNumber(q, member, given), 0);
    else if (member === 'max_determinized_states') onlyDefault(q, member, readInt(q, member, given), 10_000);
    else if (member === 'enable_position_increments') onlyDefault(q, member, readBoolean(q, member, given), true);
    else if (member === 'escape') onlyDefault(q, member, readBoolean(q, member, given), false);
    else if (member === 'quote_analyzer' || member === 'rewrite' || member === 'fuzzy_rewrite') onlyDefault(q, member, readString(q, member, given));
    else throw unsupportedMember(q, member);
  }
  if (text === undefined) throw parsingError('[query_string] must be provided with a [query]');
  return {
    kind: q,
    ...commonOf(common),
    query: text,
    ...(defaultField === undefined ? {} : { defaultField }),
    fields,
    defaultOperator,
    ...(analyzer === undefined ? {} : { analyzer }),
    analyzeWildcard,
    allowLeadingWildcard,
    lenient,
    ...(minimumShouldMatch === undefined ? {} : { minimumShouldMatch }),
    ...(timeZone === undefined ? {} : { timeZone }),
    ...(fuzziness === undefined ? {} : { fuzziness }),
    phraseSlop,
  };
}

/** SimpleQueryStringFlag's operators and their bits (NEAR and SLOP share one). */
const FLAG_BITS: Readonly<Record<string, number>> = {
  AND: 1,
  NOT: 2,
  OR: 4,
  PREFIX: 8,
  PHRASE: 16,
  PRECEDENCE: 32,
  ESCAPE: 64,
  WHITESPACE: 128,
  FUZZY: 256,
  NEAR: 512,
  SLOP: 512,
};

/** The operators a bit set enables; -1 is ALL. */
function flagNames(bits: number): string[] {
  return Object.entries(FLAG_BITS)
    .filter(([, bit]) => bits === -1 || (bits & bit) !== 0)
    .map(([name]) => name);
}

/** SimpleQueryStringFlag.resolveFlags: NONE or ALL ends the reading at once, as ES returns there. */
function resolveFlags(text: string): number {
  if (text === '') return -1;
  let bits = 0;
  for (const flag of text.split('|')) {
    if (flag === '') continue;
    const upper = flag.toUpperCase();
    if (upper === 'NONE') return 0;
    if (upper === 'ALL') return -1;
    const bit = Object.hasOwn(FLAG_BITS, upper) ? FLAG_BITS[upper] : undefined;
    if (bit === undefined) throw illegalArgument(`Unknown simple_query_string flag [${flag}]`);
    bits |= bit;
  }
  return bits;
}

function readFlags(q: string, value: Json): string[] {
  if (typeof value === 'number') {
    const bits = readInt(q, 'flags', value);
    return flagNames(bits < 0 ? -1 : bits);
  }
  return flagNames(resolveFlags(readString(q, 'flags', value)));
}

export function parseSimpleQueryString(body: JsonObject): Query {
  const q = 'simple_query_string';
  const common: CommonMembers = { boost: 1 };
  let text: string | undefined;
  let fields: { field: string; boost: number }[] = [];
  let defaultOperator: 'or' | 'and' = 'or';
  let analyzer: string | undefined;
  let flags = flagNames(-1);
  let analyzeWildcard = false;
  let lenient = false;
  let minimumShouldMatch: string | undefined;
  for (const [member, given] of Object.entries(body)) {
    if (Array.isArray(given)) {
      if (member !== 'fields') throw unsupportedMember(q, member);
      fields = readFields(q, given);
      continue;
    }
    if (given === null || typeof given === 'object') throw parsingError(`[${q}] unknown token [${xContentToken(given)}] after [${member}]`);
    if (readCommon(q, member, given, common, body) || readFuzzyDefaults(q, member, given)) continue;
    if (member === 'query') text = readString(q, member, given);
    else if (member === 'fields') fields = readFields(q, given);
    else if (member === 'default_operator') defaultOperator = readOperator(q, member, given);
    else if (member === 'analyzer') analyzer = readString(q, member, given);
    else if (member === 'flags') flags = readFlags(q, given);
    else if (member === 'analyze_wildcard') analyzeWildcard = readBoolean(q, member, given);
    else if (member === 'lenient') lenient = readBoolean(q, member, given);
    else if (member === 'minimum_should_match') minimumShouldMatch = readMinimumShouldMatch(q, given);
    else throw parsingError(`[${q}] unsupported field [${member}]`);
  }
  if (text === undefined) throw parsingError('[simple_query_string] query text missing');
  return {
    kind: q,
    ...commonOf(common),
    query: text,
    fields,
    defaultOperator,
    ...(analyzer === undefined ? {} : { analyzer }),
    flags,
    analyzeWildcard,
    lenient,
    ...(minimumShouldMatch === undefined ? {} : { minimumShouldMatch }),
  };
}
