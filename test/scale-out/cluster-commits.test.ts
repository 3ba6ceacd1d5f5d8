/**
 * Cluster-state changes from two instances of one PostgreSQL store race and are serialised: each is computed on
 * the state the other committed, so no change is lost and no transition that expects a step is applied twice.
 * This is what keeps two lifecycle runners that overlap (a leader not yet known to be dead) from repeating a step.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClusterService, ClusterState, createIndex, IndexMetadata, KyselyClusterRepository } from '../../src/cluster/index.js';
import { systemClock } from '../../src/platform/clock.js';
import { Generations } from '../../src/platform/store/generations.js';
import { migrateToLatest } from '../../src/platform/store/migrate.js';
import { openStore } from '../../src/platform/store/open-store.js';
import type { Store } from '../../src/platform/store/store.js';
import { MIGRATIONS } from '../../src/build-server.js';
import { removeTestData, TEST_DATABASE_URL, tempDataDir, testDatabaseUrl } from '../helpers/server.js';

const skip = TEST_DATABASE_URL ? false : 'needs PostgreSQL: set TESSERA_TEST_DATABASE_URL';

async function openCluster(store: Store): Promise<ClusterService> {
  const repository = new KyselyClusterRepository(store.db, { shared: true, generations: new Generations(store.capabilities, store.signals) });
  return ClusterService.open(repository, systemClock, () => 'uuid-of-the-test-cluster');
}

function setSetting(state: ClusterState, key: string, value: string): ClusterState {
  const index = state.indices.get('shared')!;
  return ClusterState.withIndex(state, IndexMetadata.with(index, { settings: Object.freeze({ ...index.settings, [key]: value }) }));
}

describe('cluster-state commits from two instances', { skip }, () => {
  const dataDir = tempDataDir();
  const stores: Store[] = [];
  let one: ClusterService;
  let two: ClusterService;

  before(async () => {
    const url = await testDatabaseUrl(dataDir);
    for (let i = 0; i < 2; i++) stores.push(await openStore({ dataDir, databaseUrl: url }));
    await migrateToLatest(stores[0]!, MIGRATIONS);
    one = await openCluster(stores[0]!);
    two = await openCluster(stores[1]!);
    await one.update((state) => ({ state: createIndex(state, { name: 'shared', body: {}, now: 0, uuid: 'u' }).state, result: undefined }));
  });

  after(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await removeTestData(dataDir);
  });

  it('loses no change: forty increments through both instances make forty', async () => {
    const increments = Array.from({ length: 40 }, (_, i) =>
      (i % 2 === 0 ? one : two).update((state) => {
        const seen = Number(state.indices.get('shared')!.settings['index.test.counter'] ?? 0);
        return { state: setSetting(state, 'index.test.counter', String(seen + 1)), result: seen };
      }),
    );
    const seen = await Promise.all(increments);
    assert.deepEqual([...seen].sort((a, b) => a - b), Array.from({ length: 40 }, (_, i) => i), 'each change saw the one before it');
    await Promise.all([one.sync(), two.sync()]);
    assert.equal(two.state.indices.get('shared')!.settings['index.test.counter'], '40');
    assert.equal(one.state.indices.get('shared')!.settings['index.test.counter'], '40');
  });

  it('applies a transition that expects a step once, however many instances try it at once', async () => {
    await one.update((state) => ({ state: setSetting(state, 'index.test.step', 'check-rollover-ready'), result: undefined }));
    const attempts = Array.from({ length: 10 }, (_, i) =>
      (i % 2 === 0 ? one : two).update((state) => {
        if (state.indices.get('shared')!.settings['index.test.step'] !== 'check-rollover-ready') return { state, result: false };
        return { state: setSetting(state, 'index.test.step', 'attempt-rollover'), result: true };
      }),
    );
    assert.equal((await Promise.all(attempts)).filter(Boolean).length, 1);
  });

  it('skipUnchanged: a change that moves nothing on the copy held commits nothing; one that moves it is decided on the stored state', async () => {
    let commits = 0;
    const repository = new KyselyClusterRepository(stores[1]!.db, { shared: true, generations: new Generations(stores[1]!.capabilities, stores[1]!.signals) });
    const commit = repository.commit.bind(repository);
    repository.commit = (known, change) => {
      commits++;
      return commit(known, change);
    };
    const three = await ClusterService.open(repository, systemClock, () => 'unused');
    const unchanged = (state: ClusterState) => ({ state, result: 'nothing' });
    assert.equal(await three.update(unchanged, { skipUnchanged: true }), 'nothing');
    assert.equal(commits, 0, 'a poll tick that moves nothing opens no transaction');
    await three.update(unchanged);
    assert.equal(commits, 1, 'without the option every change goes through the store');

    // The copy `three` holds still expects the step; another instance has moved it on.
    await one.update((state) => ({ state: setSetting(state, 'index.test.step', 'check-rollover-ready'), result: undefined }));
    await three.sync();
    await one.update((state) => ({ state: setSetting(state, 'index.test.step', 'attempt-rollover'), result: undefined }));
    const applied = await three.update(
      (state) => {
        if (state.indices.get('shared')!.settings['index.test.step'] !== 'check-rollover-ready') return { state, result: false };
        return { state: setSetting(state, 'index.test.step', 'complete'), result: true };
      },
      { skipUnchanged: true },
    );
    assert.equal(applied, false, 'what was worked out on the stale copy is not what is committed');
    assert.equal(three.state.indices.get('shared')!.settings['index.test.step'], 'attempt-rollover');
  });
});
