/** @module What the grid publishes after a commit: a field or row changeset, or the grid's deletion. */
import type { GridFieldChangeset } from '../gen/tessera/grid/v1/field_pb.js';
import type { RowChangeset } from '../gen/tessera/grid/v1/row_pb.js';

export type GridEvent =
  | { readonly kind: 'changeset'; readonly revision: bigint; readonly changeset: GridFieldChangeset }
  | { readonly kind: 'rows'; readonly revision: bigint; readonly changeset: RowChangeset }
  /** Committed by another instance: the changeset is read from the store. */
  | { readonly kind: 'committed'; readonly revision: bigint }
  /** Signals may have been missed: every watcher re-reads the store. */
  | { readonly kind: 'resync' }
  | { readonly kind: 'deleted' };

export function gridTopic(gridId: string): string {
  return `grid:${gridId}`;
}
