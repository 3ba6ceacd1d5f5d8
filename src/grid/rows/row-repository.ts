/** @module The storage rows and cells need, declared by the domain; the grid repository's adapter implements it. */
import type { StoredCell, StoredRow } from '../cells/stored-cell.js';
import type { Cursor, SortValue } from './page-token.js';
import type { RowQueryShape } from './row-query.js';

export interface RowQuery extends RowQueryShape {
  /** Rows to return; the store reads one more to tell whether a page follows. */
  readonly limit: number;
  readonly after?: Cursor;
}

export interface PageRow {
  readonly row: StoredRow;
  /** The row's sort keys, in the query's order, for the cursor. */
  readonly keys: readonly SortValue[];
}

export interface RowPage {
  readonly rows: readonly PageRow[];
  /** Whether more rows match after these. */
  readonly more: boolean;
  /** The grid revision the page was read at. */
  readonly revision: bigint;
}

export interface RowOrders {
  readonly revision: bigint;
  readonly rowIds: readonly string[];
}

export interface RowPlace {
  readonly id: string;
  readonly position: string;
}

export interface PlacedCell {
  readonly rowId: string;
  readonly cell: StoredCell;
}

export interface CellPlace {
  readonly rowId: string;
  readonly fieldId: string;
}

export interface RowReader {
  getRow(gridId: string, rowId: string): Promise<StoredRow | undefined>;
  /** The rows among `rowIds` that exist, in no particular order. */
  getRows(gridId: string, rowIds: readonly string[]): Promise<StoredRow[]>;
  rowCount(gridId: string): Promise<number>;
  /** The row right after `position` (the first row when undefined). */
  rowAfter(gridId: string, position: string | undefined): Promise<RowPlace | undefined>;
  /** The row right before `position` (the last row when undefined). */
  rowBefore(gridId: string, position: string | undefined): Promise<RowPlace | undefined>;
  /** The row at `index` in grid order, not counting `excluding`. */
  rowAt(gridId: string, index: number, excluding?: string): Promise<RowPlace | undefined>;
  /** How many rows come before `position`. */
  indexOf(gridId: string, position: string): Promise<number>;
  /** One page of rows matching `query`, read in one snapshot with the grid's revision; undefined if no grid. */
  listRows(gridId: string, query: RowQuery): Promise<RowPage | undefined>;
  /** Every row id in grid order, with the revision; undefined if no grid. */
  rowOrders(gridId: string): Promise<RowOrders | undefined>;
  /** The cells of `fieldId` that hold any of `optionIds`, with their rows. */
  cellsHoldingOptions(gridId: string, fieldId: string, optionIds: readonly string[]): Promise<{ rowId: string; cell: StoredCell }[]>;
}

export interface RowWriter extends RowReader {
  insertRows(gridId: string, rows: readonly StoredRow[], createdAt: number): Promise<void>;
  deleteRow(gridId: string, rowId: string): Promise<void>;
  setPosition(gridId: string, rowId: string, position: string): Promise<void>;
  /** Writes the cells of `put` (each replacing the cell of its row and field) and removes those `cleared` names. */
  replaceCells(gridId: string, put: readonly PlacedCell[], cleared: readonly CellPlace[]): Promise<void>;
  /** Keys the field's select cells by their first option's place in `optionIds` (empty where it is not there). */
  rekeyOptionOrder(gridId: string, fieldId: string, optionIds: readonly string[]): Promise<void>;
  /** Gives field `to` a copy of every cell of field `from`. */
  copyFieldCells(gridId: string, from: string, to: string): Promise<void>;
}
