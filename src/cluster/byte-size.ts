/** @module Elasticsearch's human byte text, without any Node.js import, so the console can show sizes as the server writes them. */

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
