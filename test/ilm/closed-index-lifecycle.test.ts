/**
 * A lifecycle on a closed index, as ES runs it: metadata steps (settings, blocks, allocation) go on as on an open
 * index; steps whose requests refuse closed indices (indices stats, force merge) fail into ERROR with
 * index_closed_exception, and are retried on each poll until the index is opened again.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainRecord as explain, useEsServer } from '../helpers/es.js';

async function uuidOf(client: import('@elastic/elasticsearch').Client, index: string): Promise<string> {
  const settings = await client.indices.getSettings({ index, flat_settings: true });
  return settings[index]!.settings!['index.uuid'] as string;
}

describe('a lifecycle on a closed index', () => {
  const es = useEsServer();

  it('runs settings, readonly and allocate steps on a closed index, which stays closed', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'warm-meta', policy: { phases: { warm: { min_age: '1d', actions: { set_priority: { priority: 5 }, allocate: { number_of_replicas: 0 }, readonly: {} } } } } });
    await client.indices.create({ index: 'meta-closed', settings: { 'index.lifecycle.name': 'warm-meta' } });
    await client.indices.close({ index: 'meta-closed' });
    await es.advance('1d');
    await es.advance('30m');
    const record = await explain(client, 'meta-closed');
    assert.deepEqual([record.phase, record.action, record.step], ['warm', 'complete', 'complete'], JSON.stringify(record));
    const settings = (await client.indices.getSettings({ index: 'meta-closed', flat_settings: true }))['meta-closed']!.settings!;
    assert.equal(settings['index.priority'], '5');
    assert.equal(settings['index.number_of_replicas'], '0');
    assert.equal(settings['index.blocks.write'], 'true');
    assert.equal(settings['index.verified_before_close'], 'true');
  });

  it('fails the delete action at wait-for-shard-history-leases until the index is opened', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'delete-1d', policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
    await client.indices.create({ index: 'gone-closed', settings: { 'index.lifecycle.name': 'delete-1d' } });
    await client.indices.close({ index: 'gone-closed' });
    const uuid = await uuidOf(client, 'gone-closed');
    await es.advance('1d');
    await es.advance('10m');
    const record = await explain(client, 'gone-closed');
    assert.deepEqual([record.phase, record.action, record.step, record.failed_step], ['delete', 'delete', 'ERROR', 'wait-for-shard-history-leases'], JSON.stringify(record));
    assert.deepEqual(record.step_info, { type: 'index_closed_exception', reason: 'closed', index_uuid: uuid, index: 'gone-closed' });
    assert.equal(record.is_auto_retryable_error, true);
    // Still closed: each poll retries and fails again.
    await es.advance('10m');
    assert.equal((await explain(client, 'gone-closed')).failed_step_retry_count, 1);
    await client.indices.open({ index: 'gone-closed' });
    await es.advance('10m');
    await es.advance('10m');
    assert.equal(await client.indices.exists({ index: 'gone-closed' }), false);
  });

  it('fails forcemerge on a closed index after its readonly step, into ERROR at forcemerge', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'merge', policy: { phases: { warm: { min_age: '1d', actions: { forcemerge: { max_num_segments: 1 } } } } } });
    await client.indices.create({ index: 'merge-closed', settings: { 'index.lifecycle.name': 'merge' } });
    await client.indices.close({ index: 'merge-closed' });
    const uuid = await uuidOf(client, 'merge-closed');
    await es.advance('1d');
    await es.advance('10m');
    const record = await explain(client, 'merge-closed');
    assert.deepEqual([record.phase, record.action, record.step, record.failed_step], ['warm', 'forcemerge', 'ERROR', 'forcemerge'], JSON.stringify(record));
    assert.deepEqual(record.step_info, { type: 'index_closed_exception', reason: 'closed', index_uuid: uuid, index: 'merge-closed' });
    const settings = (await client.indices.getSettings({ index: 'merge-closed', flat_settings: true }))['merge-closed']!.settings!;
    assert.equal(settings['index.blocks.write'], 'true');
    // Opened, the retry on the next poll merges and the segment count follows.
    await client.indices.open({ index: 'merge-closed' });
    await es.advance('10m');
    await es.advance('10m');
    const done = await explain(client, 'merge-closed');
    assert.deepEqual([done.phase, done.action, done.step], ['warm', 'complete', 'complete'], JSON.stringify(done));
  });
});
