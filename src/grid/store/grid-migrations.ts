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

export const gridMigrations: MigrationSet = Object.freeze({
  '0001_grid_fields': createGridTables,
});
