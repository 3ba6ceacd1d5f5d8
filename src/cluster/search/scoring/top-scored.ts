/**
 * @module The best-scoring documents of a one-field term query (a `match`, alone or under filters), chosen by the
 * store instead of scoring every match here: the store ranks by the same BM25 formula in double precision, this
 * module rescoring a margin of the best in Lucene's float arithmetic. A field's length is stored as its norm decodes
 * (SmallFloat), so the store's ranking differs from Lucene's only by float rounding, which the margin covers.
 */
import { DEFAULT_BM25, bm25Scorer } from '../analysis/bm25.js';
import type { DocSet, Scorer } from '../search-plan.js';
import type { IndexRef, SearchRepository } from '../search-repository.js';
import { scoreDocs } from './score-docs.js';

/** Documents ranked by the store beyond the page, rescored here, so float rounding cannot drop one from the page. */
const MARGIN = 64;

/** The bm25 scorer a compiled query's scorer stands for, when it is one field's terms and nothing else. */
export function singleTermScorer(scorer: Scorer): Extract<Scorer, { kind: 'bm25' }> | undefined {
  if (scorer.kind === 'bm25') return scorer.source === 'postings' ? scorer : undefined;
  if (scorer.kind === 'sum' && scorer.parts.length === 1 && scorer.boost === 1) return singleTermScorer(scorer.parts[0]!);
  return undefined;
}

/** The `window` best documents of `set` under `scorer` with their scores, best first (ties by document). */
export async function topScored(repository: SearchRepository, index: IndexRef, set: DocSet, scorer: Extract<Scorer, { kind: 'bm25' }>, window: number): Promise<{ doc: number; score: number }[]> {
  const unique = [...new Set(scorer.terms)];
  const [stats, freqs] = await Promise.all([repository.fieldStats(index, scorer.field), repository.docFreqs(index, scorer.field, 'postings', unique)]);
  if (stats.docCount === 0 || window === 0) return [];
  const repeats = (term: string) => scorer.terms.filter((t) => t === term).length;
  const terms = unique.map((term) => ({ term, weight: bm25Scorer({ docFreq: freqs.get(term) ?? 0, docCount: stats.docCount, sumTotalTermFreq: stats.sumLength }, scorer.boost).weight * repeats(term) }));
  const { k1, b } = DEFAULT_BM25;
  const ranked = await repository.topByTermScore(index, scorer.field, terms, { k1, b, avgdl: stats.sumLength / stats.docCount }, set, window + MARGIN);
  const docs = ranked.map((r) => r.doc);
  const exact = await scoreDocs(scorer, { repository, index, within: { op: 'docs', docs }, docs });
  return docs
    .map((doc) => ({ doc, score: exact.get(doc) ?? 0 }))
    .sort((x, y) => y.score - x.score || x.doc - y.doc)
    .slice(0, window);
}
