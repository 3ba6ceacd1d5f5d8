/**
 * @module Date formats of `date` fields (`format`, `dynamic_date_formats`): ES's named formats and Java-style
 * patterns, `||`-joined, and whether a value parses with one of them.
 */

const ISO_DATE = String.raw`[+-]?\d{4,9}-\d{2}-\d{2}`;
const ISO_TIME = String.raw`\d{2}(:\d{2}(:\d{2}([.,]\d{1,9})?)?)?`;
const ZONE = String.raw`(Z|[+-]\d{2}(:?\d{2})?)`;
const anchored = (body: string) => new RegExp(`^${body}$`);

/** The named formats (DateFormatter names, strict and lenient alike) and what each accepts. */
const NAMED: Readonly<Record<string, RegExp | 'epoch_millis' | 'epoch_second'>> = {
  epoch_millis: 'epoch_millis',
  epoch_second: 'epoch_second',
  date_optional_time: anchored(String.raw`[+-]?\d{1,9}(-\d{1,2}(-\d{1,2}(T${ISO_TIME}${ZONE}?)?)?)?`),
  strict_date_optional_time: anchored(String.raw`[+-]?\d{4,9}(-\d{2}(-\d{2}(T${ISO_TIME}${ZONE}?)?)?)?`),
  strict_date_optional_time_nanos: anchored(String.raw`[+-]?\d{4,9}(-\d{2}(-\d{2}(T${ISO_TIME}${ZONE}?)?)?)?`),
  date: anchored(String.raw`[+-]?\d{1,9}-\d{1,2}-\d{1,2}`),
  strict_date: anchored(ISO_DATE),
  year_month_day: anchored(String.raw`\d{1,9}-\d{1,2}-\d{1,2}`),
  strict_year_month_day: anchored(ISO_DATE),
  year_month: anchored(String.raw`\d{1,9}-\d{1,2}`),
  strict_year_month: anchored(String.raw`\d{4}-\d{2}`),
  year: anchored(String.raw`\d{1,9}`),
  strict_year: anchored(String.raw`\d{4}`),
  basic_date: anchored(String.raw`\d{8}`),
  basic_date_time: anchored(String.raw`\d{8}T\d{6}\.\d{3}${ZONE}`),
  basic_date_time_no_millis: anchored(String.raw`\d{8}T\d{6}${ZONE}`),
  date_time: anchored(String.raw`\d{1,9}-\d{1,2}-\d{1,2}T\d{1,2}:\d{1,2}:\d{1,2}\.\d{1,9}${ZONE}`),
  strict_date_time: anchored(String.raw`${ISO_DATE}T\d{2}:\d{2}:\d{2}\.\d{1,9}${ZONE}`),
  date_time_no_millis: anchored(String.raw`\d{1,9}-\d{1,2}-\d{1,2}T\d{1,2}:\d{1,2}:\d{1,2}${ZONE}`),
  strict_date_time_no_millis: anchored(String.raw`${ISO_DATE}T\d{2}:\d{2}:\d{2}${ZONE}`),
  date_hour_minute_second: anchored(String.raw`\d{1,9}-\d{1,2}-\d{1,2}T\d{1,2}:\d{1,2}:\d{1,2}`),
  strict_date_hour_minute_second: anchored(String.raw`${ISO_DATE}T\d{2}:\d{2}:\d{2}`),
  date_hour_minute: anchored(String.raw`\d{1,9}-\d{1,2}-\d{1,2}T\d{1,2}:\d{1,2}`),
  strict_date_hour_minute: anchored(String.raw`${ISO_DATE}T\d{2}:\d{2}`),
  hour_minute_second: anchored(String.raw`\d{1,2}:\d{1,2}:\d{1,2}`),
  strict_hour_minute_second: anchored(String.raw`\d{2}:\d{2}:\d{2}`),
  hour_minute: anchored(String.raw`\d{1,2}:\d{1,2}`),
  strict_hour_minute: anchored(String.raw`\d{2}:\d{2}`),
};

/** Java DateTimeFormatter letters a custom pattern may use, each with what it matches. */
export const LETTERS: Readonly<Record<string, (count: number) => string>> = {
  y: (n) => (n === 2 ? String.raw`\d{2}` : String.raw`\d{4,9}`),
  u: (n) => (n === 2 ? String.raw`\d{2}` : String.raw`\d{4,9}`),
  Y: (n) => (n === 2 ? String.raw`\d{2}` : String.raw`\d{4,9}`),
  M: (n) => (n >= 3 ? '[A-Za-z]+' : n === 2 ? String.raw`\d{2}` : String.raw`\d{1,2}`),
  L: (n) => (n >= 3 ? '[A-Za-z]+' : String.raw`\d{1,2}`),
  d: (n) => (n === 2 ? String.raw`\d{2}` : String.raw`\d{1,2}`),
  D: () => String.raw`\d{1,3}`,
  H: (n) => (n === 2 ? String.raw`\d{2}` : String.raw`\d{1,2}`),
  h: (n) => (n === 2 ? String.raw`\d{2}` : String.raw`\d{1,2}`),
  k: () => String.raw`\d{1,2}`,
  K: () => String.raw`\d{1,2}`,
  m: (n) => (n === 2 ? String.raw`\d{2}` : String.raw`\d{1,2}`),
  s: (n) => (n === 2 ? String.raw`\d{2}` : String.raw`\d{1,2}`),
  S: (n) => String.raw`\d{${n}}`,
  n: () => String.raw`\d{1,9}`,
  a: () => '(AM|PM|am|pm)',
  E: () => '[A-Za-z]+',
  e: () => String.raw`\d`,
  w: () => String.raw`\d{1,2}`,
  Z: () => String.raw`(Z|[+-]\d{2}:?\d{2})`,
  X: () => String.raw`(Z|[+-]\d{2}(:?\d{2})?)`,
  x: () => String.raw`[+-]\d{2}(:?\d{2})?`,
  z: () => String.raw`[A-Za-z/_+-]+`,
  V: () => String.raw`[A-Za-z/_+-]+`,
  G: () => '[A-Za-z]+',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A Java pattern as a regular expression; the error names what ES's DateTimeFormatterBuilder refuses. */
function compilePattern(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end < 0) throw new Error(`Pattern ends with an incomplete string literal: ${pattern}`);
      out += end === i + 1 ? "'" : escapeRegExp(pattern.slice(i + 1, end));
      i = end + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let n = 1;
      while (pattern[i + n] === c) n++;
      const letter = LETTERS[c];
      if (!letter) throw new Error(`Unknown pattern letter: ${c}`);
      out += letter(n);
      i += n;
    } else if (c === '[' || c === ']') {
      throw new Error(`Optional sections are not supported: ${pattern}`);
    } else {
      out += escapeRegExp(c);
      i++;
    }
  }
  return anchored(out);
}

/** Whether `name` is one of ES's named formats rather than a Java pattern. */
export function isNamedDateFormat(name: string): boolean {
  return Object.hasOwn(NAMED, name);
}

export type DateFormat = readonly (RegExp | 'epoch_millis' | 'epoch_second')[];

export const DEFAULT_DATE_FORMAT = 'strict_date_optional_time||epoch_millis';
export const DEFAULT_NANOS_FORMAT = 'strict_date_optional_time_nanos||epoch_millis';

/** A `format` value compiled, or the message of ES's `Invalid format: [x]: ...` refusal. */
export function compileDateFormat(format: string): DateFormat | string {
  const parts: (RegExp | 'epoch_millis' | 'epoch_second')[] = [];
  for (const part of format.split('||')) {
    const named = NAMED[part];
    if (named !== undefined) {
      parts.push(named);
      continue;
    }
    try {
      parts.push(compilePattern(part));
    } catch (error) {
      return `Invalid format: [${format}]: ${(error as Error).message}`;
    }
  }
  return parts;
}

/** Formats compiled so far, by text: the same few formats are read for every document. Bounded, as mappings are not. */
const COMPILED = new Map<string, DateFormat | string>();
const MAX_COMPILED = 1_000;

/** As compileDateFormat, compiled once per format text. */
export function cachedDateFormat(format: string): DateFormat | string {
  let compiled = COMPILED.get(format);
  if (compiled === undefined) {
    if (COMPILED.size >= MAX_COMPILED) COMPILED.clear();
    compiled = compileDateFormat(format);
    COMPILED.set(format, compiled);
  }
  return compiled;
}

const EPOCH = /^-?\d+(\.\d+)?$/;

/** Whether `value` (a document's string or number) is a date in `format`. */
export function parsesAsDate(format: DateFormat, value: string | number): boolean {
  const text = String(value);
  return format.some((part) => {
    if (part === 'epoch_millis' || part === 'epoch_second') return EPOCH.test(text);
    if (typeof value === 'number') return false;
    return part.test(text) && validCalendar(text);
  });
}

/** The month and day of an ISO-looking date are in range (java.time refuses 2024-13-01 and 2024-02-30). */
function validCalendar(text: string): boolean {
  const match = /^[+-]?(\d{4,9})-(\d{1,2})-(\d{1,2})/.exec(text);
  if (!match) return true;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : days);
}
