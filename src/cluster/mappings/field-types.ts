/** @module The field types Tessera maps, and the parameters ES's mapper of each type reads. */

const NUMERIC_COMMON = ['index', 'doc_values', 'store', 'ignore_malformed', 'null_value', 'meta', 'script', 'on_script_error', 'time_series_dimension', 'time_series_metric'];
const NUMERIC = [...NUMERIC_COMMON, 'coerce'];

/** Parameters every field mapper reads besides its own (FieldMapper.Builder.parse). */
export const GENERIC_PARAMS = ['type', 'fields', 'copy_to'];

export const FIELD_PARAMS: Readonly<Record<string, readonly string[]>> = {
  keyword: ['index', 'doc_values', 'store', 'ignore_above', 'null_value', 'normalizer', 'split_queries_on_whitespace', 'similarity', 'index_options', 'norms', 'eager_global_ordinals', 'meta', 'script', 'on_script_error', 'time_series_dimension'],
  text: ['index', 'store', 'analyzer', 'search_analyzer', 'search_quote_analyzer', 'index_options', 'norms', 'meta', 'fielddata', 'fielddata_frequency_filter', 'index_prefixes', 'index_phrases', 'position_increment_gap', 'similarity', 'term_vector', 'eager_global_ordinals'],
  long: NUMERIC,
  integer: NUMERIC,
  short: NUMERIC,
  byte: NUMERIC,
  double: NUMERIC,
  float: NUMERIC,
  half_float: NUMERIC,
  scaled_float: [...NUMERIC, 'scaling_factor'],
  unsigned_long: NUMERIC_COMMON,
  boolean: ['index', 'doc_values', 'store', 'null_value', 'ignore_malformed', 'meta', 'script', 'on_script_error'],
  date: ['index', 'doc_values', 'store', 'format', 'locale', 'null_value', 'ignore_malformed', 'meta', 'script', 'on_script_error'],
  date_nanos: ['index', 'doc_values', 'store', 'format', 'locale', 'null_value', 'ignore_malformed', 'meta', 'script', 'on_script_error'],
  ip: ['index', 'doc_values', 'store', 'null_value', 'ignore_malformed', 'meta', 'script', 'on_script_error', 'time_series_dimension'],
  flattened: ['depth_limit', 'doc_values', 'eager_global_ordinals', 'ignore_above', 'index', 'index_options', 'null_value', 'similarity', 'split_queries_on_whitespace', 'meta', 'time_series_dimensions'],
  constant_keyword: ['value', 'meta'],
  wildcard: ['ignore_above', 'null_value', 'meta'],
  version: ['meta'],
};

/** Parameters Tessera cannot honour (normalizers are custom analysis): refused as unknown, never kept and ignored. */
export const UNSUPPORTED_PARAMS = new Set(['normalizer']);

/** Analyzers every ES node has without configuration (AnalysisModule's prebuilt ones). */
export const BUILT_IN_ANALYZERS = new Set(['standard', 'default', 'simple', 'whitespace', 'stop', 'keyword', 'pattern', 'fingerprint', 'english', 'french', 'german', 'spanish', 'italian', 'portuguese', 'dutch', 'russian', 'arabic', 'cjk', 'chinese']);

/** The parameters PUT _mapping may change on an existing field (the mappers' updateable parameters). */
export const UPDATEABLE_PARAMS = new Set(['ignore_above', 'ignore_malformed', 'coerce', 'meta', 'fields', 'copy_to', 'search_analyzer', 'search_quote_analyzer', 'eager_global_ordinals', 'fielddata', 'fielddata_frequency_filter', 'depth_limit', 'value']);

export const BOOLEAN_PARAMS = new Set(['index', 'doc_values', 'store', 'ignore_malformed', 'coerce', 'norms', 'eager_global_ordinals', 'split_queries_on_whitespace', 'fielddata', 'index_phrases', 'time_series_dimension']);

export const INTEGER_RANGES: Readonly<Record<string, readonly [bigint, bigint]>> = {
  long: [-(2n ** 63n), 2n ** 63n - 1n],
  integer: [-(2n ** 31n), 2n ** 31n - 1n],
  short: [-32768n, 32767n],
  byte: [-128n, 127n],
  unsigned_long: [0n, 2n ** 64n - 1n],
};

export const FLOAT_TYPES = new Set(['double', 'float', 'half_float', 'scaled_float']);

export const DATE_TYPES = new Set(['date', 'date_nanos']);

/** The types whose values are strings as given. */
export const STRING_TYPES = new Set(['keyword', 'text', 'wildcard', 'constant_keyword', 'version']);
