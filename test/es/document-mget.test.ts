/**
 * `_mget` as Elasticsearch 8 has it: `docs` or `ids`, per-document `_source` filtering, routing and versions, each
 * document answered on its own (found, missing, or its own error: a missing index, an unauthorized one), aliases and
 * date math resolved, and ES's errors for malformed bodies.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { assertEnvelope, envelope, esFetch, indexNotFound, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const found = (index: string, id: string, seqNo: number, source: unknown, extra: Record<string, unknown> = {}) => ({
  _index: index, _id: id, _version: 1, _seq_no: seqNo, _primary_term: 1, ...extra, found: true, _source: source,
});
const validation = (...messages: string[]) => envelope(400, 'action_request_validation_exception', `Validation Failed: ${messages.map((m, i) => `${i + 1}: ${m};`).join('')}`);

describe('_mget', TEST_OPTIONS, () => {
  const es = useEsServer();

  it('answers each document in order: found with its metadata, missing as found false, a missing index as that document\'s error', async () => {
    const { client } = es;
    await client.index({ index: 'mg-a', id: '1', document: { a: 1, b: { c: 2, d: 3 } } });
    await client.index({ index: 'mg-b', id: '2', document: { x: 'y' } });
    const response = await client.mget({ docs: [{ _index: 'mg-a', _id: '1' }, { _index: 'mg-b', _id: '2' }, { _index: 'mg-a', _id: 'none' }, { _index: 'mg-nope', _id: '1' }] });
    const missing = indexNotFound('mg-nope');
    assert.deepEqual(response, {
      docs: [
        found('mg-a', '1', 0, { a: 1, b: { c: 2, d: 3 } }),
        found('mg-b', '2', 0, { x: 'y' }),
        { _index: 'mg-a', _id: 'none', found: false },
        { _index: 'mg-nope', _id: '1', error: missing.error },
      ],
    });
  });

  it('ids take the index of the path; the path index is the default for docs; numeric ids are their text', async () => {
    const { client, url } = es;
    await client.index({ index: 'mg-ids', id: '1', document: { n: 1 } });
    await client.index({ index: 'mg-ids', id: '2', document: { n: 2 } });
    const byIds = await client.mget({ index: 'mg-ids', ids: ['2', '3', '1'] });
    assert.deepEqual(byIds.docs, [found('mg-ids', '2', 1, { n: 2 }), { _index: 'mg-ids', _id: '3', found: false }, found('mg-ids', '1', 0, { n: 1 })]);
    const docs = (await client.transport.request({ method: 'POST', path: '/mg-ids/_mget', body: { docs: [{ _id: '1' }, { _index: 'mg-nope2', _id: 1 }] } })) as any;
    assert.deepEqual(docs.docs[0], found('mg-ids', '1', 0, { n: 1 }));
    assert.equal(docs.docs[1].error.type, 'index_not_found_exception');
    assert.equal(docs.docs[1]._id, '1', 'a numeric _id is read as its text');
    const raw = await esFetch(url, '/mg-ids/_mget', { method: 'POST', body: { ids: [1] } });
    assert.deepEqual(raw.json, { docs: [found('mg-ids', '1', 0, { n: 1 })] });
  });

  it('filters _source per document (boolean, one include, a list, includes/excludes) and from the URL', async () => {
    const { client, url } = es;
    // Unmapped, so a list may mix objects and values as the source filter's cases need.
    await client.indices.create({ index: 'mg-src', mappings: { dynamic: false } });
    await client.index({ index: 'mg-src', id: '1', document: { a: 1, b: { c: 2, d: 3, e: { f: 4 } }, arr: [{ c: 1, z: 2 }, 5], empty: {} } });
    const response = await client.mget({
      index: 'mg-src',
      docs: [
        { _id: '1', _source: false },
        { _id: '1', _source: 'b.c' },
        { _id: '1', _source: ['a', 'arr.c'] },
        { _id: '1', _source: { includes: ['b.*'], excludes: ['b.e'] } },
        { _id: '1', _source: { excludes: 'b' } },
      ],
    });
    const sources = response.docs.map((d) => ('_source' in d ? d._source : 'absent'));
    assert.deepEqual(sources, [
      'absent',
      { b: { c: 2 } },
      { a: 1, arr: [{ c: 1 }] },
      { b: { c: 2, d: 3 } },
      { a: 1, arr: [{ c: 1, z: 2 }, 5], empty: {} },
    ]);
    const viaUrl = await esFetch(url, '/mg-src/_mget?_source_includes=b&_source_excludes=b.e.*', { method: 'POST', body: { ids: ['1'] } });
    assert.deepEqual(viaUrl.json.docs[0]._source, { b: { c: 2, d: 3, e: {} } });
    const wildcard = await esFetch(url, '/mg-src/_mget?_source=*.c', { method: 'POST', body: { docs: [{ _id: '1' }, { _id: '1', _source: true }] } });
    assert.deepEqual(wildcard.json.docs.map((d: any) => d._source), [{ b: { c: 2 }, arr: [{ c: 1 }] }, { a: 1, b: { c: 2, d: 3, e: { f: 4 } }, arr: [{ c: 1, z: 2 }, 5], empty: {} }]);
  });

  it('resolves aliases and date math; routing is answered as _routing; a version that differs is that document\'s conflict', async () => {
    const { client, url } = es;
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '.');
    await client.index({ index: `mg-dm-${day}`, id: '1', document: { d: 1 }, routing: 'r1' });
    await client.indices.putAlias({ index: `mg-dm-${day}`, name: 'mg-alias' });
    const uuid = (await client.indices.getSettings({ index: `mg-dm-${day}`, flat_settings: true }))[`mg-dm-${day}`]!.settings!['index.uuid'];
    const response = await esFetch(url, '/_mget', {
      method: 'POST',
      body: { docs: [{ _index: '<mg-dm-{now/d}>', _id: '1' }, { _index: 'mg-alias', _id: '1', routing: 'other' }, { _index: 'mg-alias', _id: '1', version: 2 }] },
    });
    assert.equal(response.status, 200);
    assert.deepEqual(response.json.docs[0], found(`mg-dm-${day}`, '1', 0, { d: 1 }, { _routing: 'r1' }));
    assert.deepEqual(response.json.docs[1], found(`mg-dm-${day}`, '1', 0, { d: 1 }, { _routing: 'r1' }), 'one shard holds every document, whatever the routing');
    const conflict = { type: 'version_conflict_engine_exception', reason: '[1]: version conflict, current version [1] is different than the one provided [2]', index_uuid: uuid, shard: '0', index: `mg-dm-${day}` };
    assert.deepEqual(response.json.docs[2], { _index: 'mg-alias', _id: '1', error: { root_cause: [conflict], ...conflict } });
  });

  it('refuses malformed bodies with ES\'s errors', async () => {
    const { url } = es;
    const post = (path: string, body: unknown) => esFetch(url, path, { method: 'POST', body });
    assertEnvelope(await post('/_mget', { docs: [] }), validation('no documents to get'));
    assertEnvelope(await post('/_mget', {}), validation('no documents to get'));
    assertEnvelope(await post('/_mget', { ids: ['1', '2'] }), validation('index is missing for doc 0', 'index is missing for doc 1'));
    assertEnvelope(await post('/_mget', { docs: [{ _index: 'x' }, { _id: '1' }] }), validation('id is missing for doc 0', 'index is missing for doc 1'));
    assertEnvelope(await post('/_mget', { documents: [] }), envelope(400, 'parsing_exception', 'unknown key [documents] for a START_ARRAY, expected [docs] or [ids]'));
    assertEnvelope(await post('/_mget', { docs: {} }), envelope(400, 'parsing_exception', 'unexpected token [START_OBJECT], expected [FIELD_NAME] or [START_ARRAY]'));
    assertEnvelope(await post('/_mget', [1]), envelope(400, 'parsing_exception', 'unexpected token [START_ARRAY], expected [START_OBJECT]'));
    assertEnvelope(await post('/_mget', { docs: ['1'] }), envelope(400, 'illegal_argument_exception', 'docs array element should include an object'));
    assertEnvelope(await post('/x/_mget', { ids: [{ a: 1 }] }), envelope(400, 'illegal_argument_exception', 'ids array element should only contain ids'));
    assertEnvelope(await post('/x/_mget', { docs: [{ _id: '1', _type: 'doc' }] }), envelope(400, 'parse_exception', 'failed to parse multi get request. unknown field [_type]'));
    assertEnvelope(await post('/x/_mget', { docs: [{ _id: '1', fields: ['a'] }] }), envelope(400, 'parsing_exception', 'Unsupported field [fields] used, expected [stored_fields] instead'));
    assertEnvelope(await post('/x/_mget', { docs: [{ _id: '1', _source: 5 }] }), envelope(400, 'parse_exception', 'illegal type for _source: [VALUE_NUMBER]'));
    assertEnvelope(await post('/x/_mget', { docs: [{ _id: '1', _source: { only: ['a'] } }] }), envelope(400, 'parse_exception', 'source definition may not contain [only]'));
    assertEnvelope(await esFetch(url, '/_mget', { method: 'POST' }), envelope(400, 'parse_exception', 'request body or source parameter is required'));
    assertEnvelope(
      await esFetch(url, '/x/_mget?fields=a', { method: 'POST', body: { ids: ['1'] } }),
      envelope(400, 'illegal_argument_exception', 'The parameter [fields] is no longer supported, please use [stored_fields] to retrieve stored fields or _source filtering if the field is not stored'),
    );
    assertEnvelope(
      await post('/x/_mget', { docs: [{ _id: '1', stored_fields: ['a'] }] }),
      envelope(400, 'illegal_argument_exception', 'Tessera stores no fields apart from _source: [stored_fields] is not supported, use _source filtering'),
    );
    assertEnvelope(await esFetch(url, '/x/_mget?realtime=maybe', { method: 'POST', body: { ids: ['1'] } }), envelope(400, 'illegal_argument_exception', 'Failed to parse value [maybe] as only [true] or [false] are allowed.'));
  });
});

describe('_mget with security', TEST_OPTIONS, () => {
  let server: TestServer;
  let admin: Client;
  let reader: Client;
  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    admin = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await admin.security.putRole({ name: 'read-open', indices: [{ names: ['open-*'], privileges: ['read'] }] });
    await admin.security.putUser({ username: 'reader', password: 'reader-pw', roles: ['read-open'] });
    reader = new Client({ node: server.url, auth: { username: 'reader', password: 'reader-pw' } });
    await admin.index({ index: 'open-1', id: '1', document: { ok: true } });
    await admin.index({ index: 'secret-1', id: '1', document: { secret: true } });
  });
  after(async () => {
    await reader.close();
    await admin.close();
    await server.dispose();
  });

  it('authorizes each document on its index: a denied one fails alone with ES\'s security_exception', async () => {
    const response = await reader.mget({ docs: [{ _index: 'open-1', _id: '1' }, { _index: 'secret-1', _id: '1' }] });
    assert.deepEqual(response.docs[0], found('open-1', '1', 0, { ok: true }));
    const denied = response.docs[1] as { _index: string; _id: string; error: { type: string; reason: string } };
    assert.equal(denied._index, 'secret-1');
    assert.equal(denied.error.type, 'security_exception');
    assert.equal(denied.error.reason, 'action [indices:data/read/mget[shard]] is unauthorized for user [reader] with roles [read-open] on indices [secret-1], this action is granted by the index privileges [read,all]');
    assert.ok(!JSON.stringify(response).includes('"secret":true'));
  });
});
