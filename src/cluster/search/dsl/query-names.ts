/**
 * @module The query names an ES 8 node registers (SearchModule.registerQueryParsers, with the default modules and
 * x-pack plugins): a name ES knows but Tessera does not evaluate is refused as unsupported, any other as ES refuses
 * an unknown query, with these names as the "did you mean" candidates.
 */

/** What Tessera parses and evaluates. */
export const TESSERA_QUERIES: readonly string[] = [
  'match_all',
  'match_none',
  'term',
  'terms',
  'range',
  'exists',
  'ids',
  'prefix',
  'wildcard',
  'regexp',
  'fuzzy',
  'bool',
  'constant_score',
  'match',
  'match_phrase',
  'match_phrase_prefix',
  'multi_match',
  'query_string',
  'simple_query_string',
  'nested',
];

/** Registered in ES 8 but not evaluated by Tessera yet. */
export const OTHER_ES_QUERIES: readonly string[] = [
  'boosting',
  'combined_fields',
  'dis_max',
  'distance_feature',
  'function_score',
  'geo_bounding_box',
  'geo_distance',
  'geo_grid',
  'geo_shape',
  'has_child',
  'has_parent',
  'intervals',
  'knn',
  'match_bool_prefix',
  'more_like_this',
  'parent_id',
  'percolate',
  'pinned',
  'rank_feature',
  'rule',
  'script',
  'script_score',
  'semantic',
  'shape',
  'sparse_vector',
  'span_containing',
  'span_field_masking',
  'field_masking_span',
  'span_first',
  'span_multi',
  'span_near',
  'span_not',
  'span_or',
  'span_term',
  'span_within',
  'terms_set',
  'text_expansion',
  'weighted_tokens',
  'wrapper',
];

export const ES_QUERIES: readonly string[] = [...TESSERA_QUERIES, ...OTHER_ES_QUERIES];
