/**
 * @module The grid fields service: validates a request, runs the pure operation inside a store transaction that
 * bumps the revision and records the changeset (concurrent writes share one, see grid-write-group.ts), then tells
 * the watchers.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import {
  FieldOrderSchema,
  FieldTypeOptionContextSchema,
  FieldTypeOptionDataSchema,
  GridFieldChangesetSchema,
  RepeatedFieldSchema,
  type EditFieldPayload,
  type FieldChangesetPayload,
  type FieldTypeOptionContext,
  type FieldTypeOptionData,
  type GetEditFieldContextPayload,
  type GridFieldChangeset,
  type InsertFieldPayload,
  type QueryFieldPayload,
  type RepeatedField,
  type UpdateFieldTypeOptionPayload,
} from '../gen/tessera/grid/v1/field_pb.js';
import {
  GridSchema,
  RepeatedGridSchema,
  type CreateGridPayload,
  type FieldIdentifierPayload,
  type Grid,
  type MoveFieldPayload,
  type RepeatedGrid,
  type WatchFieldsPayload,
  type CreateSelectOptionPayload,
} from '../gen/tessera/grid/v1/grid_service_pb.js';
import type { SelectOption } from '../gen/tessera/grid/v1/type_option_pb.js';
import type { Clock } from '../platform/clock.js';
import { uniqueId, type IdGenerator } from '../platform/ids.js';
import type { Notifier } from '../platform/notifier.js';
import { GroupCommit, type JobOutcome } from '../platform/store/group-commit.js';
import { CommittedRecords } from './committed-records.js';
import { CurrentFields } from './current-fields.js';
import { GridError } from './grid-error.js';
import { gridTopic, type GridEvent } from './grid-events.js';
import type { GridRepository, GridRow, GridWriter } from './grid-repository.js';
import { commitGridWrites, gridNotFound, type CommittedWrite, type GridWrite } from './grid-write-group.js';
import { GRID_ID_LENGTH, MAX_ROWS_PER_GRID } from './limits.js';
import { insertedManyChangeset } from './model/changeset.js';
import { appendPropertyField, defaultGridFields, transientField } from './model/create-field.js';
import { deleteField } from './model/delete-field.js';
import { duplicateField } from './model/duplicate-field.js';
import { indexOfField, type FieldRecord } from './model/field-record.js';
import type { GridOperation } from './model/grid-edit.js';
import { insertField } from './model/insert-field.js';
import { moveField } from './model/move-field.js';
import { newSelectOption } from './model/new-select-option.js';
import { switchFieldType } from './model/switch-field-type.js';
import { checkFieldChangeset, updateField } from './model/update-field.js';
import { updateFieldTypeOption } from './model/update-field-type-option.js';
import { defaultTypeOption } from './type-options/type-option-defaults.js';
import { checkName, requireFieldId, requireGridId } from './validation.js';
import { watchFields } from './grid-history.js';
import { RowService } from './row-service.js';
import type { RowOperation } from './rows/row-edit.js';
import type { RowChangeset } from '../gen/tessera/grid/v1/row_pb.js';

export interface GridServiceOptions {
  readonly repository: GridRepository;
  readonly notifier: Notifier<GridEvent>;
  readonly clock: Clock;
  readonly newId: IdGenerator;
  /** How many changesets per grid WatchFields can replay; older ones are dropped. */
  readonly historyRetention: number;
  /** Rows a grid may hold; MAX_ROWS_PER_GRID unless given. */
  readonly maxRowsPerGrid?: number;
  /**
   * The store runs transactions side by side (PostgreSQL's pool), so each grid's writes commit in groups of their
   * own; otherwise (SQLite, one writer) the writes to every grid share each commit.
   */
  readonly concurrentTransactions?: boolean;
  /**
   * No other instance writes the store (SQLite): what this instance commits is every change, so a grid's field list
   * read after its last change stays current without asking the store for the revision.
   */
  readonly soleWriter?: boolean;
}

export const DEFAULT_HISTORY_RETENTION = 10_000;

/** Thrown inside a transaction to roll it back when there turns out to be nothing to change. */
class Unchanged {
  constructor(readonly record: FieldRecord) {}
}

export class GridService {
  readonly #o: GridServiceOptions;
  readonly #writes: GroupCommit<GridWrite, CommittedWrite>;
  readonly #fields: CurrentFields;
  readonly #committed = new CommittedRecords();
  /** Rows and cells: their reads, and their writes, which share this service's commits and revisions. */
  readonly rows: RowService;

  constructor(options: GridServiceOptions) {
    this.#o = Object.freeze({ ...options });
    this.#fields = new CurrentFields(options.repository, options.soleWriter === true);
    const deps = {
      repository: options.repository,
      newId: options.newId,
      now: () => options.clock.now(),
      historyRetention: options.historyRetention,
      maxRowsPerGrid: options.maxRowsPerGrid ?? MAX_ROWS_PER_GRID,
      ...(options.soleWriter && { committed: this.#committed }),
    };
    this.#writes = new GroupCommit(async (writes) => {
      let outcomes: JobOutcome<CommittedWrite>[];
      try {
        outcomes = await commitGridWrites(deps, writes);
      } finally {
        // Committed or not, before anyone hears of it: a read begun before now may have seen the store before the change.
        // A row write leaves the fields as they were.
        for (const write of writes) if (write.operation) this.#fields.changed(write.gridId);
      }
      // Committed, so watchers may hear of it; in revision order, as the outcomes are.
      for (const [i, outcome] of outcomes.entries()) {
        if (!outcome.ok) {
          // The store failed (not the write's own refusal): it may have committed after all, and other instances will
          // not tell this one's watchers, so they read the store again.
          if (!(outcome.error instanceof GridError)) this.#publish(writes[i]!.gridId, { kind: 'resync' });
          continue;
        }
        const { changeset } = outcome.value;
        const event: GridEvent =
          changeset.$typeName === 'tessera.grid.v1.RowChangeset'
            ? { kind: 'rows', revision: changeset.revision, changeset }
            : { kind: 'changeset', revision: changeset.revision, changeset };
        this.#publish(changeset.gridId, event);
      }
      return outcomes;
    });
    this.rows = new RowService({
      repository: options.repository,
      notifier: options.notifier,
      commit: (gridId, operation) => this.#mutateRows(gridId, operation),
      moveField: (payload) => this.moveField(payload),
    });
  }

  /** The grid's changesets after `after_revision`, then live ones; see watch-fields.ts. */
  watchFields(payload: WatchFieldsPayload, signal: AbortSignal): AsyncGenerator<GridFieldChangeset> {
    return watchFields(this.#o, payload, signal);
  }

  async createGrid(payload: CreateGridPayload): Promise<Grid> {
    checkName(payload.name, 'name');
    const fields = payload.bare ? [] : defaultGridFields(this.#o.newId);
    const { grid, changeset } = await this.#o.repository.transaction(async (tx) => {
      const id = await this.#freshGridId(tx);
      const row: GridRow = { id, name: payload.name, revision: 0n, createdAt: this.#o.clock.now() };
      await tx.insertGrid(row);
      if (fields.length === 0) return { grid: row, changeset: undefined };
      // Revision 0 is the empty grid, so replaying from 0 rebuilds every field, defaults included.
      const revision = (await tx.bumpRevision(id))!;
      await tx.saveFields(id, [], fields);
      const committed = await this.#record(tx, id, revision, insertedManyChangeset(id, fields.map((r) => r.field)));
      return { grid: { ...row, revision }, changeset: committed };
    });
    this.#fields.changed(grid.id);
    this.#committed.forget(grid.id);
    if (changeset) this.#publish(grid.id, { kind: 'changeset', revision: changeset.revision, changeset });
    return this.#toGrid(grid, fields.map((r) => r.field.id));
  }

  async #freshGridId(tx: GridWriter): Promise<string> {
    for (;;) {
      const id = uniqueId(this.#o.newId, GRID_ID_LENGTH, () => false);
      if (!(await tx.getGrid(id))) return id;
    }
  }

  /** The field order and revision come from one read, so watching from that revision misses nothing. */
  async getGrid(gridId: string): Promise<Grid> {
    requireGridId(gridId, 'value');
    const snapshot = await this.#o.repository.snapshotGrid(gridId);
    if (!snapshot) throw gridNotFound(gridId);
    return this.#toGrid(snapshot, snapshot.fieldIds);
  }

  async listGrids(): Promise<RepeatedGrid> {
    const snapshots = await this.#o.repository.snapshotGrids();
    return create(RepeatedGridSchema, { items: snapshots.map((s) => this.#toGrid(s, s.fieldIds)) });
  }

  async deleteGrid(gridId: string): Promise<Grid> {
    requireGridId(gridId, 'value');
    const grid = await this.#o.repository
      .transaction(async (tx) => {
        const snapshot = await tx.snapshotGrid(gridId);
        if (!snapshot) throw gridNotFound(gridId);
        await tx.deleteGrid(gridId);
        return this.#toGrid(snapshot, snapshot.fieldIds);
      })
      .catch((error: unknown) => {
        // As for a failed write: the deletion may have committed, and the watchers here learn it from the store.
        if (!(error instanceof GridError)) this.#publish(gridId, { kind: 'resync' });
        throw error;
      })
      .finally(() => {
        this.#fields.changed(gridId);
        this.#committed.forget(gridId);
      });
    this.#publish(gridId, { kind: 'deleted' });
    return grid;
  }

  async getFields(payload: QueryFieldPayload): Promise<RepeatedField> {
    requireGridId(payload.gridId);
    const all = await this.#fields.read(payload.gridId);
    const wanted = payload.fieldOrders?.items ?? [];
    if (wanted.length === 0) return all;
    const byId = new Map(all.items.map((f) => [f.id, f]));
    const items = wanted.flatMap((order) => byId.get(order.fieldId) ?? []);
    return create(RepeatedFieldSchema, { items });
  }

  insertField(payload: InsertFieldPayload): Promise<GridFieldChangeset> {
    return this.#changeset(payload.gridId, (fields, ctx) => insertField(fields, payload, ctx));
  }

  updateField(payload: FieldChangesetPayload): Promise<GridFieldChangeset> {
    requireGridId(payload.gridId);
    checkFieldChangeset(payload);
    return this.#changeset(payload.gridId, (fields, ctx) => updateField(fields, payload, ctx));
  }

  updateFieldTypeOption(payload: UpdateFieldTypeOptionPayload): Promise<GridFieldChangeset> {
    return this.#changeset(payload.gridId, (fields, ctx) => updateFieldTypeOption(fields, payload, ctx));
  }

  deleteField(payload: FieldIdentifierPayload): Promise<GridFieldChangeset> {
    return this.#changeset(payload.gridId, (fields, ctx) => deleteField(fields, payload.fieldId, ctx));
  }

  duplicateField(payload: FieldIdentifierPayload): Promise<GridFieldChangeset> {
    return this.#changeset(payload.gridId, (fields, ctx) => duplicateField(fields, payload.fieldId, ctx));
  }

  moveField(payload: MoveFieldPayload): Promise<GridFieldChangeset> {
    return this.#changeset(payload.gridId, (fields, ctx) => moveField(fields, payload, ctx));
  }

  async switchToField(payload: EditFieldPayload): Promise<FieldTypeOptionData> {
    requireGridId(payload.gridId);
    requireFieldId(payload.fieldId);
    const { reply } = await this.#mutate(payload.gridId, (fields, ctx) => switchFieldType(fields, payload.fieldId, payload.fieldType, ctx));
    return this.#optionData(payload.gridId, reply, payload.fieldType);
  }

  /** Read-only unless the field is unknown and `create_if_not_exist` asks for a new `Property N` field. */
  async getFieldTypeOption(payload: EditFieldPayload): Promise<FieldTypeOptionData> {
    requireGridId(payload.gridId);
    const fieldId = payload.fieldId === '' && payload.createIfNotExist ? undefined : requireFieldId(payload.fieldId);
    await this.#requireGrid(payload.gridId);
    if (fieldId !== undefined) {
      const record = (await this.#o.repository.loadFieldRecords(payload.gridId)).find((r) => r.field.id === fieldId);
      if (record) return this.#optionData(payload.gridId, record, payload.fieldType);
      if (!payload.createIfNotExist) {
        throw new GridError('RecordNotFound', `field ${JSON.stringify(fieldId)} does not exist in this grid`);
      }
    }
    try {
      const { reply } = await this.#mutate(payload.gridId, (fields, ctx) => {
        const existing = fieldId === undefined ? -1 : indexOfField(fields, fieldId);
        // Another writer created it since the read above: answer with it and commit nothing.
        if (existing >= 0) throw new Unchanged(fields[existing]!);
        return appendPropertyField(fields, payload.fieldType, fieldId, ctx);
      });
      return this.#optionData(payload.gridId, reply, payload.fieldType);
    } catch (error) {
      if (error instanceof Unchanged) return this.#optionData(payload.gridId, error.record, payload.fieldType);
      throw error;
    }
  }

  async getEditFieldContext(payload: GetEditFieldContextPayload): Promise<FieldTypeOptionContext> {
    requireGridId(payload.gridId);
    const fieldId = payload.oneOfFieldId.case === 'fieldId' ? requireFieldId(payload.oneOfFieldId.value) : undefined;
    await this.#requireGrid(payload.gridId);
    const fields = await this.#o.repository.loadFieldRecords(payload.gridId);
    const record = fields.find((r) => r.field.id === fieldId) ?? transientField(fields, payload.fieldType, this.#o.newId);
    return create(FieldTypeOptionContextSchema, {
      gridId: payload.gridId,
      gridField: record.field,
      typeOptionData: record.typeOptions.get(payload.fieldType) ?? defaultTypeOption(payload.fieldType),
    });
  }

  async newSelectOption(payload: CreateSelectOptionPayload): Promise<SelectOption> {
    const identifier = payload.fieldIdentifier;
    if (!identifier) throw new GridError('InvalidData', 'field_identifier is missing');
    requireGridId(identifier.gridId, 'field_identifier.grid_id');
    requireFieldId(identifier.fieldId, 'field_identifier.field_id');
    if (payload.optionName.trim() === '') throw new GridError('SelectOptionNameIsEmpty', 'option_name is empty');
    checkName(payload.optionName, 'option_name');
    await this.#requireGrid(identifier.gridId);
    const fields = await this.#o.repository.loadFieldRecords(identifier.gridId);
    const record = fields.find((r) => r.field.id === identifier.fieldId);
    if (!record) throw new GridError('FieldDoesNotExist', `field ${JSON.stringify(identifier.fieldId)} does not exist in this grid`);
    return newSelectOption(record, payload.optionName, this.#o.newId);
  }

  async #requireGrid(gridId: string): Promise<GridRow> {
    const row = await this.#o.repository.getGrid(gridId);
    if (!row) throw gridNotFound(gridId);
    return row;
  }

  #optionData(gridId: string, record: FieldRecord, type: FieldRecord['field']['fieldType']): FieldTypeOptionData {
    return create(FieldTypeOptionDataSchema, {
      gridId,
      field: record.field,
      typeOptionData: record.typeOptions.get(type) ?? defaultTypeOption(type),
    });
  }

  async #changeset(gridId: string, operation: GridOperation): Promise<GridFieldChangeset> {
    requireGridId(gridId);
    return (await this.#mutate(gridId, operation)).changeset as GridFieldChangeset;
  }

  /**
   * Bump the revision, load, apply, check the grid's size, persist, record, in a transaction that concurrent
   * writes share; answered once that commit is durable. An error of this write leaves the revision where it was.
   */
  #mutate<Reply>(gridId: string, operation: GridOperation<Reply>): Promise<CommittedWrite<Reply> & { changeset: GridFieldChangeset }> {
    const lane = this.#o.concurrentTransactions ? gridId : '';
    return this.#writes.submit(lane, { gridId, operation }) as Promise<CommittedWrite<Reply> & { changeset: GridFieldChangeset }>;
  }

  #mutateRows<Reply>(gridId: string, rowOperation: RowOperation<Reply>): Promise<{ changeset: RowChangeset; reply: Reply }> {
    const lane = this.#o.concurrentTransactions ? gridId : '';
    return this.#writes.submit(lane, { gridId, rowOperation }) as Promise<{ changeset: RowChangeset; reply: Reply }>;
  }

  async #record(tx: GridWriter, gridId: string, revision: bigint, changeset: GridFieldChangeset): Promise<GridFieldChangeset> {
    changeset.gridId = gridId;
    changeset.revision = revision;
    const data = toBinary(GridFieldChangesetSchema, changeset);
    await tx.appendChangesets(gridId, [{ revision, data }], this.#o.clock.now(), this.#o.historyRetention);
    return changeset;
  }

  #publish(gridId: string, event: GridEvent): void {
    this.#o.notifier.publish(gridTopic(gridId), event);
  }

  #toGrid(row: GridRow, fieldIds: readonly string[]): Grid {
    return create(GridSchema, {
      id: row.id,
      name: row.name,
      revision: row.revision,
      fieldOrders: fieldIds.map((fieldId) => create(FieldOrderSchema, { fieldId })),
    });
  }
}
