/** @module A date field's values as epoch milliseconds, read with the field's `format`, and a query's dates with date math. */
import type { JsonObject } from '../mappings/mapping-model.js';
import { dateFormatOf } from '../mappings/field-values.js';
import { formatEpochMillis, parseDateMath, toEpochMillis } from '../mappings/date-values.js';

/** The instant a document's value stores in a date field. */
export function dateMillis(mapping: JsonObject, value: string | number): number | undefined {
  return toEpochMillis(dateFormatOf(mapping).text, value);
}

/** A query's date (a term or a range bound), read with `format` or the field's, `now` and rounding (DateFieldType.parseToLong). */
export function dateBound(mapping: JsonObject, value: string | number | boolean, roundUp: boolean, now: number, format?: string, timeZone?: string): number {
  return parseDateMath(String(value), () => now, roundUp, timeZone, format ?? dateFormatOf(mapping).text);
}

/** A date as a format shows it (its first alternative). */
export function formatDateValue(format: string, millis: number): string {
  return formatEpochMillis(format, millis);
}
