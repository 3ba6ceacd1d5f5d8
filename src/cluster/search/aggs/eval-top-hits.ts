/** @module top_hits on one index (TopHitsAggregator): the bucket's best documents by the sort (or score), as search hits. */
import type { DocSet } from '../search-plan.js';
import { hitComparator, type RankedDoc } from '../hit-order.js';
import { scoreDocs } from '../scoring/score-docs.js';
import { buildHits } from '../search-hits.js';
import type { SearchRequest } from '../search-request.js';
import { sortKeys, type SortKey } from '../sort-keys.js';
import type { AggSpec, AggPartial } from './agg-model.js';
import type { AggScope } from './agg-scope.js';

export async function evalTopHits(spec: Extract<AggSpec, { type: 'top_hits' }>, set: DocSet, scope: AggScope): Promise<AggPartial> {
  const { repository, ref, shard } = scope;
  const keys: SortKey[] = spec.sort && spec.sort.length > 0 ? sortKeys(spec.sort, scope.fields, scope.index) : [{ kind: 'score', order: 'desc' }];
  const storeKeys = keys.flatMap((k) => (k.kind === 'store' ? [k.key] : []));
  const window = spec.from + spec.size;
  const total = await repository.count(ref, set);
  let ranked: RankedDoc[];
  let maxScore: number | null = null;
  const scorer = scope.scorer;
  // Every document scoring alike (match_all, filters), a score order is index order: no need to score the bucket.
  const constant = scorer.kind === 'zero' ? 0 : scorer.kind === 'constant' && scorer.set.op === 'all' ? scorer.boost : undefined;
  const byScore = keys.some((k) => k.kind === 'score');
  if (!byScore || (constant !== undefined && keys[0]!.kind === 'score' && keys.length === 1)) {
    const page = window === 0 ? [] : await repository.page(ref, set, storeKeys, 0, window);
    ranked = page.map((p) => ({ shard, doc: p.doc, score: constant ?? 0, values: p.values }));
    if (byScore && total > 0) maxScore = constant!;
  } else {
    const docs = await repository.docs(ref, set);
    const scores = await scoreDocs(scope.scorer, { repository, index: ref, within: set, docs });
    let candidates: RankedDoc[] = docs.map((doc) => ({ shard, doc, score: scores.get(doc) ?? 0, values: [] }));
    if (storeKeys.length > 0) {
      const values = await repository.sortValues(ref, docs, storeKeys);
      candidates = candidates.map((c) => ({ ...c, values: values.get(c.doc) ?? storeKeys.map(() => null) }));
    }
    if (candidates.length > 0) maxScore = Math.max(...candidates.map((c) => c.score));
    ranked = candidates.sort(hitComparator(keys)).slice(0, window);
  }
  const request = { source: spec.source, version: spec.version, seqNoPrimaryTerm: spec.seqNoPrimaryTerm, sort: spec.sort, trackScores: false } as unknown as SearchRequest;
  const hits = await buildHits(repository, ranked, new Map([[shard, { ref, metadata: scope.metadata }]]), keys, request);
  const byId = new Map(hits.map((h) => [h._id as string, h]));
  const fetched = await repository.fetch(ref, ranked.map((r) => r.doc));
  const topHits = ranked.flatMap((r) => {
    const hit = byId.get(fetched.get(r.doc)?.id ?? '');
    return hit ? [{ hit, ranked: r }] : [];
  });
  return { kind: 'top_hits', total, maxScore, hits: topHits, keys };
}
