/**
 * @module A field's `null_value` read as each ES mapper reads it when the mapping is parsed: a value that does not
 * parse as the field's type is refused with the mapper's own words, and the stored value is the parsed one (a number
 * for numeric fields, a boolean for `boolean`, a string for the others), as GET _mapping shows it.
 */
import { isIP } from 'node:net';
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { compileDateFormat, DEFAULT_DATE_FORMAT, DEFAULT_NANOS_FORMAT, parsesAsDate, type DateFormat } from './date-formats.js';
import { MappingErrors } from './mapping-errors.js';
import { isJsonObject, type Json } from './mapping-model.js';

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;
const UNSIGNED_MAX = 2n ** 64n - 1n;
const SMALL_RANGES: Readonly<Record<string, readonly [number, number, string]>> = {
  integer: [-(2 ** 31), 2 ** 31 - 1, 'an integer'],
  short: [-32768, 32767, 'a short'],
  byte: [-128, 127, 'a byte'],
};

/** Java's Double.toString, for the numbers a message prints. */
function javaDouble(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-3 || abs >= 1e7)) {
    const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
    return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
  }
  return Number.isInteger(value) ? `${value}.0` : String(value);
}

/** Object.toString of what the JSON parser made of the value: whole numbers are ints or longs, others doubles. */
function javaString(value: Json): string {
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : javaDouble(value);
  if (Array.isArray(value)) return `[${value.map(javaString).join(', ')}]`;
  if (isJsonObject(value)) return `{${Object.entries(value).map(([k, v]) => `${k}=${javaString(v)}`).join(', ')}}`;
  return String(value);
}

const JAVA_DECIMAL = /^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)$/;

/** Double.parseDouble (and Float.parseFloat) of a value's text: Java trims it and throws NumberFormatException. */
function parseJavaDouble(value: Json): number {
  if (typeof value === 'number') return value;
  const text = javaString(value).replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (text === '') throw new ClusterError('number_format_exception', 400, 'empty String');
  if (!JAVA_DECIMAL.test(text)) throw new ClusterError('number_format_exception', 400, `For input string: "${text}"`);
  return Number(text.replace(/[fFdD]$/, ''));
}

/** new BigDecimal(text).toBigIntegerExact(), or why not: undefined for no number, 'decimal' for a fraction. */
function exactInteger(text: string): bigint | undefined | 'decimal' {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  const [, sign, whole, fraction = '', exp = '0'] = match;
  const exponent = Number(exp);
  let digits = whole! + fraction;
  const scale = fraction.length - exponent;
  if (scale > digits.length) digits = '0'.repeat(scale - digits.length) + digits;
  if (scale < 0) digits += '0'.repeat(-scale);
  else if (scale > 0) {
    if (/[^0]/.test(digits.slice(digits.length - scale))) return 'decimal';
    digits = digits.slice(0, digits.length - scale);
  }
  const n = BigInt(digits === '' ? '0' : digits);
  return sign === '-' ? -n : n;
}

/** NumberType.LONG.parse(value, coerce=false): objectToLong, then Numbers.toLong. */
function parseLong(value: Json): number {
  if (typeof value === 'number' && Number.isInteger(value) && Number.isSafeInteger(value)) return value;
  const asDouble = parseJavaDouble(value);
  const shown = javaString(value);
  if (asDouble < -(2 ** 63) || asDouble > 2 ** 63) throw ClusterErrors.illegalArgument(`Value [${shown}] is out of range for a long`);
  if (asDouble % 1 !== 0) throw ClusterErrors.illegalArgument(`Value [${shown}] has a decimal part`);
  const exact = exactInteger(shown);
  if (exact === undefined) throw ClusterErrors.illegalArgument(`For input string: "${shown}"`);
  if (exact === 'decimal') throw ClusterErrors.illegalArgument(`Value [${shown}] has a decimal part`);
  if (exact > LONG_MAX || exact < LONG_MIN) throw ClusterErrors.illegalArgument(`Value [${shown}] is out of range for a long`);
  return Number(exact);
}

/** INTEGER, SHORT and BYTE: the double's range, then no decimal part. */
function parseSmall(type: string, value: Json): number {
  const [min, max, name] = SMALL_RANGES[type]!;
  const asDouble = parseJavaDouble(value);
  const shown = javaString(value);
  if (asDouble < min || asDouble > max) throw ClusterErrors.illegalArgument(`Value [${shown}] is out of range for ${name}`);
  if (asDouble % 1 !== 0) throw ClusterErrors.illegalArgument(`Value [${shown}] has a decimal part`);
  return Math.trunc(asDouble);
}

/** A float rounded to half precision (HalfFloatPoint's round trip), ties to even. */
function toHalfFloat(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const abs = Math.abs(value);
  if (abs >= 65520) return value > 0 ? Infinity : -Infinity;
  const exponent = Math.max(Math.floor(Math.log2(abs)), -14);
  const step = 2 ** (exponent - 10);
  // `abs / step` is exact (a float over a power of two), so a tie is exactly one half.
  const units = abs / step;
  const floor = Math.floor(units);
  const rest = units - floor;
  const rounded = rest > 0.5 || (rest === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
  return Math.sign(value) * rounded * step;
}

/** The shortest decimal that reads back as the same float, as Java's Float.toString writes one (JDK 19 and later). */
function floatText(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  for (let digits = 1; digits <= 9; digits++) {
    const shortest = Number(value.toPrecision(digits));
    if (Math.fround(shortest) === value) return shortest;
  }
  return value;
}

function finite(type: string, parsed: number): number {
  if (!Number.isFinite(parsed)) throw ClusterErrors.illegalArgument(`[${type}] supports only finite values, but got [${javaDouble(parsed)}]`);
  return parsed;
}

/** UnsignedLongFieldMapper.parseUnsignedLong; its Builder wraps the refusal as "Error parsing [null_value] ...". */
function checkUnsignedLong(value: Json): void {
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value < 0) throw ClusterErrors.illegalArgument(`Value [${value}] is out of range for unsigned long.`);
    if (!Number.isInteger(value)) throw ClusterErrors.illegalArgument(`Value "${javaDouble(value)}" has a decimal part`);
    if (BigInt(value) > UNSIGNED_MAX) throw ClusterErrors.illegalArgument(`Value [${BigInt(value)}] is out of range for unsigned long`);
    return;
  }
  const text = javaString(value);
  const exact = /^\+?\d+$/.test(text) ? BigInt(text) : exactInteger(text);
  if (exact === 'decimal') throw ClusterErrors.illegalArgument(`Value "${text}" has a decimal part`);
  if (exact === undefined) throw ClusterErrors.illegalArgument(`For input string: "${text}"`);
  if (exact < 0n || exact > UNSIGNED_MAX) throw ClusterErrors.illegalArgument(`Value [${exact}] is out of range for unsigned long`);
}

/** Booleans.parseBoolean of the value's text. */
function parseBoolean(value: Json): boolean {
  const text = javaString(value);
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw ClusterErrors.illegalArgument(`Failed to parse value [${text}] as only [true] or [false] are allowed.`);
}

/**
 * The `null_value` of field `name` of `type`, read as its mapper's parameter parser reads it. Numbers and booleans
 * fail with the parser's own exception (MapperService then wraps it); `unsigned_long` wraps its own.
 */
export function parseNullValue(name: string, type: string, value: Json): Json {
  switch (type) {
    case 'long':
      return parseLong(value);
    case 'integer':
    case 'short':
    case 'byte':
      return parseSmall(type, value);
    case 'double':
      return finite('double', parseJavaDouble(value));
    case 'float':
      return floatText(finite('float', Math.fround(parseJavaDouble(value))));
    case 'half_float':
      return floatText(toHalfFloat(finite('half_float', Math.fround(parseJavaDouble(value)))));
    case 'scaled_float':
      return parseJavaDouble(value);
    case 'boolean':
      return parseBoolean(value);
    case 'unsigned_long':
      try {
        checkUnsignedLong(value);
      } catch (error) {
        if (error instanceof ClusterError) throw nullValueError(name, error);
        throw error;
      }
      return javaString(value);
    default:
      // keyword, wildcard, flattened, date, date_nanos and ip read it as a string (Parameter.stringParam).
      return javaString(value);
  }
}

const nullValueError = (name: string, cause: ClusterError) => MappingErrors.parsing(`Error parsing [null_value] on field [${name}]: ${cause.reason}`, cause);

/**
 * What DateFieldMapper and IpFieldMapper check when they build the field: the (string) `null_value` must parse as a
 * date in the field's `format`, or as an IP address.
 */
export function checkBuiltNullValue(name: string, type: string, nullValue: string, format: string | undefined): void {
  if (type === 'ip' && isIP(nullValue) === 0) throw nullValueError(name, ClusterErrors.illegalArgument(`'${nullValue}' is not an IP string literal.`));
  if (type !== 'date' && type !== 'date_nanos') return;
  const text = format ?? (type === 'date_nanos' ? DEFAULT_NANOS_FORMAT : DEFAULT_DATE_FORMAT);
  if (nullValue === '') throw nullValueError(name, ClusterErrors.illegalArgument('cannot parse empty datetime'));
  if (!parsesAsDate(compileDateFormat(text) as DateFormat, nullValue)) {
    throw nullValueError(name, ClusterErrors.illegalArgument(`failed to parse date field [${nullValue}] with format [${text}]`));
  }
}
