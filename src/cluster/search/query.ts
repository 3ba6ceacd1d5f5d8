/**
 * @module The query DSL as Tessera evaluates it: what a `query` object parses to (AbstractQueryBuilder's subclasses,
 * one kind per query name). Parsing refuses what ES refuses; evaluation works on these alone, never on raw JSON.
 */

/** A value a term-level query compares with: ES keeps the JSON value and converts it per field type at evaluation. */
export type TermValue = string | number | boolean;

/** `fuzziness`: `AUTO`, `AUTO:low,high`, or an edit distance 0..2 (ES's Fuzziness). */
export type Fuzziness = { readonly auto: readonly [number, number] } | { readonly edits: 0 | 1 | 2 };

interface Common {
  /** `boost`, 1 unless given. */
  readonly boost: number;
  /** `_name`, reported in `matched_queries`. */
  readonly name?: string;
}

export type Query =
  | (Common & { readonly kind: 'match_all' })
  | (Common & { readonly kind: 'match_none' })
  | (Common & { readonly kind: 'term'; readonly field: string; readonly value: TermValue; readonly caseInsensitive: boolean })
  | (Common & { readonly kind: 'terms'; readonly field: string; readonly values: readonly TermValue[] })
  | (Common & {
      readonly kind: 'range';
      readonly field: string;
      /** The bounds as given (numbers, strings, date math); null bounds are open. */
      readonly gt?: TermValue;
      readonly gte?: TermValue;
      readonly lt?: TermValue;
      readonly lte?: TermValue;
      readonly format?: string;
      readonly timeZone?: string;
      readonly relation: 'intersects' | 'within' | 'contains';
    })
  | (Common & { readonly kind: 'exists'; readonly field: string })
  | (Common & { readonly kind: 'ids'; readonly values: readonly string[] })
  | (Common & { readonly kind: 'prefix'; readonly field: string; readonly value: string; readonly caseInsensitive: boolean; readonly rewrite?: string })
  | (Common & { readonly kind: 'wildcard'; readonly field: string; readonly value: string; readonly caseInsensitive: boolean; readonly rewrite?: string })
  | (Common & {
      readonly kind: 'regexp';
      readonly field: string;
      readonly value: string;
      /** `flags` as given (`ALL` unless set), and `flags_value` when given as a number. */
      readonly flags: string;
      readonly caseInsensitive: boolean;
      readonly maxDeterminizedStates: number;
      readonly rewrite?: string;
    })
  | (Common & {
      readonly kind: 'fuzzy';
      readonly field: string;
      readonly value: TermValue;
      readonly fuzziness: Fuzziness;
      readonly prefixLength: number;
      readonly maxExpansions: number;
      readonly transpositions: boolean;
      readonly rewrite?: string;
    })
  | (Common & {
      readonly kind: 'bool';
      readonly must: readonly Query[];
      readonly should: readonly Query[];
      readonly filter: readonly Query[];
      readonly mustNot: readonly Query[];
      /** As given (`2`, `-1`, `75%`, `3<90%`); applied by Queries.applyMinimumShouldMatch at evaluation. */
      readonly minimumShouldMatch?: string;
      /** `adjust_pure_negative: false`, present only then: a bool of must_not clauses alone matches nothing. */
      readonly adjustPureNegative?: false;
    })
  | (Common & { readonly kind: 'constant_score'; readonly filter: Query })
  | (Common & {
      readonly kind: 'match';
      readonly field: string;
      readonly query: TermValue;
      readonly operator: 'or' | 'and';
      readonly analyzer?: string;
      readonly fuzziness?: Fuzziness;
      readonly prefixLength: number;
      readonly maxExpansions: number;
      readonly fuzzyTranspositions: boolean;
      readonly minimumShouldMatch?: string;
      readonly lenient: boolean;
      readonly zeroTermsQuery: 'none' | 'all';
      /** `fuzzy_rewrite`: the rewrite of the fuzzy terms, as given. */
      readonly fuzzyRewrite?: string;
    })
  | (Common & { readonly kind: 'match_phrase'; readonly field: string; readonly query: TermValue; readonly analyzer?: string; readonly slop: number; readonly zeroTermsQuery: 'none' | 'all' })
  | (Common & { readonly kind: 'match_phrase_prefix'; readonly field: string; readonly query: TermValue; readonly analyzer?: string; readonly slop: number; readonly maxExpansions: number; readonly zeroTermsQuery: 'none' | 'all' })
  | (Common & {
      readonly kind: 'multi_match';
      /** Field names or patterns, each with its `^boost` (1 when none); empty means `index.query.default_field`. */
      readonly fields: readonly { readonly field: string; readonly boost: number }[];
      readonly query: TermValue;
      readonly type: 'best_fields' | 'most_fields' | 'cross_fields' | 'phrase' | 'phrase_prefix' | 'bool_prefix';
      readonly operator: 'or' | 'and';
      readonly analyzer?: string;
      readonly slop: number;
      readonly fuzziness?: Fuzziness;
      readonly prefixLength: number;
      readonly maxExpansions: number;
      readonly minimumShouldMatch?: string;
      readonly tieBreaker?: number;
      readonly lenient: boolean;
      readonly zeroTermsQuery: 'none' | 'all';
      /** `fuzzy_transpositions` (true unless given) and `fuzzy_rewrite`, as match takes them. */
      readonly fuzzyTranspositions?: boolean;
      readonly fuzzyRewrite?: string;
    })
  | (Common & {
      readonly kind: 'query_string';
      readonly query: string;
      readonly defaultField?: string;
      readonly fields: readonly { readonly field: string; readonly boost: number }[];
      readonly defaultOperator: 'or' | 'and';
      readonly analyzer?: string;
      readonly analyzeWildcard: boolean;
      readonly allowLeadingWildcard: boolean;
      readonly lenient: boolean;
      readonly minimumShouldMatch?: string;
      readonly timeZone?: string;
      readonly fuzziness?: Fuzziness;
      readonly phraseSlop: number;
    })
  | (Common & {
      readonly kind: 'simple_query_string';
      readonly query: string;
      readonly fields: readonly { readonly field: string; readonly boost: number }[];
      readonly defaultOperator: 'or' | 'and';
      readonly analyzer?: string;
      /** The enabled operators (SimpleQueryStringFlag), ALL unless `flags` says otherwise. */
      readonly flags: readonly string[];
      readonly analyzeWildcard: boolean;
      readonly lenient: boolean;
      readonly minimumShouldMatch?: string;
    })
  | (Common & {
      readonly kind: 'nested';
      readonly path: string;
      readonly query: Query;
      readonly scoreMode: 'avg' | 'sum' | 'min' | 'max' | 'none';
      readonly ignoreUnmapped: boolean;
    });

export type QueryKind = Query['kind'];
