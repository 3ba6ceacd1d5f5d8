import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TEST_OPTIONS, useEsServer } from './es-helpers.js';

describe('GET /_cluster/stats', () => {
  const es = useEsServer();

  it('answers an empty cluster: no indices, no shards, one node', TEST_OPTIONS, async () => {
    const stats = await es.client.cluster.stats();
    assert.deepEqual(stats._nodes, { total: 1, successful: 1, failed: 0 });
    assert.equal(stats.cluster_name, 'tessera');
    assert.equal(stats.cluster_uuid, (await es.client.info()).cluster_uuid);
    assert.equal(stats.status, 'green');
    assert.equal(typeof stats.timestamp, 'number');
    assert.equal(stats.indices.count, 0);
    assert.deepEqual(stats.indices.shards, {});
    assert.deepEqual(stats.indices.docs, { count: 0, deleted: 0, total_size_in_bytes: 0 });
    assert.equal(stats.nodes.count.total, 1);
    assert.equal(stats.nodes.count.master, 1);
    assert.equal(stats.nodes.count.ml, 0);
    assert.deepEqual(stats.nodes.versions, [(await es.client.info()).version.number]);
    // Tessera runs no JVM: the section is left out rather than made up.
    assert.equal((stats.nodes as any).jvm, undefined);
  });

  it('counts indices, documents, store and the active (primary) shards', TEST_OPTIONS, async () => {
    await es.client.indices.create({ index: 'stats-a', settings: { number_of_shards: 1, number_of_replicas: 0 } });
    await es.client.indices.create({ index: 'stats-b', settings: { number_of_shards: 3, number_of_replicas: 1 } });
    await es.client.index({ index: 'stats-a', id: '1', document: { msg: 'hello' } });
    await es.client.index({ index: 'stats-b', id: '1', document: { msg: 'world' } });
    const stats = await es.client.cluster.stats();
    assert.equal(stats.indices.count, 2);
    assert.equal(stats.indices.docs.count, 2);
    assert.ok(stats.indices.store.size_in_bytes > 0);
    assert.equal(stats.status, 'yellow');
    assert.deepEqual(stats.indices.shards, {
      total: 4,
      primaries: 4,
      replication: 0,
      index: { shards: { min: 1, max: 3, avg: 2 }, primaries: { min: 1, max: 3, avg: 2 }, replication: { min: 0, max: 0, avg: 0 } },
    });
    assert.ok(stats.nodes.fs.total_in_bytes! > 0);
  });
});
