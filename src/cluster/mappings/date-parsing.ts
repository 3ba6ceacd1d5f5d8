/**
 * @module Date text to an instant under a `||`-joined format, as ES's JavaDateFormatter reads it: each alternative in
 * order, epoch values as instants, other dates in UTC unless their text or the caller names a zone.
 */
import { cachedDateFormat } from './date-formats.js';
import { readDateFields, type DateFields } from './date-fields.js';
import { localToInstant } from './time-zones.js';

const EPOCH = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * epoch_millis / epoch_second text as whole milliseconds, floored as Instant.toEpochMilli floors (-1.5 ms is
 * -2 ms), in BigInt so that long values lose nothing before the final check.
 */
function epochMillis(text: string, unitMillis: 1 | 1000): number | undefined {
  const match = EPOCH.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  // whole.fraction units as the exact ratio numerator / denominator of milliseconds.
  const denominator = 10n ** BigInt(fraction.length);
  const magnitude = (BigInt(whole!) * denominator + BigInt(fraction || '0')) * BigInt(unitMillis);
  const numerator = sign === '-' ? -magnitude : magnitude;
  // BigInt division truncates; flooring needs one less for negative values with a remainder.
  let millis = numerator / denominator;
  if (numerator < 0n && numerator % denominator !== 0n) millis -= 1n;
  const result = Number(millis);
  return Number.isSafeInteger(result) ? result : undefined;
}

const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysIn = (year: number, month: number) => (month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/** Milliseconds of a wall-clock date-time written as UTC; Date.UTC alone would read years 0..99 as 1900..1999. */
export function localMillis(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, milli = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, milli);
  return date.getTime();
}

/**
 * The instant of parsed fields. Missing fields default to the start of the period, or, when `roundUp`, month and
 * day still to 1 but the time to 23:59:59.999999999 (JavaDateFormatter's round-up parser, which range queries'
 * `gt`/`lte` use). STRICT resolution: out-of-range values are no date at all.
 */
function resolve(fields: DateFields, roundUp: boolean, timeZone: string | undefined): number | undefined {
  const year = fields.year ?? 1970;
  let month = fields.month ?? 1;
  let day = fields.day ?? 1;
  if (fields.dayOfYear !== undefined) {
    if (fields.dayOfYear < 1 || fields.dayOfYear > (isLeap(year) ? 366 : 365)) return undefined;
    const date = new Date(localMillis(year, 1, 1) + (fields.dayOfYear - 1) * 86_400_000);
    [month, day] = [date.getUTCMonth() + 1, date.getUTCDate()];
  }
  const hour = fields.hour ?? (roundUp ? 23 : 0);
  const minute = fields.minute ?? (roundUp ? 59 : 0);
  const second = fields.second ?? (roundUp ? 59 : 0);
  const nano = fields.nano ?? (roundUp ? 999_999_999 : 0);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  const local = localMillis(year, month, day, hour, minute, second, Math.floor(nano / 1_000_000));
  if (Number.isNaN(local)) return undefined;
  if (fields.offset !== undefined) return local - fields.offset;
  const zone = fields.zone ?? timeZone;
  return zone === undefined ? local : localToInstant(zone, local);
}

/** The parts of a format text with what each compiles to, or undefined for a format ES would refuse. */
function formatParts(formatText: string) {
  const compiled = cachedDateFormat(formatText);
  if (typeof compiled === 'string') return undefined;
  return formatText.split('||').map((part, i) => ({ part, compiled: compiled[i]! }));
}

/**
 * The instant `value` denotes under `formatText`, trying each alternative in order; `roundUp` and `timeZone` as a
 * range query's bounds use them. Epoch values are instants: no time zone applies to them.
 */
export function parseWithFormat(formatText: string, value: string | number, roundUp = false, timeZone?: string): number | undefined {
  const parts = formatParts(formatText);
  if (!parts) return undefined;
  // A JSON number reaches ES's parsers as its text: 2024 under strict_date_optional_time is the year 2024.
  const text = String(value);
  for (const { part, compiled } of parts) {
    if (compiled === 'epoch_millis' || compiled === 'epoch_second') {
      const millis = epochMillis(text, compiled === 'epoch_millis' ? 1 : 1000);
      if (millis !== undefined) return millis;
      continue;
    }
    const fields = readDateFields(part, text, compiled);
    const millis = fields && resolve(fields, roundUp, timeZone);
    if (millis !== undefined) return millis;
  }
  return undefined;
}

