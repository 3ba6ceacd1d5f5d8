/** @module The parsers of ES's setting kinds (Setting.boolSetting, intSetting, longSetting, timeSetting, byteSizeSetting), with ES's words. */
import { parseByteSize, parseTimeValue } from '../platform/units/index.js';
import { ClusterErrors } from './cluster-error.js';
import type { SettingParser } from './setting.js';

export const booleanValue: SettingParser<boolean> = (value) => {
  if (value !== 'true' && value !== 'false') throw ClusterErrors.illegalArgument(`Failed to parse value [${value}] as only [true] or [false] are allowed.`);
  return value === 'true';
};

export const textValue: SettingParser<string> = (value) => value;

const INT_RANGE = { min: -(2n ** 31n), max: 2n ** 31n - 1n };
const LONG_RANGE = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

export interface Bounds {
  readonly min?: number;
  readonly max?: number;
}

/**
 * ES's Setting.parseInt and parseLong: a whole number (an optional sign, then digits) within the setting's bounds,
 * and those within the Java type's range. A number outside them names the bound it crosses; anything else is not a
 * number: `Failed to parse value [v] for setting [k]`.
 */
function checkWholeNumber(key: string, value: string, kind: 'int' | 'long', bounds: Bounds = {}): void {
  const range = kind === 'int' ? INT_RANGE : LONG_RANGE;
  const fail = (extra = ''): never => {
    throw ClusterErrors.illegalArgument(`Failed to parse value [${value}] for setting [${key}]${extra}`);
  };
  if (!/^[+-]?\d+$/.test(value)) fail();
  const n = BigInt(value);
  const min = bounds.min === undefined ? range.min : BigInt(bounds.min);
  // ES's parseLong checks no upper bound but the type's own.
  const max = bounds.max === undefined || kind === 'long' ? range.max : BigInt(bounds.max);
  if (n < min) fail(` must be >= ${min}`);
  if (n > max) fail(` must be <= ${max}`);
}

export function intValue(bounds: Bounds = {}): SettingParser<number> {
  return (value, key) => {
    checkWholeNumber(key, value, 'int', bounds);
    return Number(value);
  };
}

/** A Java long as a number: exact up to 2^53, as every long Tessera keeps (dates, counts) is. */
export function longValue(bounds: Bounds = {}): SettingParser<number> {
  return (value, key) => {
    checkWholeNumber(key, value, 'long', bounds);
    return Number(value);
  };
}

/** ES's Setting.timeSetting: milliseconds of a TimeValue, at least `minMillis` (written `minText` in the message). */
export function timeValue(minMillis?: number, minText?: string): SettingParser<number> {
  return (value, key) => {
    const millis = parseTimeValue(value, key, ClusterErrors.illegalArgument);
    if (minMillis !== undefined && millis < minMillis) throw ClusterErrors.illegalArgument(`failed to parse value [${value}] for setting [${key}], must be >= [${minText}]`);
    return millis;
  };
}

export const byteSizeValue: SettingParser<number> = (value, key) => parseByteSize(value, key, ClusterErrors.illegalArgument);
