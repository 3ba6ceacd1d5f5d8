/**
 * ILM on data streams, through the official client under the virtual clock: a stream whose template is composed of
 * two component templates (the policy in one, the mappings in the other), fed by `_bulk`, rolled over by its policy
 * with no rollover alias, its old backing indices deleted out of it and its write index never; the delete step's
 * refusal of a write index (ES's DeleteStep words) and its retry once the stream rolled over; rollover steps that skip
 * an index the stream no longer writes to.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { backing, backingIndices, dataStream, feed } from '../helpers/data-streams.js';
import { esErrorOf, explainRecord, useEsServer, type Row } from '../helpers/es.js';
import { lintCluster } from '../helpers/lint.js';

async function explainStream(client: import('@elastic/elasticsearch').Client, stream: string): Promise<Record<string, Row>> {
  return (await client.ilm.explainLifecycle({ index: stream })).indices as unknown as Record<string, Row>;
}

describe('a data stream from component templates, rolled over and pruned by its policy', () => {
  const es = useEsServer();
  const STREAM = 'logs-app';

  before(async () => {
    const { client } = es;
    await client.ilm.putLifecycle({
      name: 'logs',
      policy: { phases: { hot: { actions: { rollover: { max_docs: 3, max_age: '1d' } } }, delete: { min_age: '2d', actions: { delete: {} } } } },
    });
    await client.cluster.putComponentTemplate({ name: 'logs-lifecycle', template: { settings: { 'index.lifecycle.name': 'logs', number_of_replicas: 0 } } });
    await client.cluster.putComponentTemplate({ name: 'logs-mappings', template: { mappings: { properties: { message: { type: 'text' }, host: { type: 'keyword' } } } } });
    await client.indices.putIndexTemplate({ name: 'logs', index_patterns: ['logs-*'], data_stream: {}, composed_of: ['logs-lifecycle', 'logs-mappings'], priority: 200 });
    await client.indices.createDataStream({ name: STREAM });
  });

  it('manages the first backing index with the template’s policy and no rollover alias', async () => {
    const { client } = es;
    await es.advance('10m');
    const first = backing(STREAM, 1);
    const records = await explainStream(client, STREAM);
    assert.deepEqual(Object.keys(records), [first], 'explain of the stream lists its backing indices');
    assert.deepEqual([records[first]!.policy, records[first]!.phase, records[first]!.action, records[first]!.step], ['logs', 'hot', 'rollover', 'check-rollover-ready']);
    assert.equal(records[first]!.step_info, undefined, 'no complaint about index.lifecycle.rollover_alias');
    const mapping = (await client.indices.getMapping({ index: first }))[first]!.mappings.properties!;
    assert.deepEqual([mapping['@timestamp']?.type, mapping.message?.type, mapping.host?.type], ['date', 'text', 'keyword']);
  });

  it('rolls the stream over at max_docs once _bulk has fed it, dating the old index from the rollover', async () => {
    const { client } = es;
    await feed(client, STREAM, 3, es.clock.now());
    await es.advance('10m');
    const [first, second] = [backing(STREAM, 1), backing(STREAM, 2)];
    assert.deepEqual(await backingIndices(client, STREAM), [first, second]);
    assert.equal((await dataStream(client, STREAM)).generation, 2);
    const records = await explainStream(client, STREAM);
    assert.deepEqual(Object.keys(records), [first, second]);
    assert.deepEqual([records[first]!.phase, records[first]!.action, records[first]!.step], ['hot', 'complete', 'complete']);
    assert.equal(records[first]!.lifecycle_date_millis, records[second]!.index_creation_date_millis, 'the rollover’s time, from the rollover info kept under the stream’s name');
    assert.equal(records[second]!.step, 'check-rollover-ready');
  });

  it('enforces the component templates’ mappings on the stream, adds what documents bring, and starts each generation from the template', async () => {
    const { client } = es;
    const stream = 'logs-mapped';
    const at = new Date(es.clock.now()).toISOString();
    const response = await client.bulk({
      refresh: true,
      operations: [
        { create: { _index: stream } }, { '@timestamp': at, host: 'web-1', region: 'eu' },
        { create: { _index: stream } }, { '@timestamp': at, host: { name: 'web-2' } },
        { create: { _index: stream } }, { '@timestamp': 'yesterday', host: 'web-3' },
      ],
    });
    const [ok, objectIntoKeyword, badDate] = response.items.map((item) => item.create!);
    assert.equal(ok!.status, 201);
    assert.equal(ok!._index, backing(stream, 1));
    assert.deepEqual([objectIntoKeyword!.status, objectIntoKeyword!.error?.type], [400, 'document_parsing_exception']);
    assert.match(String(objectIntoKeyword!.error?.reason), /failed to parse field \[host\] of type \[keyword\]/);
    assert.deepEqual([badDate!.status, badDate!.error?.type], [400, 'document_parsing_exception']);
    assert.match(String(badDate!.error?.reason), /failed to parse field \[@timestamp\] of type \[date\]/);
    const first = (await client.indices.getMapping({ index: backing(stream, 1) }))[backing(stream, 1)]!.mappings;
    assert.deepEqual(first.properties!.host, { type: 'keyword' }, 'the component template’s mapping stands');
    assert.equal(first.properties!.region?.type, 'text', 'a new string field is mapped dynamically, text with a keyword subfield');
    assert.deepEqual((first as Record<string, unknown>)._data_stream_timestamp, { enabled: true });
    await client.indices.rollover({ alias: stream });
    const second = (await client.indices.getMapping({ index: backing(stream, 2) }))[backing(stream, 2)]!.mappings;
    assert.deepEqual(Object.keys(second.properties!).sort(), ['@timestamp', 'host', 'message'], 'the next generation has the template’s mappings, not the old write index’s');
    await client.indices.deleteDataStream({ name: stream });
  });

  it('rolls over at max_age only once the write index holds a document', async () => {
    const { client } = es;
    await es.advance('1d');
    assert.equal((await backingIndices(client, STREAM)).length, 2, 'an empty write index stays (min_docs: 1)');
    await feed(client, STREAM, 1, es.clock.now());
    await es.advance('10m');
    assert.deepEqual(await backingIndices(client, STREAM), [backing(STREAM, 1), backing(STREAM, 2), backing(STREAM, 3, 1)]);
  });

  it('deletes old backing indices out of the stream, and never its write index', async () => {
    const { client } = es;
    await es.advance('1d');
    await es.advance('1h');
    assert.equal(await client.indices.exists({ index: backing(STREAM, 1) }), false);
    assert.deepEqual(await backingIndices(client, STREAM), [backing(STREAM, 2), backing(STREAM, 3, 1)]);
    await es.advance('2d');
    assert.deepEqual(await backingIndices(client, STREAM), [backing(STREAM, 3, 1)]);
    const records = await explainStream(client, STREAM);
    assert.deepEqual(Object.keys(records), [backing(STREAM, 3, 1)]);
    assert.equal(records[backing(STREAM, 3, 1)]!.step, 'check-rollover-ready', 'the write index waits for its next rollover');
  });
});

describe('the delete phase on a data stream’s write index', () => {
  const es = useEsServer();
  const STREAM = 'purge-app';
  const REASON = (index: string) =>
    `index [${index}] is the write index for data stream [${STREAM}]. stopping execution of lifecycle [purge] as a data stream's write index cannot be deleted. manually rolling over the index will resume the execution of the policy as the index will not be the data stream's write index anymore`;

  before(async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'purge', policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
    await client.indices.putIndexTemplate({ name: 'purge', index_patterns: ['purge-*'], data_stream: {}, template: { settings: { 'index.lifecycle.name': 'purge' } } });
    await client.indices.createDataStream({ name: STREAM });
    await client.indices.rollover({ alias: STREAM });
    // An unmanaged older index keeps the write index from being the stream's only one, which would go with the stream.
    await client.ilm.removePolicy({ index: backing(STREAM, 1) });
  });

  it('fails on the write index with ES’s words', async () => {
    const { client } = es;
    await es.advance('1d');
    await es.advance('10m');
    const [first, second] = [backing(STREAM, 1), backing(STREAM, 2)];
    assert.deepEqual(await backingIndices(client, STREAM), [first, second]);
    const record = await explainRecord(client, second);
    assert.deepEqual([record.phase, record.action, record.step, record.failed_step], ['delete', 'delete', 'ERROR', 'delete']);
    assert.deepEqual(record.step_info, { type: 'illegal_state_exception', reason: REASON(second) });
    assert.equal(record.is_auto_retryable_error, true);
    assert.deepEqual((await lintCluster(client))[second]!.step_info_diagnosis, {
      cause: `[${second}] is the write index of data stream [${STREAM}], and a data stream's write index cannot be deleted.`,
      remedy: `Roll data stream [${STREAM}] over (POST /${STREAM}/_rollover) so [${second}] is no longer its write index, and give policy [purge] a rollover action in its hot phase so it does not happen again. The delete is retried automatically at the next poll; to run it sooner, press Retry.`,
      retry: 'automatic',
    });
  });

  it('deletes it at the next poll once a manual rollover gave the stream another write index', async () => {
    const { client } = es;
    await client.indices.rollover({ alias: STREAM });
    await es.advance('10m');
    assert.equal(await client.indices.exists({ index: backing(STREAM, 2) }), false);
    assert.deepEqual(await backingIndices(client, STREAM), [backing(STREAM, 1), backing(STREAM, 3, 1)]);
  });

  it('deletes the whole stream with its only backing index, as a data stream cannot be empty', async () => {
    const { client } = es;
    await client.indices.delete({ index: backing(STREAM, 1) });
    await es.advance('1d');
    await es.advance('20m');
    assert.equal(await client.indices.exists({ index: backing(STREAM, 3, 1) }), false);
    const error = await esErrorOf(client.indices.getDataStream({ name: STREAM }));
    assert.deepEqual([error.status, error.type, error.reason], [404, 'index_not_found_exception', `no such index [${STREAM}]`]);
  });
});

describe('rollover steps on a backing index the stream no longer writes to', () => {
  const es = useEsServer();
  const STREAM = 'skip-app';

  before(async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'skip', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    // A rollover alias left in the settings of a backing index is not what ILM rolls over (nor checks).
    const settings = { 'index.lifecycle.name': 'skip', 'index.lifecycle.rollover_alias': 'nowhere' };
    await client.indices.putIndexTemplate({ name: 'skip', index_patterns: ['skip-*'], data_stream: {}, template: { settings } });
    await client.indices.createDataStream({ name: STREAM });
  });

  it('skip the rollover of an index rolled over by hand, dated from that rollover', async () => {
    const { client } = es;
    await es.advance('2h');
    assert.equal((await explainRecord(client, backing(STREAM, 1))).step, 'check-rollover-ready');
    await client.indices.rollover({ alias: STREAM });
    await es.advance('10m');
    const [first, second] = [await explainRecord(client, backing(STREAM, 1)), await explainRecord(client, backing(STREAM, 2))];
    assert.deepEqual([first.phase, first.action, first.step], ['hot', 'complete', 'complete']);
    assert.equal(first.lifecycle_date_millis, second.index_creation_date_millis);
    assert.equal((await dataStream(client, STREAM)).generation, 2, 'ILM rolled nothing over itself');
  });

  it('with indexing_complete set, let the write index finish its rollover action without rolling the stream over', async () => {
    const { client } = es;
    const second = backing(STREAM, 2);
    await client.indices.putSettings({ index: second, settings: { 'index.lifecycle.indexing_complete': true } });
    await feed(client, STREAM, 1, es.clock.now());
    await es.advance('1d');
    await es.advance('10m');
    const record = await explainRecord(client, second);
    assert.deepEqual([record.phase, record.action, record.step], ['hot', 'complete', 'complete']);
    assert.equal((await dataStream(client, STREAM)).generation, 2);
    assert.ok(record.lifecycle_date_millis > record.index_creation_date_millis, 'dated from the step, as no rollover happened');
  });
});
