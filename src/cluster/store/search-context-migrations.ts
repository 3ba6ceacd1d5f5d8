/**
 * @module The tables behind search contexts (point in time, scroll), kept in the store so that every instance
 * sharing it sees the same open contexts:
 * - `es_search_contexts`: one row per open context, its kind, expiry (epoch millis from the Clock) and its state
 *   (a scroll's request and where it stands);
 * - `es_search_context_marks`: per context and index, the highest sequence number the context sees (its snapshot);
 * - `es_retired`: versions a write replaced or deleted while a context was open on their index, with the sequence
 *   number of the write that retired them; their structure rows stay until no context can see them;
 * - `es_document_history`: those versions' stored documents, which contexts still fetch.
 */
import type { Kysely, Migration } from 'kysely';

export const searchContextTables: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('es_search_contexts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('es_search_context_marks')
      .addColumn('context_id', 'text', (c) => c.notNull())
      .addColumn('index_name', 'text', (c) => c.notNull())
      .addColumn('mark', 'bigint', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('es_search_context_marks_pk', ['context_id', 'index_name'])
      .execute();
    // A write asks whether any context is open on its index.
    await db.schema.createIndex('es_search_context_marks_index').on('es_search_context_marks').columns(['index_name', 'mark']).execute();
    await db.schema
      .createTable('es_retired')
      .addColumn('index_key', 'bigint', (c) => c.notNull())
      .addColumn('doc', 'bigint', (c) => c.notNull())
      .addColumn('retired_seq', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('es_retired_pk', ['index_key', 'doc'])
      .execute();
    await db.schema
      .createTable('es_document_history')
      .addColumn('index_name', 'text', (c) => c.notNull())
      .addColumn('doc_id', 'text', (c) => c.notNull())
      .addColumn('seq_no', 'bigint', (c) => c.notNull())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('routing', 'text')
      .addPrimaryKeyConstraint('es_document_history_pk', ['index_name', 'seq_no'])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['es_document_history', 'es_retired', 'es_search_context_marks', 'es_search_contexts']) await db.schema.dropTable(table).execute();
  },
};
