/**
 * @module A score as Elasticsearch writes it: a Java float, printed by Float.toString as the shortest decimal that
 * reads back as the same float (0.2876821, not the double 0.28768211603164673).
 */
export function floatScore(score: number): number {
  const f = Math.fround(score);
  if (!Number.isFinite(f) || f === 0) return f;
  for (let digits = 1; digits <= 9; digits++) {
    const text = f.toPrecision(digits);
    if (Math.fround(Number(text)) === f) return Number(text);
  }
  return f;
}
