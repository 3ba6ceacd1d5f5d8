/**
 * The document APIs' parameters as Elasticsearch 8 reads them: `refresh` (forced_refresh), `routing` (stored and
 * answered as _routing, through aliases' index_routing), `wait_for_active_shards` with `timeout` (one node holds no
 * replica), `require_alias`, `require_data_stream`, `pipeline` (Tessera has none), and get's `_source` filtering,
 * `version`, `stored_fields` and `fields`; on single writes and on `_bulk` (URL defaults and metadata lines).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertEnvelope, envelope, esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const SHARDS = { total: 2, successful: 1, failed: 0 };
const ndjson = (...lines: unknown[]) => ({ body: lines.map((l) => JSON.stringify(l)).join('\n') + '\n', headers: { 'content-type': 'application/x-ndjson' } });

describe('document parameters', TEST_OPTIONS, () => {
  const es = useEsServer();

  it('refresh=true or empty answers forced_refresh after result on every write; false and wait_for do not; a bad value is refused', async () => {
    const { client, url } = es;
    const indexed = await client.index({ index: 'dp-r', id: '1', document: { a: 1 }, refresh: true });
    assert.deepEqual(indexed, { _index: 'dp-r', _id: '1', _version: 1, result: 'created', forced_refresh: true, _shards: SHARDS, _seq_no: 0, _primary_term: 1 });
    assert.deepEqual(Object.keys(indexed), ['_index', '_id', '_version', 'result', 'forced_refresh', '_shards', '_seq_no', '_primary_term']);
    const empty = await esFetch(url, '/dp-r/_doc/2?refresh', { method: 'PUT', body: { a: 2 } });
    assert.equal(empty.json.forced_refresh, true);
    assert.equal((await client.index({ index: 'dp-r', id: '3', document: {}, refresh: 'wait_for' })).forced_refresh, undefined);
    assert.equal((await client.index({ index: 'dp-r', id: '3', document: {}, refresh: false })).forced_refresh, undefined);
    assert.equal((await client.create({ index: 'dp-r', id: '4', document: {}, refresh: true })).forced_refresh, true);
    assert.equal((await client.update({ index: 'dp-r', id: '4', doc: { b: 1 }, refresh: true })).forced_refresh, true);
    assert.equal((await client.update({ index: 'dp-r', id: '4', doc: { b: 1 }, refresh: true })).forced_refresh, undefined, 'a noop writes nothing to refresh');
    assert.equal((await client.delete({ index: 'dp-r', id: '4', refresh: true })).forced_refresh, true);
    const bulk = await client.bulk({ refresh: true, operations: [{ index: { _index: 'dp-r', _id: '5' } }, { a: 5 }, { delete: { _index: 'dp-r', _id: 'none' } }] });
    assert.deepEqual(bulk.items.map((item) => Object.values(item)[0]!.forced_refresh), [true, true]);
    for (const [method, path, body] of [['PUT', '/dp-r/_doc/9', { a: 1 }], ['DELETE', '/dp-r/_doc/9', undefined], ['POST', '/dp-r/_update/1', { doc: {} }], ['POST', '/_bulk', '{"delete":{"_index":"dp-r","_id":"1"}}\n']] as const) {
      const response = await esFetch(url, `${path}?refresh=yes`, { method, ...(body !== undefined && { body }), ...(path === '/_bulk' && { headers: { 'content-type': 'application/x-ndjson' } }) });
      assertEnvelope(response, envelope(400, 'illegal_argument_exception', 'Unknown value for refresh: [yes].'));
    }
    assert.equal((await client.get({ index: 'dp-r', id: '1' })).found, true, 'the refused bulk deleted nothing');
  });

  it('routing is stored with the document and answered as _routing by get; a get with any routing finds it (one shard); updates keep it', async () => {
    const { client, url } = es;
    await client.index({ index: 'dp-route', id: '1', document: { a: 1 }, routing: 'user-1' });
    const doc = await client.get({ index: 'dp-route', id: '1' });
    assert.deepEqual(doc, { _index: 'dp-route', _id: '1', _version: 1, _seq_no: 0, _primary_term: 1, _routing: 'user-1', found: true, _source: { a: 1 } });
    assert.deepEqual(Object.keys(doc), ['_index', '_id', '_version', '_seq_no', '_primary_term', '_routing', 'found', '_source']);
    assert.equal((await client.get({ index: 'dp-route', id: '1', routing: 'other' }))._routing, 'user-1');
    await client.update({ index: 'dp-route', id: '1', doc: { b: 2 } });
    assert.equal((await client.get({ index: 'dp-route', id: '1' }))._routing, 'user-1', 'UpdateHelper keeps the stored routing');
    await client.update({ index: 'dp-route', id: '2', doc: { u: 1 }, doc_as_upsert: true, routing: 'up' });
    assert.equal((await client.get({ index: 'dp-route', id: '2' }))._routing, 'up');
    await client.index({ index: 'dp-route', id: '1', document: { a: 3 } });
    assert.equal((await client.get({ index: 'dp-route', id: '1' }))._routing, undefined, 'a write without routing stores none');
    await client.bulk({ routing: 'url-r', operations: [{ index: { _index: 'dp-route', _id: '3' } }, {}, { index: { _index: 'dp-route', _id: '4', routing: 'line-r' } }, {}] });
    assert.equal((await client.get({ index: 'dp-route', id: '3' }))._routing, 'url-r');
    assert.equal((await client.get({ index: 'dp-route', id: '4' }))._routing, 'line-r');
    const viaEmpty = await esFetch(url, '/dp-route/_doc/5?routing=', { method: 'PUT', body: {} });
    assert.equal(viaEmpty.status, 201);
    assert.equal((await client.get({ index: 'dp-route', id: '5' }))._routing, undefined, 'an empty routing is none');
  });

  it("an alias's index_routing routes writes and reads through it; another routing is refused as ES refuses it", async () => {
    const { client, url } = es;
    await client.indices.create({ index: 'dp-ar', aliases: { 'dp-ar-alias': { index_routing: 'ir' }, 'dp-ar-multi': { index_routing: 'a,b' } } });
    await client.index({ index: 'dp-ar-alias', id: '1', document: {} });
    assert.equal((await client.get({ index: 'dp-ar', id: '1' }))._routing, 'ir');
    const other = await esFetch(url, '/dp-ar-alias/_doc/2?routing=x', { method: 'PUT', body: {} });
    assertEnvelope(other, envelope(400, 'illegal_argument_exception', 'Alias [dp-ar-alias] has index routing associated with it [ir], and was provided with routing value [x], rejecting operation'));
    const multi = await esFetch(url, '/dp-ar-multi/_doc/2', { method: 'PUT', body: {} });
    assertEnvelope(multi, envelope(400, 'illegal_argument_exception', 'index/alias [dp-ar-multi] provided with routing value [a,b] that resolved to several routing values, rejecting operation'));
    const read = await esFetch(url, '/dp-ar-alias/_doc/1?routing=x');
    assertEnvelope(read, envelope(400, 'illegal_argument_exception', 'Alias [dp-ar-alias] has index routing associated with it [ir], and was provided with routing value [x], rejecting operation'));
  });

  it('wait_for_active_shards: met counts write; all with a replica configured fails after the timeout with unavailable_shards_exception', async () => {
    const { client, url } = es;
    await client.indices.create({ index: 'dp-w0', settings: { number_of_replicas: 0 } });
    assert.equal((await client.index({ index: 'dp-w0', id: '1', document: {}, wait_for_active_shards: 'all' })).result, 'created');
    assert.equal((await client.index({ index: 'dp-w1', id: '1', document: {}, wait_for_active_shards: 1 })).result, 'created');
    const uuid = (await client.indices.getSettings({ index: 'dp-w1', flat_settings: true }))['dp-w1']!.settings!['index.uuid'];
    const failed = await esFetch(url, '/dp-w1/_doc/2?wait_for_active_shards=all&timeout=100ms&refresh=true', { method: 'PUT', body: { a: 1 } });
    assertEnvelope(
      failed,
      envelope(503, 'unavailable_shards_exception', '[dp-w1][0] Not enough active copies to meet shard count of [ALL] (have 1, needed 2). Timeout: [100ms], request: [BulkShardRequest [[dp-w1][0]] containing [index {[dp-w1][2], source[{"a":1}]}] and a refresh]', {
        index_uuid: uuid, shard: '0', index: 'dp-w1',
      }),
    );
    const three = await esFetch(url, '/dp-w1/_doc/1?wait_for_active_shards=3&timeout=10ms', { method: 'DELETE' });
    assert.equal(three.json.error.reason, '[dp-w1][0] Not enough active copies to meet shard count of [3] (have 1, needed 3). Timeout: [10ms], request: [BulkShardRequest [[dp-w1][0]] containing [delete {[dp-w1][1]}]]');
    const bulk = await esFetch(url, '/_bulk?wait_for_active_shards=all&timeout=10ms', {
      method: 'POST',
      ...ndjson({ index: { _index: 'dp-w1', _id: 'b1' } }, {}, { index: { _index: 'dp-w0', _id: 'b2' } }, {}, { delete: { _index: 'dp-w1', _id: 'b3' } }),
    });
    assert.equal(bulk.json.errors, true);
    assert.deepEqual(bulk.json.items.map((i: any) => Object.values(i as object)[0].status), [503, 201, 503]);
    assert.equal(bulk.json.items[0].index.error.reason, '[dp-w1][0] Not enough active copies to meet shard count of [ALL] (have 1, needed 2). Timeout: [10ms], request: [BulkShardRequest [[dp-w1][0]] containing [2] requests]');
    assert.equal((await client.get({ index: 'dp-w1', id: 'b1' }, { ignore: [404] })).found, false, 'nothing was written to the short index');
    assertEnvelope(await esFetch(url, '/dp-w1/_doc/3?wait_for_active_shards=-1', { method: 'PUT', body: {} }), envelope(400, 'illegal_argument_exception', 'shard count cannot be a negative value'));
    const bad = await esFetch(url, '/dp-w1/_doc/3?wait_for_active_shards=most', { method: 'PUT', body: {} });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.json.error, {
      root_cause: [{ type: 'illegal_argument_exception', reason: 'cannot parse ActiveShardCount[most]' }],
      type: 'illegal_argument_exception', reason: 'cannot parse ActiveShardCount[most]',
      caused_by: { type: 'number_format_exception', reason: 'For input string: "most"' },
    });
    assertEnvelope(
      await esFetch(url, '/dp-w1/_doc/3?timeout=soon', { method: 'PUT', body: {} }),
      envelope(400, 'illegal_argument_exception', 'failed to parse setting [timeout] with value [soon] as a time value: unit is missing or unrecognized'),
    );
  });

  it('require_alias refuses a write to a name that is no alias (nothing is created); pipeline names a pipeline Tessera does not have', async () => {
    const { client, url } = es;
    const notAlias = (name: string) => ({ type: 'index_not_found_exception', reason: `no such index [${name}] and [require_alias] request flag is [true] and [${name}] is not an alias`, index_uuid: '_na_', index: name });
    const single = await esFetch(url, '/dp-ra/_doc/1?require_alias=true', { method: 'PUT', body: {} });
    assertEnvelope(single, { error: { root_cause: [notAlias('dp-ra')], ...notAlias('dp-ra') }, status: 404 });
    const update = await esFetch(url, '/dp-ra/_update/1?require_alias=true', { method: 'POST', body: { doc: {}, doc_as_upsert: true } });
    assert.equal(update.json.error.reason, notAlias('dp-ra').reason);
    // paramAsBoolean: the flag present with no value is true (it used to be ignored, and the index auto-created).
    const bare = await esFetch(url, '/dp-ra/_doc/1?require_alias', { method: 'PUT', body: {} });
    assertEnvelope(bare, { error: { root_cause: [notAlias('dp-ra')], ...notAlias('dp-ra') }, status: 404 });
    assert.equal((await client.indices.exists({ index: 'dp-ra' })), false);
    await client.indices.create({ index: 'dp-ra-1', aliases: { 'dp-ra-w': {} } });
    assert.equal((await client.index({ index: 'dp-ra-w', id: '1', document: {}, require_alias: true }))._index, 'dp-ra-1');
    const bulk = await client.bulk({ operations: [{ index: { _index: 'dp-ra-1', _id: '2', require_alias: true } }, {}, { index: { _index: 'dp-ra-w', _id: '3' } }, {}] });
    assert.deepEqual(bulk.items[0]!.index!.error, notAlias('dp-ra-1'));
    assert.equal(bulk.items[1]!.index!.status, 201);

    const pipeline = await esFetch(url, '/dp-pipe/_doc/1?pipeline=enrich', { method: 'PUT', body: {} });
    assertEnvelope(pipeline, envelope(400, 'illegal_argument_exception', 'pipeline with id [enrich] does not exist'));
    assert.equal((await client.index({ index: 'dp-pipe', id: '1', document: {}, pipeline: '_none' })).result, 'created');
    const piped = await client.bulk({ pipeline: 'url-p', operations: [{ index: { _index: 'dp-pipe', _id: '2' } }, {}, { create: { _index: 'dp-pipe', _id: '3', pipeline: '_none' } }, {}, { delete: { _index: 'dp-pipe', _id: '1' } }] });
    assert.deepEqual(piped.items.map((i) => Object.values(i)[0]!.status), [400, 201, 200]);
    assert.equal(piped.items[0]!.index!.error!.reason, 'pipeline with id [url-p] does not exist');

    const stream = await esFetch(url, '/dp-pipe/_doc/9?require_data_stream=true', { method: 'PUT', body: {} });
    assertEnvelope(stream, envelope(404, 'resource_not_found_exception', '[require_data_stream] request flag is [true] and [dp-pipe] is not a data stream'));
    const missingStream = await esFetch(url, '/dp-ds/_doc/9?require_data_stream=true', { method: 'PUT', body: {} });
    assertEnvelope(missingStream, envelope(404, 'index_not_found_exception', 'no such index [dp-ds] and the index creation request requires a data stream, but no matching index template with data stream template was found for it', { index_uuid: '_na_', index: 'dp-ds' }));
    const badFlag = await esFetch(url, '/_bulk', { method: 'POST', ...ndjson({ index: { _index: 'dp-pipe', require_alias: 'yes' } }, {}) });
    assertEnvelope(badFlag, envelope(400, 'illegal_argument_exception', 'Failed to parse value [yes] as only [true] or [false] are allowed.'));
  });

  it('get filters _source from the URL, checks a version, and refuses stored_fields and fields', async () => {
    const { client, url } = es;
    await client.index({ index: 'dp-get', id: '1', document: { a: 1, b: { c: 2, d: 3 } } });
    assert.deepEqual((await client.get({ index: 'dp-get', id: '1', _source_includes: ['b'], _source_excludes: ['b.d'] }))._source, { b: { c: 2 } });
    assert.deepEqual((await client.get({ index: 'dp-get', id: '1', _source: 'a' }))._source, { a: 1 });
    const noSource = await client.get({ index: 'dp-get', id: '1', _source: false });
    assert.equal('_source' in noSource, false);
    assert.equal((await client.get({ index: 'dp-get', id: '1', version: 1, realtime: false, refresh: true, preference: '_local' })).found, true);
    const uuid = (await client.indices.getSettings({ index: 'dp-get', flat_settings: true }))['dp-get']!.settings!['index.uuid'];
    assertEnvelope(
      await esFetch(url, '/dp-get/_doc/1?version=2'),
      envelope(409, 'version_conflict_engine_exception', '[1]: version conflict, current version [1] is different than the one provided [2]', { index_uuid: uuid, shard: '0', index: 'dp-get' }),
    );
    assertEnvelope(
      await esFetch(url, '/dp-get/_doc/1?stored_fields=a'),
      envelope(400, 'illegal_argument_exception', 'Tessera stores no fields apart from _source: the parameter [stored_fields] is not supported, use _source filtering'),
    );
    assertEnvelope(await esFetch(url, '/dp-get/_doc/1?refresh=yes'), envelope(400, 'illegal_argument_exception', 'Failed to parse value [yes] as only [true] or [false] are allowed.'));
    assertEnvelope(
      await esFetch(url, '/dp-get/_mget?routin=a', { method: 'POST', body: { ids: ['1'] } }),
      envelope(400, 'illegal_argument_exception', 'request [/dp-get/_mget] contains unrecognized parameter: [routin] -> did you mean [routing]?'),
    );
    assertEnvelope(
      await esFetch(url, '/dp-get/_doc/1?fields=a'),
      envelope(400, 'illegal_argument_exception', 'the parameter [fields] is no longer supported, please use [stored_fields] to retrieve stored fields or [_source] to load the field from _source'),
    );
  });
});
