/**
 * Documents in data streams (issue 16): auto-creation on the first write, appends only through the stream's name,
 * `@timestamp` required, updates and deletes through the backing index, lazy rollover on write, and reads, counts and
 * bulk answers that span the backing indices; every refusal with ES's status and text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer, type Row } from '../helpers/es.js';
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
    assert.equal(unstamped.status, 400);
    assert.equal(unstamped.error.type, 'document_parsing_exception');
    assert.equal(unstamped.error.reason, '[1:7] failed to parse: data stream timestamp field [@timestamp] is missing');
    assert.deepEqual(unstamped.error.caused_by, { type: 'illegal_argument_exception', reason: 'data stream timestamp field [@timestamp] is missing' });
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
});
