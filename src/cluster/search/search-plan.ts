/**
 * @module What the store evaluates for a query: sets of documents of one index, described by the index structure
 * they are read from (doc values, postings, the documents themselves), and how the matching documents score.
 * Compiled per index from the query (query-compiler.ts), evaluated by the store's adapter.
 */

/** Which terms of the dictionary a multi-term query takes (a wildcard, a regular expression, a fuzzy match). */
export interface TermMatcher {
  test(term: string): boolean;
}

/** Bounds of a range; absent ones are open. */
export interface Bounds<T> {
  readonly gt?: T;
  readonly gte?: T;
  readonly lt?: T;
  readonly lte?: T;
}

export type DocSet =
  | { readonly op: 'all' }
  | { readonly op: 'none' }
  /** Documents with one of these keywords in the field's doc values. */
  | { readonly op: 'keywords'; readonly field: string; readonly values: readonly string[]; readonly caseInsensitive?: boolean }
  | { readonly op: 'keyword_range'; readonly field: string; readonly bounds: Bounds<string> }
  /** Keywords that start with `prefix`, or that match a `*`/`?` pattern (already lower-cased when case-insensitive). */
  | { readonly op: 'keyword_pattern'; readonly field: string; readonly prefix: string; readonly pattern?: TermMatcher; readonly caseInsensitive: boolean }
  | { readonly op: 'numbers'; readonly field: string; readonly values: readonly number[] }
  | { readonly op: 'number_range'; readonly field: string; readonly bounds: Bounds<number> }
  /** Documents with any doc value in the field. */
  | { readonly op: 'has_value'; readonly field: string }
  /** Documents with one of these terms in the field's postings. */
  | { readonly op: 'terms'; readonly field: string; readonly terms: readonly string[] }
  | { readonly op: 'term_range'; readonly field: string; readonly bounds: Bounds<string> }
  | { readonly op: 'term_pattern'; readonly field: string; readonly prefix: string; readonly pattern?: TermMatcher }
  /** Documents whose text field has at least one token. */
  | { readonly op: 'has_terms'; readonly field: string }
  /** Documents holding these terms at consecutive positions (with `slop`); `prefixLast`: the last term is a prefix, expanded to at most that many terms. */
  | { readonly op: 'phrase'; readonly field: string; readonly terms: readonly (readonly string[])[]; readonly slop: number; readonly prefixLast?: number }
  | { readonly op: 'ids'; readonly ids: readonly string[] }
  /** These documents (by sequence number), as an earlier step found them. */
  | { readonly op: 'docs'; readonly docs: readonly number[] }
  /** Every nested document of the nested object at `path` (what match_all means inside a nested query). */
  | { readonly op: 'nested_docs'; readonly path: string }
  /** The documents holding, at `path`, a nested document of `inner`. */
  | { readonly op: 'nested'; readonly path: string; readonly inner: DocSet }
  /** Documents whose sequence numbers lie within the bounds (a by-query scan's cursor and snapshot). */
  | { readonly op: 'seq_range'; readonly bounds: Bounds<number> }
  | { readonly op: 'and'; readonly sets: readonly DocSet[] }
  /** Documents in at least `min` of the sets. */
  | { readonly op: 'or'; readonly sets: readonly DocSet[]; readonly min: number }
  | { readonly op: 'not'; readonly from: DocSet; readonly without: DocSet };

/**
 * How a matching document scores (each node scores only documents of the query's final set):
 * - `constant`: `boost` for each document in `set`;
 * - `bm25`: the BM25 sum over `terms` a document holds in the field (postings, or keywords with norms off);
 * - `sum`: its parts added, as a bool query adds its scoring clauses; `max` with `tieBreaker` as dis_max.
 */
export type Scorer =
  | { readonly kind: 'zero' }
  | { readonly kind: 'constant'; readonly set: DocSet; readonly boost: number }
  | { readonly kind: 'bm25'; readonly field: string; readonly source: 'postings' | 'keywords'; readonly terms: readonly string[]; readonly boost: number }
  | { readonly kind: 'phrase'; readonly set: DocSet & { readonly op: 'phrase' }; readonly boost: number }
  /** `scorer`'s score for the documents of `set` only (an optional clause scores only where it matches). */
  | { readonly kind: 'gated'; readonly set: DocSet; readonly scorer: Scorer }
  | { readonly kind: 'sum'; readonly parts: readonly Scorer[]; readonly boost: number }
  | { readonly kind: 'max'; readonly parts: readonly Scorer[]; readonly tieBreaker: number; readonly boost: number }
  /** A nested query's: its nested documents of `set` scored by `scorer`, combined per parent by `mode`. */
  | { readonly kind: 'nested'; readonly path: string; readonly set: DocSet; readonly scorer: Scorer; readonly mode: 'avg' | 'sum' | 'min' | 'max' | 'none'; readonly boost: number };

/** A query compiled for one index: the documents it matches and how they score. */
export interface CompiledQuery {
  readonly set: DocSet;
  readonly scorer: Scorer;
}

export const ALL: DocSet = Object.freeze({ op: 'all' });
export const NONE: DocSet = Object.freeze({ op: 'none' });
export const ZERO: Scorer = Object.freeze({ kind: 'zero' });

/** `and`, flattened, with `all` dropped and `none` absorbing. */
export function and(sets: readonly DocSet[]): DocSet {
  const flat: DocSet[] = [];
  for (const s of sets) {
    if (s.op === 'none') return NONE;
    if (s.op === 'all') continue;
    if (s.op === 'and') flat.push(...s.sets);
    else flat.push(s);
  }
  if (flat.length === 0) return ALL;
  return flat.length === 1 ? flat[0]! : { op: 'and', sets: flat };
}

/** `or` of at least `min`, with `none` dropped. */
export function or(sets: readonly DocSet[], min = 1): DocSet {
  const kept = sets.filter((s) => s.op !== 'none');
  if (min <= 0) return ALL;
  if (kept.length < min) return NONE;
  if (min === 1 && kept.some((s) => s.op === 'all')) return ALL;
  return kept.length === 1 ? kept[0]! : { op: 'or', sets: kept, min };
}

/** `set` with `all` read as `universe`: inside a nested query, every document means every nested document of its path. */
export function withUniverse(set: DocSet, universe: DocSet): DocSet {
  switch (set.op) {
    case 'all':
      return universe;
    case 'and':
      return and(set.sets.map((s) => withUniverse(s, universe)));
    case 'or':
      return or(set.sets.map((s) => withUniverse(s, universe)), set.min);
    case 'not':
      return not(withUniverse(set.from, universe), withUniverse(set.without, universe));
    default:
      return set;
  }
}

export function not(from: DocSet, without: DocSet): DocSet {
  if (without.op === 'none') return from;
  if (without.op === 'all' || from.op === 'none') return NONE;
  return { op: 'not', from, without };
}
