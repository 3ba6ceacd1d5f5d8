/** @module Stored rows as the wire shows them: each cell decoded against its field as it is now. */
import { create } from '@bufbuild/protobuf';
import { CellSchema, RowSchema, type Cell, type Row } from '../../gen/tessera/grid/v1/row_pb.js';
import { readCell } from '../cells/cell-reading.js';
import type { StoredCell, StoredRow } from '../cells/stored-cell.js';
import type { FieldRecord } from '../model/field-record.js';
import { ROW_HEIGHT } from '../limits.js';

export type FieldsById = ReadonlyMap<string, FieldRecord>;

export function fieldsById(fields: readonly FieldRecord[]): FieldsById {
  return new Map(fields.map((r) => [r.field.id, r]));
}

/** Only the cells that show a value; a cell of a field deleted meanwhile is left out. */
export function toRow(fields: FieldsById, row: StoredRow): Row {
  const message = create(RowSchema, { id: row.id, height: ROW_HEIGHT });
  for (const stored of row.cells) {
    const record = fields.get(stored.fieldId);
    const cell = record && readCell(record, stored);
    if (cell) message.cellByFieldId[stored.fieldId] = cell;
  }
  return message;
}

/** The cell as shown, or an empty one (no data) when it holds nothing the field shows. */
export function shownCell(record: FieldRecord, stored: StoredCell | undefined): Cell {
  return (stored && readCell(record, stored)) ?? create(CellSchema, { fieldId: record.field.id });
}
