/** @module Elasticsearch's "did you mean" suggestions, scored as Lucene's LevenshteinDistance scores them. */

/** Lucene's LevenshteinDistance.getDistance: 1 - edits / the longer length, as a Java float. */
function similarity(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  if (s.length === 0 || t.length === 0) return s.length === t.length ? 1 : 0;
  let previous = Array.from({ length: s.length + 1 }, (_, i) => i);
  for (let j = 1; j <= t.length; j++) {
    const current = [j];
    for (let i = 1; i <= s.length; i++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      current[i] = Math.min(current[i - 1]! + 1, previous[i]! + 1, previous[i - 1]! + cost);
    }
    previous = current;
  }
  return Math.fround(1 - previous[s.length]! / Math.max(s.length, t.length));
}

/** The candidates more than half alike to `word`, closest first, then by name (ES sorts them so). */
export function closeMatches(word: string, candidates: Iterable<string>): string[] {
  return [...new Set(candidates)]
    .map((candidate) => ({ candidate, score: similarity(word, candidate) }))
    .filter((s) => s.score > 0.5)
    .sort((a, b) => b.score - a.score || (a.candidate < b.candidate ? -1 : a.candidate > b.candidate ? 1 : 0))
    .map((s) => s.candidate);
}

/** ` did you mean [x]?` or ` did you mean any of [x, y]?`, or nothing when no candidate is close. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const matches = closeMatches(word, candidates);
  if (matches.length === 0) return '';
  return matches.length === 1 ? ` did you mean [${matches[0]}]?` : ` did you mean any of [${matches.join(', ')}]?`;
}
