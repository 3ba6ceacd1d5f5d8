/** The APIs around a data stream: index reads through its name, templates it uses, names it holds, cat tables, and a restart. */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { assertEnvelope, envelope, esClient, esFetch, TEST_OPTIONS } from './es-helpers.js';

const NOW = Date.UTC(2099, 2, 7, 11, 4, 5);
const backing = (stream: string, generation = 1) => `.ds-${stream}-2099.03.07-${String(generation).padStart(6, '0')}`;

describe('around a data stream', () => {
  let server: TestServer;
  let client: Client;
  let url: string;
  before(async () => {
    server = await startTestServer({ clock: new VirtualClock(NOW) });
    url = server.url;
    client = esClient(url);
    await client.indices.putIndexTemplate({ name: 'logs', index_patterns: ['logs-*'], data_stream: {}, priority: 10, template: { settings: { number_of_replicas: 0 } } });
    await client.indices.createDataStream({ name: 'logs-app' });
  });
  after(async () => {
    await client.close();
    await server.dispose();
  });

  it('GET /<ds>, /<ds>/_settings and /<ds>/_mapping answer for the backing indices; GET index names the data stream', TEST_OPTIONS, async () => {
    const index = await esFetch(url, '/logs-app');
    assert.deepEqual(Object.keys(index.json), [backing('logs-app')]);
    const one = index.json[backing('logs-app')];
    assert.deepEqual(Object.keys(one), ['aliases', 'mappings', 'settings', 'data_stream']);
    assert.equal(one.data_stream, 'logs-app');
    assert.deepEqual(one.mappings._data_stream_timestamp, { enabled: true });
    assert.deepEqual(Object.keys((await esFetch(url, '/logs-app/_settings')).json), [backing('logs-app')]);
    assert.deepEqual(Object.keys((await esFetch(url, '/logs-app/_mapping')).json), [backing('logs-app')]);
    await client.indices.create({ index: 'plain' });
    assert.equal('data_stream' in (await esFetch(url, '/plain')).json.plain, false);
  });

  it('a template a data stream uses cannot be deleted, nor changed so the stream matches no data stream template', TEST_OPTIONS, async () => {
    assertEnvelope(
      await esFetch(url, '/_index_template/logs', { method: 'DELETE' }),
      envelope(400, 'illegal_argument_exception', 'unable to remove composable templates [logs] as they are in use by a data streams [logs-app]'),
    );
    assertEnvelope(
      await esFetch(url, '/_index_template/logs', { method: 'PUT', body: { index_patterns: ['logs-*'], priority: 10 } }),
      envelope(400, 'illegal_argument_exception', 'composable template [logs] with index patterns [logs-*], priority [10] and no data stream configuration would cause data streams [logs-app] to no longer match a data stream template'),
    );
    assertEnvelope(
      await esFetch(url, '/_index_template/logs-other', { method: 'PUT', body: { index_patterns: ['logs-app*'], priority: 20 } }),
      envelope(400, 'illegal_argument_exception', 'composable template [logs-other] with index patterns [logs-app*], priority [20] and no data stream configuration would cause data streams [logs-app] to no longer match a data stream template'),
    );
    assertEnvelope(
      await esFetch(url, '/_index_template/logs', { method: 'PUT', body: { index_patterns: ['metrics-*'], data_stream: {} } }),
      envelope(400, 'illegal_argument_exception', 'composable template [logs] with index patterns [metrics-*], priority [null] would cause data streams [logs-app] to no longer match a data stream template'),
    );
    // Another data stream template that takes over lets the first one go.
    await client.indices.putIndexTemplate({ name: 'logs-app-v2', index_patterns: ['logs-app*'], data_stream: {}, priority: 20 });
    assert.deepEqual(await client.indices.deleteIndexTemplate({ name: 'logs' }), { acknowledged: true });
    assert.equal((await client.indices.getDataStream({ name: 'logs-app' })).data_streams[0]!.template, 'logs-app-v2');
    assertEnvelope(
      await esFetch(url, '/_index_template/logs-app-v2', { method: 'DELETE' }),
      envelope(400, 'illegal_argument_exception', 'unable to remove composable templates [logs-app-v2] as they are in use by a data streams [logs-app]'),
    );
    await client.indices.putIndexTemplate({ name: 'logs', index_patterns: ['logs-*'], data_stream: {}, priority: 10, template: { settings: { number_of_replicas: 0 } } });
  });

  it('an index, an alias and a data stream may not share a name', TEST_OPTIONS, async () => {
    await client.indices.create({ index: 'holder' });
    assertEnvelope(
      await esFetch(url, '/_aliases', { method: 'POST', body: { actions: [{ add: { index: 'holder', alias: 'logs-app' } }] } }),
      envelope(400, 'invalid_alias_name_exception', 'Invalid alias name [logs-app]: an index or data stream exists with the same name as the alias', { index_uuid: '_na_', index: 'logs-app' }),
    );
    assertEnvelope(
      await esFetch(url, '/holder/_alias/logs-app', { method: 'PUT' }),
      envelope(400, 'invalid_alias_name_exception', 'Invalid alias name [logs-app]: an index or data stream exists with the same name as the alias', { index_uuid: '_na_', index: 'logs-app' }),
    );
    assertEnvelope(
      await esFetch(url, '/other-holder', { method: 'PUT', body: { aliases: { 'logs-app': {} } } }),
      envelope(400, 'invalid_alias_name_exception', 'Invalid alias name [logs-app]: an index or data stream exists with the same name as the alias', { index_uuid: '_na_', index: 'logs-app' }),
    );
    const indexNamed = await esFetch(url, '/logs-app', { method: 'PUT' });
    assert.equal(indexNamed.status, 400, indexNamed.text);
    await client.indices.putAlias({ index: 'holder', name: 'logs-taken' });
    assertEnvelope(
      await esFetch(url, '/_data_stream/logs-taken', { method: 'PUT' }),
      envelope(500, 'illegal_state_exception', `index, alias, and data stream names need to be unique, but the following duplicates were found [logs-taken (alias of [holder/${(await client.indices.get({ index: 'holder' })).holder!.settings!.index!.uuid}]) conflicts with data stream]`),
    );
  });

  it('a backing index takes no alias operations', TEST_OPTIONS, async () => {
    const refusal = envelope(
      400,
      'illegal_argument_exception',
      `The provided index [${backing('logs-app')}] is a backing index belonging to data stream [logs-app]. Data stream backing indices don't support alias operations.`,
    );
    assertEnvelope(await esFetch(url, '/_aliases', { method: 'POST', body: { actions: [{ add: { index: backing('logs-app'), alias: 'ds-alias' } }] } }), refusal);
    assertEnvelope(await esFetch(url, '/_aliases', { method: 'POST', body: { actions: [{ remove_index: { index: backing('logs-app') } }] } }), refusal);
    assertEnvelope(await esFetch(url, `/${backing('logs-app')}/_alias/ds-alias`, { method: 'PUT' }), refusal);
    assert.deepEqual((await esFetch(url, `/${backing('logs-app')}/_alias`)).json, { [backing('logs-app')]: { aliases: {} } });
    // Naming the stream itself would make a data stream alias in ES, which Tessera does not have.
    const streamAlias = envelope(400, 'illegal_argument_exception', '[logs-app] is a data stream; Tessera does not support data stream aliases');
    assertEnvelope(await esFetch(url, '/_aliases', { method: 'POST', body: { actions: [{ add: { index: 'logs-app', alias: 'ds-alias' } }] } }), streamAlias);
    assertEnvelope(await esFetch(url, '/logs-app/_alias/ds-alias', { method: 'PUT' }), streamAlias);
  });

  it('_cat/indices lists a hidden stream\'s backing indices with expand_wildcards or through its name; _cat/shards lists them all', TEST_OPTIONS, async () => {
    const cat = async (path: string) => ((await esFetch(url, path)).json as { index: string }[]).map((r) => r.index).sort();
    // `*` reaches a visible stream, and so its backing indices; a hidden stream's only with expand_wildcards.
    await client.indices.putIndexTemplate({ name: 'hidden', index_patterns: ['hid-*'], data_stream: { hidden: true }, priority: 10 });
    await client.indices.createDataStream({ name: 'hid-app' });
    assert.equal((await cat('/_cat/indices?format=json')).includes(backing('logs-app')), true);
    assert.equal((await cat('/_cat/indices?format=json')).includes(backing('hid-app')), false);
    assert.equal((await cat('/_cat/indices?format=json&expand_wildcards=all')).includes(backing('hid-app')), true);
    assert.equal((await cat('/_cat/shards?format=json')).includes(backing('hid-app')), true);
    assert.deepEqual(await cat('/_cat/indices/logs-app?format=json'), [backing('logs-app')]);
    assert.equal((await cat('/_cat/shards?format=json')).includes(backing('logs-app')), true);
    assert.deepEqual(await cat('/_cat/shards/logs-app?format=json'), [backing('logs-app')]);
  });
});

describe('data streams and a restart', () => {
  it('keep their backing indices, generation and settings', TEST_OPTIONS, async () => {
    const dataDir = tempDataDir();
    try {
      let server = await startTestServer({ dataDir, clock: new VirtualClock(NOW) });
      let client = esClient(server.url);
      await client.indices.putIndexTemplate({ name: 'logs', index_patterns: ['logs-*'], data_stream: { hidden: true }, priority: 10, _meta: { v: 1 } });
      await client.indices.createDataStream({ name: 'logs-kept' });
      await client.indices.rollover({ alias: 'logs-kept' });
      const before = await esFetch(server.url, '/_data_stream/logs-kept');
      await client.close();
      await server.close();
      server = await startTestServer({ dataDir, clock: new VirtualClock(NOW) });
      client = esClient(server.url);
      try {
        const after = await esFetch(server.url, '/_data_stream/logs-kept');
        assert.deepEqual(after.json, before.json);
        assert.deepEqual(after.json.data_streams[0].indices.map((i: { index_name: string }) => i.index_name), [backing('logs-kept'), backing('logs-kept', 2)]);
        assert.equal(after.json.data_streams[0].hidden, true);
        assert.deepEqual(await client.indices.deleteDataStream({ name: 'logs-kept' }), { acknowledged: true });
      } finally {
        await client.close();
        await server.dispose();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
