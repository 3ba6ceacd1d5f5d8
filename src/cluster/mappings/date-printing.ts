/** @module Dates rendered as ES's formatters print them (UTC): named formats' printers and Java patterns. */
import { isNamedDateFormat } from './date-formats.js';
import { LONG_DAYS, LONG_MONTHS, SHORT_DAYS, SHORT_MONTHS } from './date-fields.js';

/** The printer of each named format, as a Java pattern ('strict_' variants print the same). */
const NAMED_PRINTERS: Readonly<Record<string, string>> = {
  date_optional_time: "uuuu-MM-dd'T'HH:mm:ss.SSSXXX",
  date_optional_time_nanos: "uuuu-MM-dd'T'HH:mm:ss.SSSXXX",
  date_time: "uuuu-MM-dd'T'HH:mm:ss.SSSXXX",
  date_time_no_millis: "uuuu-MM-dd'T'HH:mm:ssXXX",
  basic_date: 'uuuuMMdd',
  basic_date_time: "uuuuMMdd'T'HHmmss.SSSXXX",
  basic_date_time_no_millis: "uuuuMMdd'T'HHmmssXXX",
  date: 'uuuu-MM-dd',
  year_month_day: 'uuuu-MM-dd',
  year_month: 'uuuu-MM',
  year: 'uuuu',
  date_hour_minute_second: "uuuu-MM-dd'T'HH:mm:ss",
  date_hour_minute: "uuuu-MM-dd'T'HH:mm",
  hour_minute_second: 'HH:mm:ss',
  hour_minute: 'HH:mm',
};

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** appendValue with SignStyle.EXCEEDS_PAD: a '+' once the value needs more digits than the width, '-' always. */
function exceedsPad(value: number, width: number): string {
  if (value < 0) return `-${pad(-value, width)}`;
  const digits = pad(value, width);
  return digits.length > width ? `+${digits}` : digits;
}

function letter(c: string, n: number, date: Date): string {
  const year = date.getUTCFullYear();
  const hour = date.getUTCHours();
  switch (c) {
    case 'u':
    case 'y':
    case 'Y': {
      // y is the year of era: 1 BC (proleptic year 0) prints as 1.
      const value = c === 'u' ? year : year <= 0 ? 1 - year : year;
      if (n === 2) return pad(((value % 100) + 100) % 100, 2);
      return n === 1 ? String(value) : exceedsPad(value, n);
    }
    case 'M':
    case 'L': {
      const month = date.getUTCMonth();
      return n >= 4 ? LONG_MONTHS[month]! : n === 3 ? SHORT_MONTHS[month]! : pad(month + 1, n);
    }
    case 'd':
      return pad(date.getUTCDate(), n);
    case 'D': {
      const startOfYear = new Date(0).setUTCFullYear(year, 0, 1);
      const dayOfYear = Math.floor((date.getTime() - startOfYear) / 86_400_000) + 1;
      return pad(dayOfYear, n);
    }
    case 'H':
      return pad(hour, n);
    case 'k':
      return pad(hour === 0 ? 24 : hour, n);
    case 'h':
      return pad(hour % 12 === 0 ? 12 : hour % 12, n);
    case 'K':
      return pad(hour % 12, n);
    case 'a':
      return hour < 12 ? 'AM' : 'PM';
    case 'm':
      return pad(date.getUTCMinutes(), n);
    case 's':
      return pad(date.getUTCSeconds(), n);
    case 'S':
      return pad(date.getUTCMilliseconds(), 3).padEnd(n, '0').slice(0, n);
    case 'n':
      return String(date.getUTCMilliseconds() * 1_000_000);
    case 'E': {
      const day = (date.getUTCDay() + 6) % 7;
      return n >= 4 ? LONG_DAYS[day]! : SHORT_DAYS[day]!;
    }
    case 'e':
      return String(((date.getUTCDay() + 6) % 7) + 1);
    case 'G':
      return year > 0 ? 'AD' : 'BC';
    // Rendering is in UTC: each offset letter prints its zero form.
    case 'Z':
      return n === 4 ? 'GMT' : n === 5 ? 'Z' : '+0000';
    case 'X':
      return 'Z';
    case 'x':
      return n === 1 ? '+00' : n === 2 || n === 4 ? '+0000' : '+00:00';
    case 'z':
    case 'V':
      return 'Z';
    default:
      throw new Error(`Unknown pattern letter: ${c}`);
  }
}

/** `millis` in the Java pattern `pattern`, in UTC. */
export function printPattern(pattern: string, millis: number): string {
  const date = new Date(millis);
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      out += end === i + 1 ? "'" : pattern.slice(i + 1, end);
      i = end + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let n = 1;
      while (pattern[i + n] === c) n++;
      out += letter(c, n, date);
      i += n;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** `millis` as the format `part` (a named format or a Java pattern) prints it. */
export function printDate(part: string, millis: number): string {
  if (isNamedDateFormat(part)) return printPattern(NAMED_PRINTERS[part.replace(/^strict_/, '')]!, millis);
  return printPattern(part, millis);
}
