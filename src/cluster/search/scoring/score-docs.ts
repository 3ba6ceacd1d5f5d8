/**
 * @module The scores of a query's matching documents on one index: each scorer of the compiled query evaluated
 * over the documents of the final set (`within`), as Lucene's scorers add up per document.
 */
import type { DocSet, Scorer } from '../search-plan.js';
import { and } from '../search-plan.js';
import type { IndexRef, SearchRepository } from '../search-repository.js';
import { matchPhrase } from '../phrase-match.js';
import { bm25Score, bm25Scorer, NO_NORMS } from '../analysis/bm25.js';
import { normByte } from '../analysis/small-float.js';

const f = Math.fround;

/** Up to this many documents, postings are read for the documents rather than for the terms. */
const FEW_DOCS = 2_000;

export interface ScoreScope {
  readonly repository: SearchRepository;
  readonly index: IndexRef;
  /** The documents being scored. */
  readonly within: DocSet;
  /** The same documents, listed. */
  readonly docs: readonly number[];
}

function add(into: Map<number, number>, from: Map<number, number>, factor = 1): void {
  for (const [doc, score] of from) into.set(doc, (into.get(doc) ?? 0) + score * factor);
}

async function bm25(scorer: Extract<Scorer, { kind: 'bm25' }>, scope: ScoreScope): Promise<Map<number, number>> {
  const { repository, index } = scope;
  const out = new Map<number, number>();
  const unique = [...new Set(scorer.terms)];
  // Few documents to score: their postings are read by document. Many: every posting of the terms is read, which
  // costs less than the store checking each against the set, and those of other documents are dropped here.
  const few = scope.docs.length <= FEW_DOCS;
  const [stats, freqs, read] = await Promise.all([
    repository.fieldStats(index, scorer.field),
    repository.docFreqs(index, scorer.field, scorer.source, unique),
    repository.postings(index, scorer.field, scorer.source, unique, few ? { op: 'docs', docs: scope.docs } : undefined),
  ]);
  const members = few ? undefined : new Set(scope.docs);
  const rows = members ? read.filter((r) => members.has(r.doc)) : read;
  if (stats.docCount === 0) return out;
  // A token repeated in the query is a clause of its own each time (its score counts again).
  const repeats = new Map<string, number>();
  for (const t of scorer.terms) repeats.set(t, (repeats.get(t) ?? 0) + 1);
  const scorers = new Map(unique.map((t) => [t, bm25Scorer({ docFreq: freqs.get(t) ?? 0, docCount: stats.docCount, sumTotalTermFreq: stats.sumLength }, scorer.boost)]));
  // Lucene adds clause scores in double and rounds the sum to float.
  for (const row of rows) {
    const score = bm25Score(scorers.get(row.term)!, row.freq, scorer.source === 'keywords' ? NO_NORMS : normByte(row.length));
    out.set(row.doc, (out.get(row.doc) ?? 0) + score * repeats.get(row.term)!);
  }
  for (const [doc, score] of out) out.set(doc, f(score));
  return out;
}

async function phrase(scorer: Extract<Scorer, { kind: 'phrase' }>, scope: ScoreScope): Promise<Map<number, number>> {
  const { repository, index } = scope;
  const { field, terms, slop } = scorer.set;
  const flat = [...new Set(terms.flat())];
  const [stats, freqs, rows] = await Promise.all([
    repository.fieldStats(index, field),
    repository.docFreqs(index, field, 'postings', flat),
    repository.postings(index, field, 'postings', flat, and([scope.within, scorer.set]), true),
  ]);
  const out = new Map<number, number>();
  if (stats.docCount === 0) return out;
  // PhraseWeight: one scorer whose idf sums each place's term's.
  const score = bm25Scorer({ docFreq: terms.map((place) => freqs.get(place[0]!) ?? 0), docCount: stats.docCount, sumTotalTermFreq: stats.sumLength }, scorer.boost);
  const lengths = new Map(rows.map((r) => [r.doc, r.length]));
  for (const m of matchPhrase(rows, terms, slop)) out.set(m.doc, bm25Score(score, f(m.freq), normByte(lengths.get(m.doc) ?? 0)));
  return out;
}

/** Each document's score under `scorer` (documents it does not score are absent). */
export async function scoreDocs(scorer: Scorer, scope: ScoreScope): Promise<Map<number, number>> {
  switch (scorer.kind) {
    case 'zero':
      return new Map();
    case 'constant': {
      const docs = scorer.set.op === 'all' ? scope.docs : await scope.repository.docs(scope.index, and([scope.within, scorer.set]));
      return new Map(docs.map((d) => [d, scorer.boost]));
    }
    case 'bm25':
      return bm25(scorer, scope);
    case 'phrase':
      return phrase(scorer, scope);
    case 'gated': {
      const [scores, members] = await Promise.all([scoreDocs(scorer.scorer, scope), scope.repository.docs(scope.index, and([scope.within, scorer.set]))]);
      const out = new Map<number, number>();
      for (const doc of members) if (scores.has(doc)) out.set(doc, scores.get(doc)!);
      return out;
    }
    case 'sum': {
      const out = new Map<number, number>();
      for (const part of scorer.parts) add(out, await scoreDocs(part, scope));
      for (const [doc, score] of out) out.set(doc, f(f(score) * scorer.boost));
      return out;
    }
    case 'nested': {
      // The nested documents of the parents being scored that match the inner query, scored, then combined per parent.
      const parents = await scope.repository.nestedChildren(scope.index, scorer.path, scope.docs);
      const within = and([scorer.set, { op: 'docs', docs: [...parents.keys()] }]);
      const children = await scope.repository.docs(scope.index, within);
      const scores = scorer.mode === 'none' ? new Map<number, number>() : await scoreDocs(scorer.scorer, { ...scope, within, docs: children });
      const byParent = new Map<number, number[]>();
      for (const child of children) {
        const parent = parents.get(child)!;
        let list = byParent.get(parent);
        if (!list) byParent.set(parent, (list = []));
        list.push(scores.get(child) ?? 0);
      }
      const out = new Map<number, number>();
      for (const [parent, list] of byParent) {
        const combined = scorer.mode === 'none' ? 0 : scorer.mode === 'sum' ? list.reduce((a, b) => a + b, 0) : scorer.mode === 'min' ? Math.min(...list) : scorer.mode === 'max' ? Math.max(...list) : list.reduce((a, b) => a + b, 0) / list.length;
        out.set(parent, f(f(combined) * scorer.boost));
      }
      return out;
    }
    case 'max': {
      const parts = await Promise.all(scorer.parts.map((p) => scoreDocs(p, scope)));
      const out = new Map<number, number>();
      const docs = new Set(parts.flatMap((p) => [...p.keys()]));
      for (const doc of docs) {
        const scores = parts.map((p) => p.get(doc) ?? 0);
        const max = Math.max(...scores);
        const sum = scores.reduce((a, b) => a + b, 0);
        out.set(doc, f(f(max + (sum - max) * scorer.tieBreaker) * scorer.boost));
      }
      return out;
    }
  }
}
