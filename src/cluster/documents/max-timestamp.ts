/**
 * @module The newest `@timestamp` among documents, as DataStreamsStatsTransportAction reads it from the field's point
 * values: epoch milliseconds, 0 when no document has one.
 */
import { DEFAULT_TIMESTAMP_FIELD } from '../data-stream.js';

/** A stored value as milliseconds: a number (or numeric text) is epoch_millis, text an ISO date, UTC when it names no zone. */
function millisOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value !== 'string') return undefined;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Math.trunc(Number(value));
  const zoned = /T.*(Z|[+-]\d{2}(:?\d{2})?)$/.test(value) || !value.includes('T') ? value : `${value}Z`;
  const millis = Date.parse(zoned);
  return Number.isNaN(millis) ? undefined : millis;
}

export function maxTimestampOf(sources: readonly string[]): number {
  let max = 0;
  for (const source of sources) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(source);
    } catch {
      continue;
    }
    const value = (parsed as Record<string, unknown> | null)?.[DEFAULT_TIMESTAMP_FIELD];
    // A document may hold several values; the point values hold each of them.
    for (const one of Array.isArray(value) ? value : [value]) {
      const millis = millisOf(one);
      if (millis !== undefined && millis > max) max = millis;
    }
  }
  return max;
}
