/** @module What the grid publishes after a commit: a changeset, or the grid's deletion. */
import type { GridFieldChangeset } from '../gen/tessera/grid/v1/field_pb.js';

export type GridEvent =
  | { readonly kind: 'changeset'; readonly revision: bigint; readonly changeset: GridFieldChangeset }
  /** Committed by another instance: the changeset is read from the store. */
  | { readonly kind: 'committed'; readonly revision: bigint }
  /** Signals may have been missed: every watcher re-reads the store. */
  | { readonly kind: 'resync' }
  | { readonly kind: 'deleted' };

export function gridTopic(gridId: string): string {
  return `grid:${gridId}`;
}
