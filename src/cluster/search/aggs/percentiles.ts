/**
 * @module Percentiles over a field's values, exact: the value at rank q·(n−1) by linear interpolation between the
 * closest ranks, as ES's TDigest answers while it still holds every value (its sorting digest for small sets).
 * Over large sets ES's digest approximates; Tessera stays exact.
 */

/** `frequencies`: distinct values with how often each occurs, in any order. */
export function percentileOf(frequencies: readonly (readonly [number, number])[], percent: number): number | null {
  const sorted = [...frequencies].sort((a, b) => a[0] - b[0]);
  const n = sorted.reduce((s, [, c]) => s + c, 0);
  if (n === 0) return null;
  const at = (rank: number): number => {
    let seen = 0;
    for (const [value, count] of sorted) {
      seen += count;
      if (rank < seen) return value;
    }
    return sorted.at(-1)![0];
  };
  const index = (percent / 100) * (n - 1);
  if (index <= 0) return at(0);
  if (index >= n - 1) return at(n - 1);
  const low = Math.floor(index);
  const weight = index - low;
  const [a, b] = [at(low), at(low + 1)];
  return a + weight * (b - a);
}
