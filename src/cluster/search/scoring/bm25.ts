/**
 * @module Lucene 9's BM25 (BM25Similarity, k1 1.2, b 0.75) in its float arithmetic, so scores equal Elasticsearch's:
 * norms are field lengths squeezed into a byte (SmallFloat.intToByte4) and read back through LENGTH_TABLE.
 */
const f = Math.fround;
const K1 = f(1.2);
const B = f(0.75);

function longToInt4(i: number): number {
  const numBits = i === 0 ? 0 : Math.floor(Math.log2(i)) + 1;
  if (numBits < 4) return i;
  const shift = numBits - 4;
  let encoded = Math.floor(i / 2 ** shift);
  encoded &= 0x07;
  encoded |= (shift + 1) << 3;
  return encoded;
}

function int4ToLong(i: number): number {
  const bits = i & 0x07;
  const shift = (i >>> 3) - 1;
  return shift === -1 ? bits : (bits | 0x08) * 2 ** shift;
}

const NUM_FREE_VALUES = 255 - longToInt4(2 ** 31 - 1);

/** SmallFloat.intToByte4: a length as its norm byte. */
export function lengthToNorm(length: number): number {
  return length < NUM_FREE_VALUES ? length : NUM_FREE_VALUES + longToInt4(length - NUM_FREE_VALUES);
}

/** SmallFloat.byte4ToInt. */
export function normToLength(norm: number): number {
  return norm < NUM_FREE_VALUES ? norm : NUM_FREE_VALUES + int4ToLong(norm - NUM_FREE_VALUES);
}

export function idf(docFreq: number, docCount: number): number {
  return f(Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5)));
}

/** One term's (or phrase's) scorer over a field with `docCount` documents of total length `sumLength`. */
export function bm25Scorer(weight: number, docCount: number, sumLength: number): (freq: number, length: number | undefined) => number {
  const avgdl = f(sumLength / docCount);
  const cache = new Map<number, number>();
  const normInverse = (norm: number) => {
    let value = cache.get(norm);
    if (value === undefined) {
      value = f(1 / f(K1 * f(f(1 - B) + f(f(B * normToLength(norm)) / avgdl))));
      cache.set(norm, value);
    }
    return value;
  };
  // A field without norms (a keyword) reads as norm 1 (LeafSimScorer).
  return (freq, length) => {
    const inverse = normInverse(length === undefined ? 1 : lengthToNorm(length));
    return f(weight - f(weight / f(1 + f(freq * inverse))));
  };
}
