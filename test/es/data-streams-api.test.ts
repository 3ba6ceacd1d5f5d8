/** `PUT/GET/DELETE /_data_stream[/<name>]` and `GET /_data_stream/_stats`: ES 8.17's answers, its errors, and what they do to the backing indices. */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { assertEnvelope, envelope, esFetch, indexNotFound, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const NOW = Date.UTC(2099, 2, 7, 11, 4, 5);
const DAY = '2099.03.07';
const backing = (stream: string, generation = 1) => `.ds-${stream}-${DAY}-${String(generation).padStart(6, '0')}`;

function useDataStreamServer(): { readonly url: string; readonly client: Client } {
  return useEsServer({
    clock: new VirtualClock(NOW),
    prepare: async (client) => {
      await client.ilm.putLifecycle({ name: 'logs-policy', policy: { phases: { hot: { actions: { rollover: { max_docs: 1_000_000 } } } } } });
      await client.cluster.putComponentTemplate({ name: 'logs-settings', template: { settings: { 'index.lifecycle.name': 'logs-policy', number_of_replicas: 0 } } });
      await client.indices.putIndexTemplate({ name: 'logs', index_patterns: ['logs-*'], data_stream: {}, composed_of: ['logs-settings'], priority: 10, _meta: { team: 'ops' } });
      await client.indices.putIndexTemplate({ name: 'hidden', index_patterns: ['hid-*'], data_stream: { hidden: true }, priority: 10 });
      await client.indices.putIndexTemplate({ name: 'plain', index_patterns: ['plain-*'], priority: 10 });
    },
  });
}

describe('PUT /_data_stream/<name>', () => {
  const es = useDataStreamServer();

  it('creates the stream with its first hidden backing index, and GET answers it as ES 8.17 does', TEST_OPTIONS, async () => {
    assert.deepEqual(await es.client.indices.createDataStream({ name: 'logs-app' }), { acknowledged: true });
    const index = (await es.client.indices.get({ index: backing('logs-app') }))[backing('logs-app')]!;
    const uuid = index.settings!.index!.uuid!;
    assert.equal(index.settings!.index!.hidden, 'true');
    const got = await esFetch(es.url, '/_data_stream/logs-app');
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(got.json, {
      data_streams: [
        {
          name: 'logs-app',
          timestamp_field: { name: '@timestamp' },
          indices: [{ index_name: backing('logs-app'), index_uuid: uuid, prefer_ilm: true, ilm_policy: 'logs-policy', managed_by: 'Index Lifecycle Management' }],
          generation: 1,
          _meta: { team: 'ops' },
          status: 'GREEN',
          template: 'logs',
          ilm_policy: 'logs-policy',
          next_generation_managed_by: 'Index Lifecycle Management',
          prefer_ilm: true,
          hidden: false,
          system: false,
          allow_custom_routing: false,
          replicated: false,
          rollover_on_write: false,
        },
      ],
    });
    // The official client reads it too.
    const viaClient = await es.client.indices.getDataStream({ name: 'logs-app' });
    assert.equal(viaClient.data_streams[0]!.name, 'logs-app');
  });

  it('refuses what ES refuses, in its words', TEST_OPTIONS, async () => {
    await es.client.indices.createDataStream({ name: 'logs-twice' });
    assertEnvelope(await esFetch(es.url, '/_data_stream/logs-twice', { method: 'PUT' }), envelope(400, 'resource_already_exists_exception', 'data_stream [logs-twice] already exists'));
    assertEnvelope(await esFetch(es.url, '/_data_stream/nothing-matches', { method: 'PUT' }), envelope(400, 'illegal_argument_exception', 'no matching index template found for data stream [nothing-matches]'));
    assertEnvelope(await esFetch(es.url, '/_data_stream/plain-x', { method: 'PUT' }), envelope(400, 'illegal_argument_exception', 'matching index template [plain] for data stream [plain-x] has no data stream template'));
    assertEnvelope(await esFetch(es.url, '/_data_stream/logs-UP', { method: 'PUT' }), envelope(400, 'illegal_argument_exception', 'data_stream [logs-UP] must be lowercase'));
    assertEnvelope(await esFetch(es.url, '/_data_stream/logs-app?verbose=true', { method: 'PUT' }), envelope(400, 'illegal_argument_exception', 'request [/_data_stream/logs-app] contains unrecognized parameter: [verbose]'));
    // ES's handler reads no body, so one is refused rather than ignored.
    assertEnvelope(await esFetch(es.url, '/_data_stream/logs-body', { method: 'PUT', body: { settings: {} } }), envelope(400, 'illegal_argument_exception', 'request [PUT /_data_stream/logs-body] does not support having a body'));
    assertEnvelope(await esFetch(es.url, '/_data_stream/logs-body'), indexNotFound('logs-body'));
  });
});

describe('GET /_data_stream[/<name>]', () => {
  const es = useDataStreamServer();
  const names = (json: { data_streams: { name: string }[] }) => json.data_streams.map((ds) => ds.name);

  before(async () => {
    for (const name of ['logs-b', 'logs-a', 'hid-x']) await es.client.indices.createDataStream({ name });
    await es.client.indices.create({ index: 'logs-index-not-stream' }).catch(() => undefined);
    await es.client.indices.create({ index: 'other' , aliases: { 'other-alias': {} } });
  });

  it('lists streams sorted by name; comma lists, wildcards, exclusions; hidden ones only with expand_wildcards', TEST_OPTIONS, async () => {
    assert.deepEqual(names((await esFetch(es.url, '/_data_stream')).json), ['logs-a', 'logs-b']);
    assert.deepEqual(names((await esFetch(es.url, '/_data_stream/_all')).json), ['logs-a', 'logs-b']);
    assert.deepEqual(names((await esFetch(es.url, '/_data_stream/logs-b,logs-a')).json), ['logs-a', 'logs-b']);
    assert.deepEqual(names((await esFetch(es.url, '/_data_stream/logs-*,-logs-a')).json), ['logs-b']);
    assert.deepEqual(names((await esFetch(es.url, '/_data_stream?expand_wildcards=all')).json), ['hid-x', 'logs-a', 'logs-b']);
    assert.deepEqual(names((await esFetch(es.url, '/_data_stream/*?expand_wildcards=hidden')).json), ['hid-x', 'logs-a', 'logs-b']);
    // A hidden stream named outright is found without expand_wildcards.
    const hidden = (await esFetch(es.url, '/_data_stream/hid-x')).json.data_streams[0];
    assert.equal(hidden.hidden, true);
    assert.equal(hidden.next_generation_managed_by, 'Unmanaged');
    assert.equal(hidden.indices[0].managed_by, 'Unmanaged');
    assert.equal(hidden.indices[0].ilm_policy, undefined);
    assert.equal(hidden.ilm_policy, undefined);
    assert.deepEqual((await esFetch(es.url, '/_data_stream/nomatch-*')).json, { data_streams: [] });
    // Date math in a name, on the server's clock.
    await es.client.indices.createDataStream({ name: '<logs-{now/d}>' });
    assert.deepEqual(names((await esFetch(es.url, `/_data_stream/${encodeURIComponent('<logs-{now/d}>')}`)).json), ['logs-2099.03.07']);
    assert.deepEqual((await esFetch(es.url, `/_data_stream/${encodeURIComponent('<logs-{now/d}>')}`, { method: 'DELETE' })).json, { acknowledged: true });
    // An index is no data stream.
    assert.deepEqual((await esFetch(es.url, '/_data_stream/other')).json, { data_streams: [] });
  });

  it('a missing name is ES\'s 404, an alias is refused; ignore_unavailable and allow_no_indices as IndicesOptions read them', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(es.url, '/_data_stream/logs-missing'), indexNotFound('logs-missing'));
    assertEnvelope(await esFetch(es.url, '/_data_stream/logs-a,logs-missing'), indexNotFound('logs-missing'));
    assert.deepEqual(names((await esFetch(es.url, '/_data_stream/logs-a,logs-missing?ignore_unavailable=true')).json), ['logs-a']);
    assertEnvelope(await esFetch(es.url, '/_data_stream/nomatch-*?allow_no_indices=false'), indexNotFound('nomatch-*'));
    assertEnvelope(
      await esFetch(es.url, '/_data_stream/other-alias'),
      envelope(400, 'illegal_argument_exception', 'The provided expression [other-alias] matches an alias, specify the corresponding concrete indices instead.'),
    );
    assertEnvelope(await esFetch(es.url, '/_data_stream?expand_wildcards=bogus'), envelope(400, 'illegal_argument_exception', 'No valid expand wildcard value [bogus]'));
    assertEnvelope(await esFetch(es.url, '/_data_stream?failure_store=include'), envelope(400, 'illegal_argument_exception', 'request [/_data_stream] contains unrecognized parameter: [failure_store]'));
  });

  it('verbose adds the newest @timestamp of the documents; include_defaults changes nothing without a lifecycle', TEST_OPTIONS, async () => {
    assert.equal((await esFetch(es.url, '/_data_stream/logs-a?verbose')).json.data_streams[0].maximum_timestamp, 0);
    await es.client.index({ index: 'logs-a', op_type: 'create', document: { '@timestamp': '2099-03-07T10:00:00.000Z' }, refresh: true });
    await es.client.index({ index: 'logs-a', op_type: 'create', document: { '@timestamp': Date.UTC(2099, 2, 7, 10, 30) }, refresh: true });
    const verbose = (await esFetch(es.url, '/_data_stream/logs-a?verbose=true')).json.data_streams[0];
    assert.equal(verbose.maximum_timestamp, Date.UTC(2099, 2, 7, 10, 30));
    assert.deepEqual(Object.keys(verbose).slice(-2), ['rollover_on_write', 'maximum_timestamp']);
    const plain = (await esFetch(es.url, '/_data_stream/logs-a?include_defaults=true')).json.data_streams[0];
    assert.equal('maximum_timestamp' in plain, false);
    assertEnvelope(await esFetch(es.url, '/_data_stream?verbose=yes'), envelope(400, 'illegal_argument_exception', 'Failed to parse value [yes] as only [true] or [false] are allowed.'));
  });
});

describe('DELETE /_data_stream/<name>', () => {
  const es = useDataStreamServer();

  it('deletes streams with their backing indices and documents; wildcards and comma lists', TEST_OPTIONS, async () => {
    for (const name of ['logs-d1', 'logs-d2', 'logs-d3']) await es.client.indices.createDataStream({ name });
    await es.client.index({ index: 'logs-d1', op_type: 'create', document: { '@timestamp': '2099-03-07' }, refresh: true });
    assert.deepEqual(await es.client.indices.deleteDataStream({ name: 'logs-d1' }), { acknowledged: true });
    assertEnvelope(await esFetch(es.url, `/.ds-logs-d1-${DAY}-000001`), indexNotFound(backing('logs-d1')));
    assert.deepEqual((await esFetch(es.url, '/_data_stream/logs-d2,logs-d3', { method: 'DELETE' })).json, { acknowledged: true });
    assert.deepEqual((await esFetch(es.url, '/_data_stream')).json, { data_streams: [] });
    // A wildcard that matches nothing deletes nothing.
    assert.deepEqual((await esFetch(es.url, '/_data_stream/logs-*', { method: 'DELETE' })).json, { acknowledged: true });
    // The name is free again, and the new stream starts empty.
    await es.client.indices.createDataStream({ name: 'logs-d1' });
    assert.equal((await es.client.count({ index: 'logs-d1' })).count, 0);
  });

  it('a missing name is ES\'s 404; a name that is an index is "not found" as a data stream; hidden ones need expand_wildcards', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(es.url, '/_data_stream/logs-nope', { method: 'DELETE' }), indexNotFound('logs-nope'));
    await es.client.indices.create({ index: 'just-an-index' });
    assertEnvelope(await esFetch(es.url, '/_data_stream/just-an-index', { method: 'DELETE' }), envelope(404, 'resource_not_found_exception', 'data streams [just-an-index] not found'));
    await es.client.indices.createDataStream({ name: 'hid-del' });
    await esFetch(es.url, '/_data_stream/hid-*', { method: 'DELETE' });
    assert.equal((await esFetch(es.url, '/_data_stream/hid-del')).status, 200);
    await esFetch(es.url, '/_data_stream/hid-*?expand_wildcards=all', { method: 'DELETE' });
    assertEnvelope(await esFetch(es.url, '/_data_stream/hid-del'), indexNotFound('hid-del'));
  });
});

describe('GET /_data_stream[/<name>]/_stats', () => {
  const es = useDataStreamServer();

  it('counts streams, backing indices, store sizes and the newest @timestamp', TEST_OPTIONS, async () => {
    for (const name of ['logs-s1', 'logs-s2']) await es.client.indices.createDataStream({ name });
    await es.client.index({ index: 'logs-s1', op_type: 'create', document: { '@timestamp': '2099-03-06T00:00:00Z', m: 'x' }, refresh: true });
    await es.client.indices.rollover({ alias: 'logs-s1' });
    await es.client.index({ index: 'logs-s1', op_type: 'create', document: { '@timestamp': '2099-03-07T01:00:00Z', m: 'y' }, refresh: true });
    const stats = await esFetch(es.url, '/_data_stream/_stats');
    assert.equal(stats.status, 200, stats.text);
    const s1Bytes = stats.json.data_streams.find((d: { data_stream: string }) => d.data_stream === 'logs-s1').store_size_bytes;
    assert.ok(s1Bytes > 0);
    assert.deepEqual(stats.json, {
      _shards: { total: 3, successful: 3, failed: 0 },
      data_stream_count: 2,
      backing_indices: 3,
      total_store_size_bytes: s1Bytes,
      // In the order of ES's HashMap of the streams.
      data_streams: [
        { data_stream: 'logs-s2', backing_indices: 1, store_size_bytes: 0, maximum_timestamp: 0 },
        { data_stream: 'logs-s1', backing_indices: 2, store_size_bytes: s1Bytes, maximum_timestamp: Date.UTC(2099, 2, 7, 1) },
      ],
    });
    const one = await esFetch(es.url, '/_data_stream/logs-s2/_stats?human');
    assert.deepEqual(one.json, {
      _shards: { total: 1, successful: 1, failed: 0 },
      data_stream_count: 1,
      backing_indices: 1,
      total_store_size: '0b',
      total_store_size_bytes: 0,
      data_streams: [{ data_stream: 'logs-s2', backing_indices: 1, store_size: '0b', store_size_bytes: 0, maximum_timestamp: 0 }],
    });
    const viaClient = await es.client.indices.dataStreamsStats({ name: 'logs-*' });
    assert.equal(viaClient.data_stream_count, 2);
    assertEnvelope(await esFetch(es.url, '/_data_stream/logs-none/_stats'), indexNotFound('logs-none'));
    assert.equal((await esFetch(es.url, '/_data_stream/none-*/_stats')).json.data_stream_count, 0);
  });
});
