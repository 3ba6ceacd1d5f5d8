/**
 * A store whose documents were written before search existed (before migration 0016) finds them all once upgraded:
 * the migration indexes every stored document with its index's mapping.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '@elastic/elasticsearch';
import { openStore } from '../../src/platform/store/open-store.js';
import { startTestServer, tempDataDir, testDatabaseUrl } from '../helpers/server.js';

describe('upgrading a store written before search existed', () => {
  it('indexes the documents it holds, so every query finds them', async () => {
    const dataDir = tempDataDir();
    let server = await startTestServer({ dataDir });
    try {
      const client = new Client({ node: server.url });
      await client.indices.create({ index: 'old', mappings: { properties: { level: { type: 'keyword' }, n: { type: 'long' } } } });
      const operations = Array.from({ length: 1200 }, (_, i) => [{ index: { _index: 'old', _id: `id-${i}` } }, { level: i % 3 === 0 ? 'error' : 'info', n: i, msg: `message number ${i}` }]).flat();
      assert.equal((await client.bulk({ operations, refresh: true })).errors, false);
      await client.close();
    } finally {
      await server.close();
    }
    // The store as a build without search left it: no structure, and migration 0016 not yet applied.
    const store = await openStore({ dataDir, databaseUrl: await testDatabaseUrl(dataDir) });
    try {
      // Search contexts (0017) came after search: rolled back with it.
      for (const table of ['es_document_history', 'es_retired', 'es_search_context_marks', 'es_search_contexts']) await store.db.schema.dropTable(table).execute();
      for (const table of ['es_nested', 'es_field_stats', 'es_doc_values', 'es_doc_lengths', 'es_postings', 'es_search_indices']) await store.db.schema.dropTable(table).execute();
      await store.db.schema.dropIndex('es_documents_seq').execute();
      await store.db.deleteFrom('kysely_migration').where('name', 'in', ['0016_search', '0017_search_contexts']).execute();
    } finally {
      await store.close();
    }
    server = await startTestServer({ dataDir });
    try {
      const client = new Client({ node: server.url });
      assert.equal((await client.count({ index: 'old', query: { term: { level: 'error' } } })).count, 400);
      assert.equal((await client.count({ index: 'old', query: { range: { n: { gte: 1000 } } } })).count, 200);
      assert.deepEqual((await client.search({ index: 'old', query: { match: { msg: '1199' } } })).hits.hits.map((h) => h._id), ['id-1199']);
      await client.close();
    } finally {
      await server.dispose();
    }
  });
});
