/**
 * A `_bulk` creates each missing name once per batch, as TransportBulkAction does: every item that names an index
 * the batch could not create fails with that one creation's error, without asking the store again. Items of an
 * invalid name therefore cost a batch one cluster-state commit, not one each (a PostgreSQL round trip each).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClusterError, ClusterService, DocumentService, KyselyClusterRepository, KyselyDocumentRepository } from '../../src/cluster/index.js';
import { MIGRATIONS } from '../../src/build-server.js';
import { systemClock } from '../../src/platform/clock.js';
import { Generations } from '../../src/platform/store/generations.js';
import { migrateToLatest } from '../../src/platform/store/migrate.js';
import { openStore } from '../../src/platform/store/open-store.js';
import type { Store } from '../../src/platform/store/store.js';
import type { WriteRequest } from '../../src/cluster/documents/document-requests.js';
import { removeTestData, tempDataDir, testDatabaseUrl } from '../helpers/server.js';

describe('_bulk auto-creation, once per name in a batch', () => {
  const dataDir = tempDataDir();
  let store: Store;
  let cluster: ClusterService;
  let documents: DocumentService;
  let updates = 0;

  before(async () => {
    store = await openStore({ dataDir, databaseUrl: await testDatabaseUrl(dataDir) });
    await migrateToLatest(store, MIGRATIONS);
    const shared = { shared: store.shared, generations: new Generations(store.capabilities, store.signals) };
    let uuids = 0;
    const newUuid = () => `uuid-${uuids++}`;
    cluster = await ClusterService.open(new KyselyClusterRepository(store.db, shared), systemClock, newUuid);
    documents = await DocumentService.open(new KyselyDocumentRepository(store.db, shared), cluster, systemClock, newUuid);
    const update = cluster.update.bind(cluster);
    cluster.update = (change) => {
      updates++;
      return update(change);
    };
  });

  after(async () => {
    await store.close();
    await removeTestData(dataDir);
  });

  it('fails every item of a name it cannot create with the one error, after one attempt', async () => {
    const requests: WriteRequest[] = [];
    for (let n = 0; n < 300; n++) requests.push({ op: 'index', target: 'UPPER', source: { n } }, { op: 'create', target: 'Also_Upper', source: { n } });
    updates = 0;
    const results = await documents.bulk(requests);
    assert.equal(updates, 2, 'one creation attempt for each missing name');
    assert.equal(results.length, 600);
    for (const [i, result] of results.entries()) {
      assert.ok(result instanceof ClusterError);
      assert.deepEqual([result.type, result.status, result.reason], ['invalid_index_name_exception', 400, `Invalid index name [${i % 2 === 0 ? 'UPPER' : 'Also_Upper'}], must be lowercase`]);
    }
  });

  it('tries again in the next batch: what a batch failed to create is not remembered past it', async () => {
    updates = 0;
    await documents.bulk([{ op: 'index', target: 'UPPER', source: {} }]);
    await documents.bulk([{ op: 'index', target: 'UPPER', source: {} }]);
    assert.equal(updates, 2);
  });

  it('keeps apart items whose flags change what a creation may do', async () => {
    updates = 0;
    const results = await documents.bulk([
      { op: 'index', target: 'plain-or-stream', source: {}, requireDataStream: true },
      { op: 'index', target: 'plain-or-stream', source: {} },
      { op: 'index', target: 'plain-or-stream', source: {}, requireDataStream: true },
    ]);
    assert.deepEqual(
      results.map((r) => (r instanceof ClusterError ? r.type : r.result)),
      ['index_not_found_exception', 'created', 'resource_not_found_exception'],
    );
    assert.equal(updates, 2);
  });
});
