/**
 * @module The field an aggregation reads, as ValuesSourceConfig resolves it on one index: its doc-values column and
 * value type, the date format its keys print in, or nothing for an unmapped field; text fields fail as ES fails them.
 */
import { dateFormatOf } from '../../mappings/field-values.js';
import { FLOAT_TYPES } from '../../mappings/field-types.js';
import { formatEpochMillis } from '../../mappings/date-values.js';
import { offsetAt } from '../../mappings/time-zones.js';
import { resolveField, type IndexFields, type SearchField } from '../index-fields.js';
import type { ValueSource } from '../search-repository.js';
import { fielddataRefusal } from '../sort-keys.js';
import { illegal, unsupportedField } from './agg-errors.js';
import type { ValueType } from './agg-model.js';

export interface AggField {
  readonly path: string;
  readonly field: SearchField;
  readonly source: ValueSource;
  readonly valueType: ValueType;
  /** The format date values print in. */
  readonly format?: string;
}

/**
 * The field `name` on this index, or undefined when unmapped. `accepts` lists the value types the aggregation reads
 * (ValuesSourceRegistry); another type fails with ES's words.
 */
export function aggField(fields: IndexFields, name: string, agg: string, accepts: readonly ValueType[]): AggField | undefined {
  const field = resolveField(fields, name);
  if (!field) return undefined;
  if (field.family === 'text') throw fielddataRefusal(name);
  const valueType: ValueType | undefined =
    field.family === 'keyword' ? 'string' : field.family === 'numeric' ? (FLOAT_TYPES.has(field.type) ? 'double' : 'long') : field.family === 'date' ? 'date' : field.family === 'boolean' ? 'boolean' : undefined;
  if (valueType === undefined || !accepts.includes(valueType)) throw unsupportedField(name, field.type, agg);
  if (!field.docValues) throw illegal(`Can't load fielddata on [${name}] because fielddata is unsupported on fields of type [${field.type}]. Use doc values instead.`);
  return {
    path: field.path,
    field,
    source: valueType === 'string' ? 'keyword' : 'number',
    valueType,
    ...(valueType === 'date' && { format: dateFormatOf(field.mapping).text }),
  };
}

export const NUMERIC: readonly ValueType[] = ['long', 'double', 'date', 'boolean'];
export const ANY: readonly ValueType[] = ['string', ...NUMERIC];

/** Double.toString: whole numbers keep `.0`, large and small ones take Java's exponent form. */
export function javaDouble(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  const abs = Math.abs(value);
  if (abs !== 0 && (abs >= 1e7 || abs < 1e-3)) {
    const [mantissa, exponent] = value.toExponential().split('e');
    return `${mantissa!.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
  }
  const text = String(value);
  return text.includes('.') ? text : `${text}.0`;
}

function offsetText(millis: number): string {
  if (millis === 0) return 'Z';
  const sign = millis < 0 ? '-' : '+';
  const minutes = Math.abs(millis) / 60_000;
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** An instant as the format prints it in `timeZone` (a zone's offset replaces the `Z` of a UTC rendering). */
export function formatDate(format: string, millis: number, timeZone?: string): string {
  const offset = timeZone === undefined ? 0 : offsetAt(timeZone, millis);
  const text = formatEpochMillis(format, millis + offset);
  if (offset === 0 || /^epoch_/.test(format.split('||')[0]!)) return offset === 0 ? text : formatEpochMillis(format, millis);
  return text.endsWith('Z') ? text.slice(0, -1) + offsetText(offset) : text;
}

/** A value of `valueType` as its DocValueFormat prints it, or undefined when it prints as the raw value only. */
export function valueAsString(valueType: ValueType, value: number, format?: string, timeZone?: string): string | undefined {
  if (valueType === 'date') return formatDate(format ?? 'strict_date_optional_time||epoch_millis', value, timeZone);
  if (valueType === 'boolean') return value !== 0 ? 'true' : 'false';
  return undefined;
}
