/**
 * `GET /_tessera/ilm/lint` over a large cluster (issue 13, item 10's class: a read-only caller must not stall the
 * server). The lint of every managed index gives the event loop a turn every few indices, and each index's dry run
 * costs what it changes, not what the cluster holds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClusterState, createIndex } from '../../src/cluster/index.js';
import { lintManagedIndices } from '../../src/ilm/lint/lint-managed-indices.js';
import { parsePolicyBody } from '../../src/ilm/policy/lifecycle-policy.js';
import { EPOCH } from '../helpers/es.js';

function managedCluster(count: number): ClusterState {
  let state = ClusterState.draft(ClusterState.empty());
  for (let i = 0; i < count; i++) {
    const name = `m${String(i).padStart(5, '0')}-000001`;
    state = createIndex(state, { name, body: { settings: { 'index.lifecycle.name': 'p' } }, now: EPOCH, uuid: `u${i}` }).state;
  }
  return ClusterState.finish(state);
}

describe('lint of a whole cluster', () => {
  const policy = { name: 'p', policy: parsePolicyBody({ policy: { phases: { warm: { min_age: '1d', actions: { forcemerge: { max_num_segments: 1 } } }, delete: { min_age: '30d', actions: { delete: {} } } } } }), version: 1, modifiedDate: EPOCH };

  it('gives the event loop turns while it runs, and finds every index', async () => {
    const state = managedCluster(200);
    let turns = 0;
    let finished = false;
    const tick = () => {
      if (finished) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const linted = await lintManagedIndices({ state, policy: () => policy, now: EPOCH });
    finished = true;
    assert.equal(Object.keys(linted).length, 200);
    assert.deepEqual(linted['m00000-000001'], { policy: 'p', problems: [] });
    // One turn at least every 25 indices; a loop that never yields lets none run before it finishes.
    assert.ok(turns >= 200 / 25 - 1, `${turns} turns of the event loop ran during the lint`);
  });

  it('leaves the state it linted as it was', async () => {
    const state = managedCluster(30);
    const before = [...state.indices.entries()];
    await lintManagedIndices({ state, policy: () => policy, now: EPOCH });
    assert.deepEqual([...state.indices.entries()], before);
  });
});
