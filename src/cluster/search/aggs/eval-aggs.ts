/** @module Aggregations evaluated on one index over the query's documents (before post_filter): one partial result per aggregation. */
import type { DocSet } from '../search-plan.js';
import type { AggNode, AggPartial, SubResults } from './agg-model.js';
import type { AggScope } from './agg-scope.js';
import { evalTerms } from './eval-terms.js';
import { evalDateHistogram, evalHistogram } from './eval-histograms.js';
import { evalFilter, evalFilters, evalMissing, evalRange } from './eval-buckets.js';
import { evalMetric, evalPercentiles } from './eval-metrics.js';
import { evalTopHits } from './eval-top-hits.js';

async function evalNode(node: AggNode, set: DocSet, scope: AggScope): Promise<AggPartial> {
  const spec = node.spec;
  switch (spec.type) {
    case 'terms':
      return evalTerms(node, spec, set, scope);
    case 'histogram':
      return evalHistogram(node, spec, set, scope);
    case 'date_histogram':
      return evalDateHistogram(node, spec, set, scope);
    case 'range':
    case 'date_range':
      return evalRange(node, spec, set, scope);
    case 'filter':
      return evalFilter(node, spec, set, scope);
    case 'filters':
      return evalFilters(node, spec, set, scope);
    case 'missing':
      return evalMissing(node, spec, set, scope);
    case 'percentiles':
      return evalPercentiles(spec, set, scope);
    case 'top_hits':
      return evalTopHits(spec, set, scope);
    default:
      return evalMetric(spec, set, scope);
  }
}

/** Every aggregation of `nodes` over `set` on the scope's index. */
export async function aggregateIndex(nodes: readonly AggNode[], set: DocSet, base: Omit<AggScope, 'evaluate'>): Promise<SubResults> {
  const scope: AggScope = { ...base, evaluate: (subs, subset) => aggregateIndex(subs, subset, base) };
  const out: Record<string, AggPartial> = {};
  // One at a time: the store serves one statement at a time anyway, and results keep the request's order.
  for (const node of nodes) out[node.name] = await evalNode(node, set, scope);
  return out;
}
