/**
 * Shrink and searchable snapshot on a data stream's backing index, through the official client under the virtual
 * clock: they wait (with ES's words) while the index is the stream's write index, then the shrunken or mounted index
 * takes the original's place inside the stream and the original is deleted; ReplaceDataStreamBackingIndexStep's
 * failures as explain shows them.
 */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { backing, backingIndices, feed } from '../helpers/data-streams.js';
import { explainRecord, useEsServer, type Row } from '../helpers/es.js';
import { lintCluster } from '../helpers/lint.js';

const pausing = (index: string, stream: string, policy: string) =>
  `index [${index}] is the write index for data stream [${stream}], pausing ILM execution of lifecycle [${policy}] until this index is no longer the write index for the data stream via manual or automated rollover`;

async function explainStream(client: Client, stream: string): Promise<Record<string, Row>> {
  return (await client.ilm.explainLifecycle({ index: stream })).indices as unknown as Record<string, Row>;
}

/** Moves `index` from where it is to `name` of the shrink action, as POST /_ilm/move does. */
async function moveToShrinkStep(client: Client, index: string, name: string): Promise<void> {
  const record = await explainRecord(client, index);
  await client.ilm.moveToStep({
    index,
    current_step: { phase: record.phase, action: record.action, name: record.step },
    next_step: { phase: 'warm', action: 'shrink', name },
  });
}

describe('shrink of a backing index', () => {
  const es = useEsServer();
  const STREAM = 'shrink-app';

  before(async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'shrink', policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } } } } });
    const settings = { 'index.lifecycle.name': 'shrink', number_of_shards: 2, number_of_replicas: 0 };
    await client.indices.putIndexTemplate({ name: 'shrink', index_patterns: ['shrink-app*'], data_stream: {}, template: { settings } });
    await client.indices.createDataStream({ name: STREAM });
    await feed(client, STREAM, 2, es.clock.now());
  });

  it('waits at check-not-write-index while the index is the stream’s write index', async () => {
    const { client } = es;
    await es.advance('1d');
    await es.advance('10m');
    const first = backing(STREAM, 1);
    const record = await explainRecord(client, first);
    assert.deepEqual([record.phase, record.action, record.step], ['warm', 'shrink', 'check-not-write-index']);
    assert.deepEqual(record.step_info, { message: pausing(first, STREAM, 'shrink') });
    assert.deepEqual((await lintCluster(client))[first]!.step_info_diagnosis, {
      cause: `[${first}] is the write index of data stream [${STREAM}], and this action cannot run on the index a data stream writes to.`,
      remedy: `Roll data stream [${STREAM}] over (POST /${STREAM}/_rollover), or let the policy's rollover action do it; the policy goes on by itself once [${first}] is no longer the write index.`,
      retry: 'automatic',
    });
  });

  it('once rolled over, puts the shrunken index in the original’s place in the stream and deletes the original', async () => {
    const { client } = es;
    const [first, second] = [backing(STREAM, 1), backing(STREAM, 2, 1)];
    await client.indices.rollover({ alias: STREAM });
    await es.advance('1h');
    const [shrunken, ...rest] = await backingIndices(client, STREAM);
    assert.match(shrunken!, new RegExp(`^shrink-[a-z0-9]{4}-${first.replaceAll('.', '\\.')}$`));
    assert.deepEqual(rest, [second]);
    assert.equal(await client.indices.exists({ index: first }), false);
    const settings = (await client.indices.getSettings({ index: shrunken!, flat_settings: true }))[shrunken!]!.settings as Record<string, string>;
    assert.equal(settings['index.number_of_shards'], '1');
    const records = await explainStream(client, STREAM);
    assert.deepEqual(Object.keys(records), [second, shrunken].sort());
    const record = records[shrunken!]!;
    assert.deepEqual([record.policy, record.phase, record.action, record.step], ['shrink', 'warm', 'complete', 'complete'], 'the shrunken index goes on with the policy');
  });

  it('fails replace-datastream-backing-index on the write index, then on a missing shrunken index, with ES’s words', async () => {
    const { client } = es;
    const second = backing(STREAM, 2, 1);
    await moveToShrinkStep(client, second, 'replace-datastream-backing-index');
    let record = await explainRecord(client, second);
    assert.deepEqual([record.step, record.failed_step], ['ERROR', 'replace-datastream-backing-index']);
    assert.deepEqual(record.step_info, { type: 'illegal_state_exception', reason: pausing(second, STREAM, 'shrink') });
    // No longer the write index: the retried step looks for the shrunken index it should put in its place.
    await client.indices.rollover({ alias: STREAM });
    await client.ilm.retry({ index: second });
    record = await explainRecord(client, second);
    assert.deepEqual([record.step, record.failed_step], ['ERROR', 'replace-datastream-backing-index']);
    assert.deepEqual(record.step_info, {
      type: 'illegal_state_exception',
      reason: `target index [shrink-${second}] doesn't exist. stopping execution of lifecycle [shrink] for index [${second}]`,
    });
    assert.ok((await backingIndices(client, STREAM)).includes(second), 'the stream keeps it');
  });

  it('fails replace-datastream-backing-index on an index of no data stream', async () => {
    const { client } = es;
    await client.indices.create({ index: 'plain-1', settings: { 'index.lifecycle.name': 'shrink' } });
    await es.advance('10m');
    await moveToShrinkStep(client, 'plain-1', 'replace-datastream-backing-index');
    const record = await explainRecord(client, 'plain-1');
    assert.deepEqual(record.step_info, {
      type: 'illegal_state_exception',
      reason: 'index [plain-1] is not part of a data stream. stopping execution of lifecycle [shrink] until the index is added to a data stream',
    });
  });
});

describe('searchable snapshot of a backing index', () => {
  const es = useEsServer();
  const STREAM = 'mount-app';

  before(async () => {
    const { client } = es;
    await client.snapshot.createRepository({ name: 'archive', repository: { type: 'fs', settings: { location: '/snapshots' } } });
    await client.ilm.putLifecycle({ name: 'mount', policy: { phases: { cold: { min_age: '1d', actions: { searchable_snapshot: { snapshot_repository: 'archive' } } } } } });
    const settings = { 'index.lifecycle.name': 'mount', number_of_replicas: 0 };
    await client.indices.putIndexTemplate({ name: 'mount', index_patterns: ['mount-*'], data_stream: {}, template: { settings } });
    await client.indices.createDataStream({ name: STREAM });
    await client.indices.rollover({ alias: STREAM });
  });

  it('mounts the older index in its place in the stream, and keeps the write index waiting', async () => {
    const { client } = es;
    const [first, second] = [backing(STREAM, 1), backing(STREAM, 2)];
    await es.advance('1d');
    await es.advance('1h');
    assert.deepEqual(await backingIndices(client, STREAM), [`restored-${first}`, second]);
    assert.equal(await client.indices.exists({ index: first }), false);
    const records = await explainStream(client, STREAM);
    const mounted = records[`restored-${first}`]!;
    assert.deepEqual([mounted.policy, mounted.phase, mounted.action, mounted.step], ['mount', 'cold', 'complete', 'complete']);
    const writing = records[second]!;
    assert.deepEqual([writing.phase, writing.action, writing.step], ['cold', 'searchable_snapshot', 'check-not-write-index']);
    assert.deepEqual(writing.step_info, { message: pausing(second, STREAM, 'mount') });
  });
});

describe('the spec’s error rows on a backing index', () => {
  const es = useEsServer();
  const STREAM = 'wide-app';

  it('row 1: a shrink target not below the source fails at shrink, as for any index', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'wide', policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 4 } } } } } });
    const settings = { 'index.lifecycle.name': 'wide', number_of_shards: 2 };
    await client.indices.putIndexTemplate({ name: 'wide', index_patterns: ['wide-*'], data_stream: {}, template: { settings } });
    await client.indices.createDataStream({ name: STREAM });
    await client.indices.rollover({ alias: STREAM });
    await es.advance('1d');
    await es.advance('1h');
    const record = await explainRecord(client, backing(STREAM, 1));
    assert.deepEqual([record.phase, record.action, record.step, record.failed_step], ['warm', 'shrink', 'ERROR', 'shrink']);
    assert.deepEqual(record.step_info, { type: 'illegal_argument_exception', reason: 'the number of target shards [4] must be less than the number of source shards [2]' });
    assert.deepEqual(Object.keys(await explainStream(client, STREAM)), [backing(STREAM, 1), backing(STREAM, 2)]);
  });
});
