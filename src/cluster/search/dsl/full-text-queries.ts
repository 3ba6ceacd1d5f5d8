/**
 * @module The analyzed single-field queries: match, match_phrase and match_phrase_prefix, in short form
 * (`{"f": "text"}`) or long form, as MatchQueryBuilder and its phrase siblings read them.
 */
import { xContentToken } from '../../../platform/xcontent.js';
import type { Fuzziness, Query, TermValue } from '../query.js';
import { illegalArgument, parsingError, unsupportedMember } from './dsl-errors.js';
import {
  commonOf,
  readBoolean,
  readCommon,
  readFuzziness,
  readInt,
  readMinimumShouldMatch,
  readOperator,
  readString,
  readTermValue,
  readZeroTerms,
  type CommonMembers,
  type Json,
  type JsonObject,
} from './dsl-values.js';
import { singleField } from './single-field.js';

/**
 * The field and text of a match-family query, running `read` over a long form's other members. The text is
 * objectText: a string, number or boolean; an object or array under a member is refused as the builders word it.
 */
function readFieldAndText(query: string, body: JsonObject, common: CommonMembers, read: (member: string, value: Json) => boolean): { field?: string; text?: Json } {
  const form = singleField(query, body);
  let text: Json = form !== undefined && 'short' in form ? form.short : undefined;
  if (form !== undefined && 'long' in form) {
    for (const [member, given] of Object.entries(form.long)) {
      if (given !== null && typeof given === 'object') throw parsingError(`[${query}] unknown token [${xContentToken(given)}] after [${member}]`);
      if (member === 'query') text = given;
      else if (!readCommon(query, member, given, common, body) && !read(member, given)) throw unsupportedMember(query, member);
    }
  }
  return { ...(form === undefined ? {} : { field: form.field }), ...(text === undefined || text === null ? {} : { text }) };
}

/** MatchQueryBuilder.fromXContent checks the text itself, before the constructor checks the field. */
function matchFieldAndText(read: { field?: string; text?: Json }): { field: string; text: TermValue } {
  if (read.text === undefined) throw parsingError('No text specified for text query');
  if (read.field === undefined) throw illegalArgument('[match] requires fieldName');
  return { field: read.field, text: readTermValue('match', 'query', read.text) };
}

/** The phrase builders leave both checks to their constructors. */
function phraseFieldAndText(query: string, read: { field?: string; text?: Json }): { field: string; text: TermValue } {
  if (read.field === undefined || read.field === '') throw illegalArgument(`[${query}] requires fieldName`);
  if (read.text === undefined) throw illegalArgument(`[${query}] requires query value`);
  return { field: read.field, text: readTermValue(query, 'query', read.text) };
}

function nonNegative(query: string, member: string, value: Json, message: string): number {
  const number = readInt(query, member, value);
  if (number < 0) throw illegalArgument(message);
  return number;
}

function positive(query: string, member: string, value: Json, message: string): number {
  const number = readInt(query, member, value);
  if (number <= 0) throw illegalArgument(message);
  return number;
}

/** MatchQueryBuilder. `auto_generate_synonyms_phrase_query` is read and has no effect: no Tessera analyzer makes synonyms. */
export function parseMatch(body: JsonObject): Query {
  const common: CommonMembers = { boost: 1 };
  let operator: 'or' | 'and' = 'or';
  let analyzer: string | undefined;
  let fuzziness: Fuzziness | undefined;
  let prefixLength = 0;
  let maxExpansions = 50;
  let fuzzyTranspositions = true;
  let minimumShouldMatch: string | undefined;
  let lenient = false;
  let zeroTermsQuery: 'none' | 'all' = 'none';
  let fuzzyRewrite: string | undefined;
  const read = readFieldAndText('match', body, common, (member, given) => {
    if (member === 'operator') operator = readOperator('match', member, given);
    else if (member === 'analyzer') analyzer = readString('match', member, given);
    else if (member === 'fuzziness') fuzziness = readFuzziness('match', given);
    else if (member === 'prefix_length') prefixLength = nonNegative('match', member, given, '[match] requires prefix length to be non-negative.');
    else if (member === 'max_expansions') maxExpansions = positive('match', member, given, '[match] requires maxExpansions to be positive.');
    else if (member === 'fuzzy_transpositions') fuzzyTranspositions = readBoolean('match', member, given);
    else if (member === 'minimum_should_match') minimumShouldMatch = readMinimumShouldMatch('match', given);
    else if (member === 'lenient') lenient = readBoolean('match', member, given);
    else if (member === 'zero_terms_query') zeroTermsQuery = readZeroTerms('match', given);
    else if (member === 'fuzzy_rewrite') fuzzyRewrite = readString('match', member, given);
    else if (member === 'auto_generate_synonyms_phrase_query') readBoolean('match', member, given);
    else return false;
    return true;
  });
  const { field, text } = matchFieldAndText(read);
  return {
    kind: 'match',
    ...commonOf(common),
    field,
    query: text,
    operator,
    ...(analyzer === undefined ? {} : { analyzer }),
    ...(fuzziness === undefined ? {} : { fuzziness }),
    prefixLength,
    maxExpansions,
    fuzzyTranspositions,
    ...(minimumShouldMatch === undefined ? {} : { minimumShouldMatch }),
    lenient,
    zeroTermsQuery,
    ...(fuzzyRewrite === undefined ? {} : { fuzzyRewrite }),
  };
}

/** MatchPhraseQueryBuilder.slop: refused below zero. */
function readSlop(query: string, value: Json): number {
  return nonNegative(query, 'slop', value, 'No negative slop allowed.');
}

/** MatchPhraseQueryBuilder: `query`, `analyzer`, `slop` (0), `zero_terms_query`. */
export function parseMatchPhrase(body: JsonObject): Query {
  const common: CommonMembers = { boost: 1 };
  let analyzer: string | undefined;
  let slop = 0;
  let zeroTermsQuery: 'none' | 'all' = 'none';
  const read = readFieldAndText('match_phrase', body, common, (member, given) => {
    if (member === 'analyzer') analyzer = readString('match_phrase', member, given);
    else if (member === 'slop') slop = readSlop('match_phrase', given);
    else if (member === 'zero_terms_query') zeroTermsQuery = readZeroTerms('match_phrase', given);
    else return false;
    return true;
  });
  const { field, text } = phraseFieldAndText('match_phrase', read);
  return { kind: 'match_phrase', ...commonOf(common), field, query: text, ...(analyzer === undefined ? {} : { analyzer }), slop, zeroTermsQuery };
}

/** MatchPhrasePrefixQueryBuilder: match_phrase's members and `max_expansions` (50). */
export function parseMatchPhrasePrefix(body: JsonObject): Query {
  const query = 'match_phrase_prefix';
  const common: CommonMembers = { boost: 1 };
  let analyzer: string | undefined;
  let slop = 0;
  let maxExpansions = 50;
  let zeroTermsQuery: 'none' | 'all' = 'none';
  const read = readFieldAndText(query, body, common, (member, given) => {
    if (member === 'analyzer') analyzer = readString(query, member, given);
    else if (member === 'slop') slop = readSlop(query, given);
    else if (member === 'max_expansions') maxExpansions = nonNegative(query, member, given, 'No negative maxExpansions allowed.');
    else if (member === 'zero_terms_query') zeroTermsQuery = readZeroTerms(query, given);
    else return false;
    return true;
  });
  const { field, text } = phraseFieldAndText(query, read);
  return { kind: query, ...commonOf(common), field, query: text, ...(analyzer === undefined ? {} : { analyzer }), slop, maxExpansions, zeroTermsQuery };
}
