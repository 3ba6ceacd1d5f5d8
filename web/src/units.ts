/** Elasticsearch's units as the console reads and writes them: time values (`5d`), byte sizes (`10kb`), instants. */

const TIME_UNITS: Readonly<Record<string, number>> = { nanos: 1e-6, micros: 1e-3, ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of an ES time value (`30s`, `5d`, `0ms`, `0`, `-1`), or undefined when it is not one. */
export function parseTimeValue(text: string): number | undefined {
  const value = text.trim();
  if (value === '0' || value === '-1') return Number(value);
  const match = /^(\d+(?:\.\d+)?)(nanos|micros|ms|s|m|h|d)$/.exec(value);
  return match ? Number(match[1]) * TIME_UNITS[match[2]!]! : undefined;
}

/** A duration as explain writes ages: the largest unit that keeps it ≥ 1, truncated to two decimals (`5d`, `5.02d`, `20m`, `0s`). */
export function formatDuration(millis: number): string {
  const sign = millis < 0 ? '-' : '';
  const abs = Math.abs(millis);
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = TIME_UNITS[unit]!;
    if (abs >= size) return `${sign}${Math.floor((abs / size) * 100) / 100}${unit}`;
  }
  return abs === 0 ? '0s' : `${sign}${Math.floor(abs)}ms`;
}

const BYTE_UNITS: Readonly<Record<string, number>> = { b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, t: 1024 ** 4, tb: 1024 ** 4, p: 1024 ** 5, pb: 1024 ** 5 };

/** Bytes of an ES byte size (`500mb`, `10kb`, `1024b`), or undefined when it is not one. */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(text.trim());
  const unit = match && BYTE_UNITS[match[2]!.toLowerCase()];
  return match && unit ? Math.floor(Number(match[1]) * unit) : undefined;
}

/** ES's own byte text, as `_cat` prints it: `512b`, `9.4kb`, `100gb` (one decimal, truncated); the server's own function. */
export { byteSizeText as formatBytes } from '../../src/cluster/byte-size.ts';

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
