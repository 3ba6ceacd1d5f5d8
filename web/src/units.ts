/** Elasticsearch's units as the console reads and writes them: time values (`5d`), byte sizes (`10kb`), instants. */

import { humanDuration } from '../../src/platform/units/index.ts';

/**
 * The server's own readers and writer: a time value as the server writes it (`30s`, `5.02d`, `0`, `-1`) and a byte
 * size (`500mb`) to a number, or undefined when the text is not one; bytes as `_cat` prints them (`9.4kb`).
 */
export { byteSizeText as formatBytes, readByteSize as parseByteSize, readDuration as parseTimeValue, readRatioPercent } from '../../src/platform/units/index.ts';

/** A duration as explain writes ages (the server's humanDuration, signed): `5d`, `5.02d`, `20m`, `0s`, `-3h`. */
export function formatDuration(millis: number): string {
  const sign = millis < 0 ? '-' : '';
  const abs = Math.abs(millis);
  // Whole milliseconds, as the console's ages are; less than one but more than none still reads as a time that passed.
  return abs > 0 && abs < 1 ? `${sign}0ms` : `${sign}${humanDuration(Math.floor(abs))}`;
}

/** An instant in UTC, readable and unambiguous: `2026-01-06 00:00:00 UTC` (milliseconds only when there are some). */
export function formatInstant(millis: number): string {
  const iso = new Date(millis).toISOString();
  return `${iso.slice(0, 10)} ${iso.endsWith('.000Z') ? iso.slice(11, 19) : iso.slice(11, 23)} UTC`;
}

/** An ISO 8601 instant as the server wrote it (Java's form: `2026-01-01T00:00Z`), shown as formatInstant does. */
export function instantText(iso: string): string {
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? iso : formatInstant(millis);
}

/** A percentage with at most one decimal: `92.1%`, `85%`. */
export function formatPercent(value: number): string {
  return `${Math.round(value * 10) / 10}%`;
}
