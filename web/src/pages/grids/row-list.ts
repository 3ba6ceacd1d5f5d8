/**
 * A RowChangeset applied to the rows a client holds, in grid order. Every step is idempotent (a row inserted twice
 * is placed once, a row deleted twice is simply gone), because the rows of a multi-page load may already hold some
 * of the changes that are replayed after the first page's revision.
 */
import type { Row, RowChangeset } from '../../../../src/gen/tessera/grid/v1/row_pb.ts';

/** Puts `row` right after the row `afterId` ('' = first); a row already held under that id is taken out first. */
function place(rows: Row[], row: Row, afterId: string): void {
  const existing = rows.findIndex((r) => r.id === row.id);
  if (existing >= 0) rows.splice(existing, 1);
  const after = afterId === '' ? -1 : rows.findIndex((r) => r.id === afterId);
  // An unknown predecessor is not expected in grid order; the end is the least surprising place.
  rows.splice(afterId !== '' && after < 0 ? rows.length : after + 1, 0, row);
}

/** AppFlowy's order within one changeset: delete, insert, update, then move. */
export function applyRowChangeset(rows: readonly Row[], changeset: RowChangeset): Row[] {
  const deleted = new Set(changeset.deletedRows);
  const next = deleted.size > 0 ? rows.filter((r) => !deleted.has(r.id)) : [...rows];
  for (const inserted of changeset.insertedRows) if (inserted.row) place(next, inserted.row, inserted.afterRowId);
  if (changeset.updatedCells.length > 0) {
    const byRow = new Map<string, Row>();
    for (const { rowId, cell } of changeset.updatedCells) {
      if (!cell) continue;
      const index = next.findIndex((r) => r.id === rowId);
      if (index < 0) continue;
      // Rows are treated as immutable: the row that changed gets a new object (and a new cell map) so it re-renders.
      let row = byRow.get(rowId);
      if (!row) {
        row = { ...next[index]!, cellByFieldId: { ...next[index]!.cellByFieldId } };
        byRow.set(rowId, row);
        next[index] = row;
      }
      if (cell.data?.value.case === undefined) delete row.cellByFieldId[cell.fieldId];
      else row.cellByFieldId[cell.fieldId] = cell;
    }
  }
  for (const moved of changeset.movedRows) {
    const row = next.find((r) => r.id === moved.rowId);
    if (row) place(next, row, moved.afterRowId);
  }
  return next;
}

/** Adds a later page's rows, skipping any the list already holds (a change replayed early may have added them). */
export function appendPage(rows: readonly Row[], page: readonly Row[]): Row[] {
  const held = new Set(rows.map((r) => r.id));
  return [...rows, ...page.filter((r) => !held.has(r.id))];
}
