/** A 90-day policy through all five phases under the virtual clock, searchable snapshots included. */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer } from '../helpers/es.js';
import { FIVE_PHASE_POLICY } from '../helpers/five-phase-policy.js';

async function where(client: Client, index: string): Promise<string> {
  const record = (await client.ilm.explainLifecycle({ index })).indices[index] as unknown as Record<string, string>;
  return `${record.phase}/${record.action}/${record.step}`;
}

async function indices(client: Client): Promise<string[]> {
  return (await client.cat.indices({ format: 'json' })).map((row) => row.index!).sort();
}

describe('a five-phase policy', () => {
  const es = useEsServer();

  it('runs hot, warm, cold, frozen and delete in order, and ends with the index gone', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.snapshot.createRepository({ name: 'archive', repository: { type: 'fs', settings: { location: '/snapshots' } } });
    await client.ilm.putLifecycle({
      name: 'five',
      policy: FIVE_PHASE_POLICY,
    });
    await client.indices.putIndexTemplate({
      name: 'five',
      index_patterns: ['five-*'],
      template: { settings: { 'index.lifecycle.name': 'five', 'index.lifecycle.rollover_alias': 'five', 'index.number_of_shards': 2 } },
    });
    await client.indices.create({ index: 'five-000001', aliases: { five: { is_write_index: true } } });

    await es.advance('2d');
    assert.equal(await where(client, 'five-000001'), 'hot/complete/complete');
    await es.advance('3d');
    const shrunk = (await indices(client)).find((name) => name.startsWith('shrink-'))!;
    assert.match(shrunk, /^shrink-[a-z0-9]{4}-five-000001$/);
    assert.equal(await where(client, shrunk), 'warm/complete/complete');

    await es.advance('10d');
    const restored = `restored-${shrunk}`;
    assert.ok((await indices(client)).includes(restored), JSON.stringify(await indices(client)));
    assert.equal(await where(client, restored), 'cold/complete/complete');
    const cold = (await client.ilm.explainLifecycle({ index: restored })).indices[restored] as unknown as Record<string, string>;
    assert.equal(cold.repository_name, 'archive');
    assert.match(cold.snapshot_name!, new RegExp(`^\\d{4}\\.\\d{2}\\.\\d{2}-${shrunk}-five-[a-z0-9]+$`));

    await es.advance('20d');
    const partial = `partial-${shrunk}`;
    assert.ok((await indices(client)).includes(partial));
    assert.equal(await where(client, partial), 'frozen/complete/complete');
    const settings = await client.indices.getSettings({ index: partial, flat_settings: true });
    assert.equal(settings[partial]?.settings?.['index.store.snapshot.partial'], 'true');
    const aliases = Object.keys((await client.indices.getAlias({ index: partial }))[partial]!.aliases).sort();
    assert.deepEqual(aliases, ['five', 'five-000001', restored, shrunk].sort(), 'every earlier name still leads to the data');
    const snapshots = (await client.snapshot.get({ repository: 'archive', snapshot: '_all' })).snapshots ?? [];
    assert.equal(snapshots.filter((s) => s.indices?.includes(shrunk)).length, 1, 'frozen mounts the snapshot cold took');
    // One index rolls over a day, each on the same path.
    assert.ok(snapshots.length > 1);

    await es.advance('60d');
    assert.ok(!(await indices(client)).some((name) => name.includes('five-000001')), 'the first index is deleted after 90 days');
    const left = (await client.snapshot.get({ repository: 'archive', snapshot: '_all' })).snapshots ?? [];
    assert.equal(left.filter((s) => s.indices?.includes(shrunk)).length, 0, 'delete_searchable_snapshot removed its snapshot');
  });

  it('refuses actions that cannot follow a searchable snapshot, and stops with ES\'s error when the repository is missing', async () => {
    const { client } = es;
    await assert.rejects(
      client.ilm.putLifecycle({
        name: 'bad',
        policy: { phases: { hot: { actions: { rollover: { max_age: '1d' }, searchable_snapshot: { snapshot_repository: 'archive' } } }, warm: { actions: { shrink: { number_of_shards: 1 } } } } },
      }),
      (error: { meta: { body: { error: { type: string; reason: string } } } }) => {
        assert.equal(error.meta.body.error.type, 'action_request_validation_exception');
        assert.equal(
          error.meta.body.error.reason,
          'Validation Failed: 1: phases [warm] define one or more of [forcemerge, freeze, shrink, downsample] actions which are not allowed after a managed index is mounted as a searchable snapshot;',
        );
        return true;
      },
    );
    await client.ilm.putLifecycle({ name: 'lost', policy: { phases: { cold: { actions: { searchable_snapshot: { snapshot_repository: 'nowhere', force_merge_index: false } } } } } });
    await client.indices.create({ index: 'lost-1', settings: { 'index.lifecycle.name': 'lost', 'index.number_of_replicas': 0 } });
    await es.advance('30m');
    const record = (await client.ilm.explainLifecycle({ index: 'lost-1' })).indices['lost-1'] as unknown as Record<string, unknown>;
    assert.equal(record.step, 'ERROR');
    assert.equal(record.failed_step, 'generate-snapshot-name');
    assert.deepEqual(record.step_info, {
      type: 'illegal_state_exception',
      reason: 'repository [nowhere] is missing. [lost] policy for index [lost-1] cannot continue until the repository is created or the policy is changed',
    });
    await client.snapshot.createRepository({ name: 'nowhere', repository: { type: 'fs', settings: { location: '/n' } } });
    await client.ilm.retry({ index: 'lost-1' });
    assert.equal(await where(client, 'restored-lost-1'), 'cold/complete/complete');
  });
});
