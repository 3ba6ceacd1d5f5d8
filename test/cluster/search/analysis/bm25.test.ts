import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bm25Score, bm25Scorer, bm25Tf, floatForJson, idf, NO_NORMS, phraseIdf } from '../../../../src/cluster/search/analysis/bm25.js';
import { normByte } from '../../../../src/cluster/search/analysis/small-float.js';

const f = Math.fround;

test('a lone "kimchy" document scores 0.2876821, ES 8 keeping the (k1 + 1) factor Lucene 9 dropped', () => {
  const scorer = bm25Scorer({ docFreq: 1, docCount: 1, sumTotalTermFreq: 1 });
  assert.equal(floatForJson(bm25Score(scorer, 1, normByte(1))), 0.2876821);
  // Without LegacyBM25Similarity's boost of 2.2 the same document would score 0.13076457.
  assert.equal(floatForJson(bm25Score(bm25Scorer({ docFreq: 1, docCount: 1, sumTotalTermFreq: 1 }, f(1 / 2.2)), 1, normByte(1))), 0.13076457);
});

test('ES explain outputs: n=2 N=4 dl=3 avgdl=6 scores 0.8713851', () => {
  const scorer = bm25Scorer({ docFreq: 2, docCount: 4, sumTotalTermFreq: 24 });
  assert.equal(floatForJson(scorer.idf), 0.6931472);
  assert.equal(floatForJson(bm25Tf(scorer, 1, normByte(3))), 0.5714286);
  assert.equal(floatForJson(bm25Score(scorer, 1, normByte(3))), 0.8713851);
});

test('ES explain outputs: n=1500 N=1274453 freq=2 dl=12 avgdl=5.1351514 scores 6.739648', () => {
  const scorer = bm25Scorer({ docFreq: 1500, docCount: 1274453, sumTotalTermFreq: 6544509 });
  assert.equal(floatForJson(scorer.avgdl), 5.1351514);
  assert.equal(floatForJson(scorer.idf), 6.744475);
  assert.equal(floatForJson(bm25Tf(scorer, 2, normByte(12))), 0.45422012);
  assert.equal(floatForJson(bm25Score(scorer, 2, normByte(12))), 6.739648);
});

test('hand-computed in float steps: boost, length past 39 (lossy norm) and no norms', () => {
  const scorer = bm25Scorer({ docFreq: 3, docCount: 10, sumTotalTermFreq: 500 }, 2);
  const termIdf = f(Math.log(1 + (10 - 3 + 0.5) / (3 + 0.5)));
  const weight = f(f(2 * f(1 + f(1.2))) * termIdf);
  const avgdl = f(500 / 10);
  // 100 tokens are stored as norm byte 57, which decodes to 96.
  const normInverse = f(1 / f(f(1.2) * f(f(1 - f(0.75)) + f(f(f(0.75) * 96) / avgdl))));
  const expected = f(weight - f(weight / f(1 + f(3 * normInverse))));
  assert.equal(bm25Score(scorer, 3, normByte(100)), expected);
  const noNorms = f(1 / f(f(1.2) * f(f(1 - f(0.75)) + f(f(0.75) / avgdl))));
  assert.equal(bm25Score(scorer, 1, NO_NORMS), f(weight - f(weight / f(1 + noNorms))));
  assert.equal(bm25Score(scorer, 1), bm25Score(scorer, 1, 1));
  assert.equal(idf(3, 10), termIdf);
  assert.equal(phraseIdf([3, 3], 10), f(termIdf + termIdf));
});

test('floatForJson gives the shortest decimal of the float, as Java writes it', () => {
  assert.equal(floatForJson(f(0.1)), 0.1);
  assert.equal(floatForJson(f(2.2)), 2.2);
  assert.equal(floatForJson(1), 1);
  assert.equal(floatForJson(0), 0);
});
