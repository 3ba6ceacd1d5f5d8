/** @module The cluster module's tables: one JSON document per index, per template and per custom metadata type, and the cluster settings. */
import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../platform/store/store.js';

export const clusterMigrations: MigrationSet = Object.freeze({
  '0002_cluster_state': () => ({
    async up(db: Kysely<any>) {
      await db.schema.createTable('cluster_indices').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
      await db.schema.createTable('cluster_templates').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
      await db.schema.createTable('cluster_meta').addColumn('key', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['cluster_meta', 'cluster_templates', 'cluster_indices']) await db.schema.dropTable(table).execute();
    },
  }),
  // The cluster-state version that last wrote each row, so an instance reloads only what others changed.
  '0008_cluster_row_versions': () => ({
    async up(db: Kysely<any>) {
      for (const table of ['cluster_indices', 'cluster_templates']) {
        await db.schema.alterTable(table).addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const table of ['cluster_indices', 'cluster_templates']) await db.schema.alterTable(table).dropColumn('version').execute();
    },
  }),
  // Other modules' metadata in the cluster state (ES's Metadata.Custom), one JSON document per type.
  '0011_cluster_customs': () => ({
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cluster_customs')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('cluster_customs').execute();
    },
  }),
});
