/**
 * The Elasticsearch API on three instances sharing one PostgreSQL database: what one instance commits, every
 * other serves at once; documents written through several instances into one index keep unique sequence numbers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@elastic/elasticsearch';
import { startInstance, type Instance } from '../helpers/instances.js';
import { removeTestData, TEST_DATABASE_URL, tempDataDir } from '../helpers/server.js';

const skip = TEST_DATABASE_URL ? false : 'needs PostgreSQL: set TESSERA_TEST_DATABASE_URL';

describe('the Elasticsearch API across instances', { skip }, () => {
  const dataDir = tempDataDir();
  const instances: Instance[] = [];
  let clients: Client[] = [];

  before(async () => {
    // All at once on an empty database: they take turns migrating and agree on one cluster.
    instances.push(...(await Promise.all([0, 1, 2].map(() => startInstance(dataDir)))));
    clients = instances.map((i) => new Client({ node: i.url }));
  });

  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(instances.map((i) => i.stop()));
    await removeTestData(dataDir);
  });

  it('forms one cluster when its instances start together on an empty database', async () => {
    const uuids = await Promise.all(clients.map(async (client) => (await client.info()).cluster_uuid));
    assert.equal(new Set(uuids).size, 1, uuids.join(', '));
    assert.notEqual(uuids[0], '');
  });

  it('serves every cluster-state change from every instance as soon as it is acknowledged', async () => {
    const [a, b, c] = clients as [Client, Client, Client];
    await a.indices.create({ index: 'orders', aliases: { current: { is_write_index: true } } });
    assert.equal(await b.indices.exists({ index: 'orders' }), true);
    assert.deepEqual(Object.keys(await c.indices.getAlias({ name: 'current' })), ['orders']);
    await b.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '7s' }, transient: { 'action.auto_create_index': 'false' } });
    const settings = await c.cluster.getSettings();
    assert.equal((settings.persistent as Record<string, any>).indices.lifecycle.poll_interval, '7s');
    assert.equal((settings.transient as Record<string, any>).action.auto_create_index, 'false');
    await c.ilm.putLifecycle({ name: 'shared', policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
    const policy = await a.ilm.getLifecycle({ name: 'shared' });
    assert.equal(policy.shared?.version, 1);
    await b.ilm.putLifecycle({ name: 'shared', policy: { phases: { delete: { min_age: '40d', actions: { delete: {} } } } } });
    assert.equal((await c.ilm.getLifecycle({ name: 'shared' })).shared?.version, 2, 'versions count across instances');
    await a.indices.putSettings({ index: 'orders', settings: { 'index.lifecycle.name': 'shared' } });
    const explained = await c.ilm.explainLifecycle({ index: 'orders' });
    assert.equal((explained.indices.orders as { policy?: string }).policy, 'shared');
    await c.indices.delete({ index: 'orders' });
    assert.equal(await a.indices.exists({ index: 'orders' }), false);
    await a.cluster.putSettings({ transient: { 'action.auto_create_index': null } });
  });

  it('gives documents written through every instance into one index unique sequence numbers and one count', async () => {
    await clients[0]!.indices.create({ index: 'events' });
    const perWriter = 40;
    const results = await Promise.all(
      clients.map(async (client, writer) => {
        const seqNos: number[] = [];
        for (let batch = 0; batch < perWriter / 10; batch++) {
          const operations = Array.from({ length: 10 }, (_, i) => [{ index: { _index: 'events', _id: `w${writer}-${batch * 10 + i}` } }, { writer, n: batch * 10 + i }]).flat();
          const response = await client.bulk({ operations });
          assert.equal(response.errors, false);
          for (const item of response.items) seqNos.push(item.index!._seq_no!);
        }
        return seqNos;
      }),
    );
    const all = results.flat().sort((x, y) => x - y);
    assert.deepEqual(all, Array.from({ length: 3 * perWriter }, (_, i) => i), 'sequence numbers are unique and gapless');
    for (const client of clients) assert.equal((await client.count({ index: 'events' })).count, 3 * perWriter);
    const stats = await clients[2]!.indices.stats({ index: 'events' });
    assert.equal(stats.indices?.events?.primaries?.docs?.count, 3 * perWriter);
    const doc = await clients[1]!.get({ index: 'events', id: 'w0-7' });
    assert.deepEqual(doc._source, { writer: 0, n: 7 });
  });

  it('authenticates users created through another instance, and forgets deleted ones', async () => {
    const secure = tempDataDir();
    const nodes: Instance[] = [];
    try {
      process.env.ELASTIC_PASSWORD = 'elastic-pw';
      for (let i = 0; i < 2; i++) nodes.push(await startInstance(secure, ['--security']));
      const [first, second] = nodes.map((n) => new Client({ node: n.url, auth: { username: 'elastic', password: 'elastic-pw' } })) as [Client, Client];
      await first.security.putUser({ username: 'ops', password: 'ops-password', roles: ['viewer'] });
      const ops = new Client({ node: nodes[1]!.url, auth: { username: 'ops', password: 'ops-password' } });
      assert.equal((await ops.security.authenticate()).username, 'ops');
      await second.security.deleteUser({ username: 'ops' });
      const refused = await fetch(`${nodes[0]!.url}/_security/_authenticate`, { headers: { authorization: `Basic ${Buffer.from('ops:ops-password').toString('base64')}` } });
      assert.equal(refused.status, 401);
      await Promise.all([first.close(), second.close(), ops.close()]);
    } finally {
      delete process.env.ELASTIC_PASSWORD;
      await Promise.all(nodes.map((n) => n.stop()));
      await removeTestData(secure);
    }
  });
});
