/**
 * @module A select option deleted from a field leaves every cell that held it (AppFlowy removes it from the one
 * cell its editor names; Tessera from all, so no cell keeps an id no option answers to). A cell left with no option
 * is removed. Watchers learn of it from the field's changeset, which carries the options that remain.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { CellDataSchema, SelectOptionIdsSchema } from '../../gen/tessera/grid/v1/row_pb.js';
import { allSelectOptionIds } from '../cells/field-options.js';
import type { StoredCell } from '../cells/stored-cell.js';
import type { FieldRecord } from '../model/field-record.js';
import type { CellPlace, PlacedCell, RowWriter } from './row-repository.js';

export async function removeDeletedOptions(rows: RowWriter, gridId: string, before: readonly FieldRecord[], after: readonly FieldRecord[]): Promise<void> {
  const previous = new Map(before.map((r) => [r.field.id, r]));
  for (const record of after) {
    const old = previous.get(record.field.id);
    if (!old || old.typeOptions === record.typeOptions) continue;
    const kept = allSelectOptionIds(record);
    const removed = [...allSelectOptionIds(old)].filter((id) => !kept.has(id));
    if (removed.length === 0) continue;
    const gone = new Set(removed);
    const put: PlacedCell[] = [];
    const cleared: CellPlace[] = [];
    for (const { rowId, cell } of await rows.cellsHoldingOptions(gridId, record.field.id, removed)) {
      const left = withoutOptions(cell, gone);
      if (left) put.push({ rowId, cell: left });
      else cleared.push({ rowId, fieldId: cell.fieldId });
    }
    await rows.replaceCells(gridId, put, cleared);
  }
}

function withoutOptions(cell: StoredCell, gone: ReadonlySet<string>): StoredCell | undefined {
  const optionIds = cell.optionIds.filter((id) => !gone.has(id));
  if (optionIds.length === 0) return undefined;
  const data = toBinary(CellDataSchema, create(CellDataSchema, { value: { case: 'selectOptionIds', value: create(SelectOptionIdsSchema, { optionIds }) } }));
  return { ...cell, data, firstOption: optionIds[0]!, optionIds };
}
