/** @module ES's RatioValue, as the disk watermarks and memory limits read it: a percentage (`85%`) or a fraction (`0.85`). */

const PERCENT = /^(\d+(?:\.\d+)?)%$/;
const FRACTION = /^(0(?:\.\d+)?|1(?:\.0+)?)$/;

/** The number of a percentage (`85%`: 85), or undefined when the text is not one. */
export function readPercent(text: string): number | undefined {
  const match = PERCENT.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}

/** The percentage a ratio gives, written as a percentage (`85%`) or a fraction from 0 to 1 (`0.85`), else undefined. */
export function readRatioPercent(text: string): number | undefined {
  const value = text.trim();
  return readPercent(value) ?? (FRACTION.test(value) ? Number(value) * 100 : undefined);
}
