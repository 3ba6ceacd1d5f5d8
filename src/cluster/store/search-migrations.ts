/**
 * @module The index structure search reads, kept beside the documents in the same store and written in the same
 * transaction as them (so what a write acknowledged is searchable after a crash):
 * - `es_search_indices` numbers each index, so the structure's rows carry a small key instead of a name;
 * - `es_postings`: one row per (text field, term, document) with the term's frequency, the field's length and positions;
 * - `es_doc_lengths`: each text field's length in tokens per document, BM25's norm;
 * - `es_doc_values`: keywords and numbers (dates as epoch millis, booleans as 0/1) per (document, field);
 * - `es_field_stats`: per field, the documents that have it and the sum of their lengths, BM25's collection statistics.
 * A document is named by its sequence number (`doc`), which a new version of it replaces. Terms and keywords are
 * indexed by their first KEY_LENGTH characters, the rest kept beside them: PostgreSQL's B-tree rows are limited to
 * about 2.7 kB, and keywords of any length are valid documents.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationSet, StoreCapabilities } from '../../platform/store/store.js';
import { indexDocument } from '../search/document-indexer.js';
import type { JsonObject, RootMapping } from '../mappings/mapping-model.js';
import { indexStoredDocuments } from './search-index-writes.js';
import { searchContextTables } from './search-context-migrations.js';

export const KEY_LENGTH = 200;

function createSearchTables({ byteOrderTextType: orderedText, serialKeyType, clusteredTableSuffix }: StoreCapabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('es_search_indices')
        .addColumn('index_key', serialKeyType, (c) => c.primaryKey())
        .addColumn('index_name', 'text', (c) => c.notNull().unique())
        .execute();
      await db.schema
        .createTable('es_postings')
        .addColumn('index_key', 'bigint', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('term', sql.raw(orderedText), (c) => c.notNull())
        // The whole term when it is longer than `term`.
        .addColumn('term_rest', 'text')
        .addColumn('doc', 'bigint', (c) => c.notNull())
        .addColumn('freq', 'integer', (c) => c.notNull())
        // The field's length in the document as its norm decodes it, beside each of its terms: scoring reads no other table.
        .addColumn('length', 'integer', (c) => c.notNull())
        .addColumn('positions', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('es_postings_term').on('es_postings').columns(['index_key', 'field', 'term', 'term_rest', 'doc']).execute();
      await db.schema.createIndex('es_postings_doc').on('es_postings').columns(['index_key', 'doc']).execute();
      await db.schema
        .createTable('es_doc_lengths')
        .addColumn('index_key', 'bigint', (c) => c.notNull())
        .addColumn('doc', 'bigint', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('length', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('es_doc_lengths_pk', ['index_key', 'doc', 'field'])
        .execute();
      await db.schema.createIndex('es_doc_lengths_field').on('es_doc_lengths').columns(['index_key', 'field', 'doc']).execute();
      // Kept in document order where the store can (SQLite): a query probing one document's values reads one place.
      await db.schema
        .createTable('es_doc_values')
        .addColumn('index_key', 'bigint', (c) => c.notNull())
        .addColumn('doc', 'bigint', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        // The value's place among the document's values of the field (a field may hold several).
        .addColumn('ord', 'integer', (c) => c.notNull())
        .addColumn('k', sql.raw(orderedText))
        .addColumn('k_rest', sql.raw(orderedText))
        .addColumn('n', 'double precision')
        .addPrimaryKeyConstraint('es_doc_values_pk', ['index_key', 'doc', 'field', 'ord'])
        .modifyEnd(sql.raw(clusteredTableSuffix))
        .execute();
      await db.schema.createIndex('es_doc_values_k').on('es_doc_values').columns(['index_key', 'field', 'k', 'k_rest', 'doc']).where(sql.ref('k'), 'is not', null).execute();
      await db.schema.createIndex('es_doc_values_n').on('es_doc_values').columns(['index_key', 'field', 'n', 'doc']).where(sql.ref('n'), 'is not', null).execute();
      await db.schema
        .createTable('es_field_stats')
        .addColumn('index_key', 'bigint', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('doc_count', 'bigint', (c) => c.notNull())
        .addColumn('sum_length', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('es_field_stats_pk', ['index_key', 'field'])
        .execute();
      // Nested documents (negative numbers derived from their root's sequence number) and where each belongs.
      await db.schema
        .createTable('es_nested')
        .addColumn('index_key', 'bigint', (c) => c.notNull())
        .addColumn('child', 'bigint', (c) => c.notNull())
        .addColumn('parent', 'bigint', (c) => c.notNull())
        .addColumn('root', 'bigint', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('es_nested_pk', ['index_key', 'child'])
        .execute();
      await db.schema.createIndex('es_nested_root').on('es_nested').columns(['index_key', 'root']).execute();
      await db.schema.createIndex('es_nested_path').on('es_nested').columns(['index_key', 'path', 'parent', 'child']).execute();
      // Hits are fetched, and the live documents listed, by sequence number.
      await db.schema.createIndex('es_documents_seq').on('es_documents').columns(['index_name', 'seq_no']).execute();
      await indexExistingDocuments(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('es_documents_seq').execute();
      for (const table of ['es_nested', 'es_field_stats', 'es_doc_values', 'es_doc_lengths', 'es_postings', 'es_search_indices']) await db.schema.dropTable(table).execute();
    },
  };
}

/** Documents per batch when the documents a store already holds are indexed. */
const BACKFILL_BATCH = 500;

/** Every document stored before search existed enters the structure, read with its index's mapping. */
async function indexExistingDocuments(db: Kysely<any>): Promise<void> {
  const indices = await db.selectFrom('cluster_indices').select(['name', 'data']).execute();
  for (const { name, data } of indices) {
    const mapping = ((JSON.parse(data) as { mappings?: RootMapping }).mappings ?? {}) as RootMapping;
    let after = '';
    for (;;) {
      const rows = await db.selectFrom('es_documents').select(['doc_id', 'seq_no', 'source']).where('index_name', '=', name).where('doc_id', '>', after).orderBy('doc_id').limit(BACKFILL_BATCH).execute();
      if (rows.length === 0) break;
      const documents = rows.map((r) => ({ id: r.doc_id as string, seqNo: Number(r.seq_no), indexed: indexDocument(mapping, JSON.parse(r.source as string) as JsonObject) }));
      await indexStoredDocuments(db, name, documents);
      after = rows.at(-1)!.doc_id as string;
    }
  }
}

export const searchMigrations: MigrationSet = Object.freeze({
  '0016_search': createSearchTables,
  '0017_search_contexts': () => searchContextTables,
});
