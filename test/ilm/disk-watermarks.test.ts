/**
 * The spec's error row 8, from real causes: documents fill the node's disk. Above the high watermark ILM cannot
 * place new shards and waits with ES's reason; above flood stage the indices are blocked and a step that writes
 * fails into ERROR. Freeing disk (the spec's remedy) lets the waits go on by themselves, and a retry after the
 * block lifts finishes the policy.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainRecord, useEsServer, sizedDocument as doc } from '../helpers/es.js';
import { lintCluster } from '../helpers/lint.js';


describe('row 8: high disk watermark', () => {
  const es = useEsServer();

  it('a rollover waits at wait-for-active-shards while the high watermark is exceeded, and goes on once disk is freed', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'tessera.disk.capacity': '10kb' } });
    await client.ilm.putLifecycle({ name: 'rolling', policy: { phases: { hot: { actions: { rollover: { max_docs: 2 } } } } } });
    await client.index({ index: 'old-data', document: doc(3000) });
    await client.indices.create({
      index: 'logs-000001',
      settings: { 'index.lifecycle.name': 'rolling', 'index.lifecycle.rollover_alias': 'logs' },
      aliases: { logs: { is_write_index: true } },
    });
    await client.index({ index: 'logs', document: doc(3200) });
    await client.index({ index: 'logs', document: doc(3200) });
    const [allocation] = await client.cat.allocation({ format: 'json' });
    assert.ok(Number(allocation!['disk.percent']) >= 90 && Number(allocation!['disk.percent']) < 95, JSON.stringify(allocation));

    await es.advance('10m');
    const waiting = await explainRecord(client, 'logs-000001');
    assert.deepEqual([waiting.phase, waiting.action, waiting.step], ['hot', 'rollover', 'wait-for-active-shards']);
    assert.deepEqual(waiting.step_info, { message: 'high disk watermark [90%] exceeded on [tessera-0]' });
    assert.deepEqual((await lintCluster(client))['logs-000001']?.step_info_diagnosis, {
      row: 8,
      cause: 'The disk of [tessera-0] is above the high watermark [90%], so new shards cannot be placed.',
      remedy:
        'Free disk space, for example by deleting old indices or documents, or raise the high watermark; set up rollover so data moves on from the hot phase. The step is waiting, not failed: it goes on by itself once there is room.',
      retry: 'none',
    });
    assert.equal(await client.indices.exists({ index: 'logs-000002' }), true, 'the new index exists; its shards cannot be placed');

    // Remedy: free disk. The wait completes on the next cluster-state change, without a retry.
    await client.indices.delete({ index: 'old-data' });
    const done = await explainRecord(client, 'logs-000001');
    assert.deepEqual([done.phase, done.action, done.step], ['hot', 'complete', 'complete']);
    assert.equal(done.step_info, undefined);
  });
});

describe('row 8: flood stage', () => {
  const es = useEsServer();

  it('blocks the indices; a step that writes fails into ERROR; freeing disk lifts the block and a retry finishes', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'tessera.disk.capacity': '10kb' } });
    await client.ilm.putLifecycle({ name: 'warmup', policy: { phases: { warm: { min_age: '1d', actions: { allocate: { number_of_replicas: 0 } } } } } });
    await client.indices.create({ index: 'metrics-1', settings: { 'index.lifecycle.name': 'warmup' } });
    await client.index({ index: 'metrics-1', id: 'a', document: doc(5000) });
    await client.index({ index: 'metrics-1', id: 'b', document: doc(4900) });
    const settings = await client.indices.getSettings({ index: 'metrics-1', flat_settings: true });
    assert.equal(settings['metrics-1']?.settings?.['index.blocks.read_only_allow_delete'], 'true');

    await es.advance('1d');
    await es.advance('10m');
    const failed = await explainRecord(client, 'metrics-1');
    assert.deepEqual([failed.phase, failed.action, failed.step, failed.failed_step], ['warm', 'allocate', 'ERROR', 'allocate']);
    assert.deepEqual(failed.step_info, {
      type: 'cluster_block_exception',
      reason: 'index [metrics-1] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];',
    });
    assert.equal(failed.is_auto_retryable_error, true);

    // Remedy: free disk. Below the high watermark the block is released at once; then retry.
    await client.delete({ index: 'metrics-1', id: 'b' });
    const released = await client.indices.getSettings({ index: 'metrics-1', flat_settings: true });
    assert.equal(released['metrics-1']?.settings?.['index.blocks.read_only_allow_delete'], undefined);
    await client.ilm.retry({ index: 'metrics-1' });
    const done = await explainRecord(client, 'metrics-1');
    assert.deepEqual([done.phase, done.action, done.step], ['warm', 'complete', 'complete']);
    const after = await client.indices.getSettings({ index: 'metrics-1', flat_settings: true });
    assert.equal(after['metrics-1']?.settings?.['index.number_of_replicas'], '0');
  });
});
