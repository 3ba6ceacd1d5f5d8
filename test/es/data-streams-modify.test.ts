/** `POST /_data_stream/_modify` and `POST /_data_stream/_migrate/<alias>`: backing indices added, removed and migrated as ES does, and every refusal in its words. */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { assertEnvelope, envelope, esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const NOW = Date.UTC(2099, 2, 7, 11, 4, 5);
const backing = (stream: string, generation = 1) => `.ds-${stream}-2099.03.07-${String(generation).padStart(6, '0')}`;
const TIMESTAMPED = { properties: { '@timestamp': { type: 'date' as const }, message: { type: 'text' as const } } };

function useServer(): { readonly url: string; readonly client: Client } {
  return useEsServer({
    clock: new VirtualClock(NOW),
    prepare: async (client) => {
      await client.indices.putIndexTemplate({ name: 'logs', index_patterns: ['logs-*'], data_stream: {}, priority: 10, template: { settings: { number_of_replicas: 0 } } });
      await client.indices.putIndexTemplate({ name: 'plain', index_patterns: ['plain-*'], priority: 10 });
    },
  });
}

const streamOf = async (client: Client, name: string) => (await client.indices.getDataStream({ name })).data_streams[0]!;
const modify = (url: string, body: unknown) => esFetch(url, '/_data_stream/_modify', { method: 'POST', body });

describe('POST /_data_stream/_modify', () => {
  const es = useServer();

  it('adds an index as the oldest backing index (hidden, _data_stream_timestamp added) and removes it again (unhidden)', TEST_OPTIONS, async () => {
    await es.client.indices.createDataStream({ name: 'logs-m' });
    await es.client.indices.create({ index: 'old-logs', mappings: TIMESTAMPED });
    const added = await es.client.indices.modifyDataStream({ actions: [{ add_backing_index: { data_stream: 'logs-m', index: 'old-logs' } }] });
    assert.deepEqual(added, { acknowledged: true });
    const ds = await streamOf(es.client, 'logs-m');
    assert.deepEqual(ds.indices.map((i) => i.index_name), ['old-logs', backing('logs-m')]);
    assert.equal(ds.generation, 2);
    const index = (await es.client.indices.get({ index: 'old-logs' }))['old-logs']!;
    assert.equal(index.settings!.index!.hidden, 'true');
    assert.deepEqual((index.mappings as Record<string, unknown>)._data_stream_timestamp, { enabled: true });
    // Adding it again changes nothing.
    await es.client.indices.modifyDataStream({ actions: [{ add_backing_index: { data_stream: 'logs-m', index: 'old-logs' } }] });
    assert.equal((await streamOf(es.client, 'logs-m')).indices.length, 2);

    const removed = await modify(es.url, { actions: [{ remove_backing_index: { data_stream: 'logs-m', index: 'old-logs' } }] });
    assert.deepEqual(removed.json, { acknowledged: true });
    const after = await streamOf(es.client, 'logs-m');
    assert.deepEqual(after.indices.map((i) => i.index_name), [backing('logs-m')]);
    assert.equal(after.generation, 3);
    assert.equal((await es.client.indices.getSettings({ index: 'old-logs' }))['old-logs']!.settings!.index!.hidden, 'false');
  });

  it('refuses what MetadataDataStreamsService refuses, and applies none of a refused request\'s actions', TEST_OPTIONS, async () => {
    await es.client.indices.createDataStream({ name: 'logs-r' });
    await es.client.indices.createDataStream({ name: 'logs-other' });
    await es.client.indices.create({ index: 'r-ok', mappings: TIMESTAMPED });
    await es.client.indices.create({ index: 'r-aliased', mappings: TIMESTAMPED, aliases: { 'b-alias': {}, 'a-alias': {} } });
    await es.client.indices.create({ index: 'r-unmapped' });
    await es.client.indices.create({ index: 'r-keyword', mappings: { properties: { '@timestamp': { type: 'keyword' } } } });
    await es.client.indices.create({ index: 'r-no-ts', mappings: { properties: { message: { type: 'text' } } } });
    const add = (data_stream: string, index: string) => ({ add_backing_index: { data_stream, index } });
    const refused = async (actions: unknown[], reason: string) => assertEnvelope(await modify(es.url, { actions }), envelope(400, 'illegal_argument_exception', reason));
    await refused([add('logs-none', 'r-ok')], 'data stream [logs-none] not found');
    await refused([add('logs-r', 'r-missing')], 'index [r-missing] not found');
    await refused([add('logs-r', 'logs-other')], 'index [logs-other] not found');
    await refused([add('logs-r', backing('logs-other'))], `cannot add index [${backing('logs-other')}] to data stream [logs-r] because it is already a backing index on data stream [logs-other]`);
    await refused([add('logs-r', 'r-aliased')], 'cannot add index [r-aliased] to data stream [logs-r] until its alias(es) [a-alias,b-alias] are removed');
    await refused([add('logs-r', 'r-unmapped')], 'backing index [r-unmapped] must have mappings for a timestamp field');
    await refused([add('logs-r', 'r-keyword')], 'data stream timestamp field [@timestamp] is of type [keyword], but [date,date_nanos] is expected');
    await refused([add('logs-r', 'r-no-ts')], 'data stream timestamp field [@timestamp] does not exist');
    await refused([{ remove_backing_index: { data_stream: 'logs-r', index: backing('logs-r') } }], `cannot remove backing index [${backing('logs-r')}] of data stream [logs-r] because it is the write index`);
    await refused([{ remove_backing_index: { data_stream: 'logs-r', index: 'r-ok' } }], 'index [r-ok] not found');
    await refused([{ remove_backing_index: { index: 'r-ok' } }], 'data stream [null] not found');
    // The first action would succeed; the second fails, and the first is not kept.
    await refused([add('logs-r', 'r-ok'), add('logs-r', 'r-missing')], 'index [r-missing] not found');
    assert.deepEqual((await streamOf(es.client, 'logs-r')).indices.map((i) => i.index_name), [backing('logs-r')]);
    assert.equal((await es.client.indices.getSettings({ index: 'r-ok' }))['r-ok']!.settings!.index!.hidden, undefined);
  });

  it('refuses a malformed body as ES\'s parsers do', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(es.url, '/_data_stream/_modify', { method: 'POST' }), envelope(400, 'parse_exception', 'request body is required'));
    assertEnvelope(await modify(es.url, {}), envelope(400, 'illegal_argument_exception', 'Required [actions]'));
    assertEnvelope(await modify(es.url, { actions: [] }), envelope(400, 'illegal_argument_exception', 'no data stream actions specified, at least one must be specified'));
    assertEnvelope(await modify(es.url, { actions: [], extra: 1 }), envelope(400, 'x_content_parse_exception', '[data_stream_actions] unknown field [extra]'));
    const entry = await modify(es.url, { actions: [{ add_backing_index: { data_stream: 'logs-r', index: 'r-ok' }, remove_backing_index: { data_stream: 'logs-r', index: 'r-ok' } }] });
    assert.equal(entry.status, 400);
    assert.equal(entry.json.error.type, 'x_content_parse_exception');
    assert.equal(entry.json.error.reason, '[data_stream_actions] failed to parse field [actions]');
    assert.deepEqual(entry.json.error.caused_by, { type: 'illegal_argument_exception', reason: 'too many data stream operations declared on operation entry' });
    const unknown = await modify(es.url, { actions: [{ add_backing_index: { data_stream: 'logs-r', index: 'r-ok', failure_store: true } }] });
    assert.deepEqual(unknown.json.error.caused_by, { type: 'x_content_parse_exception', reason: '[add_backing_index] unknown field [failure_store]' });
    const kind = await modify(es.url, { actions: [{ swap_backing_index: {} }] });
    assert.deepEqual(kind.json.error.caused_by, { type: 'x_content_parse_exception', reason: '[data_stream_action] unknown field [swap_backing_index]' });
  });
});

describe('POST /_data_stream/_migrate/<alias>', () => {
  const es = useServer();

  it('turns an alias with a write index into a data stream of the same name', TEST_OPTIONS, async () => {
    // The indices predate the data stream template (their names do not match it; the alias does).
    await es.client.indices.create({ index: 'mig-000001', mappings: TIMESTAMPED, aliases: { 'logs-mig': { is_write_index: false } } });
    await es.client.indices.create({ index: 'mig-000002', mappings: TIMESTAMPED, aliases: { 'logs-mig': { is_write_index: true } } });
    assert.deepEqual(await es.client.indices.migrateToDataStream({ name: 'logs-mig' }), { acknowledged: true });
    const ds = await streamOf(es.client, 'logs-mig');
    assert.deepEqual(ds.indices.map((i) => i.index_name), ['mig-000001', 'mig-000002']);
    assert.equal(ds.generation, 1);
    assert.equal(ds.template, 'logs');
    const indices = await es.client.indices.get({ index: 'logs-mig' });
    for (const name of ['mig-000001', 'mig-000002']) {
      assert.deepEqual(indices[name]!.aliases, {});
      assert.equal(indices[name]!.settings!.index!.hidden, 'true');
      assert.deepEqual((indices[name]!.mappings as Record<string, unknown>)._data_stream_timestamp, { enabled: true });
    }
    assert.deepEqual((await es.client.indices.getAlias({ name: 'logs-mig' }, { ignore: [404] })) as unknown, { error: 'alias [logs-mig] missing', status: 404 });
    // The stream rolls over like any other.
    const rolled = await es.client.indices.rollover({ alias: 'logs-mig' });
    assert.equal(rolled.new_index, backing('logs-mig', 2));
  });

  it('refuses what MetadataMigrateToDataStreamService refuses, in its words', TEST_OPTIONS, async () => {
    const migrate = (alias: string) => esFetch(es.url, `/_data_stream/_migrate/${alias}`, { method: 'POST' });
    const refused = async (alias: string, reason: string) => assertEnvelope(await migrate(alias), envelope(400, 'illegal_argument_exception', reason));
    await refused('logs-nothing', 'alias [logs-nothing] does not exist');
    await es.client.indices.create({ index: 'an-index', mappings: TIMESTAMPED });
    await refused('an-index', 'alias [an-index] does not exist');
    await es.client.indices.create({ index: 'nw-1', mappings: TIMESTAMPED, aliases: { 'logs-nw': {} } });
    await es.client.indices.create({ index: 'nw-2', mappings: TIMESTAMPED, aliases: { 'logs-nw': {} } });
    await refused('logs-nw', 'alias [logs-nw] must specify a write index');
    await es.client.indices.create({ index: 'rt-1', mappings: TIMESTAMPED, aliases: { 'logs-rt': { is_write_index: true, routing: '1' } } });
    await refused('logs-rt', 'alias [logs-rt] may not have custom filtering or routing');
    await es.client.indices.create({ index: 'oa-1', mappings: TIMESTAMPED, aliases: { 'logs-oa': { is_write_index: true }, other: {} } });
    await refused('logs-oa', 'other aliases referencing indices [oa-1] must be removed before migrating to a data stream');
    await es.client.indices.create({ index: 'nm-1', aliases: { 'logs-nm': { is_write_index: true } } });
    await refused('logs-nm', 'backing index [nm-1] must have mappings for a timestamp field');
    await es.client.indices.create({ index: 'kw-1', mappings: { properties: { '@timestamp': { type: 'keyword' } } }, aliases: { 'logs-kw': { is_write_index: true } } });
    await refused('logs-kw', 'data stream timestamp field [@timestamp] is of type [keyword], but [date,date_nanos] is expected');
    await es.client.indices.create({ index: 'nt-1', mappings: TIMESTAMPED, aliases: { 'nomatch-alias': { is_write_index: true } } });
    await refused('nomatch-alias', 'no matching index template found for data stream [nomatch-alias]');
    await es.client.indices.create({ index: 'pt-1', mappings: TIMESTAMPED, aliases: { 'plain-alias': { is_write_index: true } } });
    await refused('plain-alias', 'matching index template [plain] for data stream [plain-alias] has no data stream template');
    // Nothing of a refused migration is kept.
    assert.deepEqual(Object.keys((await es.client.indices.getAlias({ name: 'plain-alias' }))), ['pt-1']);
    assertEnvelope(await esFetch(es.url, '/_data_stream/_migrate/logs-x?verbose=true', { method: 'POST' }), envelope(400, 'illegal_argument_exception', 'request [/_data_stream/_migrate/logs-x] contains unrecognized parameter: [verbose]'));
  });
});
