/** @module Aggregations in a search: parsed once, evaluated per index, reduced and rendered once. */
import type { AggNode, SubResults } from './agg-model.js';
import { reduceAll } from './reduce.js';
import { renderAggregations } from './render.js';

export { parseAggregations } from './parse-aggs.js';
export { aggregateIndex } from './eval-aggs.js';
export type { AggNode, SubResults } from './agg-model.js';
export type { AggScope } from './agg-scope.js';

/** The indices' results, reduced as ES reduces shard results, in the response's shape. */
export function finishAggregations(nodes: readonly AggNode[], perIndex: readonly SubResults[], typedKeys: boolean): Record<string, unknown> {
  return renderAggregations(nodes, reduceAll(nodes, perIndex), typedKeys);
}
