/** Documents through the official client: write, read, delete, bulk, count, refresh and stats. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esErrorOf } from '../helpers/es.js';
import { startTestServer, tempDataDir } from '../helpers/server.js';
import { esClient, useEsServer } from './es-helpers.js';

describe('documents', () => {
  const es = useEsServer();

  it('indexes, updates, reads and deletes with ES versions, results and sequence numbers', async () => {
    const { client } = es;
    const created = await client.index({ index: 'docs-a', id: '1', document: { title: 'first' } });
    assert.deepEqual(created, { _index: 'docs-a', _id: '1', _version: 1, result: 'created', _shards: { total: 2, successful: 1, failed: 0 }, _seq_no: 0, _primary_term: 1 });
    const updated = await client.index({ index: 'docs-a', id: '1', document: { title: 'second' } });
    assert.deepEqual([updated.result, updated._version, updated._seq_no], ['updated', 2, 1]);
    assert.deepEqual(await client.get({ index: 'docs-a', id: '1' }), { _index: 'docs-a', _id: '1', _version: 2, _seq_no: 1, _primary_term: 1, found: true, _source: { title: 'second' } });
    assert.equal(await client.exists({ index: 'docs-a', id: '1' }), true);
    assert.equal(await client.exists({ index: 'docs-a', id: 'nope' }), false);
    const auto = await client.index({ index: 'docs-a', document: { title: 'no id' } });
    assert.match(auto._id, /^[A-Za-z0-9_-]{20}$/);
    assert.equal(auto.result, 'created');
    const deleted = await client.delete({ index: 'docs-a', id: '1' });
    assert.deepEqual([deleted.result, deleted._version, deleted._seq_no], ['deleted', 3, 3]);
    const missing = await fetch(`${es.url}/docs-a/_doc/1`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { _index: 'docs-a', _id: '1', found: false });
    const notFound = await fetch(`${es.url}/docs-a/_doc/1`, { method: 'DELETE' });
    assert.equal(notFound.status, 404);
    assert.equal(((await notFound.json()) as { result: string }).result, 'not_found');
  });

  it('create refuses an existing id with version_conflict_engine_exception', async () => {
    const { client } = es;
    await client.create({ index: 'docs-b', id: 'x', document: { n: 1 } });
    const error = await esErrorOf(client.create({ index: 'docs-b', id: 'x', document: { n: 2 } }));
    assert.deepEqual(error, { status: 409, type: 'version_conflict_engine_exception', reason: '[x]: version conflict, document already exists (current version [1])' });
    assert.deepEqual((await client.get({ index: 'docs-b', id: 'x' }))._source, { n: 1 });
  });

  it('writes through an alias to its write index, and refuses an alias without one', async () => {
    const { client } = es;
    await client.indices.create({ index: 'docs-w1', aliases: { w: { is_write_index: false } } });
    await client.indices.create({ index: 'docs-w2', aliases: { w: { is_write_index: true } } });
    assert.equal((await client.index({ index: 'w', id: '1', document: {} }))._index, 'docs-w2');
    await client.indices.updateAliases({ actions: [{ add: { index: 'docs-w2', alias: 'w', is_write_index: false } }] });
    assert.deepEqual(await esErrorOf(client.index({ index: 'w', id: '2', document: {} })), {
      status: 400,
      type: 'illegal_argument_exception',
      reason:
        'no write index is defined for alias [w]. The write index may be explicitly disabled using is_write_index=false or the alias points to multiple indices without one being designated as a write index',
    });
  });

  it('refuses writes to a read-only index with cluster_block_exception', async () => {
    const { client } = es;
    await client.indices.create({ index: 'docs-ro', settings: { 'index.blocks.write': true } });
    assert.deepEqual(await esErrorOf(client.index({ index: 'docs-ro', document: {} })), {
      status: 403,
      type: 'cluster_block_exception',
      reason: 'index [docs-ro] blocked by: [FORBIDDEN/8/index write (api)];',
    });
  });

  it('bulk reports each item, with errors only for failures', async () => {
    const { client } = es;
    const response = await client.bulk({
      operations: [
        { index: { _index: 'docs-bulk', _id: 'a' } },
        { v: 1 },
        { create: { _index: 'docs-bulk', _id: 'a' } },
        { v: 2 },
        { delete: { _index: 'docs-bulk', _id: 'missing' } },
        { delete: { _index: 'docs-bulk', _id: 'a' } },
      ],
    });
    assert.equal(response.errors, true);
    assert.deepEqual(
      response.items.map((item) => Object.entries(item).map(([op, r]) => [op, r.status, r.result ?? r.error?.type])[0]),
      [
        ['index', 201, 'created'],
        ['create', 409, 'version_conflict_engine_exception'],
        ['delete', 404, 'not_found'],
        ['delete', 200, 'deleted'],
      ],
    );
    const clean = await client.bulk({ index: 'docs-bulk', operations: [{ index: {} }, { v: 3 }, { delete: { _id: 'nothing' } }] });
    assert.equal(clean.errors, false, 'a delete that finds nothing is not an error');
  });

  it('counts, refreshes and reports stats', async () => {
    const { client } = es;
    await client.bulk({ operations: [{ index: { _index: 'docs-s' } }, { msg: 'one' }, { index: { _index: 'docs-s' } }, { msg: 'two' }] });
    assert.deepEqual(await client.indices.refresh({ index: 'docs-s' }), { _shards: { total: 2, successful: 1, failed: 0 } });
    assert.equal((await client.count({ index: 'docs-s' })).count, 2);
    const stats = await client.indices.stats({ index: 'docs-s' });
    const bytes = Buffer.byteLength('{"msg":"one"}') + Buffer.byteLength('{"msg":"two"}');
    assert.equal(stats._all.primaries?.docs?.count, 2);
    assert.equal(stats._all.primaries?.store?.size_in_bytes, bytes);
    assert.equal(stats.indices?.['docs-s']?.total?.store?.size_in_bytes, bytes);
  });

  it('auto-creates a missing index on the first write, templates applied', async () => {
    const { client } = es;
    await client.indices.putIndexTemplate({ name: 'auto', index_patterns: ['auto-*'], template: { settings: { 'index.number_of_shards': 3 } } });
    await client.index({ index: 'auto-1', document: { x: 1 } });
    const settings = await client.indices.getSettings({ index: 'auto-1', flat_settings: true });
    assert.equal(settings['auto-1']?.settings?.['index.number_of_shards'], '3');
  });
});

describe('documents across a restart', () => {
  it('are still there, with their versions and sequence numbers', async () => {
    const dataDir = tempDataDir();
    const first = await startTestServer({ dataDir });
    let client = esClient(first.url);
    await client.index({ index: 'kept', id: '1', document: { v: 1 } });
    await client.index({ index: 'kept', id: '1', document: { v: 2 } });
    await client.close();
    await first.close();
    const second = await startTestServer({ dataDir });
    client = esClient(second.url);
    try {
      assert.deepEqual((await client.get({ index: 'kept', id: '1' }))._source, { v: 2 });
      assert.equal((await client.count({ index: 'kept' })).count, 1);
      assert.deepEqual([(await client.index({ index: 'kept', id: '2', document: {} }))._seq_no], [2]);
    } finally {
      await client.close();
      await second.dispose();
    }
  });
});

describe('generated document ids', () => {
  const es = useEsServer();

  it('are accepted whatever character they start with (only client-chosen ids are checked)', async () => {
    const { client } = es;
    const operations = Array.from({ length: 300 }, () => [{ index: { _index: 'gen-ids' } }, {}]).flat();
    const response = await client.bulk({ operations });
    assert.equal(response.errors, false);
    assert.equal((await client.count({ index: 'gen-ids' })).count, 300);
    assert.deepEqual(await esErrorOf(client.index({ index: 'gen-ids', id: '_mine', document: {} })), {
      status: 400,
      type: 'action_request_validation_exception',
      reason: "Validation Failed: 1: id [_mine] cannot start with '_';",
    });
  });
});

describe('_count with a query', () => {
  const es = useEsServer();

  it('counts what the query matches (body or q), honours min_score and terminate_after, and refuses a body member _count does not take', async () => {
    await es.client.indices.create({ index: 'cq' });
    await es.client.bulk({ refresh: true, operations: [{ index: { _index: 'cq' } }, { level: 'info' }, { index: { _index: 'cq' } }, { level: 'error' }] });
    assert.equal((await es.client.count({ index: 'cq' })).count, 2);
    assert.equal((await es.client.count({ index: 'cq', query: { match_all: {} } })).count, 2);
    assert.equal((await es.client.count({ index: 'cq', q: '*' })).count, 2);
    assert.equal((await es.client.count({ index: 'cq', query: { term: { 'level.keyword': 'error' } } })).count, 1);
    assert.equal((await es.client.count({ index: 'cq', query: { match: { level: 'INFO' } } })).count, 1);
    // match_all scores 1: a higher minimum leaves nothing.
    assert.equal((await es.client.count({ index: 'cq', min_score: 2 })).count, 0);
    assert.equal((await es.client.count({ index: 'cq', min_score: 1 })).count, 2);
    const early = await es.client.count({ index: 'cq', terminate_after: 1 });
    assert.equal(early.count, 1);
    assert.equal((early as unknown as { terminated_early: boolean }).terminated_early, true);
    assert.deepEqual(await esErrorOf(es.client.transport.request({ method: 'POST', path: '/cq/_count', body: { query: { match_all: {} }, size: 1 } })), {
      status: 400,
      type: 'parsing_exception',
      reason: 'request does not support [size]',
    });
    const raw = (body: unknown) => esErrorOf(es.client.transport.request({ method: 'POST', path: '/cq/_count', body: body as never }));
    assert.deepEqual(await raw([1]), { status: 400, type: 'parsing_exception', reason: 'request body must be an object' });
    // A GET carries its query in the body too (curl -XGET, Kibana's console): it is read, never dropped.
    const get = (body: unknown) => es.client.transport.request({ method: 'GET', path: '/cq/_count', body: body as never });
    assert.equal(((await get({ query: { term: { 'level.keyword': 'error' } } })) as { count: number }).count, 1);
    assert.equal(((await get({ query: { match_all: {} } })) as { count: number }).count, 2);
  });
});

describe('_bulk content types', () => {
  const es = useEsServer();

  it('takes application/json as ES does (the Python client sends it), and the vendor JSON type too', async () => {
    await es.client.indices.create({ index: 'bj' });
    const body = '{"index":{"_index":"bj","_id":"1"}}\n{"a":1}\n{"index":{"_index":"bj","_id":"2"}}\n{"a":2}\n';
    for (const type of ['application/json', 'application/json; charset=UTF-8', 'application/vnd.elasticsearch+json; compatible-with=8']) {
      const response = await fetch(`${es.url}/_bulk`, { method: 'POST', headers: { 'content-type': type }, body });
      assert.equal(response.status, 200, type);
      const json = (await response.json()) as { errors: boolean; items: unknown[] };
      assert.equal(json.errors, false, type);
      assert.equal(json.items.length, 2, type);
    }
    assert.equal((await es.client.count({ index: 'bj' })).count, 2);
  });
});

describe('creating an index by writing to it', () => {
  const es = useEsServer();
  const refused = (index: string, reason: string) => ({ status: 404, type: 'index_not_found_exception', reason: `no such index [${index}] and ${reason}` });

  it('follows allow_auto_create and action.auto_create_index as ES does, instead of ignoring them', async () => {
    await es.client.indices.putIndexTemplate({ name: 'no-auto', index_patterns: ['audit-*'], allow_auto_create: false });
    await es.client.indices.putIndexTemplate({ name: 'auto', index_patterns: ['events-*'], allow_auto_create: true });
    assert.deepEqual(await esErrorOf(es.client.index({ index: 'audit-1', document: { a: 1 } })), refused('audit-1', 'composable template [audit-*] forbids index auto creation'));
    await es.client.cluster.putSettings({ transient: { 'action.auto_create_index': 'false' } });
    try {
      assert.deepEqual(await esErrorOf(es.client.index({ index: 'plain-1', document: { a: 1 } })), refused('plain-1', '[action.auto_create_index] is [false]'));
      // A template's explicit true overrides the setting.
      assert.equal((await es.client.index({ index: 'events-1', document: { a: 1 } })).result, 'created');
      await es.client.cluster.putSettings({ transient: { 'action.auto_create_index': '+logs-*,-secret-*' } });
      assert.equal((await es.client.index({ index: 'logs-auto', document: { a: 1 } })).result, 'created');
      assert.deepEqual(
        await esErrorOf(es.client.index({ index: 'secret-1', document: { a: 1 } })),
        refused('secret-1', '[action.auto_create_index] contains [-secret-*] which forbids automatic creation of the index'),
      );
      assert.deepEqual(await esErrorOf(es.client.index({ index: 'other-1', document: { a: 1 } })), refused('other-1', "[action.auto_create_index] ([+logs-*,-secret-*]) doesn't match"));
      const bulk = await es.client.bulk({ operations: [{ index: { _index: 'other-2' } }, { a: 1 }, { index: { _index: 'logs-auto' } }, { a: 2 }] });
      assert.equal(bulk.items[0]!.index!.status, 404);
      assert.equal(bulk.items[1]!.index!.status, 201);
      for (const index of ['audit-1', 'plain-1', 'secret-1', 'other-1', 'other-2']) assert.equal(await es.client.indices.exists({ index }), false, index);
    } finally {
      await es.client.cluster.putSettings({ transient: { 'action.auto_create_index': null } });
    }
  });
});
