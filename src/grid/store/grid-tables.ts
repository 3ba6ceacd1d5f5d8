/** @module The grid module's tables, as Kysely sees them. Booleans are 0/1 integers on every dialect. */
import type { Generated } from 'kysely';

export interface GridsTable {
  id: string;
  name: string;
  revision: number | string | bigint;
  created_at: number | string | bigint;
  row_count: Generated<number>;
}

export interface GridFieldsTable {
  grid_id: string;
  field_id: string;
  position: number;
  name: string;
  description: string;
  field_type: number;
  frozen: number;
  visibility: number;
  width: number;
  is_primary: number;
}

export interface GridFieldTypeOptionsTable {
  grid_id: string;
  field_id: string;
  field_type: number;
  data: Uint8Array;
}

export interface GridChangesetsTable {
  grid_id: string;
  revision: number | string | bigint;
  data: Uint8Array;
  committed_at: number | string | bigint;
  /** 0: a GridFieldChangeset; 1: a RowChangeset. */
  kind: Generated<number>;
}

export interface GridRowsTable {
  grid_id: string;
  row_id: string;
  /** A fractional index key: rows sort by it, byte by byte. */
  position: string;
  created_at: number | string | bigint;
}

export interface GridCellsTable {
  grid_id: string;
  row_id: string;
  field_id: string;
  /** The field type the cell was written under. */
  field_type: number;
  /** The encoded CellData. */
  data: Uint8Array;
  text_key: string | null;
  /** The first TEXT_SORT_LENGTH characters of text_key: what text sorts by, indexed. */
  text_sort: string | null;
  num_key: number | null;
  first_option: string | null;
}

export interface GridCellOptionsTable {
  grid_id: string;
  field_id: string;
  option_id: string;
  row_id: string;
}

export interface GridTables {
  grids: GridsTable;
  grid_fields: GridFieldsTable;
  grid_field_type_options: GridFieldTypeOptionsTable;
  grid_changesets: GridChangesetsTable;
  grid_rows: GridRowsTable;
  grid_cells: GridCellsTable;
  grid_cell_options: GridCellOptionsTable;
}
