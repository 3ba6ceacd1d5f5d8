/** @module The aggregation types ES 8 registers (SearchModule and the default x-pack plugins), for suggestions and refusals. */

export const IMPLEMENTED = new Set([
  'terms', 'histogram', 'date_histogram', 'range', 'date_range', 'filter', 'filters', 'missing',
  'min', 'max', 'avg', 'sum', 'value_count', 'cardinality', 'stats', 'extended_stats', 'percentiles', 'top_hits',
]);

export const ES_AGGREGATIONS: readonly string[] = [
  ...IMPLEMENTED,
  'adjacency_matrix', 'auto_date_histogram', 'avg_bucket', 'boxplot', 'bucket_correlation', 'bucket_count_ks_test', 'bucket_script',
  'bucket_selector', 'bucket_sort', 'categorize_text', 'change_point', 'children', 'composite', 'cumulative_cardinality', 'cumulative_sum',
  'derivative', 'diversified_sampler', 'extended_stats_bucket', 'frequent_item_sets', 'frequent_items', 'geo_bounds', 'geo_centroid',
  'geo_distance', 'geo_line', 'geohash_grid', 'geohex_grid', 'geotile_grid', 'global', 'inference', 'ip_prefix', 'ip_range', 'matrix_stats',
  'max_bucket', 'median_absolute_deviation', 'min_bucket', 'moving_fn', 'moving_percentiles', 'multi_terms', 'nested', 'normalize', 'parent',
  'percentile_ranks', 'percentiles_bucket', 'random_sampler', 'rare_terms', 'rate', 'reverse_nested', 'sampler', 'scripted_metric',
  'serial_diff', 'significant_terms', 'significant_text', 'stats_bucket', 'string_stats', 'sum_bucket', 't_test', 'time_series', 'top_metrics',
  'variable_width_histogram', 'weighted_avg',
];
