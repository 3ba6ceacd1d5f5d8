/**
 * @module The multi-term queries, which expand to the terms they match: prefix, wildcard, regexp, fuzzy. Each takes
 * one field, in short form (`{"f": "v"}`) or long form, as its ES 8 builder reads it.
 */
import type { Fuzziness, Query } from '../query.js';
import { illegalArgument, unsupportedMember } from './dsl-errors.js';
import {
  AUTO_FUZZINESS,
  commonOf,
  readBoolean,
  readCommon,
  readFuzziness,
  readInt,
  readString,
  readTermValue,
  type CommonMembers,
  type Json,
  type JsonObject,
} from './dsl-values.js';
import { requireField, singleField, type FieldForm } from './single-field.js';

/** Runs `read` over a long form's members after `boost`/`_name`, refusing the rest with the builder's words. */
function readLong(query: string, form: FieldForm, body: JsonObject, common: CommonMembers, read: (member: string, value: Json) => boolean): void {
  if (!('long' in form)) return;
  for (const [member, given] of Object.entries(form.long)) {
    if (!readCommon(query, member, given, common, body) && !read(member, given)) throw unsupportedMember(query, member);
  }
}

function requireValue(value: Json, message = 'value cannot be null'): void {
  if (value === undefined || value === null) throw illegalArgument(message);
}

/** PrefixQueryBuilder (`prefix` or `value`) and WildcardQueryBuilder (`wildcard` or `value`). */
export function parsePatternQuery(kind: 'prefix' | 'wildcard', body: JsonObject): Query {
  const form = singleField(kind, body);
  requireField(form);
  const common: CommonMembers = { boost: 1 };
  let value: Json = 'short' in form ? form.short : undefined;
  let caseInsensitive = false;
  let rewrite: string | undefined;
  readLong(kind, form, body, common, (member, given) => {
    if (member === 'value' || member === kind) value = given;
    else if (member === 'case_insensitive') caseInsensitive = readBoolean(kind, member, given);
    else if (member === 'rewrite') rewrite = readString(kind, member, given);
    else return false;
    return true;
  });
  requireValue(value);
  const node = { kind, ...commonOf(common), field: form.field, value: readString(kind, 'value', value), caseInsensitive };
  return rewrite === undefined ? node : { ...node, rewrite };
}

/** RegexpFlag's names, which `flags` joins with `|` (RegexpFlag.resolveValue). */
const REGEXP_FLAGS = new Set(['INTERSECTION', 'COMPLEMENT', 'EMPTY', 'ANYSTRING', 'INTERVAL', 'NONE', 'ALL']);

function checkRegexpFlags(flags: string): string {
  for (const flag of flags.split('|')) {
    if (flag !== '' && !REGEXP_FLAGS.has(flag.toUpperCase())) throw illegalArgument(`Unknown regexp flag [${flag}]`);
  }
  return flags === '' ? 'ALL' : flags;
}

/** RegexpQueryBuilder: `value`, `flags` or `flags_value`, `max_determinized_states`, `case_insensitive`, `rewrite`. */
export function parseRegexp(body: JsonObject): Query {
  const form = singleField('regexp', body);
  requireField(form);
  const common: CommonMembers = { boost: 1 };
  let value: Json = 'short' in form ? form.short : undefined;
  let flags = 'ALL';
  let caseInsensitive = false;
  let maxDeterminizedStates = 10_000;
  let rewrite: string | undefined;
  readLong('regexp', form, body, common, (member, given) => {
    if (member === 'value') value = given;
    else if (member === 'flags') flags = given === null ? 'ALL' : checkRegexpFlags(readString('regexp', member, given));
    else if (member === 'flags_value') flags = String(readInt('regexp', member, given));
    else if (member === 'max_determinized_states') maxDeterminizedStates = readInt('regexp', member, given);
    else if (member === 'case_insensitive') caseInsensitive = readBoolean('regexp', member, given);
    else if (member === 'rewrite') rewrite = readString('regexp', member, given);
    else return false;
    return true;
  });
  requireValue(value);
  const node = { kind: 'regexp' as const, ...commonOf(common), field: form.field, value: readString('regexp', 'value', value), flags, caseInsensitive, maxDeterminizedStates };
  return rewrite === undefined ? node : { ...node, rewrite };
}

/** FuzzyQueryBuilder: `value`, `fuzziness` (AUTO), `prefix_length` (0), `max_expansions` (50), `transpositions` (true), `rewrite`. */
export function parseFuzzy(body: JsonObject): Query {
  const form = singleField('fuzzy', body);
  if (form === undefined || form.field === '') throw illegalArgument('field name cannot be null or empty');
  const common: CommonMembers = { boost: 1 };
  let value: Json = 'short' in form ? form.short : undefined;
  let fuzziness: Fuzziness = AUTO_FUZZINESS;
  let prefixLength = 0;
  let maxExpansions = 50;
  let transpositions = true;
  let rewrite: string | undefined;
  readLong('fuzzy', form, body, common, (member, given) => {
    if (member === 'value') value = given;
    else if (member === 'fuzziness') fuzziness = readFuzziness('fuzzy', given);
    else if (member === 'prefix_length') prefixLength = readInt('fuzzy', member, given);
    else if (member === 'max_expansions') maxExpansions = readInt('fuzzy', member, given);
    else if (member === 'transpositions') transpositions = readBoolean('fuzzy', member, given);
    else if (member === 'rewrite') rewrite = readString('fuzzy', member, given);
    else return false;
    return true;
  });
  requireValue(value, 'query value cannot be null');
  const node = { kind: 'fuzzy' as const, ...commonOf(common), field: form.field, value: readTermValue('fuzzy', 'value', value), fuzziness, prefixLength, maxExpansions, transpositions };
  return rewrite === undefined ? node : { ...node, rewrite };
}
