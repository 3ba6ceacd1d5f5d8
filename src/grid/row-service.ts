/**
 * @module The rows and cells service: validates a request, reads (pages in one snapshot with their revision) or
 * commits a row operation through the grid's write group, so field and row changes share one revision order.
 */
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import type { GridFieldChangeset } from '../gen/tessera/grid/v1/field_pb.js';
import type { MoveFieldPayload } from '../gen/tessera/grid/v1/grid_service_pb.js';
import {
  CellDataSchema,
  DateCellValueSchema,
  GridBlockSchema,
  GridChangeSchema,
  ListRowsPayloadSchema,
  MoveItemType,
  RepeatedGridBlockSchema,
  RepeatedRowSchema,
  RowOrderSchema,
  SelectOptionIdsSchema,
  type Cell,
  type CellChangeset,
  type CellData,
  type CellIdentifierPayload,
  type CreateRowPayload,
  type DateChangesetPayload,
  type GridChange,
  type ListRowsPayload,
  type MoveItemPayload,
  type QueryGridBlocksPayload,
  type RepeatedGridBlock,
  type RepeatedRow,
  type Row,
  type RowChangeset,
  type RowIdentifierPayload,
  type SelectOptionCellChangesetPayload,
  type UpdateCellsPayload,
  type WatchGridPayload,
} from '../gen/tessera/grid/v1/row_pb.js';
import { FieldType } from '../gen/tessera/grid/v1/field_pb.js';
import type { Notifier } from '../platform/notifier.js';
import { cellDataFromContent } from './cells/cell-writing.js';
import { dateOption, selectOptions } from './cells/field-options.js';
import { parseTimestamp, withTime } from './cells/date-format.js';
import { GridError } from './grid-error.js';
import type { GridEvent } from './grid-events.js';
import { watchGrid } from './grid-history.js';
import type { GridRepository } from './grid-repository.js';
import { gridNotFound } from './grid-write-group.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ROW_HEIGHT } from './limits.js';
import type { FieldRecord } from './model/field-record.js';
import { fieldTypeName, isSelectType } from './type-options/type-option-schemas.js';
import { requireFieldId, requireGridId } from './validation.js';
import { decodePageToken, encodePageToken, queryDigest } from './rows/page-token.js';
import type { RowOperation } from './rows/row-edit.js';
import { createRow, deleteRow, duplicateRow, moveRow, updateCells, type CellChange } from './rows/row-operations.js';
import { planRowQuery } from './rows/row-query.js';
import { requireRowId } from './rows/row-validation.js';
import { fieldsById, shownCell, toRow } from './rows/row-view.js';

export interface RowServiceDeps {
  readonly repository: GridRepository;
  readonly notifier: Notifier<GridEvent>;
  /** Commits a row operation in the grid's write group. */
  commit<Reply>(gridId: string, operation: RowOperation<Reply>): Promise<{ changeset: RowChangeset; reply: Reply }>;
  moveField(payload: MoveFieldPayload): Promise<GridFieldChangeset>;
}

export class RowService {
  constructor(private readonly deps: RowServiceDeps) {}

  async createRow(payload: CreateRowPayload): Promise<RowChangeset> {
    const gridId = requireGridId(payload.gridId);
    const start = payload.oneOfStartRowId.case === 'startRowId' ? payload.oneOfStartRowId.value : undefined;
    return (await this.deps.commit(gridId, createRow(start, payload.cells))).changeset;
  }

  async getRow(payload: RowIdentifierPayload): Promise<Row> {
    const gridId = requireGridId(payload.gridId);
    const rowId = requireRowId(payload.rowId);
    const fields = await this.#fields(gridId);
    const row = await this.deps.repository.rows.getRow(gridId, rowId);
    if (!row) throw new GridError('RowDoesNotExist', `row ${JSON.stringify(rowId)} does not exist in this grid`);
    return toRow(fieldsById(fields), row);
  }

  async listRows(payload: ListRowsPayload): Promise<RepeatedRow> {
    const gridId = requireGridId(payload.gridId);
    const pageSize = payload.pageSize === 0 ? DEFAULT_PAGE_SIZE : payload.pageSize;
    if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      throw new GridError('InvalidData', `page_size ${payload.pageSize} is out of range: it must be between 1 and ${MAX_PAGE_SIZE} (0: ${DEFAULT_PAGE_SIZE})`);
    }
    const fields = await this.#fields(gridId);
    const shape = planRowQuery(fields, payload.filters, payload.sorts);
    const query = toBinary(ListRowsPayloadSchema, create(ListRowsPayloadSchema, { gridId, filters: payload.filters, sorts: payload.sorts }));
    const digest = queryDigest(query);
    const after = payload.pageToken === '' ? undefined : decodePageToken(payload.pageToken, digest, shape.sorts.length);
    const page = await this.deps.repository.rows.listRows(gridId, { ...shape, limit: pageSize, ...(after && { after }) });
    if (!page) throw gridNotFound(gridId);
    const byId = fieldsById(fields);
    const last = page.rows.at(-1);
    return create(RepeatedRowSchema, {
      items: page.rows.map((r) => toRow(byId, r.row)),
      nextPageToken: page.more && last ? encodePageToken(digest, { keys: last.keys, position: last.row.position }) : '',
      revision: page.revision,
    });
  }

  async getGridBlocks(payload: QueryGridBlocksPayload): Promise<RepeatedGridBlock> {
    const gridId = requireGridId(payload.gridId);
    payload.blockOrders.forEach((order, i) => {
      if (order.rowOrders.length > 0) throw new GridError('InvalidData', `block_orders[${i}].row_orders must be empty: a block is read whole`);
    });
    const orders = await this.deps.repository.rows.rowOrders(gridId);
    if (!orders) throw gridNotFound(gridId);
    const wanted = payload.blockOrders.length === 0 || payload.blockOrders.some((order) => order.blockId === gridId);
    if (!wanted) return create(RepeatedGridBlockSchema);
    const rowOrders = orders.rowIds.map((rowId) => create(RowOrderSchema, { rowId, blockId: gridId, height: ROW_HEIGHT }));
    return create(RepeatedGridBlockSchema, { items: [create(GridBlockSchema, { id: gridId, rowOrders })] });
  }

  async deleteRow(payload: RowIdentifierPayload): Promise<RowChangeset> {
    const gridId = requireGridId(payload.gridId);
    return (await this.deps.commit(gridId, deleteRow(requireRowId(payload.rowId)))).changeset;
  }

  async duplicateRow(payload: RowIdentifierPayload): Promise<RowChangeset> {
    const gridId = requireGridId(payload.gridId);
    return (await this.deps.commit(gridId, duplicateRow(requireRowId(payload.rowId)))).changeset;
  }

  /** MoveField's move for `MoveField`, a row's for `MoveRow`; either way the change it committed. */
  async moveItem(payload: MoveItemPayload): Promise<GridChange> {
    const gridId = requireGridId(payload.gridId);
    if (payload.itemId.trim() === '') throw new GridError('InvalidData', 'item_id is empty');
    if (payload.ty === MoveItemType.MoveField) {
      const fields = await this.deps.moveField({ $typeName: 'tessera.grid.v1.MoveFieldPayload', gridId, fieldId: payload.itemId, toIndex: payload.toIndex, ...(payload.fromIndex !== undefined && { fromIndex: payload.fromIndex }) });
      return create(GridChangeSchema, { revision: fields.revision, change: { case: 'fields', value: fields } });
    }
    const rowId = requireRowId(payload.itemId, 'item_id');
    const { changeset } = await this.deps.commit(gridId, moveRow(rowId, payload.fromIndex, payload.toIndex));
    return create(GridChangeSchema, { revision: changeset.revision, change: { case: 'rows', value: changeset } });
  }

  async getCell(payload: CellIdentifierPayload): Promise<Cell> {
    const { gridId, rowId, record } = await this.#cellIdentifier(payload, '');
    const row = await this.deps.repository.rows.getRow(gridId, rowId);
    if (!row) throw new GridError('RowDoesNotExist', `row ${JSON.stringify(rowId)} does not exist in this grid`);
    return shownCell(record, row.cells.find((c) => c.fieldId === record.field.id));
  }

  updateCell(payload: CellChangeset): Promise<RowChangeset> {
    const gridId = requireGridId(payload.gridId);
    return this.#updateCells(gridId, [this.#change(payload, 'changeset', gridId)]);
  }

  updateCells(payload: UpdateCellsPayload): Promise<RowChangeset> {
    const gridId = requireGridId(payload.gridId);
    return this.#updateCells(
      gridId,
      payload.changesets.map((changeset, i) => this.#change(changeset, `changesets[${i}]`, gridId)),
    );
  }

  async updateSelectOptionCell(payload: SelectOptionCellChangesetPayload): Promise<RowChangeset> {
    const { gridId, rowId, record } = await this.#cellIdentifier(payload.cellIdentifier, 'cell_identifier.');
    if (!isSelectType(record.field.fieldType)) throw notOfType(record, 'select options belong to SingleSelect and MultiSelect fields');
    const insert = payload.oneOfInsertOptionId.case ? payload.oneOfInsertOptionId.value : undefined;
    const remove = payload.oneOfDeleteOptionId.case ? payload.oneOfDeleteOptionId.value : undefined;
    if (insert === undefined && remove === undefined) throw new GridError('InvalidData', 'insert_option_id or delete_option_id is required');
    const data = (current: CellData['value']): CellData => {
      let ids = current.case === 'selectOptionIds' ? [...current.value.optionIds] : [];
      if (remove !== undefined) ids = ids.filter((id) => id !== remove);
      if (insert !== undefined && !ids.includes(insert)) ids = record.field.fieldType === FieldType.SingleSelect ? [insert] : [...ids, insert];
      return create(CellDataSchema, { value: { case: 'selectOptionIds', value: create(SelectOptionIdsSchema, { optionIds: ids }) } });
    };
    // The deleted id must be one of the field's options, as the inserted one must (checked when the cell is written).
    if (remove !== undefined) checkKnownOption(record, remove, 'delete_option_id');
    return this.#updateCells(gridId, [{ rowId, fieldId: record.field.id, label: 'cell', data: (_record, stored) => data(stored ? decoded(stored.data) : { case: undefined }) }]);
  }

  async updateDateCell(payload: DateChangesetPayload): Promise<RowChangeset> {
    const { gridId, rowId, record } = await this.#cellIdentifier(payload.cellIdentifier, 'cell_identifier.');
    if (record.field.fieldType !== FieldType.DateTime) throw notOfType(record, 'dates belong to DateTime fields');
    const date = payload.oneOfDate.case ? parseTimestamp(payload.oneOfDate.value, 'date') : undefined;
    const time = payload.oneOfTime.case ? payload.oneOfTime.value : undefined;
    if (date === undefined && time === undefined) throw new GridError('InvalidData', 'date or time is required');
    const option = dateOption(record);
    return this.#updateCells(gridId, [
      {
        rowId,
        fieldId: record.field.id,
        label: 'cell',
        data: (_record, stored) => {
          const current = stored ? decoded(stored.data) : { case: undefined };
          let timestamp = date ?? (current.case === 'date' ? current.value.timestamp : undefined);
          if (timestamp === undefined) throw new GridError('InvalidData', 'the cell holds no date to set the time of; send date too');
          if (time !== undefined) timestamp = withTime(timestamp, time, option.timeFormat, option.timeZone, 'time');
          return create(CellDataSchema, { value: { case: 'date', value: create(DateCellValueSchema, { timestamp }) } });
        },
      },
    ]);
  }

  watchGrid(payload: WatchGridPayload, signal: AbortSignal): AsyncGenerator<GridChange> {
    return watchGrid(this.deps, payload, signal);
  }

  async #updateCells(gridId: string, changes: CellChange[]): Promise<RowChangeset> {
    return (await this.deps.commit(gridId, updateCells(changes))).changeset;
  }

  #change(changeset: CellChangeset, label: string, gridId: string): CellChange {
    if (changeset.gridId !== '' && changeset.gridId !== gridId) {
      throw new GridError('InvalidData', `${label}.grid_id ${JSON.stringify(changeset.gridId)} is not the grid of the call (${JSON.stringify(gridId)})`);
    }
    const content = changeset.oneOfCellContentChangeset;
    if (content.case === undefined) throw new GridError('InvalidData', `${label} has no value: set cell_content_changeset or data (an empty data clears the cell)`);
    return {
      rowId: changeset.rowId,
      fieldId: changeset.fieldId,
      label,
      data: content.case === 'data' ? content.value : (record) => cellDataFromContent(record, content.value, `${label}.cell_content_changeset`),
    };
  }

  async #cellIdentifier(identifier: CellIdentifierPayload | undefined, prefix: string): Promise<{ gridId: string; rowId: string; record: FieldRecord }> {
    if (!identifier) throw new GridError('InvalidData', `${prefix.slice(0, -1)} is missing`);
    const gridId = requireGridId(identifier.gridId, `${prefix}grid_id`);
    const fieldId = requireFieldId(identifier.fieldId, `${prefix}field_id`);
    const rowId = requireRowId(identifier.rowId, `${prefix}row_id`);
    const record = (await this.#fields(gridId)).find((r) => r.field.id === fieldId);
    if (!record) throw new GridError('FieldDoesNotExist', `field ${JSON.stringify(fieldId)} does not exist in this grid`);
    return { gridId, rowId, record };
  }

  /** The grid's fields with their options; NOT_FOUND when there is no such grid. */
  async #fields(gridId: string): Promise<FieldRecord[]> {
    const fields = await this.deps.repository.loadFieldRecords(gridId);
    if (fields.length === 0 && !(await this.deps.repository.getGrid(gridId))) throw gridNotFound(gridId);
    return fields;
  }
}

function decoded(data: Uint8Array): CellData['value'] {
  return fromBinary(CellDataSchema, data).value;
}

function notOfType(record: FieldRecord, why: string): GridError {
  return new GridError('FieldInvalidOperation', `field ${JSON.stringify(record.field.id)} is a ${fieldTypeName(record.field.fieldType)} field; ${why}`);
}

function checkKnownOption(record: FieldRecord, id: string, label: string): void {
  if (id.trim() === '') throw new GridError('OptionIdIsEmpty', `${label} is empty`);
  if (!selectOptions(record).some((o) => o.id === id)) throw new GridError('SelectOptionDoesNotExist', `${label} ${JSON.stringify(id)} is not an option of field ${JSON.stringify(record.field.id)}`);
}
