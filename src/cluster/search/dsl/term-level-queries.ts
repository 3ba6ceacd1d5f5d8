/**
 * @module The exact-value queries: term, terms, exists, ids, and match_all/match_none, each parsed as its ES 8
 * builder's fromXContent reads it, with its words for what it refuses.
 */
import { xContentToken } from '../../../platform/xcontent.js';
import type { Query, TermValue } from '../query.js';
import { badValue, illegalArgument, notSupportedYet, parsingError, unknownField, unsupportedMember } from './dsl-errors.js';
import { commonOf, isObject, readBoolean, readCommon, readNumber, readString, readTermValue, type CommonMembers, type Json, type JsonObject } from './dsl-values.js';
import { requireField, singleField } from './single-field.js';

/** TermQueryBuilder: `{"f": v}` or `{"f": {"value"|"term": v, "case_insensitive", "boost", "_name"}}`. */
export function parseTerm(body: JsonObject): Query {
  const form = singleField('term', body);
  requireField(form);
  const common: CommonMembers = { boost: 1 };
  let value: Json = 'short' in form ? form.short : undefined;
  let caseInsensitive = false;
  if ('long' in form) {
    for (const [member, given] of Object.entries(form.long)) {
      if (member === 'value' || member === 'term') value = given;
      else if (member === 'case_insensitive') caseInsensitive = readBoolean('term', member, given);
      else if (!readCommon('term', member, given, common, body)) throw unsupportedMember('term', member);
    }
  }
  if (value === undefined || value === null) throw illegalArgument('value cannot be null');
  return { kind: 'term', ...commonOf(common), field: form.field, value: readTermValue('term', 'value', value), caseInsensitive };
}

/** TermsQueryBuilder: one field with an array of values; the object form is a terms lookup, which Tessera lacks. */
export function parseTerms(body: JsonObject): Query {
  const common: CommonMembers = { boost: 1 };
  let field: string | undefined;
  let values: TermValue[] = [];
  for (const [member, given] of Object.entries(body)) {
    if (Array.isArray(given)) {
      if (field !== undefined) throw parsingError('[terms] query does not support multiple fields');
      field = member;
      values = given.map((value) => {
        if (value === null) throw illegalArgument('No value specified for terms query');
        return readTermValue('terms', member, value);
      });
    } else if (isObject(given)) {
      if (field !== undefined) throw parsingError(`[terms] query does not support more than one field. Already got: [${field}] but also found [${member}]`);
      throw notSupportedYet('terms lookup (the object form of a [terms] query)');
    } else if (given === null) {
      throw parsingError(`[terms] unknown token [VALUE_NULL] after [${member}]`);
    } else if (!readCommon('terms', member, given, common, body)) {
      throw unsupportedMember('terms', member);
    }
  }
  if (field === undefined) throw parsingError('[terms] query requires a field name, followed by array of terms or a document lookup specification');
  return { kind: 'terms', ...commonOf(common), field, values };
}

/** ExistsQueryBuilder: `field`, `boost`, `_name`. */
export function parseExists(body: JsonObject): Query {
  const common: CommonMembers = { boost: 1 };
  let field: string | undefined;
  for (const [member, given] of Object.entries(body)) {
    if (given === null || typeof given === 'object') throw parsingError(`[exists] unknown token [${xContentToken(given)}] after [${member}]`);
    if (member === 'field') field = readString('exists', member, given);
    else if (!readCommon('exists', member, given, common, body)) throw unsupportedMember('exists', member);
  }
  if (field === undefined) throw parsingError('[exists] must be provided with a [field]');
  return { kind: 'exists', ...commonOf(common), field };
}

/**
 * An ObjectParser's `boost` (declareFloat), as match_all, match_none and ids read it: a failure of the field is
 * rethrown by fromXContent as a ParsingException, a negative boost included (the setter refuses it).
 */
function objectParserBoost(query: string, value: Json): number {
  if (typeof value !== 'number' && typeof value !== 'string') throw parsingError(`[${query}] boost doesn't support values of type: ${xContentToken(value)}`);
  let boost: number;
  try {
    boost = readNumber(query, 'boost', value);
  } catch {
    throw badValue(query, 'boost');
  }
  if (boost < 0) throw badValue(query, 'boost');
  return boost;
}

function objectParserName(query: string, value: Json): string {
  if (typeof value !== 'string') throw parsingError(`[${query}] _name doesn't support values of type: ${xContentToken(value)}`);
  return value;
}

/** MatchAllQueryBuilder and MatchNoneQueryBuilder: `boost` and `_name` alone (ObjectParser). */
export function parseMatchAll(kind: 'match_all' | 'match_none', body: JsonObject): Query {
  const common: CommonMembers = { boost: 1 };
  for (const [member, given] of Object.entries(body)) {
    if (member === 'boost') common.boost = objectParserBoost(kind, given);
    else if (member === '_name') common.name = objectParserName(kind, given);
    else throw unknownField(kind, member, ['boost', '_name']);
  }
  return { kind, ...commonOf(common) };
}

/** IdsQueryBuilder (ObjectParser): `values` (a string or an array of them), `boost`, `_name`. */
export function parseIds(body: JsonObject): Query {
  const common: CommonMembers = { boost: 1 };
  let values: string[] = [];
  for (const [member, given] of Object.entries(body)) {
    if (member === 'values') {
      if (typeof given === 'string') values = [given];
      else if (Array.isArray(given)) values = given.map((id) => (typeof id === 'string' || typeof id === 'number' ? String(id) : failIds()));
      else throw parsingError(`[ids] values doesn't support values of type: ${xContentToken(given)}`);
    } else if (member === 'boost') common.boost = objectParserBoost('ids', given);
    else if (member === '_name') common.name = objectParserName('ids', given);
    else throw unknownField('ids', member, ['values', 'boost', '_name']);
  }
  return { kind: 'ids', ...commonOf(common), values };
}

function failIds(): never {
  throw badValue('ids', 'values');
}
