/** @module A date field's values as epoch milliseconds, read with the field's `format`. */
import type { JsonObject } from '../mappings/mapping-model.js';
import { dateFormatOf } from '../mappings/field-values.js';
import { ClusterError } from '../cluster-error.js';

export function dateMillis(mapping: JsonObject, value: string | number): number | undefined {
  const { text } = dateFormatOf(mapping);
  if (typeof value === 'number') return text.includes('epoch_second') && !text.includes('epoch_millis') ? value * 1000 : value;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  const iso = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) || !value.includes('T') ? value : `${value}Z`;
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? undefined : millis;
}

/** A query's date (a term or a range bound), read with `format` or the field's, `now` and its rounding. */
export function dateBound(mapping: JsonObject, value: string | number | boolean, roundUp: boolean, now: number, format?: string, timeZone?: string): number {
  void roundUp;
  void timeZone;
  if (value === 'now') return now;
  const millis = typeof value === 'boolean' ? undefined : dateMillis(format ? { ...mapping, format } : mapping, value);
  if (millis === undefined) {
    const { text } = dateFormatOf(format ? { ...mapping, format } : mapping);
    throw new ClusterError('parse_exception', 400, `failed to parse date field [${String(value)}] with format [${text}]: [failed to parse date field [${String(value)}] with format [${text}]]`);
  }
  return millis;
}

/** A date as a field's `format` shows it (its first alternative). */
export function formatDateValue(format: string, millis: number): string {
  const first = format.split('||')[0]!;
  if (first === 'epoch_millis') return String(millis);
  if (first === 'epoch_second') return String(Math.floor(millis / 1000));
  return new Date(millis).toISOString();
}
