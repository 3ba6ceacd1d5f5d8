/**
 * Optimistic concurrency control on documents, as Elasticsearch 8 has it: `if_seq_no` + `if_primary_term`, and
 * `version` + `version_type`, on index, create, delete and bulk items. Every refusal leaves the document as it was.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esErrorOf } from '../helpers/es.js';
import { assertEnvelope, envelope, esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

describe('document concurrency control', TEST_OPTIONS, () => {
  const es = useEsServer();

  const uuidOf = async (index: string) => (await es.client.indices.getSettings({ index, flat_settings: true }))[index]!.settings!['index.uuid'] as string;

  /** The document as GET returns it: version, sequence number and source. */
  const stateOf = async (index: string, id: string) => {
    const doc = await es.client.get({ index, id });
    return { _version: doc._version, _seq_no: doc._seq_no, _source: doc._source };
  };

  const conflict = (index: string, uuid: string, reason: string) => envelope(409, 'version_conflict_engine_exception', reason, { index_uuid: uuid, shard: '0', index });
  const validation = (...messages: string[]) => envelope(400, 'action_request_validation_exception', `Validation Failed: ${messages.map((m, i) => `${i + 1}: ${m};`).join('')}`);
  const illegal = (reason: string) => envelope(400, 'illegal_argument_exception', reason);

  it('if_seq_no and if_primary_term: a stale pair is refused with 409 and writes nothing; the current pair writes', async () => {
    const { client, url } = es;
    for (let n = 0; n < 4; n++) await client.index({ index: 'cas-a', id: 'd', document: { n } });
    const uuid = await uuidOf('cas-a');
    const before = await stateOf('cas-a', 'd');
    assert.deepEqual(before, { _version: 4, _seq_no: 3, _source: { n: 3 } });

    const put = await esFetch(url, '/cas-a/_doc/d?if_seq_no=999&if_primary_term=999', { method: 'PUT', body: { n: -1 } });
    assertEnvelope(put, conflict('cas-a', uuid, '[d]: version conflict, required seqNo [999], primary term [999]. current document has seqNo [3] and primary term [1]'));
    // The right sequence number under a wrong primary term is a conflict too.
    assert.deepEqual(await esErrorOf(client.index({ index: 'cas-a', id: 'd', document: { n: -1 }, if_seq_no: 3, if_primary_term: 2 })), {
      status: 409,
      type: 'version_conflict_engine_exception',
      reason: '[d]: version conflict, required seqNo [3], primary term [2]. current document has seqNo [3] and primary term [1]',
    });
    const del = await esFetch(url, '/cas-a/_doc/d?if_seq_no=2&if_primary_term=1', { method: 'DELETE' });
    assertEnvelope(del, conflict('cas-a', uuid, '[d]: version conflict, required seqNo [2], primary term [1]. current document has seqNo [3] and primary term [1]'));
    assert.deepEqual(await stateOf('cas-a', 'd'), before, 'refused writes change nothing');
    // A refusal takes no sequence number: the next write gets the next one.
    const written = await client.index({ index: 'cas-a', id: 'd', document: { n: 4 }, if_seq_no: 3, if_primary_term: 1 });
    assert.deepEqual([written.result, written._version, written._seq_no], ['updated', 5, 4]);
    const deleted = await client.delete({ index: 'cas-a', id: 'd', if_seq_no: 4, if_primary_term: 1 });
    assert.deepEqual([deleted.result, deleted._version, deleted._seq_no], ['deleted', 6, 5]);
  });

  it('if_seq_no on a missing document is a 409 "but no document was found", for PUT and DELETE, and creates nothing', async () => {
    const { client, url } = es;
    await client.index({ index: 'cas-b', id: 'other', document: {} });
    const uuid = await uuidOf('cas-b');
    const put = await esFetch(url, '/cas-b/_doc/ghost?if_seq_no=0&if_primary_term=1', { method: 'PUT', body: { a: 1 } });
    assertEnvelope(put, conflict('cas-b', uuid, '[ghost]: version conflict, required seqNo [0], primary term [1]. but no document was found'));
    const del = await esFetch(url, '/cas-b/_doc/ghost?if_seq_no=7&if_primary_term=1', { method: 'DELETE' });
    assertEnvelope(del, conflict('cas-b', uuid, '[ghost]: version conflict, required seqNo [7], primary term [1]. but no document was found'));
    assert.equal(await client.exists({ index: 'cas-b', id: 'ghost' }), false);
    assert.equal((await client.index({ index: 'cas-b', id: 'next', document: {} }))._seq_no, 1, 'no sequence number was taken');
  });

  it('refuses if_seq_no without if_primary_term (and the reverse) as ES validates them, before creating any index', async () => {
    const { client, url } = es;
    await client.index({ index: 'cas-c', id: 'd', document: { v: 1 } });
    const before = await stateOf('cas-c', 'd');
    const cases: [string, string, ReturnType<typeof envelope>][] = [
      ['PUT', '/cas-c/_doc/d?if_seq_no=0', validation('ifSeqNo is set, but primary term is [0]')],
      ['PUT', '/cas-c/_doc/d?if_seq_no=0&if_primary_term=0', validation('ifSeqNo is set, but primary term is [0]')],
      ['PUT', '/cas-c/_doc/d?if_primary_term=1', validation('ifSeqNo is unassigned, but primary term is [1]')],
      ['DELETE', '/cas-c/_doc/d?if_seq_no=0', validation('ifSeqNo is set, but primary term is [0]')],
      ['DELETE', '/cas-c/_doc/d?if_primary_term=3', validation('ifSeqNo is unassigned, but primary term is [3]')],
      ['PUT', '/cas-c/_doc/d?if_seq_no=-5&if_primary_term=1', illegal('sequence numbers must be non negative. got [-5].')],
      ['PUT', '/cas-c/_doc/d?if_seq_no=0&if_primary_term=-1', illegal('primary term must be non negative. got [-1]')],
      ['PUT', '/cas-c/_doc/d?if_seq_no=x&if_primary_term=1', illegal('Failed to parse long parameter [if_seq_no] with value [x]')],
      ['DELETE', '/cas-c/_doc/d?if_seq_no=0&if_primary_term=1.5', illegal('Failed to parse long parameter [if_primary_term] with value [1.5]')],
      [
        'PUT',
        '/cas-c/_doc/d?version=2&if_seq_no=0&if_primary_term=1',
        validation('internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead', 'compare and write operations can not use versioning'),
      ],
      ['PUT', '/cas-c/_doc/d?version=2&version_type=external&if_seq_no=0&if_primary_term=1', validation('compare and write operations can not use versioning')],
      // A refused request does not create the index it names.
      ['PUT', '/cas-never/_doc/d?if_seq_no=0', validation('ifSeqNo is set, but primary term is [0]')],
    ];
    for (const [method, path, expected] of cases) {
      const response = await esFetch(url, path, { method, ...(method === 'PUT' && { body: { v: -1 } }) });
      assertEnvelope(response, expected);
    }
    assert.deepEqual(await stateOf('cas-c', 'd'), before);
    assert.equal(await client.indices.exists({ index: 'cas-never' }), false);
  });

  it('version with internal versioning is refused in ES 8, for index and delete', async () => {
    const { client, url } = es;
    await client.index({ index: 'ver-i', id: 'd', document: { v: 1 } });
    const before = await stateOf('ver-i', 'd');
    const internal = 'internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead';
    assertEnvelope(await esFetch(url, '/ver-i/_doc/d?version=1', { method: 'PUT', body: { v: 2 } }), validation(internal));
    assertEnvelope(await esFetch(url, '/ver-i/_doc/d?version=1&version_type=internal', { method: 'PUT', body: { v: 2 } }), validation(internal));
    assertEnvelope(await esFetch(url, '/ver-i/_doc/d?version=1', { method: 'DELETE' }), validation(internal));
    assertEnvelope(await esFetch(url, '/ver-i/_doc/d?version=-7', { method: 'PUT', body: { v: 2 } }), validation('illegal version value [-7] for version type [INTERNAL]', internal));
    // ES still reads an If-Match header as the version when there is no `version` parameter.
    assertEnvelope(await esFetch(url, '/ver-i/_doc/d', { method: 'PUT', body: { v: 2 }, headers: { 'if-match': '1' } }), validation(internal));
    assertEnvelope(await esFetch(url, '/ver-i/_doc/d', { method: 'DELETE', headers: { 'if-match': '"1"' } }), envelope(400, 'number_format_exception', 'For input string: ""1""'));
    assert.deepEqual(await stateOf('ver-i', 'd'), before);
  });

  it('version_type external: writes only a higher version, which the document then carries', async () => {
    const { client, url } = es;
    const created = await client.index({ index: 'ver-e', id: 'd', document: { v: 5 }, version: 5, version_type: 'external' });
    assert.deepEqual([created.result, created._version, created._seq_no], ['created', 5, 0]);
    const uuid = await uuidOf('ver-e');
    for (const version of [5, 4]) {
      const response = await esFetch(url, `/ver-e/_doc/d?version=${version}&version_type=external`, { method: 'PUT', body: { v: -1 } });
      assertEnvelope(response, conflict('ver-e', uuid, `[d]: version conflict, current version [5] is higher or equal to the one provided [${version}]`));
    }
    assert.deepEqual(await stateOf('ver-e', 'd'), { _version: 5, _seq_no: 0, _source: { v: 5 } });
    const updated = await client.index({ index: 'ver-e', id: 'd', document: { v: 9 }, version: 9, version_type: 'external' });
    assert.deepEqual([updated.result, updated._version, updated._seq_no], ['updated', 9, 1]);
    // external_gt is ES's other spelling of external.
    const gt = await esFetch(url, '/ver-e/_doc/d?version=9&version_type=external_gt', { method: 'PUT', body: { v: -1 } });
    assertEnvelope(gt, conflict('ver-e', uuid, '[d]: version conflict, current version [9] is higher or equal to the one provided [9]'));
    // Delete follows the same rule, and its tombstone carries the version given.
    const staleDelete = await esFetch(url, '/ver-e/_doc/d?version=3&version_type=external', { method: 'DELETE' });
    assertEnvelope(staleDelete, conflict('ver-e', uuid, '[d]: version conflict, current version [9] is higher or equal to the one provided [3]'));
    assert.deepEqual(await stateOf('ver-e', 'd'), { _version: 9, _seq_no: 1, _source: { v: 9 } });
    const deleted = await client.delete({ index: 'ver-e', id: 'd', version: 12, version_type: 'external' });
    assert.deepEqual([deleted.result, deleted._version], ['deleted', 12]);
    const missing = await esFetch(url, '/ver-e/_doc/gone?version=30&version_type=external', { method: 'DELETE' });
    assert.equal(missing.status, 404);
    assert.deepEqual([missing.json.result, missing.json._version], ['not_found', 30]);
  });

  it('version_type external_gte: writes an equal or higher version', async () => {
    const { client, url } = es;
    await client.index({ index: 'ver-g', id: 'd', document: { v: 6 }, version: 6, version_type: 'external_gte' });
    const uuid = await uuidOf('ver-g');
    const lower = await esFetch(url, '/ver-g/_doc/d?version=5&version_type=external_gte', { method: 'PUT', body: { v: -1 } });
    assertEnvelope(lower, conflict('ver-g', uuid, '[d]: version conflict, current version [6] is higher than the one provided [5]'));
    const lowerDelete = await esFetch(url, '/ver-g/_doc/d?version=5&version_type=external_gte', { method: 'DELETE' });
    assertEnvelope(lowerDelete, conflict('ver-g', uuid, '[d]: version conflict, current version [6] is higher than the one provided [5]'));
    assert.deepEqual(await stateOf('ver-g', 'd'), { _version: 6, _seq_no: 0, _source: { v: 6 } });
    const equal = await client.index({ index: 'ver-g', id: 'd', document: { v: 66 }, version: 6, version_type: 'external_gte' });
    assert.deepEqual([equal.result, equal._version, equal._seq_no], ['updated', 6, 1]);
    const deleted = await client.delete({ index: 'ver-g', id: 'd', version: 6, version_type: 'external_gte' });
    assert.deepEqual([deleted.result, deleted._version], ['deleted', 6]);
  });

  it('refuses bad version values and types as ES words them', async () => {
    const { client, url } = es;
    await client.index({ index: 'ver-bad', id: 'd', document: { v: 1 } });
    const before = await stateOf('ver-bad', 'd');
    const cases: [string, string, ReturnType<typeof envelope>][] = [
      ['PUT', '/ver-bad/_doc/d?version=3&version_type=bogus', illegal('No version type match [bogus]')],
      ['DELETE', '/ver-bad/_doc/d?version=3&version_type=EXTERNAL', illegal('No version type match [EXTERNAL]')],
      ['PUT', '/ver-bad/_doc/d?version=abc&version_type=external', illegal('Failed to parse long parameter [version] with value [abc]')],
      ['PUT', '/ver-bad/_doc/d?version=9223372036854775808&version_type=external', illegal('Failed to parse long parameter [version] with value [9223372036854775808]')],
      ['PUT', '/ver-bad/_doc/d?version_type=external', validation('illegal version value [-3] for version type [EXTERNAL]')],
      ['PUT', '/ver-bad/_doc/d?version=-5&version_type=external_gte', validation('illegal version value [-5] for version type [EXTERNAL_GTE]')],
      ['DELETE', '/ver-bad/_doc/d?version=-1&version_type=external', validation('illegal version value [-1] for version type [EXTERNAL]')],
      ['POST', '/ver-bad/_doc?version=4&version_type=external', validation('create operations only support internal versioning. use index instead')],
      ['POST', '/ver-bad/_doc?version=4&version_type=external&op_type=index', validation('an id must be provided if version type or value are set')],
    ];
    for (const [method, path, expected] of cases) {
      assertEnvelope(await esFetch(url, path, { method, ...(method !== 'DELETE' && { body: { v: -1 } }) }), expected);
    }
    assert.deepEqual(await stateOf('ver-bad', 'd'), before);
    assert.equal((await client.count({ index: 'ver-bad' })).count, 1);
  });

  it('create takes no versioning and no compare-and-set (_create and op_type=create alike)', async () => {
    const { client, url } = es;
    await client.indices.create({ index: 'ver-c' });
    const cases: [string, string][] = [
      ['/ver-c/_create/d?version=5&version_type=external', 'create operations only support internal versioning. use index instead'],
      ['/ver-c/_doc/d?op_type=create&version=5&version_type=external_gte', 'create operations only support internal versioning. use index instead'],
      ['/ver-c/_create/d?version=3', 'create operations do not support explicit versions. use index instead'],
      ['/ver-c/_create/d?if_seq_no=0&if_primary_term=1', 'create operations do not support compare and set. use index instead'],
      ['/ver-c/_doc/d?op_type=CREATE&if_seq_no=0&if_primary_term=1', 'create operations do not support compare and set. use index instead'],
    ];
    for (const [path, message] of cases) assertEnvelope(await esFetch(url, path, { method: 'PUT', body: { v: 1 } }), validation(message));
    assertEnvelope(await esFetch(url, '/ver-c/_doc/d?op_type=upsert', { method: 'PUT', body: { v: 1 } }), illegal("opType must be 'create' or 'index', found: [upsert]"));
    assertEnvelope(await esFetch(url, '/ver-c/_create/d?op_type=index', { method: 'PUT', body: { v: 1 } }), illegal("opType must be 'create', found: [index]"));
    assert.equal((await client.count({ index: 'ver-c' })).count, 0);
    assert.deepEqual(await esErrorOf(client.create({ index: 'ver-c', id: 'd', document: {}, version: 2, version_type: 'external' })), {
      status: 400,
      type: 'action_request_validation_exception',
      reason: 'Validation Failed: 1: create operations only support internal versioning. use index instead;',
    });
  });

  it('bulk: a conflicting item fails with 409 and ES\'s error body while the other items proceed', async () => {
    const { client } = es;
    await client.index({ index: 'bulk-cc', id: 'a', document: { v: 'a0' } }); // seq 0
    await client.index({ index: 'bulk-cc', id: 'b', document: { v: 'b0' }, version: 10, version_type: 'external' }); // seq 1
    const uuid = await uuidOf('bulk-cc');
    const response = await client.bulk({
      operations: [
        { index: { _index: 'bulk-cc', _id: 'a', if_seq_no: 999, if_primary_term: 999 } },
        { v: -1 },
        { index: { _index: 'bulk-cc', _id: 'a', if_seq_no: 0, if_primary_term: 1 } },
        { v: 'a1' },
        { delete: { _index: 'bulk-cc', _id: 'a', if_seq_no: 0, if_primary_term: 1 } },
        { index: { _index: 'bulk-cc', _id: 'b', version: 10, version_type: 'external' } },
        { v: -1 },
        { index: { _index: 'bulk-cc', _id: 'b', version: 11, version_type: 'external' } },
        { v: 'b11' },
        { delete: { _index: 'bulk-cc', _id: 'ghost', if_seq_no: 1, if_primary_term: 1 } },
        { index: { _index: 'bulk-cc', _id: 'c', version: 3, version_type: 'external_gte' } },
        { v: 'c3' },
      ],
    });
    assert.equal(response.errors, true);
    const error = (id: string, reason: string) => ({ type: 'version_conflict_engine_exception', reason: `[${id}]: version conflict, ${reason}`, index_uuid: uuid, shard: '0', index: 'bulk-cc' });
    assert.deepEqual(response.items, [
      { index: { _index: 'bulk-cc', _id: 'a', status: 409, error: error('a', 'required seqNo [999], primary term [999]. current document has seqNo [0] and primary term [1]') } },
      { index: { _index: 'bulk-cc', _id: 'a', _version: 2, result: 'updated', _shards: { total: 2, successful: 1, failed: 0 }, _seq_no: 2, _primary_term: 1, status: 200 } },
      // The item before moved the document on to seqNo 2, within the same request.
      { delete: { _index: 'bulk-cc', _id: 'a', status: 409, error: error('a', 'required seqNo [0], primary term [1]. current document has seqNo [2] and primary term [1]') } },
      { index: { _index: 'bulk-cc', _id: 'b', status: 409, error: error('b', 'current version [10] is higher or equal to the one provided [10]') } },
      { index: { _index: 'bulk-cc', _id: 'b', _version: 11, result: 'updated', _shards: { total: 2, successful: 1, failed: 0 }, _seq_no: 3, _primary_term: 1, status: 200 } },
      { delete: { _index: 'bulk-cc', _id: 'ghost', status: 409, error: error('ghost', 'required seqNo [1], primary term [1]. but no document was found') } },
      { index: { _index: 'bulk-cc', _id: 'c', _version: 3, result: 'created', _shards: { total: 2, successful: 1, failed: 0 }, _seq_no: 4, _primary_term: 1, status: 201 } },
    ]);
    assert.deepEqual(await stateOf('bulk-cc', 'a'), { _version: 2, _seq_no: 2, _source: { v: 'a1' } });
    assert.deepEqual(await stateOf('bulk-cc', 'b'), { _version: 11, _seq_no: 3, _source: { v: 'b11' } });
  });

  it('bulk: an item that fails validation refuses the whole request (BulkRequest.validate), writing nothing', async () => {
    const { client, url } = es;
    await client.index({ index: 'bulk-cv', id: 'a', document: { v: 0 } });
    const before = await stateOf('bulk-cv', 'a');
    const ndjson = { 'content-type': 'application/x-ndjson' };
    const send = (lines: unknown[]) => esFetch(url, '/_bulk', { method: 'POST', headers: ndjson, body: lines.map((l) => JSON.stringify(l)).join('\n') + '\n' });
    const fine = [{ index: { _index: 'bulk-cv', _id: 'a' } }, { v: -1 }, { index: { _index: 'bulk-cv-new', _id: 'x' } }, { v: -1 }];
    assertEnvelope(
      await send([...fine, { index: { _index: 'bulk-cv', _id: 'a', if_seq_no: 0 } }, { v: -1 }, { delete: { _index: 'bulk-cv', _id: 'a', version: 4 } }, { create: { _index: 'bulk-cv', _id: 'z', version: 2, version_type: 'external' } }, {}]),
      validation(
        'ifSeqNo is set, but primary term is [0]',
        'internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead',
        'create operations only support internal versioning. use index instead',
      ),
    );
    // op_type "create" on an index action makes it a create.
    assertEnvelope(await send([...fine, { index: { _index: 'bulk-cv', _id: 'a', op_type: 'create', if_seq_no: 0, if_primary_term: 1 } }, {}]), validation('create operations do not support compare and set. use index instead'));
    assertEnvelope(await send([...fine, { delete: { _index: 'bulk-cv', _id: 'a', version: 4, version_type: 'bogus' } }]), illegal('No version type match [bogus]'));
    assertEnvelope(await send([...fine, { delete: { _index: 'bulk-cv', _id: 'a', if_seq_no: -3, if_primary_term: 1 } }]), illegal('sequence numbers must be non negative. got [-3].'));
    assert.deepEqual(await stateOf('bulk-cv', 'a'), before);
    assert.equal(await client.indices.exists({ index: 'bulk-cv-new' }), false);
  });
});
