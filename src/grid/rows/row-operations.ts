/**
 * @module The row and cell writes: create (after a row, or at the end), delete, duplicate, move, and cell updates
 * (one or many, typed or as AppFlowy's strings, select options in and out, date and time). Each checks everything
 * against the fields and stored rows before it writes, and answers the RowChangeset it commits.
 */
import { create } from '@bufbuild/protobuf';
import { generateKeyBetween } from 'fractional-indexing';
import {
  IndexRowSchema,
  MovedRowSchema,
  RowChangesetSchema,
  UpdatedCellSchema,
  type CellData,
  type Row,
  type RowChangeset,
} from '../../gen/tessera/grid/v1/row_pb.js';
import { uniqueId } from '../../platform/ids.js';
import { storedCell } from '../cells/cell-writing.js';
import { cellBytes, type StoredCell, type StoredRow } from '../cells/stored-cell.js';
import { GridError } from '../grid-error.js';
import { MAX_CELLS_PER_CALL, MAX_ROW_BYTES, ROW_ID_LENGTH } from '../limits.js';
import type { FieldRecord } from '../model/field-record.js';
import { requireFieldId } from '../validation.js';
import type { RowContext, RowOperation } from './row-edit.js';
import type { RowWriter } from './row-repository.js';
import { fieldsById, shownCell, toRow, type FieldsById } from './row-view.js';
import { requireRowId } from './row-validation.js';

/** One cell's new value; a CellData with no member clears it. */
export interface CellChange {
  readonly rowId: string;
  readonly fieldId: string;
  /** Works out the value from the cell as stored now (UpdateSelectOptionCell, UpdateDateCell). */
  readonly data: CellData | ((record: FieldRecord, current: StoredCell | undefined) => CellData);
  /** Where the change came from in the request, for messages. */
  readonly label: string;
}

function rowNotFound(rowId: string): GridError {
  return new GridError('RowDoesNotExist', `row ${JSON.stringify(rowId)} does not exist in this grid`);
}

function changeset(gridId: string): RowChangeset {
  return create(RowChangesetSchema, { gridId });
}

async function requireRow(rows: RowWriter, gridId: string, rowId: string): Promise<StoredRow> {
  const row = await rows.getRow(gridId, rowId);
  if (!row) throw rowNotFound(rowId);
  return row;
}

async function checkRoomForRows(rows: RowWriter, ctx: RowContext, adding: number): Promise<void> {
  const count = await rows.rowCount(ctx.gridId);
  if (count + adding > ctx.maxRows) {
    throw new GridError('TooManyRows', `the grid already has ${count} rows; the limit is ${ctx.maxRows}`);
  }
}

function checkRowSize(rowId: string, cells: readonly StoredCell[]): void {
  const bytes = cellBytes(cells);
  if (bytes > MAX_ROW_BYTES) throw new GridError('RowTooLarge', `row ${JSON.stringify(rowId)} would hold ${bytes} bytes of cells; the limit is ${MAX_ROW_BYTES}`);
}

/** A new row id, unused in the grid. */
async function freshRowId(rows: RowWriter, ctx: RowContext): Promise<string> {
  for (;;) {
    const id = uniqueId(ctx.newId, ROW_ID_LENGTH, () => false);
    if (!(await rows.getRow(ctx.gridId, id))) return id;
  }
}

/** The position right after `after` (or at the end), and the id of the row it follows. */
async function placeAfter(rows: RowWriter, gridId: string, after: StoredRow | undefined): Promise<{ position: string; afterRowId: string }> {
  if (!after) {
    const last = await rows.rowBefore(gridId, undefined);
    return { position: generateKeyBetween(last?.position ?? null, null), afterRowId: last?.id ?? '' };
  }
  const next = await rows.rowAfter(gridId, after.position);
  return { position: generateKeyBetween(after.position, next?.position ?? null), afterRowId: after.id };
}

function insertedRow(fields: FieldsById, row: StoredRow, afterRowId: string): RowChangeset['insertedRows'][number] {
  return create(IndexRowSchema, { row: toRow(fields, row), afterRowId });
}

export function createRow(startRowId: string | undefined, cells: Readonly<Record<string, CellData>>): RowOperation<Row> {
  return async (fields, rows, ctx) => {
    const byId = fieldsById(fields);
    const initial = Object.entries(cells).flatMap(([fieldId, data]) => {
      const label = `cells[${JSON.stringify(fieldId)}]`;
      requireFieldId(fieldId, `${label} key`);
      const record = byId.get(fieldId);
      if (!record) throw new GridError('FieldDoesNotExist', `${label}: field ${JSON.stringify(fieldId)} does not exist in this grid`);
      return storedCell(record, data, label) ?? [];
    });
    const after = startRowId === undefined ? undefined : await requireRow(rows, ctx.gridId, requireRowId(startRowId, 'start_row_id'));
    await checkRoomForRows(rows, ctx, 1);
    const id = await freshRowId(rows, ctx);
    checkRowSize(id, initial);
    const { position, afterRowId } = await placeAfter(rows, ctx.gridId, after);
    const row: StoredRow = { id, position, cells: initial };
    await rows.insertRows(ctx.gridId, [row], ctx.now());
    const result = changeset(ctx.gridId);
    result.insertedRows.push(insertedRow(byId, row, afterRowId));
    return { changeset: result, reply: result.insertedRows[0]!.row! };
  };
}

export function deleteRow(rowId: string): RowOperation {
  return async (_fields, rows, ctx) => {
    await requireRow(rows, ctx.gridId, rowId);
    await rows.deleteRow(ctx.gridId, rowId);
    const result = changeset(ctx.gridId);
    result.deletedRows.push(rowId);
    return { changeset: result, reply: undefined };
  };
}

/** A copy of the row's cells, as stored (each keeps the type it was written under), right after it. */
export function duplicateRow(rowId: string): RowOperation {
  return async (fields, rows, ctx) => {
    const source = await requireRow(rows, ctx.gridId, rowId);
    await checkRoomForRows(rows, ctx, 1);
    const id = await freshRowId(rows, ctx);
    const { position, afterRowId } = await placeAfter(rows, ctx.gridId, source);
    const row: StoredRow = { id, position, cells: source.cells };
    await rows.insertRows(ctx.gridId, [row], ctx.now());
    const result = changeset(ctx.gridId);
    result.insertedRows.push(insertedRow(fieldsById(fields), row, afterRowId));
    return { changeset: result, reply: undefined };
  };
}

/** To `toIndex` in grid order; a present `fromIndex` must be the row's index now (an optimistic check). */
export function moveRow(rowId: string, fromIndex: number | undefined, toIndex: number): RowOperation {
  return async (_fields, rows, ctx) => {
    const row = await requireRow(rows, ctx.gridId, rowId);
    if (fromIndex !== undefined) {
      const index = await rows.indexOf(ctx.gridId, row.position);
      if (index !== fromIndex) {
        throw new GridError('StaleFromIndex', `row ${JSON.stringify(rowId)} is at index ${index}, not at from_index ${fromIndex}; refetch the rows and retry`);
      }
    }
    const count = await rows.rowCount(ctx.gridId);
    if (toIndex < 0 || toIndex >= count) {
      throw new GridError('IndexOutOfRange', `to_index ${toIndex} is out of range: the grid has ${count} rows (0 to ${count - 1})`);
    }
    const before = toIndex === 0 ? undefined : await rows.rowAt(ctx.gridId, toIndex - 1, rowId);
    const after = await rows.rowAt(ctx.gridId, toIndex, rowId);
    const result = changeset(ctx.gridId);
    const inPlace = (before === undefined || before.position < row.position) && (after === undefined || row.position < after.position);
    if (!inPlace) await rows.setPosition(ctx.gridId, rowId, generateKeyBetween(before?.position ?? null, after?.position ?? null));
    result.movedRows.push(create(MovedRowSchema, { rowId, afterRowId: before?.id ?? '' }));
    return { changeset: result, reply: undefined };
  };
}

/** Changes cells of one or many rows in one commit; the same cell may be named once. */
export function updateCells(changes: readonly CellChange[]): RowOperation {
  return async (fields, rows, ctx) => {
    if (changes.length === 0) throw new GridError('InvalidData', 'changesets is empty');
    if (changes.length > MAX_CELLS_PER_CALL) {
      throw new GridError('TooManyChanges', `changesets has ${changes.length} entries; the limit is ${MAX_CELLS_PER_CALL} cells per call`);
    }
    const byId = fieldsById(fields);
    const seen = new Map<string, string>();
    for (const change of changes) {
      requireRowId(change.rowId, `${change.label}.row_id`);
      requireFieldId(change.fieldId, `${change.label}.field_id`);
      if (!byId.has(change.fieldId)) throw new GridError('FieldDoesNotExist', `${change.label}.field_id ${JSON.stringify(change.fieldId)} does not exist in this grid`);
      const key = `${change.rowId}\u0000${change.fieldId}`;
      const earlier = seen.get(key);
      if (earlier) throw new GridError('InvalidData', `${change.label} changes the same cell as ${earlier}`);
      seen.set(key, change.label);
    }
    const stored = new Map((await rows.getRows(ctx.gridId, [...new Set(changes.map((c) => c.rowId))])).map((r) => [r.id, r]));
    const planned = new Map<string, { put: StoredCell[]; cleared: string[]; cells: Map<string, StoredCell> }>();
    const updated: { rowId: string; record: FieldRecord; cell: StoredCell | undefined }[] = [];
    for (const change of changes) {
      const row = stored.get(change.rowId);
      if (!row) throw rowNotFound(change.rowId);
      let plan = planned.get(row.id);
      if (!plan) planned.set(row.id, (plan = { put: [], cleared: [], cells: new Map(row.cells.map((c) => [c.fieldId, c])) }));
      const record = byId.get(change.fieldId)!;
      const data = typeof change.data === 'function' ? change.data(record, plan.cells.get(change.fieldId)) : change.data;
      const cell = storedCell(record, data, change.label);
      if (cell) {
        plan.put.push(cell);
        plan.cells.set(change.fieldId, cell);
      } else {
        plan.cleared.push(change.fieldId);
        plan.cells.delete(change.fieldId);
      }
      updated.push({ rowId: row.id, record, cell });
    }
    for (const [rowId, plan] of planned) checkRowSize(rowId, [...plan.cells.values()]);
    const put = [...planned].flatMap(([rowId, plan]) => plan.put.map((cell) => ({ rowId, cell })));
    const cleared = [...planned].flatMap(([rowId, plan]) => plan.cleared.map((fieldId) => ({ rowId, fieldId })));
    await rows.replaceCells(ctx.gridId, put, cleared);
    const result = changeset(ctx.gridId);
    for (const { rowId, record, cell } of updated) result.updatedCells.push(create(UpdatedCellSchema, { rowId, cell: shownCell(record, cell) }));
    return { changeset: result, reply: undefined };
  };
}
