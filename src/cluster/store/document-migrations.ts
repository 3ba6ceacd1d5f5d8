/** @module The documents table and the per-index sequence counters. */
import { sql, type Kysely } from 'kysely';
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
  // Counts and sizes kept with the counter, so every instance reads them from one row per index.
  '0009_index_doc_counts': () => ({
    async up(db: Kysely<any>) {
      await db.schema.alterTable('es_index_counters').addColumn('docs', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('es_index_counters').addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await sql`insert into es_index_counters (index_name, next_seq_no)
        select distinct index_name, 0 from es_documents where index_name not in (select index_name from es_index_counters)`.execute(db);
      await sql`update es_index_counters set
        docs = (select count(*) from es_documents d where d.index_name = es_index_counters.index_name),
        size_bytes = (select coalesce(sum(size_bytes), 0) from es_documents d where d.index_name = es_index_counters.index_name)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('es_index_counters').dropColumn('size_bytes').execute();
      await db.schema.alterTable('es_index_counters').dropColumn('docs').execute();
    },
  }),
  // A document's routing is kept with it, as ES keeps it in the _routing field, and answered on every read.
  '0010_document_routing': () => ({
    async up(db: Kysely<any>) {
      await db.schema.alterTable('es_documents').addColumn('routing', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('es_documents').dropColumn('routing').execute();
    },
  }),
});
