/** @module The grid module's schema migrations; the same on SQLite and PostgreSQL apart from column types. */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';
import type { MigrationSet, StoreCapabilities } from '../../platform/store/store.js';

function createGridTables({ bytesType: bytes }: StoreCapabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('grids')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('revision', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('grid_fields')
        .addColumn('grid_id', 'text', (c) => c.notNull().references('grids.id').onDelete('cascade'))
        .addColumn('field_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('field_type', 'integer', (c) => c.notNull())
        .addColumn('frozen', 'integer', (c) => c.notNull())
        .addColumn('visibility', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('is_primary', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('grid_fields_pk', ['grid_id', 'field_id'])
        .execute();
      await db.schema
        .createTable('grid_field_type_options')
        .addColumn('grid_id', 'text', (c) => c.notNull())
        .addColumn('field_id', 'text', (c) => c.notNull())
        .addColumn('field_type', 'integer', (c) => c.notNull())
        .addColumn('data', sql.raw(bytes), (c) => c.notNull())
        .addPrimaryKeyConstraint('grid_field_type_options_pk', ['grid_id', 'field_id', 'field_type'])
        .addForeignKeyConstraint('grid_field_type_options_field_fk', ['grid_id', 'field_id'], 'grid_fields', ['grid_id', 'field_id'], (c) =>
          c.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createTable('grid_changesets')
        .addColumn('grid_id', 'text', (c) => c.notNull().references('grids.id').onDelete('cascade'))
        .addColumn('revision', 'bigint', (c) => c.notNull())
        .addColumn('data', sql.raw(bytes), (c) => c.notNull())
        .addColumn('committed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('grid_changesets_pk', ['grid_id', 'revision'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['grid_changesets', 'grid_field_type_options', 'grid_fields', 'grids']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

/**
 * Rows ordered by a fractional position key (byte order, so both stores sort alike), and cells keyed for the store to
 * filter and sort: `text_key` (lower-cased text) and `text_sort` (its first 256 characters, short enough to index),
 * `num_key` (number, timestamp, checkbox, or a select cell's first option's place), `first_option`, and one
 * `grid_cell_options` row per option a select cell holds.
 */
function createRowTables({ bytesType: bytes, byteOrderTextType: orderedText }: StoreCapabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('grids').addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // 0: a GridFieldChangeset; 1: a RowChangeset.
      await db.schema.alterTable('grid_changesets').addColumn('kind', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('grid_rows')
        .addColumn('grid_id', 'text', (c) => c.notNull().references('grids.id').onDelete('cascade'))
        .addColumn('row_id', 'text', (c) => c.notNull())
        .addColumn('position', sql.raw(orderedText), (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('grid_rows_pk', ['grid_id', 'row_id'])
        .execute();
      await db.schema.createIndex('grid_rows_position').unique().on('grid_rows').columns(['grid_id', 'position']).execute();
      await db.schema
        .createTable('grid_cells')
        .addColumn('grid_id', 'text', (c) => c.notNull())
        .addColumn('row_id', 'text', (c) => c.notNull())
        .addColumn('field_id', 'text', (c) => c.notNull())
        .addColumn('field_type', 'integer', (c) => c.notNull())
        .addColumn('data', sql.raw(bytes), (c) => c.notNull())
        .addColumn('text_key', sql.raw(orderedText))
        .addColumn('text_sort', sql.raw(orderedText))
        .addColumn('num_key', 'double precision')
        .addColumn('first_option', 'text')
        .addPrimaryKeyConstraint('grid_cells_pk', ['grid_id', 'row_id', 'field_id'])
        .addForeignKeyConstraint('grid_cells_row_fk', ['grid_id', 'row_id'], 'grid_rows', ['grid_id', 'row_id'], (c) => c.onDelete('cascade'))
        .addForeignKeyConstraint('grid_cells_field_fk', ['grid_id', 'field_id'], 'grid_fields', ['grid_id', 'field_id'], (c) =>
          c.onDelete('cascade'),
        )
        .execute();
      // Also the index text filters scan a field's cells by (whole text keys may be too long for PostgreSQL's B-tree rows).
      await db.schema.createIndex('grid_cells_num').on('grid_cells').columns(['grid_id', 'field_id', 'num_key']).execute();
      await db.schema.createIndex('grid_cells_text').on('grid_cells').columns(['grid_id', 'field_id', 'text_sort']).execute();
      await db.schema
        .createTable('grid_cell_options')
        .addColumn('grid_id', 'text', (c) => c.notNull())
        .addColumn('field_id', 'text', (c) => c.notNull())
        .addColumn('option_id', 'text', (c) => c.notNull())
        .addColumn('row_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('grid_cell_options_pk', ['grid_id', 'field_id', 'option_id', 'row_id'])
        .addForeignKeyConstraint('grid_cell_options_cell_fk', ['grid_id', 'row_id', 'field_id'], 'grid_cells', ['grid_id', 'row_id', 'field_id'], (c) =>
          c.onDelete('cascade'),
        )
        .execute();
      await db.schema.createIndex('grid_cell_options_cell').on('grid_cell_options').columns(['grid_id', 'row_id', 'field_id']).execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['grid_cell_options', 'grid_cells', 'grid_rows']) await db.schema.dropTable(table).execute();
      await db.schema.alterTable('grid_changesets').dropColumn('kind').execute();
      await db.schema.alterTable('grids').dropColumn('row_count').execute();
    },
  };
}

export const gridMigrations: MigrationSet = Object.freeze({
  '0001_grid_fields': createGridTables,
  '0015_grid_rows': createRowTables,
});
