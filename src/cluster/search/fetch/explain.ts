/**
 * @module A hit's `_explanation` (Lucene's Weight.explain as ES 8 renders it): BM25 term scores as
 * LegacyBM25Similarity explains them (`weight(field:term in doc) [PerFieldSimilarity], result of:` over
 * `score(freq=…), computed as boost * idf * tf from:` with the boost, idf and tf and their inputs), phrases alike,
 * constant scores by their query, and compound scores as `sum of:` / `max of:` over the clauses that matched.
 * Values are the same float arithmetic scoring uses (bm25.ts), so each explanation adds up to the hit's score.
 */
import { bm25Score, bm25Scorer, bm25Tf, floatForJson, idf, NO_NORMS } from '../analysis/bm25.js';
import { LENGTH_TABLE, normByte } from '../analysis/small-float.js';
import { matchPhrase } from '../phrase-match.js';
import { and, type Scorer } from '../search-plan.js';
import type { IndexRef, SearchRepository } from '../search-repository.js';
import { renderSet } from '../validate/lucene-string.js';

const f = Math.fround;

export interface Explanation {
  readonly value: number;
  readonly description: string;
  readonly details: Explanation[];
}

const node = (value: number, description: string, details: Explanation[] = []): Explanation => ({ value: floatForJson(value), description, details });

/** Java's Float.toString: `1.0`, `2.5`. */
const javaFloat = (n: number) => {
  const v = floatForJson(n);
  return Number.isInteger(v) ? v.toFixed(1) : String(v);
};

interface Scope {
  readonly repository: SearchRepository;
  readonly index: IndexRef;
  readonly doc: number;
}

function idfNode(docFreq: number, docCount: number): Explanation {
  return node(idf(docFreq, docCount), 'idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:', [
    { value: docFreq, description: 'n, number of documents containing term', details: [] },
    { value: docCount, description: 'N, total number of documents with field', details: [] },
  ]);
}

/** BM25Similarity.explainTF: all five inputs, `dl` marked approximate past the norms' exact range. */
function tfNode(scorer: ReturnType<typeof bm25Scorer>, freq: number, norm: number, freqText: string): Explanation {
  const dl = LENGTH_TABLE[norm & 0xff]!;
  return node(bm25Tf(scorer, freq, norm), 'tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:', [
    node(freq, freqText),
    node(scorer.params.k1, 'k1, term saturation parameter'),
    node(scorer.params.b, 'b, length normalization parameter'),
    node(dl, (norm & 0xff) > 39 ? 'dl, length of field (approximate)' : 'dl, length of field'),
    node(scorer.avgdl, 'avgdl, average length of field'),
  ]);
}

function scoreNode(scorer: ReturnType<typeof bm25Scorer>, boost: number, freq: number, norm: number, idfExplanation: Explanation, freqText: string, label: string): Explanation {
  const tf = tfNode(scorer, freq, norm, freqText);
  const legacyBoost = f(f(boost) * f(1 + scorer.params.k1));
  // BM25Scorer.explain states the score itself, not the product of the parts shown.
  return node(bm25Score(scorer, freq, norm), `score(${label}=${javaFloat(freq)}), computed as boost * idf * tf from:`, [node(legacyBoost, 'boost'), idfExplanation, tf]);
}

async function explainBm25(s: Extract<Scorer, { kind: 'bm25' }>, factor: number, scope: Scope): Promise<Explanation | undefined> {
  const { repository, index, doc } = scope;
  const unique = [...new Set(s.terms)];
  const [stats, freqs, rows] = await Promise.all([
    repository.fieldStats(index, s.field),
    repository.docFreqs(index, s.field, s.source, unique),
    repository.postings(index, s.field, s.source, unique, { op: 'docs', docs: [doc] }),
  ]);
  const boost = s.boost * factor;
  const parts: Explanation[] = [];
  // Each occurrence of a term in the query is a clause of its own, in the query's order.
  for (const term of s.terms) {
    const row = rows.find((r) => r.term === term);
    if (!row) continue;
    const docFreq = freqs.get(term) ?? 0;
    const scorer = bm25Scorer({ docFreq, docCount: stats.docCount, sumTotalTermFreq: stats.sumLength }, boost);
    const norm = s.source === 'keywords' ? NO_NORMS : normByte(row.length);
    const score = scoreNode(scorer, boost, row.freq, norm, idfNode(docFreq, stats.docCount), 'freq, occurrences of term within document', 'freq');
    parts.push(node(score.value, `weight(${s.field}:${term} in ${doc}) [PerFieldSimilarity], result of:`, [score]));
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : node(f(parts.reduce((sum, p) => sum + p.value, 0)), 'sum of:', parts);
}

async function explainPhrase(s: Extract<Scorer, { kind: 'phrase' }>, factor: number, scope: Scope): Promise<Explanation | undefined> {
  const { repository, index, doc } = scope;
  const { field, terms, slop } = s.set;
  const flat = [...new Set(terms.flat())];
  const [stats, freqs, rows] = await Promise.all([
    repository.fieldStats(index, field),
    repository.docFreqs(index, field, 'postings', flat),
    repository.postings(index, field, 'postings', flat, and([{ op: 'docs', docs: [doc] }, s.set]), true),
  ]);
  const match = matchPhrase(rows, terms, slop).find((m) => m.doc === doc);
  if (!match) return undefined;
  const docFreqs = terms.map((place) => freqs.get(place[0]!) ?? 0);
  const boost = s.boost * factor;
  const scorer = bm25Scorer({ docFreq: docFreqs, docCount: stats.docCount, sumTotalTermFreq: stats.sumLength }, boost);
  const idfs = node(scorer.idf, 'idf, sum of:', docFreqs.map((df) => idfNode(df, stats.docCount)));
  const length = rows.find((r) => r.doc === doc)?.length ?? 0;
  const score = scoreNode(scorer, boost, f(match.freq), normByte(length), idfs, 'phraseFreq=' + javaFloat(match.freq), 'phraseFreq');
  const words = terms.map((place) => (place.length === 1 ? place[0] : `(${place.join(' ')})`)).join(' ');
  return node(score.value, `weight(${field}:"${words}"${slop > 0 ? `~${slop}` : ''} in ${doc}) [PerFieldSimilarity], result of:`, [score]);
}

/** The explanation of `scorer` for one document, or undefined where it does not score it. `factor`: boosts of the enclosing queries, which Lucene hands down to its leaves. */
export async function explainScore(scorer: Scorer, scope: Scope, factor = 1): Promise<Explanation | undefined> {
  switch (scorer.kind) {
    case 'zero':
      return undefined;
    case 'constant': {
      const boost = scorer.boost * factor;
      if (scorer.set.op !== 'all' && (await scope.repository.docs(scope.index, and([{ op: 'docs', docs: [scope.doc] }, scorer.set]))).length === 0) return undefined;
      // ConstantScoreWeight.explain: the query, with `^boost` unless it is 1.
      return node(boost, `${renderSet(scorer.set)}${f(boost) === 1 ? '' : `^${javaFloat(boost)}`}`);
    }
    case 'bm25':
      return explainBm25(scorer, factor, scope);
    case 'phrase':
      return explainPhrase(scorer, factor, scope);
    case 'gated': {
      const member = await scope.repository.docs(scope.index, and([{ op: 'docs', docs: [scope.doc] }, scorer.set]));
      return member.length === 0 ? undefined : explainScore(scorer.scorer, scope, factor);
    }
    case 'sum': {
      const parts = (await Promise.all(scorer.parts.map((p) => explainScore(p, scope, factor * scorer.boost)))).filter((p): p is Explanation => p !== undefined);
      if (parts.length === 0) return undefined;
      return node(f(parts.reduce((sum, p) => sum + p.value, 0)), 'sum of:', parts);
    }
    case 'max': {
      const parts = (await Promise.all(scorer.parts.map((p) => explainScore(p, scope, factor * scorer.boost)))).filter((p): p is Explanation => p !== undefined);
      if (parts.length === 0) return undefined;
      const values = parts.map((p) => p.value);
      const max = Math.max(...values);
      const sum = values.reduce((a, b) => a + b, 0);
      const description = scorer.tieBreaker === 0 ? 'max of:' : `max plus ${javaFloat(scorer.tieBreaker)} times others of:`;
      return node(f(max + (sum - max) * scorer.tieBreaker), description, parts);
    }
  }
}

/** A document the query matches but does not score (filter context): ES explains its 0 score this way. */
export function unscored(): Explanation {
  return node(0, 'ConstantScore(*:*)^0.0');
}
