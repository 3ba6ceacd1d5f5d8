/** @module The grid module's tables, as Kysely sees them. Booleans are 0/1 integers on every dialect. */
export interface GridsTable {
  id: string;
  name: string;
  revision: number | string | bigint;
  created_at: number | string | bigint;
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
}

export interface GridTables {
  grids: GridsTable;
  grid_fields: GridFieldsTable;
  grid_field_type_options: GridFieldTypeOptionsTable;
  grid_changesets: GridChangesetsTable;
}
