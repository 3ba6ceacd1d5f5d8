/** @module Elasticsearch byte sizes (`10mb`): parsing to bytes, the units `bytes=` takes, and ES's human byte text. */
import { unitError, type UnitFailure } from './unit-error.js';

/** Bytes per ByteSizeUnit suffix, the one-letter forms included (`_cat`'s `bytes=k`). */
export const BYTE_UNITS: Readonly<Record<string, number>> = {
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  t: 1024 ** 4,
  tb: 1024 ** 4,
  p: 1024 ** 5,
  pb: 1024 ** 5,
};

const BYTE_SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb|pb)$/i;

/** Bytes of `<number><unit>` (`b`, `kb` … `pb`, any case; a fraction of a unit rounded down), or undefined when the text is not one. */
export function readByteSize(text: string): number | undefined {
  const match = BYTE_SIZE.exec(text.trim());
  return match ? Math.floor(Number(match[1]) * BYTE_UNITS[match[2]!.toLowerCase()]!) : undefined;
}

/** As readByteSize, failing with ES's words for setting or parameter `name`. */
export function parseByteSize(value: string, name: string, fail: UnitFailure = unitError): number {
  const bytes = readByteSize(value);
  if (bytes === undefined) throw fail(`failed to parse setting [${name}] with value [${value}] as a size in bytes: unit is missing or unrecognized`);
  return bytes;
}

/** ES's ByteSizeValue text: `512b`, `1.9kb`, `10mb` (one decimal, truncated; `.0` dropped, as format1Decimals does). */
export function byteSizeText(bytes: number): string {
  const units = ['b', 'kb', 'mb', 'gb', 'tb', 'pb'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value}b` : `${Math.floor(value * 10) / 10}${units[unit]}`;
}

const SUFFIXES = ['pb', 'tb', 'gb', 'mb', 'kb', 'p', 't', 'g', 'm', 'k', 'b'] as const;

/**
 * ByteSizeValue.parseBytesSizeValue, then getStringRep: the text ES stores and shows for a size it parsed. The unit
 * is kept and lowercased (`50GB` → `50gb`, `50g` → `50gb`); a fraction is converted to whole bytes (`1.5kb` → `1536b`).
 */
export function byteSizeStringRep(value: string, name: string, fail: UnitFailure = unitError): string {
  const text = value.toLowerCase().trim();
  if (text === '-1' || text === '0') return text;
  const suffix = SUFFIXES.find((s) => text.endsWith(s));
  const number = suffix === undefined ? '' : text.slice(0, -suffix.length).trim();
  if (suffix === undefined || !/^\d+(\.\d+)?$/.test(number)) {
    throw fail(`failed to parse setting [${name}] with value [${value}] as a size in bytes: unit is missing or unrecognized`);
  }
  const unit = suffix === 'b' ? 'b' : suffix.length === 1 ? `${suffix}b` : suffix;
  if (/^\d+$/.test(number)) return Number(number) <= 0 ? String(Number(number)) : `${BigInt(number)}${unit}`;
  return `${Math.floor(Number(number) * BYTE_UNITS[unit]!)}b`;
}
