/** @module The grid repository on Kysely: the same queries for SQLite and PostgreSQL. */
import { create } from '@bufbuild/protobuf';
import type { ExpressionBuilder, Kysely, OnConflictDatabase, OnConflictTables, Selectable, Transaction } from 'kysely';
import { FieldSchema, type Field, type FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import type { FieldsAtRevision, GridReader, GridRepository, GridRow, GridSnapshot, GridWriter, StoredChangeset } from '../grid-repository.js';
import type { FieldRecord } from '../model/field-record.js';
import type { StoreSignals } from '../../platform/store/signals.js';
import { sendGridSignal } from './grid-signals.js';
import type { GridFieldsTable, GridsTable, GridTables } from './grid-tables.js';
import { KyselyRowReader, KyselyRowWriter } from './kysely-row-store.js';
import { chunks } from '../../platform/store/statement-chunks.js';

type Db = Kysely<GridTables> | Transaction<GridTables>;

function toGridRow(row: Pick<Selectable<GridsTable>, 'id' | 'name' | 'revision' | 'created_at'>): GridRow {
  return { id: row.id, name: row.name, revision: BigInt(row.revision), createdAt: Number(row.created_at) };
}

function toField(row: Selectable<GridFieldsTable>): Field {
  return create(FieldSchema, {
    id: row.field_id,
    name: row.name,
    desc: row.description,
    fieldType: row.field_type,
    frozen: row.frozen === 1,
    visibility: row.visibility === 1,
    width: row.width,
    isPrimary: row.is_primary === 1,
  });
}

function toFieldRow(gridId: string, field: Field, position: number): GridFieldsTable {
  return {
    grid_id: gridId,
    field_id: field.id,
    position,
    name: field.name,
    description: field.desc,
    field_type: field.fieldType,
    frozen: field.frozen ? 1 : 0,
    visibility: field.visibility ? 1 : 0,
    width: field.width,
    is_primary: field.isPrimary ? 1 : 0,
  };
}

/** An upserted field takes every column of the row it was inserted with (`excluded`). */
const UPSERT_FIELD = (eb: ExpressionBuilder<OnConflictDatabase<GridTables, 'grid_fields'>, OnConflictTables<'grid_fields'>>) => ({
  position: eb.ref('excluded.position'),
  name: eb.ref('excluded.name'),
  description: eb.ref('excluded.description'),
  field_type: eb.ref('excluded.field_type'),
  frozen: eb.ref('excluded.frozen'),
  visibility: eb.ref('excluded.visibility'),
  width: eb.ref('excluded.width'),
  is_primary: eb.ref('excluded.is_primary'),
});

const KINDS = { fields: 0, rows: 1 } as const;

class KyselyGridReader implements GridReader {
  readonly rows: KyselyRowReader;

  constructor(protected readonly db: Db) {
    this.rows = new KyselyRowReader(db);
  }

  async getGrid(gridId: string): Promise<GridRow | undefined> {
    const row = await this.db.selectFrom('grids').selectAll().where('id', '=', gridId).executeTakeFirst();
    return row && toGridRow(row);
  }

  async snapshotGrid(gridId: string): Promise<GridSnapshot | undefined> {
    return (await this.#snapshots(gridId))[0];
  }

  snapshotGrids(): Promise<GridSnapshot[]> {
    return this.#snapshots(undefined);
  }

  async #snapshots(gridId: string | undefined): Promise<GridSnapshot[]> {
    let query = this.db
      .selectFrom('grids')
      .leftJoin('grid_fields', 'grid_fields.grid_id', 'grids.id')
      .select(['grids.id', 'grids.name', 'grids.revision', 'grids.created_at', 'grid_fields.field_id'])
      .orderBy('grids.created_at')
      .orderBy('grids.id')
      .orderBy('grid_fields.position');
    if (gridId !== undefined) query = query.where('grids.id', '=', gridId);
    const snapshots: GridSnapshot[] = [];
    let current: { fieldIds: string[] } & GridRow | undefined;
    for (const row of await query.execute()) {
      if (current?.id !== row.id) {
        current = { ...toGridRow(row), fieldIds: [] };
        snapshots.push(current);
      }
      if (row.field_id !== null) current.fieldIds.push(row.field_id);
    }
    return snapshots;
  }

  async listFields(gridId: string): Promise<Field[]> {
    const rows = await this.db.selectFrom('grid_fields').selectAll().where('grid_id', '=', gridId).orderBy('position').execute();
    return rows.map(toField);
  }

  async fieldsAtRevision(gridId: string): Promise<FieldsAtRevision | undefined> {
    const rows = await this.db
      .selectFrom('grids')
      .leftJoin('grid_fields', 'grid_fields.grid_id', 'grids.id')
      .select(['grids.revision as grid_revision', 'grids.created_at as grid_created_at'])
      .select(['grid_fields.grid_id', 'grid_fields.field_id', 'grid_fields.position', 'grid_fields.name', 'grid_fields.description', 'grid_fields.field_type'])
      .select(['grid_fields.frozen', 'grid_fields.visibility', 'grid_fields.width', 'grid_fields.is_primary'])
      .where('grids.id', '=', gridId)
      .orderBy('grid_fields.position')
      .execute();
    if (rows.length === 0) return undefined;
    const fields = rows.flatMap((row) => (row.field_id === null ? [] : [toField(row as Selectable<GridFieldsTable>)]));
    return { revision: BigInt(rows[0]!.grid_revision), createdAt: Number(rows[0]!.grid_created_at), fields };
  }

  async loadFieldRecords(gridId: string): Promise<FieldRecord[]> {
    const fields = await this.listFields(gridId);
    const options = await this.db
      .selectFrom('grid_field_type_options')
      .select(['field_id', 'field_type', 'data'])
      .where('grid_id', '=', gridId)
      .execute();
    const byField = new Map<string, Map<FieldType, Uint8Array>>(fields.map((f) => [f.id, new Map()]));
    for (const option of options) byField.get(option.field_id)?.set(option.field_type, new Uint8Array(option.data));
    return fields.map((field) => ({ field, typeOptions: byField.get(field.id)! }));
  }

  async changesetsAfter(gridId: string, after: bigint, limit: number): Promise<StoredChangeset[]> {
    const rows = await this.db
      .selectFrom('grid_changesets')
      .select(['revision', 'data', 'kind'])
      .where('grid_id', '=', gridId)
      .where('revision', '>', after.toString())
      .orderBy('revision')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ revision: BigInt(r.revision), data: new Uint8Array(r.data), kind: Number(r.kind) === KINDS.rows ? 'rows' : 'fields' }));
  }

  async oldestRetainedRevision(gridId: string): Promise<bigint | undefined> {
    const row = await this.db
      .selectFrom('grid_changesets')
      .select((eb) => eb.fn.min('revision').as('oldest'))
      .where('grid_id', '=', gridId)
      .executeTakeFirst();
    return row?.oldest == null ? undefined : BigInt(row.oldest);
  }
}

class KyselyGridWriter extends KyselyGridReader implements GridWriter {
  override readonly rows: KyselyRowWriter;

  constructor(
    db: Transaction<GridTables>,
    private readonly signals: StoreSignals | undefined,
    private readonly origin: string | undefined,
  ) {
    super(db);
    this.rows = new KyselyRowWriter(db);
  }

  async insertGrid(row: GridRow): Promise<void> {
    await this.db
      .insertInto('grids')
      .values({ id: row.id, name: row.name, revision: row.revision.toString(), created_at: row.createdAt })
      .execute();
  }

  async bumpRevision(gridId: string, count = 1): Promise<bigint | undefined> {
    const row = await this.db
      .updateTable('grids')
      .set((eb) => ({ revision: eb('revision', '+', count) }))
      .where('id', '=', gridId)
      .returning('revision')
      .executeTakeFirst();
    return row && BigInt(row.revision);
  }

  async setRevision(gridId: string, revision: bigint): Promise<void> {
    await this.db.updateTable('grids').set({ revision: revision.toString() }).where('id', '=', gridId).execute();
  }

  /** A few statements whatever the change: one per kind of row written, not one per field. */
  async saveFields(gridId: string, before: readonly FieldRecord[], after: readonly FieldRecord[]): Promise<void> {
    const kept = new Set(after.map((r) => r.field.id));
    const previous = new Map(before.map((r, i) => [r.field.id, { record: r, position: i }]));
    const gone = before.filter((r) => !kept.has(r.field.id)).map((r) => r.field.id);
    if (gone.length > 0) {
      await this.db.deleteFrom('grid_fields').where('grid_id', '=', gridId).where('field_id', 'in', gone).execute();
    }
    const rows: GridFieldsTable[] = [];
    const optionsReplaced: FieldRecord[] = [];
    for (const [position, record] of after.entries()) {
      const old = previous.get(record.field.id);
      if (old?.record === record && old.position === position) continue;
      rows.push(toFieldRow(gridId, record.field, position));
      // A record changed only in its field (or its place) keeps its options' map, and so the rows stored for them.
      if (old?.record.typeOptions !== record.typeOptions) optionsReplaced.push(record);
    }
    for (const chunk of chunks(rows)) {
      await this.db
        .insertInto('grid_fields')
        .values(chunk)
        .onConflict((oc) => oc.columns(['grid_id', 'field_id']).doUpdateSet(UPSERT_FIELD))
        .execute();
    }
    if (optionsReplaced.length > 0) await this.#replaceTypeOptions(gridId, optionsReplaced);
  }

  async #replaceTypeOptions(gridId: string, records: readonly FieldRecord[]): Promise<void> {
    await this.db
      .deleteFrom('grid_field_type_options')
      .where('grid_id', '=', gridId)
      .where('field_id', 'in', records.map((r) => r.field.id))
      .execute();
    const rows = records.flatMap((record) =>
      [...record.typeOptions].map(([fieldType, data]) => ({ grid_id: gridId, field_id: record.field.id, field_type: fieldType, data })),
    );
    for (const chunk of chunks(rows)) await this.db.insertInto('grid_field_type_options').values(chunk).execute();
  }

  async appendChangesets(gridId: string, changesets: readonly StoredChangeset[], committedAt: number, retain: number): Promise<void> {
    const last = changesets.at(-1);
    if (!last) return;
    const rows = changesets.map((c) => ({ grid_id: gridId, revision: c.revision.toString(), data: c.data, committed_at: committedAt, kind: KINDS[c.kind ?? 'fields'] }));
    await this.db.insertInto('grid_changesets').values(rows).execute();
    // The last revision is enough: a watcher elsewhere that sees a jump reads the changesets between from the store.
    if (this.signals) await sendGridSignal(this.signals, this.db, { grid: gridId, revision: last.revision.toString(), ...(this.origin && { origin: this.origin }) });
    const horizon = last.revision - BigInt(retain);
    if (horizon > 0n) {
      await this.db.deleteFrom('grid_changesets').where('grid_id', '=', gridId).where('revision', '<=', horizon.toString()).execute();
    }
  }

  async deleteGrid(gridId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('grids').where('id', '=', gridId).executeTakeFirst();
    if (this.signals && result.numDeletedRows > 0n) await sendGridSignal(this.signals, this.db, { grid: gridId, deleted: true, ...(this.origin && { origin: this.origin }) });
    return result.numDeletedRows > 0n;
  }
}

export class KyselyGridRepository extends KyselyGridReader implements GridRepository {
  readonly #db: Kysely<GridTables>;

  /** `signals`: tell the other instances sharing the store about each commit, as coming from `origin` (this instance). */
  constructor(
    db: Kysely<GridTables>,
    private readonly signals?: StoreSignals,
    private readonly origin?: string,
  ) {
    super(db);
    this.#db = db;
  }

  transaction<T>(work: (tx: GridWriter) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new KyselyGridWriter(trx, this.signals, this.origin)));
  }
}
