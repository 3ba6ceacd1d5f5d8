import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { describe, it } from 'node:test';
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { assertEnvelope, envelope, esClient, esFetch, expectEsError, TEST_OPTIONS } from './es-helpers.js';

/** Everything the ES API shows of the cluster state. */
async function snapshot(client: Client) {
  return {
    uuid: (await client.info()).cluster_uuid,
    settings: await client.cluster.getSettings({ flat_settings: true }),
    indices: await client.indices.get({ index: '*', flat_settings: true }),
    aliases: await client.indices.getAlias(),
    templates: await client.indices.getIndexTemplate(),
    componentTemplates: await client.cluster.getComponentTemplate(),
    legacyTemplates: await client.indices.getTemplate(),
    catAliases: await client.cat.aliases({ format: 'json' }),
    catIndices: await client.cat.indices({ format: 'json', h: ['index', 'uuid', 'pri', 'rep', 'health'] }),
    health: await client.cluster.health(),
  };
}

/** Starts a server on `dataDir`, runs `body` with a client, and closes both (the data stays). */
async function withServer<T>(dataDir: string, body: (client: Client, server: TestServer) => Promise<T>): Promise<T> {
  const server = await startTestServer({ dataDir });
  const client = esClient(server.url);
  try {
    return await body(client, server);
  } finally {
    await client.close();
    await server.close();
  }
}

describe('a restart', () => {
  it('keeps the cluster uuid, persistent settings, indices, aliases and templates; drops transient settings', TEST_OPTIONS, async () => {
    const dataDir = tempDataDir();
    try {
      const before = await withServer(dataDir, async (client) => {
        await client.cluster.putSettings({
          persistent: { 'indices.lifecycle.poll_interval': '1s', 'action.destructive_requires_name': false },
          transient: { 'indices.lifecycle.poll_interval': '5s', 'indices.lifecycle.history_index_enabled': false },
        });
        await client.indices.putIndexTemplate({
          name: 'logs',
          index_patterns: ['logs-*'],
          priority: 10,
          version: 2,
          _meta: { team: 'ops' },
          template: {
            settings: { number_of_shards: 2, 'index.lifecycle.name': 'logs-policy', 'index.lifecycle.rollover_alias': 'logs' },
            mappings: { properties: { message: { type: 'text' } } },
            aliases: { 'logs-read': {} },
          },
        });
        await client.cluster.putComponentTemplate({ name: 'metrics-base', version: 1, template: { settings: { number_of_replicas: 0 }, aliases: { 'metrics-all': {} } } });
        await client.indices.putIndexTemplate({ name: 'metrics', index_patterns: ['metrics-*'], priority: 10, composed_of: ['metrics-base'] });
        await client.indices.putTemplate({ name: 'legacy', index_patterns: ['legacy-*'], order: 3, settings: { number_of_shards: 2 }, aliases: { 'legacy-all': {} } });
        await client.indices.create({ index: 'logs-000001', aliases: { logs: { is_write_index: true } } });
        await client.indices.create({
          index: 'plain',
          settings: { number_of_replicas: 0, refresh_interval: '10s' },
          mappings: { properties: { n: { type: 'long' } } },
        });
        await client.indices.create({ index: 'removed' });
        await client.indices.updateAliases({
          actions: [
            { add: { index: 'plain', alias: 'filtered', filter: { term: { n: 1 } }, index_routing: 'a', search_routing: 'b', is_hidden: true } },
            { add: { index: 'removed', alias: 'gone-with-it' } },
          ],
        });
        await client.indices.putSettings({ index: 'plain', settings: { 'index.lifecycle.name': 'set-after-creation' } });
        await client.indices.delete({ index: 'removed' });
        return snapshot(client);
      });

      // Sanity of what is compared: the state is the one built above.
      assert.match(before.uuid, /^[A-Za-z0-9_-]{22}$/);
      assert.deepEqual(Object.keys(before.indices), ['logs-000001', 'plain']);
      assert.deepEqual(Object.keys(before.legacyTemplates), ['legacy']);
      assert.equal(before.indices['logs-000001']!.settings!['index.number_of_shards'], '2');
      assert.equal(before.settings.transient['indices.lifecycle.poll_interval'], '5s');
      assert.deepEqual(
        before.templates.index_templates.map((t) => t.name),
        ['logs', 'metrics'],
      );

      await withServer(dataDir, async (client, server) => {
        const afterRestart = await snapshot(client);
        assert.equal(afterRestart.uuid, before.uuid, 'the cluster uuid is stable');
        assert.deepEqual(afterRestart.settings, {
          persistent: { 'indices.lifecycle.poll_interval': '1s', 'action.destructive_requires_name': 'false' },
          transient: {},
        });
        assert.deepEqual(afterRestart.indices, before.indices, 'settings (uuid and creation_date included), mappings and aliases');
        assert.deepEqual(afterRestart.aliases, before.aliases);
        assert.deepEqual(afterRestart.templates, before.templates);
        assert.deepEqual(afterRestart.catAliases, before.catAliases);
        assert.deepEqual(afterRestart.catIndices, before.catIndices);
        assert.deepEqual(afterRestart.health, before.health);

        // The deleted index and its alias stay deleted.
        assert.equal(await client.indices.exists({ index: 'removed' }), false);
        assert.equal(await client.indices.existsAlias({ name: 'gone-with-it' }), false);

        // The reloaded state is live: templates apply, alias rules hold, names are taken.
        await client.indices.create({ index: 'logs-000002' });
        const created = (await client.indices.get({ index: 'logs-000002', flat_settings: true }))['logs-000002']!;
        assert.equal(created.settings!['index.number_of_shards'], '2');
        assert.equal(created.settings!['index.lifecycle.name'], 'logs-policy');
        assert.deepEqual(created.aliases, { 'logs-read': {} });
        assert.deepEqual(created.mappings, { properties: { message: { type: 'text' } } });
        assertEnvelope(
          await esFetch(server.url, '/logs-000002/_alias/logs', { method: 'PUT', body: { is_write_index: true } }),
          envelope(500, 'illegal_state_exception', 'alias [logs] has more than one write index [logs-000001,logs-000002]'),
        );
        const uuid = before.indices.plain!.settings!['index.uuid'] as string;
        await expectEsError(client.indices.create({ index: 'plain' }), {
          status: 400,
          type: 'resource_already_exists_exception',
          reason: `index [plain/${uuid}] already exists`,
        });
        await expectEsError(client.indices.putIndexTemplate({ name: 'metrics-2', index_patterns: ['metrics-x-*'], priority: 10 }), {
          status: 400,
          type: 'illegal_argument_exception',
        });
        // The persistent destructive_requires_name=false still applies.
        await client.indices.delete({ index: 'logs-*' });
        assert.equal(await client.indices.exists({ index: 'logs-000001' }), false);
      });

      // A third start sees the changes made after the second.
      await withServer(dataDir, async (client) => {
        assert.equal((await client.info()).cluster_uuid, before.uuid);
        assert.deepEqual(Object.keys(await client.indices.get({ index: '*' })), ['plain']);
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a new data folder gets a cluster of its own, with another uuid', TEST_OPTIONS, async () => {
    const first = tempDataDir();
    const second = tempDataDir();
    try {
      const a = await withServer(first, async (client) => (await client.info()).cluster_uuid);
      const b = await withServer(second, async (client) => (await client.info()).cluster_uuid);
      assert.notEqual(a, b);
      assert.equal(await withServer(first, async (client) => (await client.info()).cluster_uuid), a);
    } finally {
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  });
});

describe('a restart keeps index states', () => {
  it('a closed index stays closed (refusing its documents), an opened one open, and added blocks in force', TEST_OPTIONS, async () => {
    const dataDir = tempDataDir();
    try {
      const uuid = await withServer(dataDir, async (client) => {
        await client.indices.create({ index: 'shut' });
        await client.index({ index: 'shut', id: '1', document: { a: 1 } });
        await client.indices.close({ index: 'shut' });
        await client.indices.create({ index: 'reopened' });
        await client.indices.close({ index: 'reopened' });
        await client.indices.open({ index: 'reopened' });
        await client.indices.create({ index: 'locked' });
        await client.indices.addBlock({ index: 'locked', block: 'write' });
        const settings = await client.indices.getSettings({ index: 'shut', flat_settings: true });
        return settings.shut!.settings!['index.uuid'] as string;
      });
      await withServer(dataDir, async (client, server) => {
        assert.deepEqual(await client.cat.indices({ format: 'json', h: ['index', 'status'] }), [
          { index: 'locked', status: 'open' },
          { index: 'reopened', status: 'open' },
          { index: 'shut', status: 'close' },
        ]);
        const settings = await client.indices.getSettings({ index: 'shut', flat_settings: true });
        assert.equal(settings.shut!.settings!['index.verified_before_close'], 'true');
        assertEnvelope(await esFetch(server.url, '/shut/_doc/1'), envelope(400, 'index_closed_exception', 'closed', { index_uuid: uuid, index: 'shut' }));
        assertEnvelope(await esFetch(server.url, '/locked/_doc/1', { method: 'PUT', body: {} }), envelope(403, 'cluster_block_exception', 'index [locked] blocked by: [FORBIDDEN/8/index write (api)];'));
        await client.indices.open({ index: 'shut' });
        assert.equal((await client.get({ index: 'shut', id: '1' })).found, true);
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
