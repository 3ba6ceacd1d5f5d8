/** @module ILM's tables: policies as JSON documents, and ILM's own settings such as the operation mode. */
import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../platform/store/store.js';

export const ilmMigrations: MigrationSet = Object.freeze({
  '0003_ilm_policies': () => ({
    async up(db: Kysely<any>) {
      await db.schema.createTable('ilm_policies').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
      await db.schema.createTable('ilm_meta').addColumn('key', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('ilm_meta').execute();
      await db.schema.dropTable('ilm_policies').execute();
    },
  }),
});
