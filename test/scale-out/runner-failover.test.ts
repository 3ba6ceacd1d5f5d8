/**
 * The lifecycle runner on three instances sharing one PostgreSQL database: exactly one runs it; when that one is
 * killed mid-run another takes over within two poll intervals, and no step is applied twice.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@elastic/elasticsearch';
import { eventually, startInstance, type Instance } from '../helpers/instances.js';
import { removeTestData, TEST_DATABASE_URL, tempDataDir } from '../helpers/server.js';

const skip = TEST_DATABASE_URL ? false : 'needs PostgreSQL: set TESSERA_TEST_DATABASE_URL';
const POLL_INTERVAL_MS = 1_000;
const ALIASES = 12;

async function leaders(instances: readonly Instance[]): Promise<Instance[]> {
  const leads = await Promise.all(instances.map((i) => i.leads().catch(() => false)));
  return instances.filter((_, n) => leads[n]);
}

describe('the lifecycle runner across instances', { skip }, () => {
  const dataDir = tempDataDir();
  const instances: Instance[] = [];

  before(async () => {
    for (let i = 0; i < 3; i++) instances.push(await startInstance(dataDir));
  });

  after(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await removeTestData(dataDir);
  });

  it('runs on exactly one instance, fails over when it dies, and applies no step twice', async () => {
    const leader = (await leaders(instances))[0];
    assert.ok(leader, 'one instance leads');
    assert.equal((await leaders(instances)).length, 1, 'exactly one instance runs the runner');
    const followers = instances.filter((i) => i !== leader);
    const client = new Client({ node: followers[0]!.url });
    try {
      await client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': `${POLL_INTERVAL_MS}ms` } });
      await client.ilm.putLifecycle({
        name: 'roll-and-delete',
        policy: { phases: { hot: { actions: { rollover: { max_docs: 1 } } }, delete: { min_age: '3s', actions: { delete: {} } } } },
      });
      // Set up through both followers, so the leader only ever learns of it through the store.
      for (let n = 0; n < ALIASES; n++) {
        const via = new Client({ node: followers[n % 2]!.url });
        // The template gives the rolled-over index its policy too, as in Elasticsearch.
        await via.indices.putIndexTemplate({
          name: `logs-${n}`,
          index_patterns: [`logs-${n}-*`],
          template: { settings: { 'index.lifecycle.name': 'roll-and-delete', 'index.lifecycle.rollover_alias': `logs-${n}` } },
        });
        await via.indices.create({ index: `logs-${n}-000001`, aliases: { [`logs-${n}`]: { is_write_index: true } } });
        await via.index({ index: `logs-${n}`, document: { n } });
        await via.close();
      }
      // Kill the leader once the run is under way: some indices have rolled over, so it is mid-run.
      await eventually(async () => ((await client.indices.exists({ index: 'logs-*-000002' })) ? true : undefined), 20_000, 'the first rollover');
      await leader.kill();
      const killedAt = Date.now();
      await eventually(async () => (await leaders(followers))[0], 10_000, 'a new leader');
      const takeover = Date.now() - killedAt;
      assert.equal((await leaders(followers)).length, 1, 'still exactly one');
      assert.ok(takeover <= 2 * POLL_INTERVAL_MS, `a follower took over within two poll intervals (took ${takeover} ms)`);

      // Every alias rolls over exactly once and its first index is deleted; a repeated step would roll twice or fail.
      await eventually(
        async () => {
          const names = Object.keys(await client.indices.get({ index: 'logs-*' })).sort();
          return names.length === ALIASES && names.every((n) => n.endsWith('-000002')) ? names : undefined;
        },
        30_000,
        'every first index deleted',
      );
      const explained = await client.ilm.explainLifecycle({ index: 'logs-*' });
      for (let n = 0; n < ALIASES; n++) {
        const state = explained.indices[`logs-${n}-000002`] as { phase?: string; step?: string; failed_step?: string };
        assert.deepEqual([state.phase, state.step, state.failed_step], ['hot', 'check-rollover-ready', undefined], `logs-${n}-000002`);
      }
      assert.deepEqual(Object.keys((await client.ilm.explainLifecycle({ index: 'logs-*', only_errors: true })).indices), []);
    } finally {
      await client.close();
    }
  });
});
