/**
 * @module A date text read into its fields under one `||` alternative of a date format: ES's named formats and Java
 * patterns, with what each accepts exactly as date-formats.ts decides (the same regular expressions, here with a
 * named group per pattern letter so that the values can be read back).
 */
import { isNamedDateFormat, LETTERS } from './date-formats.js';
import { fixedOffsetMillis, isKnownZone } from './time-zones.js';

/** What a parse found; absent fields take their defaults when the instant is resolved. */
export type DateFields = {
  year?: number;
  month?: number;
  day?: number;
  dayOfYear?: number;
  hour?: number;
  /** 12-hour clock values (h, K) wait for the AM/PM marker. */
  hour12?: number;
  pm?: boolean;
  minute?: number;
  second?: number;
  nano?: number;
  /** A zone the text names: an offset in milliseconds, or a region id. */
  offset?: number;
  zone?: string;
};

export const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const LONG_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const ZONE = String.raw`(Z|[+-]\d{2}(?::?\d{2})?)`;
const ISO = new RegExp(String.raw`^([+-]?\d{1,9})(?:-(\d{1,2})(?:-(\d{1,2})(?:T(\d{1,2})(?::(\d{1,2})(?::(\d{1,2})(?:[.,](\d{1,9}))?)?)?${ZONE}?)?)?)?$`);
const BASIC = new RegExp(String.raw`^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(?:\.(\d{3}))?${ZONE})?$`);
const TIME = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/;

/** A fraction's digits as nanoseconds: "5" is 500 ms, "123456789" is 123456789 ns. */
const fractionNanos = (digits: string): number => Number(digits.slice(0, 9).padEnd(9, '0'));
const num = (text: string | undefined): number | undefined => (text === undefined ? undefined : Number(text));

/** The fields of a named format's text; its shape has already been checked by date-formats' expression. */
function namedFields(name: string, text: string): DateFields | undefined {
  if (name.endsWith('hour_minute') || name.endsWith('hour_minute_second')) {
    if (name.startsWith('date') || name.startsWith('strict_date')) return isoFields(ISO.exec(text));
    const m = TIME.exec(text);
    return m ? { hour: Number(m[1]), minute: Number(m[2]), second: num(m[3]) } : undefined;
  }
  if (name.startsWith('basic_')) {
    const m = BASIC.exec(text);
    if (!m) return undefined;
    const fields: DateFields = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
    if (m[4] !== undefined) Object.assign(fields, { hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6]), nano: m[7] ? fractionNanos(m[7]) : undefined, offset: fixedOffsetMillis(m[8]!) });
    return fields;
  }
  const fields = isoFields(ISO.exec(text));
  // Strict years print and parse with SignStyle.EXCEEDS_PAD: four digits, a '+' only beyond four, '-' always
  // allowed. So 86400000 is no year there and falls through to epoch_millis.
  if (fields && name.startsWith('strict_') && !/^(\d{4}|\+\d{5,}|-\d{4,})(-|$)/.test(text)) return undefined;
  return fields;
}

function isoFields(m: RegExpExecArray | null): DateFields | undefined {
  if (!m) return undefined;
  return {
    year: Number(m[1]),
    month: num(m[2]),
    day: num(m[3]),
    hour: num(m[4]),
    minute: num(m[5]),
    second: num(m[6]),
    nano: m[7] === undefined ? undefined : fractionNanos(m[7]),
    offset: m[8] === undefined ? undefined : fixedOffsetMillis(m[8]),
  };
}

type Letter = { letter: string; count: number };
type CompiledPattern = { regex: RegExp; letters: Letter[] };

/** A Java pattern as date-formats compiles it, with each letter run in a named group `g<i>`. */
function compileCapturing(pattern: string): CompiledPattern | undefined {
  let out = '';
  const letters: Letter[] = [];
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end < 0) return undefined;
      out += end === i + 1 ? "'" : escapeRegExp(pattern.slice(i + 1, end));
      i = end + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let n = 1;
      while (pattern[i + n] === c) n++;
      const body = LETTERS[c];
      if (!body) return undefined;
      out += `(?<g${letters.length}>${body(n)})`;
      letters.push({ letter: c, count: n });
      i += n;
    } else if (c === '[' || c === ']') {
      return undefined;
    } else {
      out += escapeRegExp(c);
      i++;
    }
  }
  return { regex: new RegExp(`^${out}$`), letters };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS = new Map<string, CompiledPattern | null>();

function cachedPattern(pattern: string): CompiledPattern | undefined {
  let compiled = PATTERNS.get(pattern);
  if (compiled === undefined) {
    compiled = compileCapturing(pattern) ?? null;
    if (PATTERNS.size >= 1_000) PATTERNS.clear();
    PATTERNS.set(pattern, compiled);
  }
  return compiled ?? undefined;
}

/** One letter's text into the fields; false when the text is not a value of it (an unknown month name). */
function readLetter(fields: DateFields, { letter, count }: Letter, text: string): boolean {
  const value = Number(text);
  switch (letter) {
    case 'y':
    case 'u':
    case 'Y':
      // java.time reads two-digit years into 2000..2099 (reduced value with base 2000).
      fields.year = count === 2 ? 2000 + value : value;
      return true;
    case 'M':
    case 'L': {
      if (count < 3) return (fields.month = value), true;
      const index = (count === 3 ? SHORT_MONTHS : LONG_MONTHS).indexOf(text);
      return index >= 0 && ((fields.month = index + 1), true);
    }
    case 'd':
      return (fields.day = value), true;
    case 'D':
      return (fields.dayOfYear = value), true;
    case 'H':
      return (fields.hour = value), true;
    case 'k':
      return value >= 1 && value <= 24 && ((fields.hour = value % 24), true);
    case 'h':
      return value >= 1 && value <= 12 && ((fields.hour12 = value % 12), true);
    case 'K':
      return value <= 11 && ((fields.hour12 = value), true);
    case 'a':
      return (fields.pm = text.toUpperCase() === 'PM'), true;
    case 'm':
      return (fields.minute = value), true;
    case 's':
      return (fields.second = value), true;
    case 'S':
      return (fields.nano = fractionNanos(text)), true;
    case 'n':
      return (fields.nano = value), true;
    case 'E':
      return (count >= 4 ? LONG_DAYS : SHORT_DAYS).includes(text);
    case 'Z':
    case 'X':
    case 'x':
      fields.offset = fixedOffsetMillis(text);
      return fields.offset !== undefined;
    case 'z':
    case 'V':
      fields.zone = text;
      return isKnownZone(text);
    default:
      // Week fields, day-of-week numbers and eras are checked for shape only.
      return true;
  }
}

/**
 * The fields of `text` under one alternative `part` of a format (not epoch_millis/epoch_second), or undefined when
 * the alternative does not read it. The calendar is checked when the instant is resolved.
 */
export function readDateFields(part: string, text: string, namedCheck: RegExp): DateFields | undefined {
  if (isNamedDateFormat(part)) return namedCheck.test(text) ? namedFields(part, text) : undefined;
  const compiled = cachedPattern(part);
  const match = compiled?.regex.exec(text);
  if (!compiled || !match) return undefined;
  const fields: DateFields = {};
  for (let i = 0; i < compiled.letters.length; i++) {
    if (!readLetter(fields, compiled.letters[i]!, match.groups![`g${i}`]!)) return undefined;
  }
  if (fields.hour12 !== undefined) fields.hour = fields.hour12 + (fields.pm ? 12 : 0);
  return fields;
}
