/**
 * @module BM25 as ES 8 scores it: Lucene's BM25Similarity wrapped in ES's LegacyBM25Similarity, which multiplies
 * the boost by (k1 + 1) so that scores stay those of Lucene 7 (hence the explain API's "boost 2.2" and a lone
 * "kimchy" document scoring 0.2876821, not Lucene 9's bare 0.13076457). Every step Lucene computes in float is
 * rounded with Math.fround at the same place, so scores equal ES's to the last bit.
 */
import { LENGTH_TABLE } from './small-float.js';

const f = Math.fround;

export const DEFAULT_K1 = f(1.2);
export const DEFAULT_B = f(0.75);

export type Bm25Params = { k1: number; b: number };
export const DEFAULT_BM25: Bm25Params = { k1: DEFAULT_K1, b: DEFAULT_B };

/** `log(1 + (N - n + 0.5) / (n + 0.5))`, computed in double and returned as a float. */
export function idf(docFreq: number, docCount: number): number {
  return f(Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5)));
}

/** A phrase's idf: each term's float idf summed in double, then made a float. */
export function phraseIdf(docFreqs: readonly number[], docCount: number): number {
  return f(docFreqs.reduce((sum, df) => sum + idf(df, docCount), 0));
}

/**
 * `sumTotalTermFreq / docCount`, as a float. For fields indexed without frequencies (keyword) Lucene reports
 * sumTotalTermFreq as sumDocFreq, and every freq is 1.
 */
export function avgFieldLength(sumTotalTermFreq: number, docCount: number): number {
  return f(sumTotalTermFreq / docCount);
}

/** The per-term scorer BM25Similarity.scorer builds: its weight and the 256 norm inverses it caches. */
export type Bm25Scorer = { weight: number; idf: number; avgdl: number; cache: Float32Array; params: Bm25Params };

/** What the scorer needs of the index: the term's (or terms') document frequency and the field's statistics. */
export type TermStats = { docFreq: number | readonly number[]; docCount: number; sumTotalTermFreq: number };

/** The scorer of one term (or phrase) of a query with `boost`, as LegacyBM25Similarity.scorer builds it. */
export function bm25Scorer(stats: TermStats, boost = 1, params: Bm25Params = DEFAULT_BM25): Bm25Scorer {
  const k1 = f(params.k1);
  const b = f(params.b);
  const termIdf = typeof stats.docFreq === 'number' ? idf(stats.docFreq, stats.docCount) : phraseIdf(stats.docFreq, stats.docCount);
  const avgdl = avgFieldLength(stats.sumTotalTermFreq, stats.docCount);
  const cache = new Float32Array(256);
  const oneMinusB = f(1 - b);
  for (let i = 0; i < 256; i++) cache[i] = f(1 / f(k1 * f(oneMinusB + f(f(b * LENGTH_TABLE[i]!) / avgdl))));
  // LegacyBM25Similarity: boost * (1 + k1), both floats.
  const legacyBoost = f(f(boost) * f(1 + k1));
  return { weight: f(legacyBoost * termIdf), idf: termIdf, avgdl, cache, params: { k1, b } };
}

/** Norm byte 1 (length 1) is what Lucene scores a document with when its field has no norms (keyword, norms: false). */
export const NO_NORMS = 1;

/**
 * The score of a document with `freq` occurrences and norm byte `normByte`: Lucene's
 * `weight - weight / (1 + freq * normInverse)`, its monotonic rewrite of `weight * freq / (freq + norm)`.
 */
export function bm25Score(scorer: Bm25Scorer, freq: number, normByte: number = NO_NORMS): number {
  const normInverse = scorer.cache[normByte & 0xff]!;
  return f(scorer.weight - f(scorer.weight / f(1 + f(f(freq) * normInverse))));
}

/** The tf factor the explain API shows: `1 - 1 / (1 + freq * normInverse)` with the norm inverse recomputed. */
export function bm25Tf(scorer: Bm25Scorer, freq: number, normByte: number = NO_NORMS): number {
  const { k1, b } = scorer.params;
  const doclen = LENGTH_TABLE[normByte & 0xff]!;
  const normInverse = f(1 / f(k1 * f(f(1 - b) + f(f(b * doclen) / scorer.avgdl))));
  return f(1 - f(1 / f(1 + f(f(freq) * normInverse))));
}

/**
 * The shortest decimal that reads back as the same float, as Java's Float.toString (and so ES's JSON) writes a
 * score: the number returned serializes in JSON with those digits rather than the float's full double expansion.
 */
export function floatForJson(value: number): number {
  const float = f(value);
  if (!Number.isFinite(float) || float === 0) return float;
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(float.toPrecision(digits));
    if (f(candidate) === float) return candidate;
  }
  return float;
}
