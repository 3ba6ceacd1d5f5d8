/**
 * `POST /_ilm/stop`, `POST /_ilm/start` and `GET /_ilm/status`: while ILM is stopped nothing progresses
 * (no initialisation, no phase moves, no waits, no retries); after start everything catches up.
 */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer, explainRecord as explain, type Row } from '../helpers/es.js';


async function position(client: Client, index: string): Promise<[string, string, string]> {
  const record = await explain(client, index);
  return [record.phase, record.action, record.step];
}

describe('ILM operation mode', () => {
  const es = useEsServer();

  it('is RUNNING at first', async () => {
    assert.deepEqual(await es.client.ilm.getStatus(), { operation_mode: 'RUNNING' });
    const response = await fetch(`${es.server.url}/_ilm/status`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { operation_mode: 'RUNNING' });
  });

  it('sets up indices before stopping', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({
      name: 'slow',
      policy: { phases: { warm: { min_age: '1d', actions: { set_priority: { priority: 7 } } }, delete: { min_age: '3d', actions: { delete: {} } } } },
    });
    await client.ilm.putLifecycle({ name: 'roll', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    await client.indices.create({ index: 'before', settings: { 'index.lifecycle.name': 'slow' } });
    await client.indices.create({ index: 'failing-000001', settings: { 'index.lifecycle.name': 'roll' } });
    await es.advance('10m');
    assert.deepEqual(await position(client, 'before'), ['new', 'complete', 'complete']);
    const failing = await explain(client, 'failing-000001');
    assert.equal(failing.step, 'ERROR');
    assert.equal('failed_step_retry_count' in failing, false);
  });

  it('stop answers acknowledged and the mode reads STOPPED', async () => {
    const { client } = es;
    assert.deepEqual(await client.ilm.stop(), { acknowledged: true });
    assert.deepEqual(await client.ilm.getStatus(), { operation_mode: 'STOPPED' });
    assert.deepEqual(await client.ilm.stop(), { acknowledged: true }, 'stopping again is fine');
    assert.deepEqual(await client.ilm.getStatus(), { operation_mode: 'STOPPED' });
  });

  it('nothing progresses while stopped', async () => {
    const { client } = es;
    await client.indices.create({ index: 'during', settings: { 'index.lifecycle.name': 'slow' } });
    const stepTime = (await explain(client, 'before')).step_time_millis;
    await es.advance('5d');
    const before = await explain(client, 'before');
    assert.deepEqual([before.phase, before.action, before.step], ['new', 'complete', 'complete'], 'no phase move');
    assert.equal(before.step_time_millis, stepTime);
    assert.equal(before.age, '5d');
    const during = await explain(client, 'during');
    assert.equal(during.managed, true);
    assert.equal('phase' in during, false, 'a new index is not even initialised');
    assert.equal('step' in during, false);
    const failing = await explain(client, 'failing-000001');
    assert.equal(failing.step, 'ERROR');
    assert.equal('failed_step_retry_count' in failing, false, 'no automatic retries');
    assert.equal(await client.indices.exists({ index: 'before' }), true, 'the delete phase is due but does not run');
    assert.deepEqual(await client.ilm.getStatus(), { operation_mode: 'STOPPED' });
  });

  it('the mode survives a policy change', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'other', policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
    assert.deepEqual(await client.ilm.getStatus(), { operation_mode: 'STOPPED' });
  });

  it('start answers acknowledged, the mode reads RUNNING, and overdue work happens at once', async () => {
    const { client } = es;
    assert.deepEqual(await client.ilm.start(), { acknowledged: true });
    assert.deepEqual(await client.ilm.getStatus(), { operation_mode: 'RUNNING' });
    assert.deepEqual(await client.ilm.start(), { acknowledged: true }, 'starting again is fine');
    // The start is a cluster-state change: phase moves happen at once (the delete itself may wait for a poll).
    for (const index of ['before', 'during']) {
      const rows = Object.values((await client.ilm.explainLifecycle({ index: `${index}*` })).indices) as unknown as Row[];
      assert.ok(rows.length === 0 || ['warm', 'delete'].includes(rows[0]!.phase), `${index} left the new phase`);
    }
    await es.advance('10m');
    // Both are past the delete phase's 3d: they ran through warm and are deleted.
    assert.equal(await client.indices.exists({ index: 'before' }), false);
    assert.equal(await client.indices.exists({ index: 'during' }), false);
  });

  it('polling resumes: the failing index is retried again on each tick', async () => {
    const { client } = es;
    const failing = await explain(client, 'failing-000001');
    assert.equal(failing.step, 'ERROR');
    assert.equal(failing.failed_step_retry_count, 1, 'the tick after the start retried it once');
    await es.advance('10m');
    assert.equal((await explain(client, 'failing-000001')).failed_step_retry_count, 2);
  });
});
