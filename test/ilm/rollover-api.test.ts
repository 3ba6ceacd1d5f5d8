/**
 * `POST /<alias>/_rollover[/<new_index>]`: conditions and their labels, dry runs, unmet conditions, names of the
 * new index, the write-alias swap, and the rollover info that ILM's update-rollover-lifecycle-date reads.
 */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer, rawRequest as raw, esEnvelope as envelope, explainRecord as explain, type Row } from '../helpers/es.js';


async function aliasesOf(client: Client, alias: string) {
  return client.indices.getAlias({ name: alias });
}

describe('rollover API', () => {
  const es = useEsServer();

  it('with unmet conditions: rolled_over false, labelled conditions, nothing created', async () => {
    const { client } = es;
    await client.indices.create({ index: 'logs-000001', aliases: { logs: { is_write_index: true } } });
    const response = await raw(es.server.url, 'POST', '/logs/_rollover', { conditions: { max_age: '1d', max_docs: 1000 } });
    assert.equal(response.status, 200);
    assert.deepEqual(response.json, {
      acknowledged: false,
      shards_acknowledged: false,
      old_index: 'logs-000001',
      new_index: 'logs-000002',
      rolled_over: false,
      dry_run: false,
      lazy: false,
      conditions: { '[max_age: 1d]': false, '[max_docs: 1000]': false },
    });
    assert.equal(await client.indices.exists({ index: 'logs-000002' }), false);
  });

  it('a dry run reports met conditions but changes nothing', async () => {
    const { client } = es;
    await es.advance('1d');
    const response = await client.indices.rollover({ alias: 'logs', dry_run: true, conditions: { max_age: '1d', max_docs: 1000 } });
    assert.equal(response.rolled_over, false);
    assert.equal(response.dry_run, true);
    assert.equal(response.acknowledged, false);
    assert.equal(response.new_index, 'logs-000002');
    assert.deepEqual(response.conditions, { '[max_age: 1d]': true, '[max_docs: 1000]': false });
    assert.equal(await client.indices.exists({ index: 'logs-000002' }), false);
    assert.deepEqual(await aliasesOf(client, 'logs'), { 'logs-000001': { aliases: { logs: { is_write_index: true } } } });
  });

  it('rolls over when one max condition holds and swaps the explicit write index', async () => {
    const { client } = es;
    const response = await client.indices.rollover({ alias: 'logs', conditions: { max_age: '1d', max_docs: 1000 } });
    assert.deepEqual(response, {
      acknowledged: true,
      shards_acknowledged: true,
      old_index: 'logs-000001',
      new_index: 'logs-000002',
      rolled_over: true,
      dry_run: false,
      lazy: false,
      conditions: { '[max_age: 1d]': true, '[max_docs: 1000]': false },
    });
    assert.deepEqual(await aliasesOf(client, 'logs'), {
      'logs-000001': { aliases: { logs: { is_write_index: false } } },
      'logs-000002': { aliases: { logs: { is_write_index: true } } },
    });
  });

  it('min conditions must all hold too', async () => {
    const { client } = es;
    await es.advance('1s');
    const response = await client.indices.rollover({ alias: 'logs', conditions: { max_age: '1s', min_docs: 1 } });
    assert.equal(response.rolled_over, false, 'the index has no documents');
    assert.deepEqual(response.conditions, { '[max_age: 1s]': true, '[min_docs: 1]': false });
    assert.equal(await client.indices.exists({ index: 'logs-000003' }), false);
  });

  it('without conditions it always rolls over, naming the next index from the write index', async () => {
    const { client } = es;
    const response = await client.indices.rollover({ alias: 'logs' });
    assert.equal(response.rolled_over, true);
    assert.equal(response.old_index, 'logs-000002');
    assert.equal(response.new_index, 'logs-000003');
    assert.deepEqual(response.conditions, {});
    assert.deepEqual(Object.keys(await aliasesOf(client, 'logs')).sort(), ['logs-000001', 'logs-000002', 'logs-000003']);
  });

  it('pads the counter to six digits and carries past them', async () => {
    const { client } = es;
    await client.indices.create({ index: 'app-1', aliases: { app: { is_write_index: true } } });
    assert.equal((await client.indices.rollover({ alias: 'app' })).new_index, 'app-000002');
    await client.indices.create({ index: 'big-999999', aliases: { big: { is_write_index: true } } });
    assert.equal((await client.indices.rollover({ alias: 'big', dry_run: true })).new_index, 'big-1000000');
    await client.indices.create({ index: 'my-app-2024-07', aliases: { dated: { is_write_index: true } } });
    assert.equal((await client.indices.rollover({ alias: 'dated', dry_run: true })).new_index, 'my-app-2024-000008');
  });

  it('takes an explicit name for the new index, in dry runs too', async () => {
    const { client } = es;
    const dry = await client.indices.rollover({ alias: 'app', new_index: 'app-custom', dry_run: true });
    assert.equal(dry.new_index, 'app-custom');
    assert.equal(await client.indices.exists({ index: 'app-custom' }), false);
    const response = await client.indices.rollover({ alias: 'app', new_index: 'app-custom' });
    assert.deepEqual([response.old_index, response.new_index, response.rolled_over], ['app-000002', 'app-custom', true]);
    assert.deepEqual((await aliasesOf(client, 'app'))['app-custom'], { aliases: { app: { is_write_index: true } } });
  });

  it('an implicit write index (the only index, no is_write_index) has its alias moved', async () => {
    const { client } = es;
    await client.indices.create({ index: 'solo-000001', aliases: { solo: {} } });
    const response = await client.indices.rollover({ alias: 'solo' });
    assert.deepEqual([response.old_index, response.new_index, response.rolled_over], ['solo-000001', 'solo-000002', true]);
    assert.deepEqual(await aliasesOf(client, 'solo'), { 'solo-000002': { aliases: { solo: {} } } });
    assert.deepEqual(await client.indices.getAlias({ index: 'solo-000001' }), { 'solo-000001': { aliases: {} } });
  });

  it('creates the new index from the request body and matching templates', async () => {
    const { client } = es;
    await client.indices.putIndexTemplate({ name: 'tpl', index_patterns: ['tpl-*'], template: { settings: { 'index.number_of_shards': 3 } } });
    await client.indices.create({ index: 'tpl-000001', aliases: { tpl: { is_write_index: true } } });
    await client.indices.rollover({ alias: 'tpl', settings: { 'index.number_of_replicas': 0 } });
    const settings = (await client.indices.getSettings({ index: 'tpl-000002', flat_settings: true }))['tpl-000002']!.settings as Record<string, string>;
    assert.equal(settings['index.number_of_shards'], '3');
    assert.equal(settings['index.number_of_replicas'], '0');
  });

  it('keeps rollover info out of the index APIs', async () => {
    const { client } = es;
    const index = (await client.indices.get({ index: 'logs-000001' }))['logs-000001'] as Row;
    assert.equal('rollover_info' in index, false);
    assert.equal('rollover_info' in (await raw(es.server.url, 'GET', '/logs-000001')).json['logs-000001'], false);
  });

  it('fails when the alias does not exist', async () => {
    const response = await raw(es.server.url, 'POST', '/nope/_rollover');
    assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', 'rollover target [nope] does not exist'));
    assert.equal(response.status, 400);
  });

  it('fails when a generated name is needed and the index name has no numeric suffix', async () => {
    const { client } = es;
    await client.indices.create({ index: 'plain', aliases: { 'plain-write': { is_write_index: true } } });
    const response = await raw(es.server.url, 'POST', '/plain-write/_rollover');
    assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', "index name [plain] does not match pattern '^.*-\\d+$'"));
    const dry = await raw(es.server.url, 'POST', '/plain-write/_rollover?dry_run=true');
    assert.deepEqual(dry.json, envelope(400, 'illegal_argument_exception', "index name [plain] does not match pattern '^.*-\\d+$'"));
    // With an explicit name no name is generated.
    const named = await client.indices.rollover({ alias: 'plain-write', new_index: 'plain-000001' });
    assert.equal(named.rolled_over, true);
  });

  it('fails on a concrete index, on an alias without a write index, and on an existing target', async () => {
    const { client } = es;
    const concrete = await raw(es.server.url, 'POST', '/logs-000001/_rollover');
    assert.deepEqual(concrete.json, envelope(400, 'illegal_argument_exception', 'rollover target is a [concrete index] but one of [alias,data_stream] was expected'));

    await client.indices.create({ index: 'multi-000001', aliases: { multi: {} } });
    await client.indices.create({ index: 'multi-000002', aliases: { multi: {} } });
    const noWrite = await raw(es.server.url, 'POST', '/multi/_rollover');
    assert.deepEqual(noWrite.json, envelope(400, 'illegal_argument_exception', 'rollover target [multi] does not point to a write index'));

    await client.indices.create({ index: 'dup-000001', aliases: { dup: { is_write_index: true } } });
    await client.indices.create({ index: 'dup-000002' });
    const exists = await raw(es.server.url, 'POST', '/dup/_rollover');
    assert.equal(exists.status, 400);
    assert.equal(exists.json.error.type, 'resource_already_exists_exception');
    assert.match(exists.json.error.reason, /^index \[dup-000002\/[^\]]+\] already exists$/);
    assert.deepEqual(await aliasesOf(client, 'dup'), { 'dup-000001': { aliases: { dup: { is_write_index: true } } } });
  });

  it("validates as ES does, in ES's order: min_* alone is refused, and the new name before any condition, dry run or not", async () => {
    const { client } = es;
    const minOnly = await raw(es.server.url, 'POST', '/logs/_rollover', { conditions: { min_docs: 1, min_age: '1d' } });
    assert.deepEqual(
      minOnly.json,
      envelope(400, 'action_request_validation_exception', 'Validation Failed: 1: at least one max_* rollover condition must be set when using min_* conditions;'),
    );
    await client.indices.create({ index: 'order-000001', aliases: { order: { is_write_index: true } } });
    await client.indices.create({ index: 'order-000002' });
    // Conditions that are not met, and a dry run: the existing name is still found first, as ES finds it.
    for (const query of ['', '?dry_run=true']) {
      const exists = await raw(es.server.url, 'POST', `/order/_rollover${query}`, { conditions: { max_docs: 1_000_000 } });
      assert.equal(exists.status, 400, query);
      assert.equal(exists.json.error.type, 'resource_already_exists_exception');
      assert.match(exists.json.error.reason, /^index \[order-000002\/[^\]]+\] already exists$/);
      const invalid = await raw(es.server.url, 'POST', `/order/_rollover/Order-Bad${query}`, { conditions: { max_docs: 1_000_000 } });
      assert.equal(invalid.status, 400, query);
      assert.equal(invalid.json.error.type, 'invalid_index_name_exception');
    }
    assert.deepEqual(await aliasesOf(client, 'order'), { 'order-000001': { aliases: { order: { is_write_index: true } } } });
  });

  it('rejects unknown body fields', async () => {
    const response = await raw(es.server.url, 'POST', '/logs/_rollover', { condition: { max_age: '1d' } });
    assert.equal(response.status, 400);
  });
});

describe('rollover info and ILM', () => {
  const es = useEsServer();

  it('ILM takes a manual rollover as done and restarts the age at the rollover time', async () => {
    const { client } = es;
    const t0 = es.clock.now();
    await client.ilm.putLifecycle({
      name: 'roll',
      policy: { phases: { hot: { actions: { rollover: { max_age: '7d' } } }, warm: { min_age: '1d', actions: { readonly: {} } } } },
    });
    await client.indices.create({
      index: 'ilm-000001',
      settings: { 'index.lifecycle.name': 'roll', 'index.lifecycle.rollover_alias': 'ilm' },
      aliases: { ilm: { is_write_index: true } },
    });
    await es.advance('5h');
    let record = await explain(client, 'ilm-000001');
    assert.deepEqual([record.phase, record.action, record.step], ['hot', 'rollover', 'check-rollover-ready']);
    assert.equal(record.age, '5h');

    const rolledAt = es.clock.now();
    assert.equal((await client.indices.rollover({ alias: 'ilm' })).rolled_over, true);
    await es.advance('10m');
    record = await explain(client, 'ilm-000001');
    assert.deepEqual([record.phase, record.action, record.step], ['hot', 'complete', 'complete']);
    assert.equal(record.lifecycle_date_millis, rolledAt, 'update-rollover-lifecycle-date read the rollover time');
    assert.equal(record.index_creation_date_millis, t0);
    assert.equal(record.age, '10m');
    assert.equal(record.time_since_index_creation, '5.16h');
    const settings = (await client.indices.getSettings({ index: 'ilm-000001', flat_settings: true }))['ilm-000001']!.settings as Record<string, string>;
    assert.equal(settings['index.lifecycle.indexing_complete'], 'true');
    assert.equal(await client.indices.exists({ index: 'ilm-000003' }), false, 'ILM did not roll over a second time');

    // min_age of the next phase counts from the rollover, not from creation.
    await es.advance('23h');
    assert.equal((await explain(client, 'ilm-000001')).phase, 'hot');
    await es.advance('1h');
    assert.equal((await explain(client, 'ilm-000001')).phase, 'warm');
  });

  it('an ILM rollover resets the age the same way', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.ilm.putLifecycle({ name: 'daily', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    const t0 = es.clock.now();
    await client.indices.create({
      index: 'day-000001',
      settings: { 'index.lifecycle.name': 'daily', 'index.lifecycle.rollover_alias': 'day' },
      aliases: { day: { is_write_index: true } },
    });
    await es.advance('1d');
    const record = await explain(client, 'day-000001');
    assert.deepEqual([record.phase, record.action, record.step], ['hot', 'complete', 'complete']);
    // The rollover happens on the first poll tick after max_age is reached.
    assert.ok(record.lifecycle_date_millis >= t0 + 86_400_000 && record.lifecycle_date_millis < t0 + 86_400_000 + 600_000, 'the lifecycle date is the rollover time');
    assert.equal(record.index_creation_date_millis, t0);
    assert.notEqual(record.lifecycle_date_millis, record.index_creation_date_millis);
    assert.deepEqual(await client.indices.getAlias({ name: 'day' }), {
      'day-000001': { aliases: { day: { is_write_index: false } } },
      'day-000002': { aliases: { day: { is_write_index: true } } },
    });
  });
});
