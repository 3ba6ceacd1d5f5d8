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
