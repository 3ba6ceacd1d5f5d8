/**
 * Documents in data streams (issue 16): auto-creation on the first write, appends only through the stream's name,
 * `@timestamp` required, updates and deletes through the backing index, lazy rollover on write, and reads, counts and
 * bulk answers that span the backing indices; every refusal with ES's status and text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '@elastic/elasticsearch';
import { VirtualClock } from '../../src/platform/clock.js';
import { EPOCH, esErrorOf, useEsServer, type Row } from '../helpers/es.js';
import { startTestServer } from '../helpers/server.js';
import { assertEnvelope, envelope, esFetch, expectEsError, TEST_OPTIONS } from './es-helpers.js';

/** Backing index names under the virtual clock, which starts on 2026-01-01. */
const backing = (stream: string, generation: number) => `.ds-${stream}-2026.01.01-${String(generation).padStart(6, '0')}`;
const ONLY_CREATE = 'only write ops with an op_type of create are allowed in data streams';
const T = '2026-01-01T00:00:00Z';

describe('documents in data streams', () => {
  const es = useEsServer();
  const url = () => es.server.url;

  async function streamTemplate(name: string, patterns: string[], dataStream: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<void> {
    await es.client.indices.putIndexTemplate({ name, index_patterns: patterns, data_stream: dataStream, ...extra });
  }

  async function streamOf(name: string): Promise<Row | undefined> {
    const state = (await esFetch(url(), '/_cluster/state/metadata')).json as Row;
    return state.metadata.data_stream?.data_stream?.[name];
  }

  it('creates the data stream on the first append and writes to its write index', TEST_OPTIONS, async () => {
    await streamTemplate('ds-auto', ['auto-*']);
    const first = await es.client.index({ index: 'auto-one', document: { '@timestamp': T, message: 'hello' } });
    assert.equal(first._index, backing('auto-one', 1));
    assert.equal(first.result, 'created');
    const stream = await streamOf('auto-one');
    assert.deepEqual(stream?.indices.map((i: Row) => i.index_name), [backing('auto-one', 1)]);
    assert.equal(stream?.generation, 1);
    const created = await es.client.create({ index: 'auto-one', id: 'c1', document: { '@timestamp': T } });
    assert.deepEqual([created._index, created._id, created.result], [backing('auto-one', 1), 'c1', 'created']);
    const opCreate = await esFetch(url(), '/auto-one/_doc/c2?op_type=create', { method: 'PUT', body: { '@timestamp': T } });
    assert.equal(opCreate.status, 201);
    assert.equal(opCreate.json._index, backing('auto-one', 1));
    // A create with an id the stream holds conflicts, as on any index.
    const again = await esFetch(url(), '/auto-one/_create/c1', { method: 'PUT', body: { '@timestamp': T } });
    assert.equal(again.status, 409);
    assert.equal(again.json.error.type, 'version_conflict_engine_exception');
    assert.equal(again.json.error.index, backing('auto-one', 1));
  });

  it('refuses index, update and delete through the stream name', TEST_OPTIONS, async () => {
    await streamTemplate('ds-only', ['only-*']);
    await es.client.create({ index: 'only-a', id: 'x', document: { '@timestamp': T } });
    for (const [method, path, body] of [
      ['PUT', '/only-a/_doc/x', { '@timestamp': T }],
      ['POST', '/only-a/_doc/y', { '@timestamp': T }],
      ['POST', '/only-a/_doc?op_type=index', { '@timestamp': T }],
      ['DELETE', '/only-a/_doc/x', undefined],
      ['POST', '/only-a/_update/x', { doc: { a: 1 } }],
    ] as const) {
      assertEnvelope(await esFetch(url(), path, { method, ...(body && { body }) }), envelope(400, 'illegal_argument_exception', ONLY_CREATE));
    }
    // An index op to a missing name still creates the stream first (TransportBulkAction auto-creates before it resolves).
    assertEnvelope(await esFetch(url(), '/only-new/_doc/1', { method: 'PUT', body: { '@timestamp': T } }), envelope(400, 'illegal_argument_exception', ONLY_CREATE));
    assert.equal((await streamOf('only-new'))?.generation, 1);
    // A single _update creates through the create index API, which refuses a data stream template's name.
    assertEnvelope(
      await esFetch(url(), '/only-upd/_update/1', { method: 'POST', body: { doc: { a: 1 }, doc_as_upsert: true } }),
      envelope(400, 'illegal_argument_exception', 'cannot create index with name [only-upd], because it matches with template [ds-only] that creates data streams only, use create data stream api instead'),
    );
    assert.equal(await streamOf('only-upd'), undefined);
  });

  it('answers bulk lines per item: creates land in the backing index, others are refused naming the stream', TEST_OPTIONS, async () => {
    await streamTemplate('ds-bulk', ['bulk-*']);
    const response = await es.client.bulk({
      operations: [
        { create: { _index: 'bulk-a', _id: '1' } }, { '@timestamp': T, n: 1 },
        { index: { _index: 'bulk-a', _id: '2' } }, { '@timestamp': T },
        { index: { _index: 'bulk-a' } }, { '@timestamp': T },
        { update: { _index: 'bulk-a', _id: '1' } }, { doc: { n: 2 } },
        { delete: { _index: 'bulk-a', _id: '1' } },
        { create: { _index: 'bulk-a' } }, { n: 3 },
      ],
    });
    assert.equal(response.errors, true);
    const items = response.items as Row[];
    assert.deepEqual(items[0]!.create, { _index: backing('bulk-a', 1), _id: '1', _version: 1, result: 'created', _shards: { total: 2, successful: 1, failed: 0 }, _seq_no: 0, _primary_term: 1, status: 201 });
    const refused = (op: string, id: string | null) => ({ [op]: { _index: 'bulk-a', _id: id, status: 400, error: { type: 'illegal_argument_exception', reason: ONLY_CREATE } } });
    assert.deepEqual(items.slice(1, 5), [refused('index', '2'), refused('index', null), refused('update', '1'), refused('delete', '1')]);
    const unstamped = items[5]!.create as Row;
    // A failure in the backing index has the id drawn for the document, and names the stream as the line did.
    assert.equal(unstamped._index, 'bulk-a');
    assert.match(unstamped._id, /^[A-Za-z0-9_-]{20}$/);
    assert.equal(unstamped.status, 400);
    assert.equal(unstamped.error.type, 'document_parsing_exception');
    assert.equal(unstamped.error.reason, '[1:7] failed to parse: data stream timestamp field [@timestamp] is missing');
    assert.deepEqual(unstamped.error.caused_by, { type: 'illegal_argument_exception', reason: 'data stream timestamp field [@timestamp] is missing' });
    // A bulk update line creates a missing stream (TransportBulkAction auto-creates for every op but delete), then fails.
    const upsert = await es.client.bulk({ operations: [{ update: { _index: 'bulk-new', _id: '1' } }, { doc: { '@timestamp': T }, doc_as_upsert: true }, { delete: { _index: 'bulk-gone', _id: '1' } }] });
    assert.deepEqual(upsert.items[0]!.update, { _index: 'bulk-new', _id: '1', status: 400, error: { type: 'illegal_argument_exception', reason: ONLY_CREATE } });
    assert.equal((await streamOf('bulk-new'))?.generation, 1);
    assert.equal((upsert.items[1]!.delete as Row).error.type, 'index_not_found_exception');
    assert.equal(await streamOf('bulk-gone'), undefined);
  });

  it('requires exactly one @timestamp, and a date', TEST_OPTIONS, async () => {
    await streamTemplate('ds-ts', ['ts-*']);
    const missing = 'data stream timestamp field [@timestamp] is missing';
    const parsing = (at: string, reason: string) => {
      const body = envelope(400, 'document_parsing_exception', `[${at}] failed to parse: ${reason}`);
      return { ...body, error: { ...body.error, caused_by: { type: 'illegal_argument_exception', reason } } };
    };
    assertEnvelope(await esFetch(url(), '/ts-a/_doc', { method: 'POST', body: { message: 'x' } }), parsing('1:15', missing));
    assertEnvelope(await esFetch(url(), '/ts-a/_doc', { method: 'POST', body: { '@timestamp': null } }), parsing('1:19', missing));
    assertEnvelope(await esFetch(url(), '/ts-a/_doc', { method: 'POST', body: { '@timestamp': [T, T] } }), parsing('1:62', 'data stream timestamp field [@timestamp] encountered multiple values'));
    const malformed = await esFetch(url(), '/ts-a/_create/m', { method: 'PUT', body: { '@timestamp': 'yesterday' } });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json.error.type, 'document_parsing_exception');
    assert.equal(malformed.json.error.reason, "[1:15] failed to parse field [@timestamp] of type [date] in document with id 'm'. Preview of field's value: 'yesterday'");
    assert.equal(malformed.json.error.caused_by.type, 'illegal_argument_exception');
    // Epoch millis are a date too.
    assert.equal((await esFetch(url(), '/ts-a/_doc', { method: 'POST', body: { '@timestamp': 1767225600000 } })).status, 201);
    assert.equal((await es.client.count({ index: 'ts-a' })).count, 1);
  });

  it('honours require_data_stream, require_alias and the template\'s allow_custom_routing', TEST_OPTIONS, async () => {
    await streamTemplate('ds-req', ['req-*']);
    await streamTemplate('ds-route', ['route-*'], { allow_custom_routing: true });
    await es.client.indices.create({ index: 'plain-req' });
    // A missing name whose template declares data_stream becomes a stream, so the flag is met.
    const made = await esFetch(url(), '/req-a/_doc?require_data_stream=true', { method: 'POST', body: { '@timestamp': T } });
    assert.equal(made.status, 201);
    assert.equal(made.json._index, backing('req-a', 1));
    assert.equal((await esFetch(url(), '/req-a/_create/1?require_data_stream=true', { method: 'PUT', body: { '@timestamp': T } })).status, 201);
    assertEnvelope(
      await esFetch(url(), '/plain-req/_doc?require_data_stream=true', { method: 'POST', body: { '@timestamp': T } }),
      envelope(404, 'resource_not_found_exception', '[require_data_stream] request flag is [true] and [plain-req] is not a data stream'),
    );
    assertEnvelope(
      await esFetch(url(), '/plainmissing/_doc?require_data_stream=true', { method: 'POST', body: { '@timestamp': T } }),
      envelope(404, 'index_not_found_exception', 'no such index [plainmissing] and the index creation request requires a data stream, but no matching index template with data stream template was found for it', {
        index_uuid: '_na_',
        index: 'plainmissing',
      }),
    );
    assert.equal((await esFetch(url(), '/plainmissing')).status, 404);
    assertEnvelope(
      await esFetch(url(), '/req-a/_doc?require_alias=true', { method: 'POST', body: { '@timestamp': T } }),
      envelope(404, 'index_not_found_exception', 'no such index [req-a] and [require_alias] request flag is [true] and [req-a] is not an alias', { index_uuid: '_na_', index: 'req-a' }),
    );
    const bulk = await es.client.bulk({ require_data_stream: true, operations: [{ create: { _index: 'req-a' } }, { '@timestamp': T }, { create: { _index: 'plain-req' } }, { '@timestamp': T }] });
    assert.equal((bulk.items[0]!.create as Row).status, 201);
    assert.deepEqual(bulk.items[1]!.create, {
      _index: 'plain-req', _id: null, status: 404,
      error: { type: 'resource_not_found_exception', reason: '[require_data_stream] request flag is [true] and [plain-req] is not a data stream' },
    });
    assertEnvelope(
      await esFetch(url(), '/req-a/_doc?routing=r1', { method: 'POST', body: { '@timestamp': T } }),
      envelope(400, 'illegal_argument_exception', "index request targeting data stream [req-a] specifies a custom routing but the [allow_custom_routing] setting was not enabled in the data stream's template."),
    );
    const routed = await esFetch(url(), '/route-a/_create/r?routing=r1', { method: 'PUT', body: { '@timestamp': T } });
    assert.equal(routed.status, 201);
    assert.equal((await esFetch(url(), `/${backing('route-a', 1)}/_doc/r?routing=r1`)).json._routing, 'r1');
  });

  it('updates and deletes by id through the backing index, and refuses appends there', TEST_OPTIONS, async () => {
    await streamTemplate('ds-back', ['back-*']);
    const created = await es.client.create({ index: 'back-a', id: 'd1', document: { '@timestamp': T, n: 1 } });
    const index = created._index;
    assertEnvelope(
      await esFetch(url(), `/${index}/_create/d2`, { method: 'PUT', body: { '@timestamp': T } }),
      envelope(400, 'illegal_argument_exception', 'index request with op_type=create targeting backing indices is disallowed, target corresponding data stream [back-a] instead'),
    );
    assertEnvelope(
      await esFetch(url(), `/${index}/_doc/d1`, { method: 'PUT', body: { '@timestamp': T, n: 2 } }),
      envelope(400, 'illegal_argument_exception', 'index request with op_type=index and no if_primary_term and if_seq_no set targeting backing indices is disallowed, target corresponding data stream [back-a] instead'),
    );
    const replaced = await es.client.index({ index, id: 'd1', if_seq_no: created._seq_no, if_primary_term: created._primary_term, document: { '@timestamp': T, n: 2 } });
    assert.deepEqual([replaced.result, replaced._version], ['updated', 2]);
    await expectEsError(es.client.index({ index, id: 'd1', if_seq_no: created._seq_no, if_primary_term: 1, document: { '@timestamp': T } }), { status: 409, type: 'version_conflict_engine_exception' });
    const updated = await es.client.update({ index, id: 'd1', if_seq_no: replaced._seq_no, if_primary_term: 1, doc: { n: 3 } });
    assert.equal(updated.result, 'updated');
    assert.deepEqual((await es.client.get({ index, id: 'd1' }))._source, { '@timestamp': T, n: 3 });
    // The merged document still needs its @timestamp.
    const unstamped = await esFetch(url(), `/${index}/_doc/d1?if_seq_no=${updated._seq_no}&if_primary_term=1`, { method: 'PUT', body: { n: 4 } });
    assert.equal(unstamped.json.error.reason, '[1:7] failed to parse: data stream timestamp field [@timestamp] is missing');
    const deleted = await es.client.delete({ index, id: 'd1' });
    assert.equal(deleted.result, 'deleted');
    assert.equal((await es.client.count({ index: 'back-a' })).count, 0);
  });

  it('rolls a lazily rolled-over stream over once before the first write lands, under concurrent writers', TEST_OPTIONS, async () => {
    await streamTemplate('ds-lazy', ['lazy-*']);
    await es.client.create({ index: 'lazy-a', id: 'before', document: { '@timestamp': T } });
    const marked = await es.client.indices.rollover({ alias: 'lazy-a', lazy: true });
    assert.equal(marked.rolled_over, false);
    assert.equal((await streamOf('lazy-a'))?.rollover_on_write, true);
    const writes = await Promise.all(Array.from({ length: 8 }, (_, i) => es.client.index({ index: 'lazy-a', document: { '@timestamp': T, i } })));
    assert.deepEqual(new Set(writes.map((w) => w._index)), new Set([backing('lazy-a', 2)]));
    const stream = await streamOf('lazy-a');
    assert.deepEqual(stream?.indices.map((i: Row) => i.index_name), [backing('lazy-a', 1), backing('lazy-a', 2)]);
    assert.equal(stream?.rollover_on_write, false);
    assert.equal((await es.client.count({ index: 'lazy-a' })).count, 9);
    assert.equal((await es.client.count({ index: backing('lazy-a', 1) })).count, 1);
  });

  it('creates a stream once when first writers race', TEST_OPTIONS, async () => {
    await streamTemplate('ds-race', ['race-*']);
    const writes = await Promise.all(Array.from({ length: 10 }, (_, i) => esFetch(url(), '/race-a/_doc', { method: 'POST', body: { '@timestamp': T, i } })));
    assert.deepEqual(writes.map((w) => w.status), Array(10).fill(201));
    assert.deepEqual((await streamOf('race-a'))?.indices.map((i: Row) => i.index_name), [backing('race-a', 1)]);
    assert.equal((await es.client.count({ index: 'race-a' })).count, 10);
  });

  it('follows allow_auto_create and action.auto_create_index for data streams', TEST_OPTIONS, async () => {
    await streamTemplate('ds-forbid', ['forbid-*'], {}, { allow_auto_create: false });
    await streamTemplate('ds-allow', ['allow-*'], {}, { allow_auto_create: true });
    await streamTemplate('ds-setting', ['setting-*']);
    assertEnvelope(
      await esFetch(url(), '/forbid-a/_doc', { method: 'POST', body: { '@timestamp': T } }),
      envelope(404, 'index_not_found_exception', 'no such index [forbid-a] and composable template [forbid-*] forbids index auto creation', { index_uuid: '_na_', index: 'forbid-a' }),
    );
    await es.client.cluster.putSettings({ persistent: { 'action.auto_create_index': false } });
    try {
      assertEnvelope(
        await esFetch(url(), '/setting-a/_doc', { method: 'POST', body: { '@timestamp': T } }),
        envelope(404, 'index_not_found_exception', 'no such index [setting-a] and [action.auto_create_index] is [false]', { index_uuid: '_na_', index: 'setting-a' }),
      );
      assert.equal((await esFetch(url(), '/allow-a/_doc', { method: 'POST', body: { '@timestamp': T } })).status, 201);
    } finally {
      await es.client.cluster.putSettings({ persistent: { 'action.auto_create_index': null } });
    }
    assert.equal(await streamOf('forbid-a'), undefined);
    assert.equal(await streamOf('setting-a'), undefined);
    assert.equal((await streamOf('allow-a'))?.generation, 1);
  });

  it('reads, counts and refreshes across the backing indices; a single-document read names a backing index', TEST_OPTIONS, async () => {
    await streamTemplate('ds-read', ['read-*']);
    const lines = (from: number, count: number) => Array.from({ length: count }, (_, i) => [{ create: { _index: 'read-a', _id: `d${from + i}` } }, { '@timestamp': T, n: from + i }]).flat();
    const first = await es.client.bulk({ operations: lines(0, 30) });
    assert.equal(first.errors, false);
    assert.deepEqual(new Set(first.items.map((item) => item.create!._index)), new Set([backing('read-a', 1)]));
    const rolled = await es.client.indices.rollover({ alias: 'read-a' });
    assert.deepEqual([rolled.old_index, rolled.new_index, rolled.rolled_over], [backing('read-a', 1), backing('read-a', 2), true]);
    const second = await es.client.bulk({ operations: lines(30, 20) });
    assert.deepEqual(new Set(second.items.map((item) => item.create!._index)), new Set([backing('read-a', 2)]));
    assert.equal((await es.client.count({ index: 'read-a' })).count, 50);
    assert.equal((await es.client.count({ index: 'read-*' })).count, 50);
    assert.equal((await es.client.count({ index: backing('read-a', 1) })).count, 30);
    assert.deepEqual((await es.client.count({ index: 'read-a' }))._shards, { total: 2, successful: 2, skipped: 0, failed: 0 });
    const catCount = await esFetch(url(), '/_cat/count/read-a?format=json');
    assert.equal(catCount.json[0].count, '50');
    assert.deepEqual((await esFetch(url(), '/read-a/_refresh', { method: 'POST' })).json, { _shards: { total: 4, successful: 2, failed: 0 } });
    const stats = (await esFetch(url(), '/read-a/_stats')).json as Row;
    assert.deepEqual(Object.keys(stats.indices).sort(), [backing('read-a', 1), backing('read-a', 2)]);
    assert.equal(stats._all.primaries.docs.count, 50);
    const cat = (await esFetch(url(), '/_cat/indices/read-a?format=json&h=index,docs.count&s=index')).json as Row[];
    assert.deepEqual(cat, [{ index: backing('read-a', 1), 'docs.count': '30' }, { index: backing('read-a', 2), 'docs.count': '20' }]);
    // GetRequest resolves no data stream (ES's IndexNameExpressionResolver excludes them): the backing index answers.
    assertEnvelope(await esFetch(url(), '/read-a/_doc/d1'), envelope(404, 'index_not_found_exception', 'no such index [read-a]', { 'resource.type': 'index_or_alias', 'resource.id': 'read-a', index_uuid: '_na_', index: 'read-a' }));
    const found = await es.client.get({ index: backing('read-a', 2), id: 'd40' });
    assert.deepEqual(found._source, { '@timestamp': T, n: 40 });
    const mget = await esFetch(url(), '/_mget', { method: 'POST', body: { docs: [{ _index: backing('read-a', 1), _id: 'd1' }, { _index: 'read-a', _id: 'd1' }] } });
    assert.equal(mget.json.docs[0].found, true);
    assert.deepEqual(mget.json.docs[1], {
      _index: 'read-a', _id: 'd1',
      error: { root_cause: [{ type: 'index_not_found_exception', reason: 'no such index [read-a]', 'resource.type': 'index_or_alias', 'resource.id': 'read-a', index_uuid: '_na_', index: 'read-a' }], type: 'index_not_found_exception', reason: 'no such index [read-a]', 'resource.type': 'index_or_alias', 'resource.id': 'read-a', index_uuid: '_na_', index: 'read-a' },
    });
  });
});

describe('creating a data stream by writing, with security on', () => {
  it('needs auto_configure or create_index on the stream name, as creating an index by writing does', TEST_OPTIONS, async () => {
    const server = await startTestServer({ security: true, elasticPassword: 'elastic-pw', clock: new VirtualClock(EPOCH) });
    const admin = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    const writer = new Client({ node: server.url, auth: { username: 'writer', password: 'writer-pw' } });
    const ingest = new Client({ node: server.url, auth: { username: 'ingest', password: 'ingest-pw' } });
    try {
      await admin.indices.putIndexTemplate({ name: 'ds-sec', index_patterns: ['sec-*'], data_stream: {} });
      await admin.security.putRole({ name: 'writer', indices: [{ names: ['sec-*'], privileges: ['write'] }] });
      await admin.security.putUser({ username: 'writer', password: 'writer-pw', roles: ['writer'] });
      await admin.security.putRole({ name: 'ingest', indices: [{ names: ['sec-*'], privileges: ['write', 'auto_configure'] }] });
      await admin.security.putUser({ username: 'ingest', password: 'ingest-pw', roles: ['ingest'] });
      assert.deepEqual(await esErrorOf(writer.index({ index: 'sec-a', document: { '@timestamp': T } })), {
        status: 403,
        type: 'security_exception',
        reason: 'action [indices:admin/auto_create] is unauthorized for user [writer] with roles [writer] on indices [sec-a], this action is granted by the index privileges [auto_configure,create_index,manage,all]',
      });
      const created = await ingest.index({ index: 'sec-a', document: { '@timestamp': T } });
      assert.equal(created._index, backing('sec-a', 1));
      // Once the stream exists, write on its name is enough.
      assert.equal((await writer.index({ index: 'sec-a', document: { '@timestamp': T } })).result, 'created');
    } finally {
      await Promise.all([admin.close(), writer.close(), ingest.close()]);
      await server.dispose();
    }
  });
});

