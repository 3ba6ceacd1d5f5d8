/**
 * @module Lucene's SmallFloat int4/byte4 encoding, which norms store a field's length in: lengths up to 39 are
 * exact, longer ones keep 4 significant bits. Scores depend on the decoded, lossy length, so this is bit-exact.
 */

/** Lucene's longToInt4: values under 8 as they are, others as 3 mantissa bits under a 5-bit shift. */
export function longToInt4(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Only supports positive values, got ${value}`);
  const numBits = value === 0 ? 0 : Math.floor(Math.log2(value)) + 1;
  if (numBits < 4) return value;
  const shift = numBits - 4;
  // The top bit of the 4 kept is implicit, hence & 0x07; shift 0 is reserved for the exact small values, hence + 1.
  return (Math.floor(value / 2 ** shift) & 0x07) | ((shift + 1) << 3);
}

export function int4ToLong(encoded: number): number {
  const bits = encoded & 0x07;
  const shift = (encoded >>> 3) - 1;
  return shift === -1 ? bits : (bits | 0x08) * 2 ** shift;
}

const MAX_INT4 = longToInt4(2 ** 31 - 1);
/** Byte values below this encode themselves, so that short fields (the common case) keep exact lengths. */
const NUM_FREE_VALUES = 255 - MAX_INT4;

/** Lucene's intToByte4, as an unsigned byte (0..255). */
export function intToByte4(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 2 ** 31 - 1) throw new Error(`Only supports positive values, got ${value}`);
  return value < NUM_FREE_VALUES ? value : NUM_FREE_VALUES + longToInt4(value - NUM_FREE_VALUES);
}

/** Lucene's byte4ToInt of an unsigned byte (Java's signed byte & 0xFF). */
export function byte4ToInt(byte: number): number {
  const unsigned = byte & 0xff;
  return unsigned < NUM_FREE_VALUES ? unsigned : NUM_FREE_VALUES + int4ToLong(unsigned - NUM_FREE_VALUES);
}

/** BM25Similarity's LENGTH_TABLE: each norm byte's decoded length, held as a Java float. */
export const LENGTH_TABLE: Float32Array = Float32Array.from({ length: 256 }, (_, i) => byte4ToInt(i));

/** The norm byte Lucene's Similarity.computeNorm stores for a field of `length` tokens (overlaps discounted). */
export const normByte = (length: number): number => intToByte4(length);

/** The length BM25 sees for a field of `length` tokens: its norm decoded. */
export const decodedLength = (length: number): number => LENGTH_TABLE[normByte(length)]!;
