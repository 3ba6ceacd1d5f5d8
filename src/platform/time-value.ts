/** @module Elasticsearch time values (`30s`, `7d`): parsing to milliseconds and TimeValue's string forms. */

const UNITS: Readonly<Record<string, number>> = { nanos: 1e-6, micros: 1e-3, ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export class TimeValueError extends Error {}

/** Parses `<integer><unit>`, or `-1`/`0` without a unit, as ES's TimeValue.parseTimeValue does. */
export function parseTimeValue(value: string, settingName: string): number {
  const trimmed = value.trim();
  if (trimmed === '-1') return -1;
  if (trimmed === '0') return 0;
  const match = /^(-?\d+(?:\.\d+)?)\s*(nanos|micros|ms|s|m|h|d)$/.exec(trimmed.toLowerCase());
  if (!match) {
    throw new TimeValueError(`failed to parse setting [${settingName}] with value [${value}] as a time value: unit is missing or unrecognized`);
  }
  if (match[1]!.includes('.')) throw new TimeValueError(`failed to parse [${value}], fractional time values are not supported`);
  // -1 is magic (with or without a unit); any other negative value is refused.
  if (Number(match[1]) < -1) {
    throw new TimeValueError(`failed to parse setting [${settingName}] with value [${value}] as a time value: negative durations are not supported`);
  }
  return Number(match[1]) * UNITS[match[2]!]!;
}

/** TimeValue.toHumanReadableString(2): the largest unit, two decimals truncated, trailing zeros dropped. */
export function humanDuration(millis: number): string {
  const ms = Math.max(0, millis);
  const pick: [number, string][] = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1_000, 's'],
  ];
  for (const [size, unit] of pick) {
    if (ms >= size) {
      const truncated = Math.floor((ms / size) * 100) / 100;
      return `${Number(truncated.toFixed(2))}${unit}`;
    }
  }
  return ms === 0 ? '0s' : `${Math.floor(ms)}ms`;
}
