/**
 * @module The order of terms buckets (InternalOrder): by count, by key, or by a sub-aggregation's value named by a
 * path (`avg_price`, `stats.max`, `only_errors>avg_price`), each tie broken by the key ascending.
 */
import { illegal } from './agg-errors.js';
import type { AggNode, AggPartial, SubResults, TermsOrder } from './agg-model.js';
import { percentileOf } from './percentiles.js';

interface OrderedBucket {
  readonly key: string | number;
  readonly docCount: number;
  readonly subs: SubResults;
}

export const isKeyOrder = (order: readonly TermsOrder[]) => order[0]?.by === '_key';

function invalidPath(path: string): Error {
  return illegal(`Invalid aggregation order path [${path}]. The provided aggregation [${path.split(/[>.]/)[0]}] either does not exist, or is a pipeline aggregation and cannot be used to sort the buckets.`);
}

/** The value a sub-aggregation's result contributes to the order (null: none, as for an empty min). */
export function metricValue(node: AggNode, result: AggPartial | undefined, metric: string | undefined, path: string): number | null {
  if (!result) return null;
  switch (result.kind) {
    case 'single':
      return result.docCount;
    case 'cardinality':
      return result.values.size;
    case 'percentiles':
      if (metric === undefined) throw illegal(`Invalid aggregation order path [${path}]. When ordering on a multi-value metrics aggregation a metric name must be specified.`);
      return percentileOf(result.values, Number(metric));
    case 'stats': {
      const avg = result.count === 0 ? null : result.sum / result.count;
      const type = node.spec.type;
      const name = metric ?? (type === 'stats' || type === 'extended_stats' ? undefined : type);
      if (name === undefined) throw illegal(`Invalid aggregation order path [${path}]. When ordering on a multi-value metrics aggregation a metric name must be specified.`);
      const values: Record<string, number | null> = { min: result.min, max: result.max, avg, sum: result.sum, count: result.count, value_count: result.count };
      if (type === 'extended_stats' && result.count > 0) {
        const variance = result.sumOfSquares / result.count - avg! * avg!;
        Object.assign(values, { sum_of_squares: result.sumOfSquares, variance, std_deviation: Math.sqrt(variance) });
      }
      if (!(name in values)) throw illegal(`Invalid aggregation order path [${path}]. Unknown value key [${name}] for aggregation [${node.name}]`);
      return values[name]!;
    }
    default:
      throw illegal(`Invalid aggregation order path [${path}]. Buckets can only be sorted on a sub-aggregator path that is built out of zero or more single-bucket aggregations within the path and a final single-bucket or a metrics aggregation at the path end.`);
  }
}

/** The value at `path` below a bucket. */
export function pathValue(nodes: readonly AggNode[], subs: SubResults, path: string): number | null {
  const [head, ...rest] = path.split('>');
  const [name, metric] = head!.split('.', 2) as [string, string | undefined];
  const node = nodes.find((n) => n.name === name);
  if (!node) throw invalidPath(path);
  if (rest.length > 0) {
    const result = subs[name];
    if (result?.kind !== 'single') throw invalidPath(path);
    return pathValue(node.subs, result.subs, rest.join('>'));
  }
  return metricValue(node, subs[name], metric, path);
}

const compareKeys = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

export function bucketComparator(order: readonly TermsOrder[], node: AggNode): (a: OrderedBucket, b: OrderedBucket) => number {
  const keys = isKeyOrder(order) ? order : [...order, { by: '_key', order: 'asc' as const }];
  return (a, b) => {
    for (const { by, order: direction } of keys) {
      let c: number;
      if (by === '_count') c = a.docCount - b.docCount;
      else if (by === '_key') c = compareKeys(a.key, b.key);
      else {
        // Buckets without a value go last whichever the direction.
        const [x, y] = [pathValue(node.subs, a.subs, by), pathValue(node.subs, b.subs, by)];
        if (x === null || y === null) {
          if (x !== y) return x === null ? 1 : -1;
          continue;
        }
        c = x - y;
      }
      if (c !== 0) return direction === 'asc' ? c : -c;
    }
    return 0;
  };
}
