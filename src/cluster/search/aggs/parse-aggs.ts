/**
 * @module The `aggs` object as AggregatorFactories.parseAggregators reads it: each name with one type definition,
 * optional `meta` and sub-aggregations. Types ES knows but Tessera does not evaluate are refused, never ignored.
 */
import { ClusterError } from '../../cluster-error.js';
import { didYouMean } from '../../../platform/did-you-mean.js';
import { xContentToken } from '../../../platform/xcontent.js';
import { isObject, type JsonObject } from '../dsl/dsl-values.js';
import type { AggNode, AggSpec } from './agg-model.js';
import { ES_AGGREGATIONS, IMPLEMENTED } from './agg-names.js';
import { illegal, parsing } from './agg-errors.js';
import { parseBucketAgg } from './parse-bucket-aggs.js';
import { parseMetricAgg } from './parse-metric-aggs.js';

const VALID_NAME = /^[^[\]>]+$/;

function parseSpec(type: string, body: JsonObject, name: string): AggSpec {
  return parseBucketAgg(type, body, name) ?? parseMetricAgg(type, body)!;
}

export function parseAggregations(json: unknown): AggNode[] {
  if (!isObject(json)) throw parsing(`Unexpected token ${xContentToken(json)} in [aggs]: aggregations definitions must start with the name of the aggregation.`);
  const nodes: AggNode[] = [];
  for (const [name, definition] of Object.entries(json)) {
    if (!VALID_NAME.test(name)) throw parsing(`Invalid aggregation name [${name}]. Aggregation names can contain any character except '[', ']', and '>'`);
    // ES's words, its missing bracket included.
    if (!isObject(definition)) throw parsing(`Aggregation definition for [${name} starts with a [${xContentToken(definition)}], expected a [START_OBJECT].`);
    let type: string | undefined;
    let spec: AggSpec | undefined;
    let subs: AggNode[] | undefined;
    let meta: JsonObject | undefined;
    for (const [member, value] of Object.entries(definition)) {
      if (!isObject(value)) throw parsing(`Expected [START_OBJECT] under [${member}], but got a [${xContentToken(value)}] in [${name}]`);
      if (member === 'meta') meta = value;
      else if (member === 'aggs' || member === 'aggregations') {
        if (subs) throw parsing(`Found two sub aggregation definitions under [${name}]`);
        subs = parseAggregations(value);
      } else {
        if (type !== undefined) throw parsing(`Found two aggregation type definitions in [${name}]: [${type}] and [${member}]`);
        if (!ES_AGGREGATIONS.includes(member)) throw parsing(`Unknown aggregation type [${member}]${didYouMean(member, ES_AGGREGATIONS)}`);
        if (!IMPLEMENTED.has(member)) throw illegal(`Tessera does not support the [${member}] aggregation yet`);
        type = member;
        spec = parseSpec(member, value, name);
      }
    }
    if (spec === undefined) throw parsing(`Missing definition for aggregation [${name}]`);
    if (subs && subs.length > 0 && !BUCKETING.has(spec.type)) {
      // AggregationInitializationException, which carries no status of its own.
      throw new ClusterError('aggregation_initialization_exception', 500, `Aggregator [${name}] of type [${spec.type}] cannot accept sub-aggregations`);
    }
    nodes.push({ name, spec, subs: subs ?? [], ...(meta && { meta }) });
  }
  return nodes;
}

const BUCKETING = new Set(['terms', 'histogram', 'date_histogram', 'range', 'date_range', 'filter', 'filters', 'missing']);
