/**
 * The update API (`POST /<index>/_update/<id>` and the bulk `update` action), as Elasticsearch 8 has it: `doc` merged
 * into the stored source, `upsert` and `doc_as_upsert`, `detect_noop`, `_source`, compare-and-write, and ES's
 * refusals (versioning, unknown members, no doc); scripts are refused since Tessera has none. Refusals change nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esErrorOf } from '../helpers/es.js';
import { assertEnvelope, envelope, esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const SHARDS = { total: 2, successful: 1, failed: 0 };
const NOOP_SHARDS = { total: 0, successful: 0, failed: 0 };
const SCRIPT_REFUSAL = (field: string) =>
  `[UpdateRequest] [${field}] is not supported: Tessera has no scripting. Update with [doc] (merged into the stored document), [upsert], [doc_as_upsert] and [detect_noop]`;

describe('document update', TEST_OPTIONS, () => {
  const es = useEsServer();

  const uuidOf = async (index: string) => (await es.client.indices.getSettings({ index, flat_settings: true }))[index]!.settings!['index.uuid'] as string;
  const stateOf = async (index: string, id: string) => {
    const doc = await es.client.get({ index, id });
    return { _version: doc._version, _seq_no: doc._seq_no, _source: doc._source };
  };
  const validation = (...messages: string[]) => envelope(400, 'action_request_validation_exception', `Validation Failed: ${messages.map((m, i) => `${i + 1}: ${m};`).join('')}`);
  const missing = (index: string, uuid: string, id: string) => ({ type: 'document_missing_exception', reason: `[${id}]: document missing`, index_uuid: uuid, shard: '0', index });

  it('merges doc into the stored source recursively (objects merged, other values replaced) and answers ES\'s shape', async () => {
    const { client } = es;
    // Unmapped, so a field may turn from a number into an object as the merge's cases need.
    await client.indices.create({ index: 'upd-a', mappings: { dynamic: false } });
    await client.index({ index: 'upd-a', id: '1', document: { a: 1, obj: { x: 1, y: [1, 2], deep: { k: 'v' } }, keep: 'k', gone: 'soon' } });
    const updated = await client.update({ index: 'upd-a', id: '1', doc: { obj: { y: [3], deep: { n: 2 } }, b: 2, gone: null, a: { now: 'an object' } } });
    assert.deepEqual(updated, { _index: 'upd-a', _id: '1', _version: 2, result: 'updated', _shards: SHARDS, _seq_no: 1, _primary_term: 1 });
    assert.deepEqual(await stateOf('upd-a', '1'), {
      _version: 2,
      _seq_no: 1,
      _source: { a: { now: 'an object' }, obj: { x: 1, y: [3], deep: { k: 'v', n: 2 } }, keep: 'k', gone: null, b: 2 },
    });
    // A member named __proto__ is data, as in ES.
    const raw = await esFetch(es.url, '/upd-a/_update/1', { method: 'POST', body: '{"doc":{"__proto__":{"p":1}}}' });
    assert.equal(raw.status, 200);
    assert.deepEqual(Object.keys((await client.get({ index: 'upd-a', id: '1' }))._source as object), ['a', 'obj', 'keep', 'gone', 'b', '__proto__']);
  });

  it('detect_noop: a merge that changes nothing is a noop with no new version or sequence number; detect_noop false writes', async () => {
    const { client } = es;
    await client.indices.create({ index: 'upd-n', mappings: { dynamic: false } });
    await client.index({ index: 'upd-n', id: '1', document: { a: 1, o: { b: [1, { c: 2 }] } } });
    const noop = await client.update({ index: 'upd-n', id: '1', doc: { a: 1, o: { b: [1, { c: 2 }] } } });
    assert.deepEqual(noop, { _index: 'upd-n', _id: '1', _version: 1, result: 'noop', _shards: NOOP_SHARDS, _seq_no: 0, _primary_term: 1 });
    assert.deepEqual(await client.update({ index: 'upd-n', id: '1', doc: { o: {} } }), noop, 'an empty object merges nothing');
    const withSource = await client.update({ index: 'upd-n', id: '1', doc: { a: 1 }, _source: true });
    assert.deepEqual(withSource, { ...noop, get: { _seq_no: 0, _primary_term: 1, found: true, _source: { a: 1, o: { b: [1, { c: 2 }] } } } });
    assert.deepEqual(await stateOf('upd-n', '1'), { _version: 1, _seq_no: 0, _source: { a: 1, o: { b: [1, { c: 2 }] } } });
    const forced = await client.update({ index: 'upd-n', id: '1', doc: { a: 1 }, detect_noop: false });
    assert.deepEqual(forced, { _index: 'upd-n', _id: '1', _version: 2, result: 'updated', _shards: SHARDS, _seq_no: 1, _primary_term: 1 });
    // Only the first changed value counts: a later equal one does not make a change a noop.
    assert.equal((await client.update({ index: 'upd-n', id: '1', doc: { a: 2, o: { b: [1, { c: 2 }] } } })).result, 'updated');
  });

  it('_source=true returns the updated document in get (query parameter or body member); false or absent does not', async () => {
    const { client, url } = es;
    await client.index({ index: 'upd-s', id: '1', document: { a: 1 } });
    const viaQuery = await esFetch(url, '/upd-s/_update/1?_source=true', { method: 'POST', body: { doc: { b: 2 } } });
    assert.equal(viaQuery.status, 200);
    assert.deepEqual(viaQuery.json, {
      _index: 'upd-s', _id: '1', _version: 2, result: 'updated', _shards: SHARDS, _seq_no: 1, _primary_term: 1,
      get: { _seq_no: 1, _primary_term: 1, found: true, _source: { a: 1, b: 2 } },
    });
    const viaBody = await client.update({ index: 'upd-s', id: '1', doc: { c: 3 }, _source: true });
    assert.deepEqual(viaBody.get, { _seq_no: 2, _primary_term: 1, found: true, _source: { a: 1, b: 2, c: 3 } });
    assert.equal((await client.update({ index: 'upd-s', id: '1', doc: { d: 4 }, _source: false })).get, undefined);
    const filtered = await esFetch(url, '/upd-s/_update/1?_source=a', { method: 'POST', body: { doc: { e: 5 } } });
    assertEnvelope(filtered, envelope(400, 'illegal_argument_exception', "Tessera's update returns the whole updated source or none: the parameter [_source] takes true or false, not source filtering [a]"));
    const includes = await esFetch(url, '/upd-s/_update/1?_source_includes=a', { method: 'POST', body: { doc: { e: 5 } } });
    assertEnvelope(includes, envelope(400, 'illegal_argument_exception', "Tessera's update returns the whole updated source or none: [_source_includes] is not supported, use _source=true"));
    assert.deepEqual(await stateOf('upd-s', '1'), { _version: 4, _seq_no: 3, _source: { a: 1, b: 2, c: 3, d: 4 } });
  });

  it('a missing document is 404 document_missing_exception unless upsert (stored as is, 201) or doc_as_upsert (the doc stored)', async () => {
    const { client, url } = es;
    await client.index({ index: 'upd-m', id: 'other', document: {} });
    const uuid = await uuidOf('upd-m');
    const response = await esFetch(url, '/upd-m/_update/ghost', { method: 'POST', body: { doc: { a: 1 } } });
    assertEnvelope(response, { error: { root_cause: [missing('upd-m', uuid, 'ghost')], ...missing('upd-m', uuid, 'ghost') }, status: 404 });
    assert.equal(await client.exists({ index: 'upd-m', id: 'ghost' }), false);
    assert.equal((await client.index({ index: 'upd-m', id: 'next', document: {} }))._seq_no, 1, 'no sequence number was taken');

    const upserted = await esFetch(url, '/upd-m/_update/u', { method: 'POST', body: { doc: { from: 'doc' }, upsert: { from: 'upsert' } } });
    assert.equal(upserted.status, 201);
    assert.deepEqual(upserted.json, { _index: 'upd-m', _id: 'u', _version: 1, result: 'created', _shards: SHARDS, _seq_no: 2, _primary_term: 1 });
    assert.deepEqual(await stateOf('upd-m', 'u'), { _version: 1, _seq_no: 2, _source: { from: 'upsert' } });
    // Once it exists, the doc is merged and the upsert ignored.
    assert.equal((await client.update({ index: 'upd-m', id: 'u', doc: { from: 'doc' }, upsert: { from: 'upsert' } })).result, 'updated');
    assert.deepEqual((await stateOf('upd-m', 'u'))._source, { from: 'doc' });

    const asUpsert = await client.update({ index: 'upd-m', id: 'd', doc: { from: 'doc' }, doc_as_upsert: true, upsert: { from: 'upsert' }, _source: true });
    assert.deepEqual(asUpsert, {
      _index: 'upd-m', _id: 'd', _version: 1, result: 'created', _shards: SHARDS, _seq_no: 4, _primary_term: 1,
      get: { _seq_no: 4, _primary_term: 1, found: true, _source: { from: 'doc' } },
    });
    const viaQuery = await esFetch(url, '/upd-m/_update/q?doc_as_upsert=true', { method: 'POST', body: { doc: { q: 1 } } });
    assert.equal(viaQuery.status, 201);
    assert.deepEqual((await stateOf('upd-m', 'q'))._source, { q: 1 });
  });

  it('writes through an alias to its write index, and creates a missing index only where an index write would', async () => {
    const { client } = es;
    await client.indices.create({ index: 'upd-w-1', aliases: { 'upd-w': { is_write_index: false } } });
    await client.indices.create({ index: 'upd-w-2', aliases: { 'upd-w': { is_write_index: true } } });
    const created = await client.update({ index: 'upd-w', id: '1', doc: { a: 1 }, doc_as_upsert: true });
    assert.deepEqual([created._index, created.result], ['upd-w-2', 'created']);
    assert.equal((await client.update({ index: 'upd-w', id: '1', doc: { a: 2 } }))._index, 'upd-w-2');
    assert.deepEqual((await stateOf('upd-w-2', '1'))._source, { a: 2 });

    const auto = await client.update({ index: 'upd-auto', id: '1', doc: { a: 1 }, doc_as_upsert: true });
    assert.deepEqual([auto._index, auto.result], ['upd-auto', 'created']);
    await client.cluster.putSettings({ transient: { 'action.auto_create_index': 'false' } });
    try {
      assert.deepEqual(await esErrorOf(client.update({ index: 'upd-never', id: '1', doc: { a: 1 }, doc_as_upsert: true })), {
        status: 404,
        type: 'index_not_found_exception',
        reason: 'no such index [upd-never] and [action.auto_create_index] is [false]',
      });
      assert.equal(await client.indices.exists({ index: 'upd-never' }), false);
    } finally {
      await client.cluster.putSettings({ transient: { 'action.auto_create_index': null } });
    }
  });

  it('if_seq_no and if_primary_term: a stale pair is a 409 as for index writes; a missing document is missing; ES validates the rest', async () => {
    const { client, url } = es;
    await client.index({ index: 'upd-c', id: 'd', document: { n: 0 } });
    await client.index({ index: 'upd-c', id: 'd', document: { n: 1 } });
    const uuid = await uuidOf('upd-c');
    const before = await stateOf('upd-c', 'd');
    const stale = await esFetch(url, '/upd-c/_update/d?if_seq_no=0&if_primary_term=1', { method: 'POST', body: { doc: { n: -1 } } });
    assertEnvelope(
      stale,
      envelope(409, 'version_conflict_engine_exception', '[d]: version conflict, required seqNo [0], primary term [1]. current document has seqNo [1] and primary term [1]', {
        index_uuid: uuid, shard: '0', index: 'upd-c',
      }),
    );
    assert.deepEqual(await esErrorOf(client.update({ index: 'upd-c', id: 'd', doc: { n: -1 }, if_seq_no: 1, if_primary_term: 2 })), {
      status: 409,
      type: 'version_conflict_engine_exception',
      reason: '[d]: version conflict, required seqNo [1], primary term [2]. current document has seqNo [1] and primary term [1]',
    });
    assert.deepEqual(await esErrorOf(client.update({ index: 'upd-c', id: 'ghost', doc: { n: 1 }, if_seq_no: 1, if_primary_term: 1 })), {
      status: 404, type: 'document_missing_exception', reason: '[ghost]: document missing',
    });
    assert.deepEqual(await stateOf('upd-c', 'd'), before);
    const written = await client.update({ index: 'upd-c', id: 'd', doc: { n: 2 }, if_seq_no: 1, if_primary_term: 1 });
    assert.deepEqual([written.result, written._version, written._seq_no], ['updated', 3, 2]);

    const cases: [string, unknown, ReturnType<typeof envelope>][] = [
      ['?if_seq_no=2', { doc: { n: 9 } }, validation('ifSeqNo is set, but primary term is [0]')],
      ['?if_primary_term=1', { doc: { n: 9 } }, validation('ifSeqNo is unassigned, but primary term is [1]')],
      ['?if_seq_no=2&if_primary_term=1&retry_on_conflict=3', { doc: { n: 9 } }, validation('compare and write operations can not be retried')],
      [
        '?if_seq_no=2&if_primary_term=1',
        { doc: { n: 9 }, doc_as_upsert: true, upsert: { n: 9 } },
        validation('compare and write operations can not be used with upsert', "upsert requests don't support `if_seq_no` and `if_primary_term`"),
      ],
      ['', { doc: { n: 9 }, if_seq_no: 2 }, validation('ifSeqNo is set, but primary term is [0]')],
      ['?if_seq_no=-5&if_primary_term=1', { doc: { n: 9 } }, envelope(400, 'illegal_argument_exception', 'sequence numbers must be non negative. got [-5].')],
      ['?retry_on_conflict=x', { doc: { n: 9 } }, envelope(400, 'illegal_argument_exception', 'Failed to parse int parameter [retry_on_conflict] with value [x]')],
    ];
    for (const [query, body, expected] of cases) assertEnvelope(await esFetch(url, `/upd-c/_update/d${query}`, { method: 'POST', body }), expected);
    assert.deepEqual(await stateOf('upd-c', 'd'), { _version: 3, _seq_no: 2, _source: { n: 2 } });
    // The body's if_seq_no/if_primary_term work as the parameters do.
    assert.equal((await esFetch(url, '/upd-c/_update/d', { method: 'POST', body: { doc: { n: 3 }, if_seq_no: 2, if_primary_term: 1 } })).status, 200);
  });

  it('refuses versioning, scripts, unknown members and a missing doc as ES does (or says what it supports), changing nothing', async () => {
    const { client, url } = es;
    await client.index({ index: 'upd-r', id: 'd', document: { n: 0 } });
    const before = await stateOf('upd-r', 'd');
    const versioning = validation('internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead');
    const parse = (reason: string) => envelope(400, 'x_content_parse_exception', reason);
    const illegal = (reason: string) => envelope(400, 'illegal_argument_exception', reason);
    const cases: [string, unknown, ReturnType<typeof envelope>][] = [
      ['?version=1', { doc: { n: 1 } }, versioning],
      ['?version_type=external', { doc: { n: 1 } }, versioning],
      ['', { script: { source: 'ctx._source.n++' } }, illegal(SCRIPT_REFUSAL('script'))],
      ['', { script: 'ctx._source.n++', upsert: { n: 0 }, scripted_upsert: true }, illegal(SCRIPT_REFUSAL('script'))],
      ['', { scripted_upsert: true, doc: { n: 1 } }, illegal(SCRIPT_REFUSAL('scripted_upsert'))],
      ['', { doc: { n: 1 }, params: { x: 1 } }, parse('[UpdateRequest] unknown field [params]')],
      ['', { docs: { n: 1 } }, parse('[UpdateRequest] unknown field [docs] did you mean [doc]?')],
      ['', { doc: { n: 1 }, x: 1 }, parse('[UpdateRequest] unknown field [x]')],
      ['', { doc: 'n' }, parse("[UpdateRequest] doc doesn't support values of type: VALUE_STRING")],
      ['', { doc: { n: 1 }, detect_noop: 'maybe' }, parse('[UpdateRequest] failed to parse field [detect_noop]')],
      ['', [{ doc: { n: 1 } }], parse('[UpdateRequest] Expected START_OBJECT but was: START_ARRAY')],
      ['', {}, validation('script or doc is missing')],
      ['', { upsert: { n: 1 } }, validation('script or doc is missing')],
      ['', { doc_as_upsert: true }, validation('script or doc is missing', 'doc must be specified if doc_as_upsert is enabled')],
      ['?refresh=bogus', { doc: { n: 1 } }, illegal('Unknown value for refresh: [bogus].')],
      ['?doc_as_upsert=yes', { doc: { n: 1 } }, illegal('Failed to parse value [yes] as only [true] or [false] are allowed.')],
    ];
    for (const [query, body, expected] of cases) {
      assertEnvelope(await esFetch(url, `/upd-r/_update/d${query}`, { method: 'POST', body }), expected);
      // The same refusals on a document that does not exist create nothing.
      assertEnvelope(await esFetch(url, `/upd-r-new/_update/d${query}`, { method: 'POST', body }), expected);
    }
    assert.deepEqual(await stateOf('upd-r', 'd'), before);
    assert.equal(await client.indices.exists({ index: 'upd-r-new' }), false);
    assert.equal((await client.index({ index: 'upd-r', id: 'e', document: {} }))._seq_no, 1, 'no refusal took a sequence number');
    // Every refresh policy is met at once.
    for (const refresh of ['true', 'false', 'wait_for']) {
      assert.equal((await esFetch(url, `/upd-r/_update/d?refresh=${refresh}`, { method: 'POST', body: { doc: { refresh } } })).status, 200);
    }
  });

  it('bulk update items: merge, noop, upsert, missing, conflict and script each get ES\'s per-item result', async () => {
    const { client } = es;
    await client.index({ index: 'upd-b', id: 'a', document: { v: 'a0', keep: true } }); // seq 0
    await client.index({ index: 'upd-b', id: 'b', document: { v: 'b0' } }); // seq 1
    const uuid = await uuidOf('upd-b');
    const operations: Record<string, unknown>[] = [
        { update: { _index: 'upd-b', _id: 'a' } },
        { doc: { v: 'a1' } },
        { update: { _index: 'upd-b', _id: 'a', _source: true } },
        { doc: { v: 'a1' } },
        { update: { _index: 'upd-b', _id: 'b', if_seq_no: 0, if_primary_term: 1 } },
        { doc: { v: -1 } },
        { update: { _index: 'upd-b', _id: 'ghost' } },
        { doc: { v: -1 } },
        { update: { _index: 'upd-b', _id: 'c' } },
        { doc: { v: 'c-doc' }, upsert: { v: 'c-upsert' } },
        { update: { _index: 'upd-b', _id: 'e', retry_on_conflict: 3 } },
        { doc: { v: 'e' }, doc_as_upsert: true },
        { update: { _index: 'upd-b', _id: 'b' } },
        { script: { source: 'ctx._source.v = "x"' } },
        { update: { _index: 'upd-b', _id: 'b' } },
        { doc: { v: 'b' }, detect_noop: false },
    ];
    const response = await client.bulk({ operations });
    assert.equal(response.errors, true);
    assert.deepEqual(response.items, [
      { update: { _index: 'upd-b', _id: 'a', _version: 2, result: 'updated', _shards: SHARDS, _seq_no: 2, _primary_term: 1, status: 200 } },
      {
        update: {
          _index: 'upd-b', _id: 'a', _version: 2, result: 'noop', _shards: NOOP_SHARDS, _seq_no: 2, _primary_term: 1,
          get: { _seq_no: 2, _primary_term: 1, found: true, _source: { v: 'a1', keep: true } }, status: 200,
        },
      },
      {
        update: {
          _index: 'upd-b', _id: 'b', status: 409,
          error: { type: 'version_conflict_engine_exception', reason: '[b]: version conflict, required seqNo [0], primary term [1]. current document has seqNo [1] and primary term [1]', index_uuid: uuid, shard: '0', index: 'upd-b' },
        },
      },
      { update: { _index: 'upd-b', _id: 'ghost', status: 404, error: missing('upd-b', uuid, 'ghost') } },
      { update: { _index: 'upd-b', _id: 'c', _version: 1, result: 'created', _shards: SHARDS, _seq_no: 3, _primary_term: 1, status: 201 } },
      { update: { _index: 'upd-b', _id: 'e', _version: 1, result: 'created', _shards: SHARDS, _seq_no: 4, _primary_term: 1, status: 201 } },
      { update: { _index: 'upd-b', _id: 'b', status: 400, error: { type: 'illegal_argument_exception', reason: SCRIPT_REFUSAL('script') } } },
      { update: { _index: 'upd-b', _id: 'b', _version: 2, result: 'updated', _shards: SHARDS, _seq_no: 5, _primary_term: 1, status: 200 } },
    ]);
    assert.deepEqual(await stateOf('upd-b', 'a'), { _version: 2, _seq_no: 2, _source: { v: 'a1', keep: true } });
    assert.deepEqual(await stateOf('upd-b', 'b'), { _version: 2, _seq_no: 5, _source: { v: 'b' } });
    assert.deepEqual((await stateOf('upd-b', 'c'))._source, { v: 'c-upsert' });
    assert.deepEqual((await stateOf('upd-b', 'e'))._source, { v: 'e' });
    assert.equal(await client.exists({ index: 'upd-b', id: 'ghost' }), false);
  });

  it('bulk: versioning, a malformed update line or a missing doc refuses the whole request as BulkRequestParser and validate do', async () => {
    const { client, url } = es;
    await client.index({ index: 'upd-bv', id: 'a', document: { v: 0 } });
    const before = await stateOf('upd-bv', 'a');
    const ndjson = { 'content-type': 'application/x-ndjson' };
    const send = (lines: unknown[]) => esFetch(url, '/_bulk', { method: 'POST', headers: ndjson, body: lines.map((l) => JSON.stringify(l)).join('\n') + '\n' });
    const fine = [{ index: { _index: 'upd-bv', _id: 'a' } }, { v: -1 }, { update: { _index: 'upd-bv-new', _id: 'x' } }, { doc: { v: 1 }, doc_as_upsert: true }];
    const illegal = (reason: string) => envelope(400, 'illegal_argument_exception', reason);
    assertEnvelope(await send([...fine, { update: { _index: 'upd-bv', _id: 'a', version: 2 } }, { doc: {} }]), illegal('Update requests do not support versioning. Please use `if_seq_no` and `if_primary_term` instead'));
    assertEnvelope(await send([...fine, { update: { _index: 'upd-bv', _id: 'a', version_type: 'external' } }, { doc: {} }]), illegal('Update requests do not support versioning. Please use `if_seq_no` and `if_primary_term` instead'));
    assertEnvelope(await send([...fine, { update: { _index: 'upd-bv', _id: 'a', dynamic_templates: { f: 't' } } }, { doc: {} }]), illegal('Update request in line [5] does not accept dynamic_templates'));
    assertEnvelope(await send([...fine, { update: { _index: 'upd-bv', _id: 'a' } }, { doc: {}, upserts: {} }]), envelope(400, 'x_content_parse_exception', '[UpdateRequest] unknown field [upserts] did you mean [upsert]?'));
    assertEnvelope(await send([...fine, { update: { _index: 'upd-bv', _id: 'a' } }, { upsert: {} }]), validation('script or doc is missing'));
    assertEnvelope(await send([...fine, { update: { _index: 'upd-bv' } }, { doc: {} }]), validation('id is missing'));
    assertEnvelope(
      await send([...fine, { update: { _index: 'upd-bv', _id: 'a', if_seq_no: 0, if_primary_term: 1, retry_on_conflict: 1 } }, { doc: {} }]),
      validation('compare and write operations can not be retried'),
    );
    assert.deepEqual(await stateOf('upd-bv', 'a'), before);
    assert.equal(await client.indices.exists({ index: 'upd-bv-new' }), false);
  });
});
