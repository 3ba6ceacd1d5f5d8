/** @module The cluster module's tables: one JSON document per index, per index template, per component template and per custom metadata type, and the cluster settings. */
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
  // Component templates, which index templates compose: one JSON document each, versioned like the index templates.
  '0013_component_templates': () => ({
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cluster_component_templates')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('cluster_component_templates').execute();
    },
  }),
  // Legacy (`_template`) index templates: one JSON document each, versioned like the other templates.
  '0014_legacy_templates': () => ({
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cluster_legacy_templates')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('cluster_legacy_templates').execute();
    },
  }),
});
