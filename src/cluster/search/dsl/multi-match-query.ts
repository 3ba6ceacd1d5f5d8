/** @module MultiMatchQueryBuilder.fromXContent: one text over several fields, each `name^boost`. */
import { xContentToken } from '../../../platform/xcontent.js';
import { ClusterError } from '../../cluster-error.js';
import type { Fuzziness, Query } from '../query.js';
import { parsingError, unsupportedMember } from './dsl-errors.js';
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
  readTermValue,
  readZeroTerms,
  type CommonMembers,
  type Json,
  type JsonObject,
} from './dsl-values.js';

export type MultiMatchType = 'best_fields' | 'most_fields' | 'cross_fields' | 'phrase' | 'phrase_prefix' | 'bool_prefix';

/** MultiMatchQueryBuilder.Type's names, with the deprecated ones its ParseFields still match. */
const TYPES: Readonly<Record<string, MultiMatchType>> = {
  best_fields: 'best_fields',
  boolean: 'best_fields',
  most_fields: 'most_fields',
  most: 'most_fields',
  cross_fields: 'cross_fields',
  phrase: 'phrase',
  phrase_prefix: 'phrase_prefix',
  bool_prefix: 'bool_prefix',
};

/** MultiMatchQueryBuilder.Type.parse, which query_string's `type` uses too. */
export function readMultiMatchType(query: string, value: Json): MultiMatchType {
  const text = readString(query, 'type', value);
  const type = Object.hasOwn(TYPES, text) ? TYPES[text] : undefined;
  if (type === undefined) throw new ClusterError('parse_exception', 400, `failed to parse [multi_match] query type [${text}]. unknown type.`);
  return type;
}

export function parseMultiMatch(body: JsonObject): Query {
  const q = 'multi_match';
  const common: CommonMembers = { boost: 1 };
  let text: Json;
  let fields: { field: string; boost: number }[] = [];
  let type: MultiMatchType = 'best_fields';
  let operator: 'or' | 'and' = 'or';
  let analyzer: string | undefined;
  let slop: number | undefined;
  let fuzziness: Fuzziness | undefined;
  let prefixLength = 0;
  let maxExpansions = 50;
  let minimumShouldMatch: string | undefined;
  let tieBreaker: number | undefined;
  let lenient = false;
  let zeroTermsQuery: 'none' | 'all' = 'none';
  let fuzzyTranspositions = true;
  let fuzzyRewrite: string | undefined;
  for (const [member, given] of Object.entries(body)) {
    if (Array.isArray(given)) {
      if (member !== 'fields') throw unsupportedMember(q, member);
      fields = readFields(q, given);
      continue;
    }
    if (given !== null && typeof given === 'object') throw parsingError(`[${q}] unknown token [${xContentToken(given)}] after [${member}]`);
    if (readCommon(q, member, given, common, body)) continue;
    if (member === 'query') text = given;
    else if (member === 'fields') fields = readFields(q, given);
    else if (member === 'type') type = readMultiMatchType(q, given);
    else if (member === 'analyzer') analyzer = readString(q, member, given);
    else if (member === 'slop' || member === 'phrase_slop') slop = readInt(q, member, given);
    else if (member === 'fuzziness') fuzziness = readFuzziness(q, given);
    else if (member === 'prefix_length') prefixLength = readInt(q, member, given);
    else if (member === 'max_expansions') maxExpansions = readInt(q, member, given);
    else if (member === 'operator') operator = readOperator(q, member, given);
    else if (member === 'minimum_should_match') minimumShouldMatch = readMinimumShouldMatch(q, given);
    else if (member === 'fuzzy_rewrite') fuzzyRewrite = given === null ? undefined : readString(q, member, given);
    else if (member === 'tie_breaker') tieBreaker = readNumber(q, member, given);
    else if (member === 'lenient') lenient = readBoolean(q, member, given);
    else if (member === 'zero_terms_query') zeroTermsQuery = readZeroTerms(q, given);
    // Read, with no effect: no Tessera analyzer makes synonyms.
    else if (member === 'auto_generate_synonyms_phrase_query') readBoolean(q, member, given);
    else if (member === 'fuzzy_transpositions') fuzzyTranspositions = readBoolean(q, member, given);
    else throw unsupportedMember(q, member);
  }
  if (text === undefined || text === null) throw parsingError('No text specified for multi_match query');
  if (fuzziness !== undefined && (type === 'cross_fields' || type === 'phrase' || type === 'phrase_prefix')) {
    throw parsingError(`Fuzziness not allowed for type [${type}]`);
  }
  if (slop !== undefined && slop !== 0 && type === 'bool_prefix') throw parsingError('[slop] not allowed for type [bool_prefix]');
  return {
    kind: q,
    ...commonOf(common),
    fields,
    query: readTermValue(q, 'query', text),
    type,
    operator,
    ...(analyzer === undefined ? {} : { analyzer }),
    slop: slop ?? 0,
    ...(fuzziness === undefined ? {} : { fuzziness }),
    prefixLength,
    maxExpansions,
    ...(minimumShouldMatch === undefined ? {} : { minimumShouldMatch }),
    ...(tieBreaker === undefined ? {} : { tieBreaker }),
    lenient,
    zeroTermsQuery,
    fuzzyTranspositions,
    ...(fuzzyRewrite === undefined ? {} : { fuzzyRewrite }),
  };
}
