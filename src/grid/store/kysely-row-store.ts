/** @module Rows and cells on Kysely: the same statements for SQLite and PostgreSQL (row-repository.ts). */
import { fromBinary } from '@bufbuild/protobuf';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import { CellDataSchema } from '../../gen/tessera/grid/v1/row_pb.js';
import type { StoredCell, StoredRow } from '../cells/stored-cell.js';
import type { CellPlace, PageRow, PlacedCell, RowOrders, RowPage, RowPlace, RowQuery, RowReader, RowWriter } from '../rows/row-repository.js';
import type { GridCellsTable, GridTables } from './grid-tables.js';
import { readPage } from './row-page-query.js';
import { chunks, ROWS_PER_STATEMENT } from '../../platform/store/statement-chunks.js';

type Db = Kysely<GridTables> | Transaction<GridTables>;

const SELECT_TYPES = [FieldType.SingleSelect, FieldType.MultiSelect];

function toStoredCell(row: Selectable<GridCellsTable>): StoredCell {
  const data = new Uint8Array(row.data);
  let optionIds: readonly string[] = [];
  if (row.first_option !== null) {
    const value = fromBinary(CellDataSchema, data).value;
    if (value.case === 'selectOptionIds') optionIds = value.value.optionIds;
  }
  return {
    fieldId: row.field_id,
    fieldType: row.field_type as FieldType,
    data,
    textKey: row.text_key,
    numKey: row.num_key === null ? null : Number(row.num_key),
    firstOption: row.first_option,
    optionIds,
  };
}

/** Characters of a text key that sort: enough to order any real text, few enough for every store's index. */
export const TEXT_SORT_LENGTH = 256;

function textSort(textKey: string): string {
  if (textKey.length <= TEXT_SORT_LENGTH) return textKey;
  // By code points, so a surrogate pair is never cut in two.
  return Array.from(textKey).slice(0, TEXT_SORT_LENGTH).join('');
}

function cellRow(gridId: string, rowId: string, cell: StoredCell): GridCellsTable {
  return {
    grid_id: gridId,
    row_id: rowId,
    field_id: cell.fieldId,
    field_type: cell.fieldType,
    data: cell.data,
    text_key: cell.textKey,
    text_sort: cell.textKey === null ? null : textSort(cell.textKey),
    num_key: cell.numKey,
    first_option: cell.firstOption,
  };
}

export class KyselyRowReader implements RowReader {
  constructor(protected readonly db: Db) {}

  async getRow(gridId: string, rowId: string): Promise<StoredRow | undefined> {
    return (await this.getRows(gridId, [rowId]))[0];
  }

  async getRows(gridId: string, rowIds: readonly string[]): Promise<StoredRow[]> {
    if (rowIds.length === 0) return [];
    const rows: { row_id: string; position: string }[] = [];
    for (const ids of chunks(rowIds)) {
      rows.push(...(await this.db.selectFrom('grid_rows').select(['row_id', 'position']).where('grid_id', '=', gridId).where('row_id', 'in', ids).execute()));
    }
    return this.#withCells(gridId, rows);
  }

  async #withCells(gridId: string, rows: readonly { row_id: string; position: string }[]): Promise<StoredRow[]> {
    const cells = new Map<string, StoredCell[]>(rows.map((r) => [r.row_id, []]));
    for (const ids of chunks(rows.map((r) => r.row_id))) {
      const found = await this.db.selectFrom('grid_cells').selectAll().where('grid_id', '=', gridId).where('row_id', 'in', ids).execute();
      for (const cell of found) cells.get(cell.row_id)?.push(toStoredCell(cell));
    }
    return rows.map((r) => ({ id: r.row_id, position: r.position, cells: cells.get(r.row_id)! }));
  }

  async rowCount(gridId: string): Promise<number> {
    const row = await this.db.selectFrom('grids').select('row_count').where('id', '=', gridId).executeTakeFirst();
    return row ? Number(row.row_count) : 0;
  }

  async rowAfter(gridId: string, position: string | undefined): Promise<RowPlace | undefined> {
    let query = this.db.selectFrom('grid_rows').select(['row_id', 'position']).where('grid_id', '=', gridId);
    if (position !== undefined) query = query.where('position', '>', position);
    const row = await query.orderBy('position').limit(1).executeTakeFirst();
    return row && { id: row.row_id, position: row.position };
  }

  async rowBefore(gridId: string, position: string | undefined): Promise<RowPlace | undefined> {
    let query = this.db.selectFrom('grid_rows').select(['row_id', 'position']).where('grid_id', '=', gridId);
    if (position !== undefined) query = query.where('position', '<', position);
    const row = await query.orderBy('position', 'desc').limit(1).executeTakeFirst();
    return row && { id: row.row_id, position: row.position };
  }

  async rowAt(gridId: string, index: number, excluding?: string): Promise<RowPlace | undefined> {
    let query = this.db.selectFrom('grid_rows').select(['row_id', 'position']).where('grid_id', '=', gridId);
    if (excluding !== undefined) query = query.where('row_id', '<>', excluding);
    const row = await query.orderBy('position').limit(1).offset(index).executeTakeFirst();
    return row && { id: row.row_id, position: row.position };
  }

  async indexOf(gridId: string, position: string): Promise<number> {
    const row = await this.db
      .selectFrom('grid_rows')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('grid_id', '=', gridId)
      .where('position', '<', position)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  listRows(gridId: string, query: RowQuery): Promise<RowPage | undefined> {
    return this.#snapshot(async (db) => {
      const grid = await db.selectFrom('grids').select('revision').where('id', '=', gridId).executeTakeFirst();
      if (!grid) return undefined;
      const { found, more } = await readPage(db, gridId, query);
      const rows = await new KyselyRowReader(db).#withCells(gridId, found);
      const pageRows: PageRow[] = rows.map((row, i) => ({ row, keys: found[i]!.keys }));
      return { rows: pageRows, more, revision: BigInt(grid.revision) };
    });
  }

  rowOrders(gridId: string): Promise<RowOrders | undefined> {
    return this.#snapshot(async (db) => {
      const grid = await db.selectFrom('grids').select('revision').where('id', '=', gridId).executeTakeFirst();
      if (!grid) return undefined;
      const rows = await db.selectFrom('grid_rows').select('row_id').where('grid_id', '=', gridId).orderBy('position').execute();
      return { revision: BigInt(grid.revision), rowIds: rows.map((r) => r.row_id) };
    });
  }

  async cellsHoldingOptions(gridId: string, fieldId: string, optionIds: readonly string[]): Promise<{ rowId: string; cell: StoredCell }[]> {
    if (optionIds.length === 0) return [];
    const out: { rowId: string; cell: StoredCell }[] = [];
    for (const ids of chunks(optionIds)) {
      const cells = await this.db
        .selectFrom('grid_cells')
        .selectAll()
        .where('grid_id', '=', gridId)
        .where('field_id', '=', fieldId)
        .where('row_id', 'in', (eb) =>
          eb.selectFrom('grid_cell_options').select('row_id').where('grid_id', '=', gridId).where('field_id', '=', fieldId).where('option_id', 'in', ids),
        )
        .execute();
      for (const cell of cells) out.push({ rowId: cell.row_id, cell: toStoredCell(cell) });
    }
    // A cell holding options of two chunks was read twice.
    return [...new Map(out.map((c) => [c.rowId, c])).values()];
  }

  /** Runs reads on one snapshot: inside the caller's transaction, or a read-only repeatable-read one of their own. */
  #snapshot<T>(work: (db: Db) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this.db);
    return (this.db as Kysely<GridTables>).transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
  }
}

export class KyselyRowWriter extends KyselyRowReader implements RowWriter {
  async insertRows(gridId: string, rows: readonly StoredRow[], createdAt: number): Promise<void> {
    if (rows.length === 0) return;
    for (const chunk of chunks(rows)) {
      await this.db
        .insertInto('grid_rows')
        .values(chunk.map((row) => ({ grid_id: gridId, row_id: row.id, position: row.position, created_at: createdAt })))
        .execute();
    }
    await this.#insertCells(gridId, rows.flatMap((row) => row.cells.map((cell) => ({ rowId: row.id, cell }))));
    await this.db.updateTable('grids').set((eb) => ({ row_count: eb('row_count', '+', rows.length) })).where('id', '=', gridId).execute();
  }

  async #insertCells(gridId: string, cells: readonly PlacedCell[]): Promise<void> {
    for (const chunk of chunks(cells)) {
      if (chunk.length > 0) await this.db.insertInto('grid_cells').values(chunk.map(({ rowId, cell }) => cellRow(gridId, rowId, cell))).execute();
    }
    const options = cells.flatMap(({ rowId, cell }) => cell.optionIds.map((optionId) => ({ grid_id: gridId, field_id: cell.fieldId, option_id: optionId, row_id: rowId })));
    for (const chunk of chunks(options)) await this.db.insertInto('grid_cell_options').values(chunk).execute();
  }

  async deleteRow(gridId: string, rowId: string): Promise<void> {
    const result = await this.db.deleteFrom('grid_rows').where('grid_id', '=', gridId).where('row_id', '=', rowId).executeTakeFirst();
    if (result.numDeletedRows > 0n) {
      await this.db.updateTable('grids').set((eb) => ({ row_count: eb('row_count', '-', Number(result.numDeletedRows)) })).where('id', '=', gridId).execute();
    }
  }

  async setPosition(gridId: string, rowId: string, position: string): Promise<void> {
    await this.db.updateTable('grid_rows').set({ position }).where('grid_id', '=', gridId).where('row_id', '=', rowId).execute();
  }

  async replaceCells(gridId: string, put: readonly PlacedCell[], cleared: readonly CellPlace[]): Promise<void> {
    // A few statements however many rows: the cells go (their options with them, by cascade), then the new ones come.
    const places = [...put.map(({ rowId, cell }) => ({ rowId, fieldId: cell.fieldId })), ...cleared];
    for (const chunk of chunks(places)) {
      const pairs = sql.join(chunk.map(({ rowId, fieldId }) => sql`(${rowId}, ${fieldId})`));
      await sql`delete from grid_cells where grid_id = ${gridId} and (row_id, field_id) in (values ${pairs})`.execute(this.db);
    }
    await this.#insertCells(gridId, put);
  }

  async rekeyOptionOrder(gridId: string, fieldId: string, optionIds: readonly string[]): Promise<void> {
    const cells = this.db.updateTable('grid_cells').where('grid_id', '=', gridId).where('field_id', '=', fieldId).where('field_type', 'in', SELECT_TYPES);
    await cells.set({ num_key: null }).execute();
    for (let start = 0; start < optionIds.length; start += ROWS_PER_STATEMENT) {
      const chunk = optionIds.slice(start, start + ROWS_PER_STATEMENT);
      // Option ids are checked ids (A-Z a-z 0-9 _ -), so literals are safe, and they spare the store parameters.
      const cases = sql.join(chunk.map((id, i) => sql`when ${sql.lit(id)} then ${sql.lit(start + i)}`), sql` `);
      await cells.set({ num_key: sql<number>`case first_option ${cases} end` }).where('first_option', 'in', chunk).execute();
    }
  }

  async copyFieldCells(gridId: string, from: string, to: string): Promise<void> {
    await this.db
      .insertInto('grid_cells')
      .columns(['grid_id', 'row_id', 'field_id', 'field_type', 'data', 'text_key', 'text_sort', 'num_key', 'first_option'])
      .expression((eb) =>
        eb
          .selectFrom('grid_cells')
          .select(['grid_id', 'row_id', sql<string>`cast(${to} as text)`.as('field_id'), 'field_type', 'data', 'text_key', 'text_sort', 'num_key', 'first_option'])
          .where('grid_id', '=', gridId)
          .where('field_id', '=', from),
      )
      .execute();
    await this.db
      .insertInto('grid_cell_options')
      .columns(['grid_id', 'field_id', 'option_id', 'row_id'])
      .expression((eb) =>
        eb
          .selectFrom('grid_cell_options')
          .select(['grid_id', sql<string>`cast(${to} as text)`.as('field_id'), 'option_id', 'row_id'])
          .where('grid_id', '=', gridId)
          .where('field_id', '=', from),
      )
      .execute();
  }
}
