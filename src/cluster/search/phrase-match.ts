/**
 * @module Phrase matching over positions (Lucene's ExactPhraseMatcher and SloppyPhraseMatcher): a document matches
 * when it holds a term of each place at positions that, shifted by their place in the phrase, lie within `slop`.
 */
import type { PostingRow } from './search-repository.js';

export interface PhraseMatch {
  readonly doc: number;
  /** The phrase frequency Lucene scores with: matches for an exact phrase, Σ 1/(1 + distance) for a sloppy one. */
  readonly freq: number;
}

/** The most position combinations tried per document, so a pathological document cannot stall a search. */
const MAX_COMBINATIONS = 100_000;

function docMatch(places: readonly number[][], slop: number): number {
  if (slop === 0) {
    let freq = 0;
    const rest = places.slice(1).map((p) => new Set(p));
    for (const start of places[0]!) if (rest.every((set, i) => set.has(start + i + 1))) freq++;
    return freq;
  }
  // Each start of the first place, with the nearest choice of every other place (Lucene's matchLength: the
  // spread of positions minus places), counted once per start.
  let freq = 0;
  let tried = 0;
  for (const start of places[0]!) {
    let best = Infinity;
    const search = (i: number, lo: number, hi: number) => {
      if (++tried > MAX_COMBINATIONS) return;
      if (hi - lo > slop || hi - lo >= best) return;
      if (i === places.length) {
        best = hi - lo;
        return;
      }
      for (const p of places[i]!) {
        const shifted = p - i;
        search(i + 1, Math.min(lo, shifted), Math.max(hi, shifted));
      }
    };
    search(1, start, start);
    if (best <= slop) freq += 1 / (1 + best);
  }
  return freq;
}

/** The documents of `rows` (postings with positions) that hold the phrase `terms` (alternatives per place). */
export function matchPhrase(rows: readonly PostingRow[], terms: readonly (readonly string[])[], slop: number): PhraseMatch[] {
  const byDoc = new Map<number, Map<string, readonly number[]>>();
  for (const row of rows) {
    let byTerm = byDoc.get(row.doc);
    if (!byTerm) byDoc.set(row.doc, (byTerm = new Map()));
    byTerm.set(row.term, row.positions ?? []);
  }
  const out: PhraseMatch[] = [];
  for (const [doc, byTerm] of byDoc) {
    const places = terms.map((alternatives) => alternatives.flatMap((t) => byTerm.get(t) ?? []).sort((a, b) => a - b));
    if (places.some((p) => p.length === 0)) continue;
    const freq = docMatch(places, slop);
    if (freq > 0) out.push({ doc, freq });
  }
  return out.sort((a, b) => a.doc - b.doc);
}
