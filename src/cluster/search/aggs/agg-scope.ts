/** @module What evaluating aggregations on one index reads: the store, the index's fields, and how its queries compile. */
import type { IndexMetadata } from '../../index-metadata.js';
import type { IndexFields } from '../index-fields.js';
import type { Query } from '../query.js';
import type { DocSet, Scorer } from '../search-plan.js';
import type { IndexRef, SearchRepository } from '../search-repository.js';
import type { ShardTarget } from '../search-errors.js';
import type { AggNode, SubResults } from './agg-model.js';

export interface AggScope {
  readonly repository: SearchRepository;
  readonly ref: IndexRef;
  readonly metadata: IndexMetadata;
  readonly index: ShardTarget;
  readonly fields: IndexFields;
  readonly now: number;
  /** The index's place among the searched indices (a hit's shard). */
  readonly shard: number;
  /** A query in filter context (filter and filters aggregations). */
  compile(query: Query): DocSet;
  /** How the search's query scores (top_hits without a sort). */
  readonly scorer: Scorer;
  /** Evaluates sub-aggregations over a bucket's documents. */
  evaluate(nodes: readonly AggNode[], set: DocSet): Promise<SubResults>;
}
