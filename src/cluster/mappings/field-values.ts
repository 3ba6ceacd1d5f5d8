/**
 * @module Whether a document's value fits its field's type, as each mapper's parse reads it; the answer is the cause
 * ES gives under its `failed to parse field` error, or undefined when the value fits.
 */
import { isIP } from 'node:net';
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { cachedDateFormat, DEFAULT_DATE_FORMAT, DEFAULT_NANOS_FORMAT, parsesAsDate, type DateFormat } from './date-formats.js';
import { DATE_TYPES, FLOAT_TYPES, INTEGER_RANGES } from './field-types.js';
import { isJsonObject, type Json, type JsonObject } from './mapping-model.js';

/** Whole-number types read strings through Numbers.toLong (an IllegalArgumentException), floats through Double.parseDouble. */
const numberFormat = (text: string) => new ClusterError('number_format_exception', 400, `For input string: "${text}"`);
const notALong = (text: string) => ClusterErrors.illegalArgument(`For input string: "${text}"`);

/** Java's toString of a document value, as ES previews it. */
export function preview(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(preview).join(', ')}]`;
  if (isJsonObject(value)) return `{${Object.entries(value).map(([k, v]) => `${k}=${preview(v)}`).join(', ')}}`;
  return String(value);
}

function checkInteger(type: string, value: Json, coerce: boolean): ClusterError | undefined {
  let number: number | bigint;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) && !coerce) return ClusterErrors.illegalArgument(`Value [${value}] has a decimal part`);
    number = Math.trunc(value);
  } else if (typeof value === 'string') {
    if (!coerce) return ClusterErrors.illegalArgument(`[coerce] is set to false, so a string value [${value}] is not accepted for a numeric field`);
    const text = value.trim();
    if (/^[+-]?\d+$/.test(text)) number = BigInt(text);
    else if (text !== '' && Number.isFinite(Number(text))) number = Math.trunc(Number(text));
    else return notALong(value);
  } else {
    return ClusterErrors.illegalArgument(`Current token (${tokenOf(value)}) not numeric, can not use numeric value accessors`);
  }
  const [min, max] = INTEGER_RANGES[type]!;
  const big = typeof number === 'bigint' ? number : BigInt(number);
  if (big < min || big > max) {
    if (type === 'unsigned_long') return ClusterErrors.illegalArgument(`Value [${String(value)}] is out of range for unsigned long`);
    return ClusterErrors.illegalArgument(`Value [${String(value)}] is out of range for ${type === 'integer' ? 'an integer' : `a ${type}`}`);
  }
  return undefined;
}

function tokenOf(value: Json): string {
  if (typeof value === 'boolean') return value ? 'VALUE_TRUE' : 'VALUE_FALSE';
  if (typeof value === 'number') return Number.isInteger(value) ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT';
  if (typeof value === 'string') return 'VALUE_STRING';
  return isJsonObject(value) ? 'START_OBJECT' : 'START_ARRAY';
}

function checkFloat(type: string, value: Json, coerce: boolean): ClusterError | undefined {
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string') {
    if (!coerce) return ClusterErrors.illegalArgument(`[coerce] is set to false, so a string value [${value}] is not accepted for a numeric field`);
    number = value.trim() === '' ? NaN : Number(value.trim());
    if (Number.isNaN(number)) return numberFormat(value);
  } else return ClusterErrors.illegalArgument(`Current token (${tokenOf(value)}) not numeric, can not use numeric value accessors`);
  if (!Number.isFinite(number)) return ClusterErrors.illegalArgument(`[${type === 'scaled_float' ? 'double' : type}] supports only finite values, but got [${String(value)}]`);
  return undefined;
}

export function dateFormatOf(field: JsonObject): { text: string; format: DateFormat } {
  const text = typeof field.format === 'string' ? field.format : field.type === 'date_nanos' ? DEFAULT_NANOS_FORMAT : DEFAULT_DATE_FORMAT;
  return { text, format: cachedDateFormat(text) as DateFormat };
}

/**
 * The cause of refusing `value` for `field`, or undefined when it fits. `coerce` is the field's or the index's;
 * `location` (where in the text the value is) is worked out only for a refusal that names it.
 */
export function valueRefusal(field: JsonObject, value: Json, coerce: boolean, path: string, location: () => string): ClusterError | undefined {
  const type = field.type as string;
  if (value === null) return undefined;
  if (type === 'flattened') return undefined;
  if (isJsonObject(value)) return ClusterErrors.illegalState(`Can't get text on a START_OBJECT at ${location()}`);
  if (INTEGER_RANGES[type]) return checkInteger(type, value, coerce);
  if (FLOAT_TYPES.has(type)) return checkFloat(type, value, coerce);
  if (DATE_TYPES.has(type)) {
    const { text, format } = dateFormatOf(field);
    if (typeof value === 'boolean' || Array.isArray(value) || !parsesAsDate(format, value)) return ClusterErrors.illegalArgument(`failed to parse date field [${String(value)}] with format [${text}]`);
    return undefined;
  }
  if (type === 'boolean') {
    if (value === true || value === false || value === 'true' || value === 'false' || value === '') return undefined;
    return ClusterErrors.illegalArgument(`Failed to parse value [${String(value)}] as only [true] or [false] are allowed.`);
  }
  if (type === 'ip') {
    if (typeof value === 'string' && isIP(value) !== 0) return undefined;
    return ClusterErrors.illegalArgument(`'${String(value)}' is not an IP string literal.`);
  }
  if (type === 'constant_keyword' && field.value !== undefined && String(field.value) !== String(value)) {
    return ClusterErrors.illegalArgument(`[constant_keyword] field [${path}] only accepts values that are equal to the value defined in the mappings [${String(field.value)}], but got [${String(value)}]`);
  }
  return undefined;
}
