/** @module Elasticsearch time values (`30s`, `7d`): parsing to milliseconds and TimeValue's string forms. */
import { unitError, type UnitFailure } from './unit-error.js';

/** Milliseconds per TimeValue unit. */
export const TIME_UNITS: Readonly<Record<string, number>> = { nanos: 1e-6, micros: 1e-3, ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Java's Long.MAX_VALUE, the largest number of units and of milliseconds a TimeValue holds. */
export const LONG_MAX = 9223372036854775807n;
/** Java's Long.MIN_VALUE. */
export const LONG_MIN = -LONG_MAX - 1n;

const TIME_VALUE = /^(-?\d+(?:\.\d+)?)\s*(nanos|micros|ms|s|m|h|d)$/;

/** The number and unit of `<number><unit>` (the number as written), or undefined; `M` is months, which TimeValue lacks. */
function split(text: string): { readonly number: string; readonly unit: string } | undefined {
  const match = TIME_VALUE.exec(text.toLowerCase());
  if (!match || (match[2] === 'm' && text.endsWith('M'))) return undefined;
  return { number: match[1]!, unit: match[2]! };
}

/**
 * Parses `<integer><unit>`, or `-1`/`0` without a unit, as ES's TimeValue.parseTimeValue does. The number is a
 * Java long: one beyond it fails as ES fails it (`Long.parseLong` refuses, `Double.parseDouble` accepts, hence ES's
 * "fractional" message). The milliseconds saturate at Long.MAX_VALUE, as `TimeUnit.toMillis` does.
 */
export function parseTimeValue(value: string, settingName: string, fail: UnitFailure = unitError): number {
  const trimmed = value.trim();
  if (trimmed === '-1') return -1;
  if (trimmed === '0') return 0;
  const parts = split(trimmed);
  if (!parts) throw fail(`failed to parse setting [${settingName}] with value [${value}] as a time value: unit is missing or unrecognized`);
  const { number, unit } = parts;
  if (number.includes('.') || BigInt(number) > LONG_MAX || BigInt(number) < LONG_MIN) throw fail(`failed to parse [${value}], fractional time values are not supported`);
  // -1 is magic (with or without a unit); any other negative value is refused.
  if (Number(number) < -1) {
    throw fail(`failed to parse setting [${settingName}] with value [${value}] as a time value: negative durations are not supported`);
  }
  return Math.min(Number(number) * TIME_UNITS[unit]!, Number(LONG_MAX));
}

/**
 * Milliseconds of a duration as the server writes them (`5.02d`: fractions included, lower-case units only), or
 * undefined when the text is not one; for readers of the API's answers, such as the console.
 */
export function readDuration(text: string): number | undefined {
  const value = text.trim();
  if (value === '0' || value === '-1') return Number(value);
  const parts = value === value.toLowerCase() ? split(value) : undefined;
  if (!parts || parts.number.startsWith('-') || /\s/.test(value)) return undefined;
  return Number(parts.number) * TIME_UNITS[parts.unit]!;
}

/** TimeValue.toHumanReadableString(digits), 2 by default (toString uses 1): the largest unit, decimals truncated, trailing zeros dropped. */
export function humanDuration(millis: number, digits = 2): string {
  const ms = Math.max(0, millis);
  if (ms === 0) return '0s';
  const pick: [number, string][] = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1_000, 's'],
    [1, 'ms'],
  ];
  for (const [size, unit] of pick) {
    if (ms >= size) {
      const scale = 10 ** digits;
      const truncated = Math.floor((ms / size) * scale) / scale;
      return `${Number(truncated.toFixed(digits))}${unit}`;
    }
  }
  return `${Math.floor(ms * 1000)}micros`;
}
