/** @module What the grid publishes after a commit: a changeset, or the grid's deletion. */
import type { GridFieldChangeset } from '../gen/tessera/grid/v1/field_pb.js';

export type GridEvent =
  | { readonly kind: 'changeset'; readonly revision: bigint; readonly changeset: GridFieldChangeset }
  | { readonly kind: 'deleted' };

export function gridTopic(gridId: string): string {
  return `grid:${gridId}`;
}
