/** @module What compiling a query for one index needs: its fields, its name for errors, and the time `now` means. */
import type { IndexFields } from '../index-fields.js';
import type { ShardTarget } from '../search-errors.js';

export interface CompileContext {
  /** The fields the query sees where it stands (root, or inside a nested query: see scopedFields). */
  readonly fields: IndexFields;
  /** Every field of the index, whatever the scope. */
  readonly allFields: IndexFields;
  readonly index: ShardTarget;
  /** Epoch millis of the request's `now` (one value for the whole request, as ES fixes it per shard request). */
  readonly now: number;
  /** The index's `index.query.default_field` patterns. */
  readonly defaultFields: readonly string[];
}
