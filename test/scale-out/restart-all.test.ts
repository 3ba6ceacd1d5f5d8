/**
 * Every instance of a shared PostgreSQL store killed at once (SIGKILL, as a power cut would) and started again:
 * every acknowledged write, made through whichever instance, is there, and work goes on where it stopped.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Client } from '@elastic/elasticsearch';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { gridClient } from '../helpers/grid-clients.js';
import { startInstance, type Instance } from '../helpers/instances.js';
import { removeTestData, TEST_DATABASE_URL, tempDataDir } from '../helpers/server.js';

const skip = TEST_DATABASE_URL ? false : 'needs PostgreSQL: set TESSERA_TEST_DATABASE_URL';

describe('a restart of every instance', { skip }, () => {
  const dataDir = tempDataDir();
  const running: Instance[] = [];

  after(async () => {
    await Promise.all(running.map((i) => i.stop()));
    await removeTestData(dataDir);
  });

  async function startAll(count: number): Promise<Instance[]> {
    const started: Instance[] = [];
    for (let i = 0; i < count; i++) started.push(await startInstance(dataDir));
    running.push(...started);
    return started;
  }

  it('loses nothing acknowledged through any instance', async () => {
    const first = await startAll(2);
    const grids = first.map((i) => gridClient(i.url));
    const es = first.map((i) => new Client({ node: i.url }));
    const grid = await grids[0]!.createGrid({ name: 'Kept' });
    const inserted: string[] = [];
    for (let i = 0; i < 10; i++) {
      const changeset = await grids[i % 2]!.insertField({ gridId: grid.id, field: { name: `field-${i}`, fieldType: FieldType.Checkbox } });
      inserted.push(changeset.insertedFields[0]!.field!.id);
    }
    const before = await grids[1]!.getFields({ gridId: grid.id });
    await es[0]!.ilm.putLifecycle({ name: 'keep', policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
    await es[1]!.indices.create({ index: 'kept', settings: { 'index.lifecycle.name': 'keep' }, aliases: { 'kept-alias': {} } });
    await es[0]!.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '5s' } });
    let acknowledged = 0;
    for (let batch = 0; batch < 5; batch++) {
      const operations = Array.from({ length: 20 }, (_, i) => [{ index: { _index: 'kept', _id: `${batch}-${i}` } }, { batch, i }]).flat();
      const response = await es[batch % 2]!.bulk({ operations });
      assert.equal(response.errors, false);
      acknowledged += response.items.length;
    }
    await Promise.all(es.map((c) => c.close()));

    await Promise.all(first.map((i) => i.kill()));
    running.length = 0;
    const second = await startAll(2);
    const client = new Client({ node: second[1]!.url });
    try {
      const fields = await gridClient(second[0]!.url).getFields({ gridId: grid.id });
      assert.deepEqual(fields, before);
      assert.equal((await gridClient(second[1]!.url).getGrid({ value: grid.id })).revision, 11n);
      const next = await gridClient(second[1]!.url).insertField({ gridId: grid.id, field: { name: 'after', fieldType: FieldType.URL } });
      assert.equal(next.revision, 12n, 'revisions go on from where they stood');
      assert.equal((await client.count({ index: 'kept' })).count, acknowledged);
      assert.equal((await client.ilm.getLifecycle({ name: 'keep' })).keep?.version, 1);
      const explained = (await client.ilm.explainLifecycle({ index: 'kept' })).indices.kept as { policy?: string; phase?: string };
      assert.deepEqual([explained.policy, explained.phase], ['keep', 'new']);
      assert.deepEqual(Object.keys(await client.indices.getAlias({ name: 'kept-alias' })), ['kept']);
      const settings = await client.cluster.getSettings({ flat_settings: true });
      assert.equal((settings.persistent as Record<string, string>)['indices.lifecycle.poll_interval'], '5s');
      const leading = await Promise.all(second.map((i) => i.leads()));
      assert.equal(leading.filter(Boolean).length, 1, 'one of the new instances runs the runner');
    } finally {
      await client.close();
    }
  });
});
