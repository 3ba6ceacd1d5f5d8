/** @module The URL's and body's scalar readers for a search request: time values and RestRequest's int and boolean params. */
import { parseTimeValue } from '../../../platform/units/index.js';
import { illegalArgument } from './dsl-errors.js';

/** TimeValue.parseTimeValue, refused as an illegal_argument_exception; -1 (no limit) reads as undefined. */
export function readTimeMillis(text: string, name: string): number | undefined {
  const millis = parseTimeValue(text, name, illegalArgument);
  return millis === -1 ? undefined : millis;
}

/** RestRequest.paramAsInt: Integer.parseInt of the text. */
export function paramInt(params: Readonly<Record<string, string | undefined>>, name: string): number | undefined {
  const text = params[name];
  if (text === undefined) return undefined;
  if (!/^[+-]?\d+$/.test(text) || Number(text) > 2147483647 || Number(text) < -2147483648) {
    throw illegalArgument(`Failed to parse int parameter [${name}] with value [${text}]`);
  }
  return Number(text);
}

/** RestRequest.paramAsBoolean: an empty value is true. */
export function paramBoolean(params: Readonly<Record<string, string | undefined>>, name: string): boolean | undefined {
  const text = params[name];
  if (text === undefined) return undefined;
  if (text === '' || text === 'true') return true;
  if (text === 'false') return false;
  throw illegalArgument(`Failed to parse value [${text}] as only [true] or [false] are allowed.`);
}
