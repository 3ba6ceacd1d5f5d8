/**
 * @module A query's value read as a field reads it (each MappedFieldType's termQuery/rangeQuery): numbers, dates
 * (with date math), booleans and keywords, or the error ES raises building the query.
 */
import { ClusterError } from '../../cluster-error.js';
import type { TermValue } from '../query.js';
import type { SearchField } from '../index-fields.js';
import { badValue, numberFormat, queryShardError } from '../search-errors.js';
import { dateBound } from '../field-dates.js';
import type { CompileContext } from './compile-context.js';

/** The value a whole-number field compares with, or undefined when it can match nothing (a decimal part). */
export function numberOf(field: SearchField, value: TermValue, ctx: CompileContext): number | undefined {
  const text = typeof value === 'string' ? value.trim() : String(value);
  const number = typeof value === 'number' ? value : text === '' || typeof value === 'boolean' ? NaN : Number(text);
  if (Number.isNaN(number)) throw queryShardError(ctx.index, numberFormat(String(value)));
  if (field.type === 'float') return Math.fround(number);
  if (field.type === 'double' || field.type === 'half_float' || field.type === 'scaled_float') return number;
  // A whole-number field holds no value with a decimal part (NumberType.termQuery answers no documents).
  return Number.isInteger(number) ? number : undefined;
}

/** A range bound on a whole-number field: a decimal bound moves to the whole numbers it admits. */
export function numberBound(field: SearchField, value: TermValue, ctx: CompileContext): number {
  const text = typeof value === 'string' ? value.trim() : String(value);
  const number = typeof value === 'number' ? value : text === '' || typeof value === 'boolean' ? NaN : Number(text);
  if (Number.isNaN(number)) throw queryShardError(ctx.index, numberFormat(String(value)));
  if (field.type === 'float') return Math.fround(number);
  return number;
}

export function booleanOf(value: TermValue, ctx: CompileContext): number {
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false' || value === '') return 0;
  throw queryShardError(ctx.index, badValue(`Failed to parse value [${String(value)}] as only [true] or [false] are allowed.`));
}

/** A date field's value: the field's format, then date math with the request's `now`. */
export function dateOf(field: SearchField, value: TermValue, ctx: CompileContext, roundUp: boolean, format?: string, timeZone?: string): number {
  try {
    return dateBound(field.mapping, value, roundUp, ctx.now, format, timeZone);
  } catch (error) {
    if (error instanceof ClusterError) throw queryShardError(ctx.index, error);
    throw error;
  }
}
