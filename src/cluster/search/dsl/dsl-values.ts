/**
 * @module The member readers the query builders share: XContentParser's conversions (floatValue, intValue,
 * booleanValue, text) and the values several queries take (boost, _name, fuzziness, minimum_should_match, operator,
 * zero_terms_query, `field^boost` lists).
 */
import { ClusterError } from '../../cluster-error.js';
import { xContentBoolean } from '../../../platform/xcontent.js';
import type { Fuzziness, TermValue } from '../query.js';
import { badValue, illegalArgument, parsingError } from './dsl-errors.js';

export type Json = unknown;
export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Float.parseFloat's grammar, which XContentParser.floatValue applies to a string. */
const JAVA_FLOAT = /^[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?)$/;

/** Java's NumberFormatException, which ES renders with its class name as the type. */
function numberFormat(text: string): ClusterError {
  return new ClusterError('number_format_exception', 400, `For input string: "${text}"`);
}

/** XContentParser.floatValue/doubleValue: a number, or a string Java parses as one. */
export function readNumber(query: string, member: string, value: Json): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') throw badValue(query, member);
  if (!JAVA_FLOAT.test(value.trim())) throw numberFormat(value);
  return Number.parseFloat(value.trim().replace(/[fFdD]$/, ''));
}

/** XContentParser.intValue (coercing): a string is read as a double and truncated, as AbstractXContentParser does. */
export function readInt(query: string, member: string, value: Json): number {
  const number = readNumber(query, member, value);
  if (number < -2147483648 || number > 2147483647) throw illegalArgument(`Value [${String(value)}] is out of range for an integer`);
  return Math.trunc(number);
}

/** XContentParser.booleanValue: `true`/`false`, or the strings "true"/"false". */
export function readBoolean(_query: string, _member: string, value: Json): boolean {
  const bool = xContentBoolean(value);
  if (bool === undefined) throw illegalArgument(`Failed to parse value [${typeof value === 'string' ? value : JSON.stringify(value)}] as only [true] or [false] are allowed.`);
  return bool;
}

/** XContentParser.text: any scalar token as its text. */
export function readString(query: string, member: string, value: Json): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw badValue(query, member);
}

/** A term-level value (objectBytes of a scalar): kept as JSON gives it, converted per field type at evaluation. */
export function readTermValue(query: string, member: string, value: Json): TermValue {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw badValue(query, member);
}

/** `boost`. Its sign is checked by the builder (checkNegativeBoost), quoting the query. */
export function readBoost(query: string, value: Json, raw: Json): number {
  const boost = readNumber(query, 'boost', value);
  if (boost < 0) {
    throw illegalArgument(`negative [boost] are not allowed in [${JSON.stringify({ [query]: raw })}], use a value between 0 and 1 to deboost`);
  }
  return boost;
}

/** `minimum_should_match` (textOrNull): kept as written, applied by Queries.applyMinimumShouldMatch at evaluation. */
export function readMinimumShouldMatch(query: string, value: Json): string | undefined {
  if (value === null) return undefined;
  return readString(query, 'minimum_should_match', value);
}

/** Operator.fromString: valueOf of the upper-cased name, so a bad one fails with Java's enum message. */
export function readOperator(query: string, member: string, value: Json): 'or' | 'and' {
  const text = readString(query, member, value);
  const upper = text.toUpperCase();
  if (upper === 'OR' || upper === 'AND') return upper === 'OR' ? 'or' : 'and';
  throw illegalArgument(`No enum constant org.elasticsearch.index.query.Operator.${upper}`);
}

/** MatchQueryBuilder's `zero_terms_query`: `none` or `all`, any case. */
export function readZeroTerms(query: string, value: Json): 'none' | 'all' {
  const text = readString(query, 'zero_terms_query', value);
  const lower = text.toLowerCase();
  if (lower === 'none' || lower === 'all') return lower;
  throw parsingError(`Unsupported zero_terms_query value [${text}]`);
}

/** Fuzziness.AUTO's default low and high distances. */
export const AUTO_FUZZINESS: Fuzziness = { auto: [3, 6] };

/** Fuzziness.parse/fromString: `AUTO`, `AUTO:low,high`, or an edit distance (at most 2 is used, as asDistance does). */
export function readFuzziness(query: string, value: Json): Fuzziness {
  const text = readString(query, 'fuzziness', value);
  if (text === '') throw illegalArgument('fuzziness cannot be null or empty.');
  const upper = text.toUpperCase();
  if (upper === 'AUTO') return AUTO_FUZZINESS;
  if (upper.startsWith('AUTO:')) {
    const limits = upper.slice(5).split(',');
    if (limits.length !== 2) throw new ClusterError('parse_exception', 400, 'failed to find low and high distance values');
    const [low, high] = limits.map((limit) => (/^[+-]?\d+$/.test(limit) ? Number(limit) : Number.NaN)) as [number, number];
    if (Number.isNaN(low) || Number.isNaN(high)) throw new ClusterError('parse_exception', 400, `failed to parse [${upper}] as a "auto:int,int"`);
    if (low < 0 || high < 0 || low > high) throw illegalArgument('fuzziness wrongly configured, must be: lowDistance > 0, highDistance > lowDistance: ' + text);
    return { auto: [low, high] };
  }
  if (!JAVA_FLOAT.test(upper)) throw illegalArgument(`Invalid fuzziness value: ${text}`);
  const similarity = Number.parseFloat(upper.replace(/[FD]$/, ''));
  if (!(similarity >= 0) || (similarity >= 1 && !Number.isInteger(similarity))) throw illegalArgument(`Invalid fuzziness value: ${text}`);
  return { edits: Math.min(2, Math.trunc(similarity)) as 0 | 1 | 2 };
}

/** QueryParserHelper.parseFieldsAndWeights: `name^boost`, split at the first `^`. */
export function readFieldWithBoost(text: string): { readonly field: string; readonly boost: number } {
  const caret = text.indexOf('^');
  if (caret === -1) return { field: text, boost: 1 };
  const weight = text.slice(caret + 1);
  if (!JAVA_FLOAT.test(weight.trim())) throw numberFormat(weight);
  return { field: text.slice(0, caret), boost: Number.parseFloat(weight.trim().replace(/[fFdD]$/, '')) };
}

/** `fields`: one string or an array of them, each `name^boost`. */
export function readFields(query: string, value: Json): { readonly field: string; readonly boost: number }[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => readFieldWithBoost(readString(query, 'fields', item)));
}

/** `boost` and `_name`, which every builder but match_all/match_none reads alike. */
export interface CommonMembers {
  boost: number;
  name?: string;
}

/** Reads `boost` or `_name` into `common`; false when `member` is neither. */
export function readCommon(query: string, member: string, value: Json, common: CommonMembers, raw: Json): boolean {
  if (member === 'boost') common.boost = readBoost(query, value, raw);
  else if (member === '_name') common.name = readString(query, member, value);
  else return false;
  return true;
}

/** The `boost`/`_name` members of an AST node: `name` only when given. */
export function commonOf(common: CommonMembers): { readonly boost: number; readonly name?: string } {
  return common.name === undefined ? { boost: common.boost } : { boost: common.boost, name: common.name };
}
