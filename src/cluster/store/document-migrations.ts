/** @module The documents table and the per-index sequence counters. */
import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../platform/store/store.js';

export const documentMigrations: MigrationSet = Object.freeze({
  '0004_documents': () => ({
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('es_documents')
        .addColumn('index_name', 'text', (c) => c.notNull())
        .addColumn('doc_id', 'text', (c) => c.notNull())
        .addColumn('seq_no', 'bigint', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('es_documents_pk', ['index_name', 'doc_id'])
        .execute();
      await db.schema
        .createTable('es_index_counters')
        .addColumn('index_name', 'text', (c) => c.primaryKey())
        .addColumn('next_seq_no', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('es_index_counters').execute();
      await db.schema.dropTable('es_documents').execute();
    },
  }),
});
