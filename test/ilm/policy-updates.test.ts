/** How a policy update reaches indices already running it (PhaseCacheManagement, research §4). */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer } from '../helpers/es.js';

async function execution(client: Client, index: string) {
  const record = (await client.ilm.explainLifecycle({ index })).indices[index] as unknown as Record<string, unknown>;
  return record as { phase: string; action: string; step: string; phase_execution: { version: number; phase_definition: unknown } };
}

describe('policy updates and the cached phase', () => {
  const es = useEsServer();

  it('refreshes the cached phase when the new one compiles to the same steps, and keeps it otherwise', async () => {
    const { client } = es;
    const policy = (priority: number | undefined, warmAge: string) => ({
      phases: {
        hot: { actions: priority === undefined ? {} : { set_priority: { priority } } },
        warm: { min_age: warmAge, actions: { readonly: {} } },
      },
    });
    await client.ilm.putLifecycle({ name: 'p', policy: policy(10, '10d') });
    await client.indices.create({ index: 'cached', settings: { 'index.lifecycle.name': 'p', 'index.number_of_replicas': 0 } });
    await es.advance('10m');
    let state = await execution(client, 'cached');
    assert.deepEqual([state.phase, state.action, state.step, state.phase_execution.version], ['hot', 'complete', 'complete', 1]);
    const settings = await client.indices.getSettings({ index: 'cached', name: 'index.priority', flat_settings: true });
    assert.equal(settings.cached?.settings?.['index.priority'], '10');

    // Same steps (set_priority), new value: the cache follows the policy, in the policy's own cluster-state commit.
    const before = (await client.cluster.state({ metric: 'version' })).version!;
    await client.ilm.putLifecycle({ name: 'p', policy: policy(50, '10d') });
    const committed = await client.cluster.state({ metric: 'version,metadata', filter_path: 'version,metadata.index_lifecycle.policies.p.version' });
    assert.equal(committed.version, before + 1, 'one commit saves the policy and refreshes the index');
    assert.equal((committed.metadata as any).index_lifecycle.policies.p.version, 2);
    state = await execution(client, 'cached');
    assert.equal(state.phase_execution.version, 2);
    assert.deepEqual(state.phase_execution.phase_definition, { min_age: '0ms', actions: { set_priority: { priority: 50 } } });

    // Different steps (no set_priority): the index keeps the phase it started.
    await client.ilm.putLifecycle({ name: 'p', policy: policy(undefined, '10d') });
    state = await execution(client, 'cached');
    assert.equal(state.phase_execution.version, 2);

    // A future phase's min_age applies at once: warm now starts at 2d instead of 10d.
    await client.ilm.putLifecycle({ name: 'p', policy: policy(undefined, '2d') });
    await es.advance('2d');
    state = await execution(client, 'cached');
    assert.deepEqual([state.phase, state.action, state.step, state.phase_execution.version], ['warm', 'complete', 'complete', 4]);
  });

  it('is a cluster-state change: policies and the operation mode are versioned with the rest of the state', async () => {
    const { client } = es;
    const version = async () => (await client.cluster.state({ metric: 'version' })).version!;
    const start = await version();
    await client.ilm.putLifecycle({ name: 'unused', policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
    assert.equal(await version(), start + 1);
    await client.ilm.putLifecycle({ name: 'unused', policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
    assert.equal(await version(), start + 1, 'an identical PUT changes nothing');
    await client.ilm.stop();
    const stopped = await version();
    assert.ok(stopped > start + 1);
    await client.ilm.start();
    await client.ilm.deleteLifecycle({ name: 'unused' });
    assert.ok((await version()) > stopped);
    const metadata = await client.cluster.state({ metric: 'metadata', filter_path: 'metadata.index_lifecycle' });
    assert.deepEqual(Object.keys((metadata.metadata as any).index_lifecycle.policies), ['p']);
  });
});
