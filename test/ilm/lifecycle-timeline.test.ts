/**
 * A hundred days of a multi-phase policy on the virtual clock: hot (rollover max_age 1d + set_priority),
 * warm at 3d (readonly, allocate, forcemerge, shrink, set_priority), cold at 10d (set_priority, migrate) and
 * delete at 90d, over a few rolled-over indices; then the same policy across a server restart.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { EPOCH, startEsServer, useEsServer, type EsFixture } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

type Row = Record<string, any>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const TIMELINE = {
  phases: {
    hot: { actions: { rollover: { max_age: '1d' }, set_priority: { priority: 100 } } },
    warm: {
      min_age: '3d',
      actions: { readonly: {}, allocate: { number_of_replicas: 0 }, forcemerge: { max_num_segments: 1 }, shrink: { number_of_shards: 1 }, set_priority: { priority: 50 } },
    },
    cold: { min_age: '10d', actions: { set_priority: { priority: 0 }, migrate: {} } },
    delete: { min_age: '90d', actions: { delete: {} } },
  },
};

const WARM_DEFINITION = {
  min_age: '3d',
  actions: {
    readonly: {},
    allocate: { number_of_replicas: 0, include: {}, exclude: {}, require: {} },
    forcemerge: { max_num_segments: 1 },
    shrink: { number_of_shards: 1, allow_write_after_shrink: false },
    set_priority: { priority: 50 },
  },
};

async function explainAll(client: Client, expression = '*'): Promise<Record<string, Row>> {
  const response = await client.ilm.explainLifecycle({ index: expression });
  return response.indices as unknown as Record<string, Row>;
}

async function explainOne(client: Client, index: string): Promise<Row> {
  const records = Object.values(await explainAll(client, index));
  assert.equal(records.length, 1, `${index} resolves to one index`);
  return records[0]!;
}

function at(record: Row): string {
  return `${record.phase}/${record.action}/${record.step}`;
}

async function settingsOf(client: Client, index: string): Promise<Record<string, string>> {
  const response = await client.indices.getSettings({ index, flat_settings: true });
  return Object.values(response)[0]!.settings as Record<string, string>;
}

async function indexNames(client: Client): Promise<string[]> {
  return (await client.cat.indices({ format: 'json' })).map((row) => row.index!).sort();
}

/** Advances the fixture's clock to `T0 + offset`. */
function timeTravel(es: { clock: { now(): number }; advance(by: string): Promise<unknown> }, t0: number) {
  return async (offset: number) => {
    const delta = t0 + offset - es.clock.now();
    assert.ok(delta >= 0, 'time only moves forward');
    await es.advance(`${delta}ms`);
  };
}

async function setUp(client: Client, prefix: string) {
  await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
  await client.ilm.putLifecycle({ name: 'timeline', policy: TIMELINE });
  await client.indices.putIndexTemplate({
    name: prefix,
    index_patterns: [`${prefix}-*`],
    template: {
      settings: { 'index.lifecycle.name': 'timeline', 'index.lifecycle.rollover_alias': prefix, 'index.number_of_shards': 2, 'index.number_of_replicas': 1 },
    },
  });
  await client.indices.create({ index: `${prefix}-000001`, aliases: { [prefix]: { is_write_index: true } } });
}

describe('a hundred days of a multi-phase policy', () => {
  const es = useEsServer();
  let t0 = EPOCH;
  const travel = (offset: number) => timeTravel(es, t0)(offset);
  let shrunk1 = '';

  it('day 0: the first index enters hot, gets its priority and waits for rollover', async () => {
    const { client } = es;
    t0 = es.clock.now();
    await setUp(client, 'tl');
    const record = await explainOne(client, 'tl-000001');
    assert.equal(at(record), 'hot/rollover/check-rollover-ready');
    assert.equal(record.phase_time_millis, t0);
    assert.deepEqual(record.phase_execution.phase_definition.min_age, '0ms');
    const settings = await settingsOf(client, 'tl-000001');
    assert.equal(settings['index.priority'], '100');
    assert.equal(settings['index.number_of_shards'], '2');
  });

  it('day 0 + 23h50m: still waiting', async () => {
    const { client } = es;
    await travel(DAY - 10 * MINUTE);
    const record = await explainOne(client, 'tl-000001');
    assert.equal(at(record), 'hot/rollover/check-rollover-ready');
    assert.equal(record.age, '23.83h');
    assert.equal(await client.indices.exists({ index: 'tl-000002' }), false);
  });

  it('day 1: rollover; the old index completes hot with its age reset, the new one starts', async () => {
    const { client } = es;
    await travel(DAY);
    const old = await explainOne(client, 'tl-000001');
    assert.equal(at(old), 'hot/complete/complete');
    assert.equal(old.lifecycle_date_millis, t0 + DAY);
    assert.equal(old.age, '0s');
    assert.equal((await settingsOf(client, 'tl-000001'))['index.lifecycle.indexing_complete'], 'true');
    const fresh = await explainOne(client, 'tl-000002');
    assert.equal(at(fresh), 'hot/rollover/check-rollover-ready');
    assert.equal(fresh.index_creation_date_millis, t0 + DAY);
    assert.equal((await settingsOf(client, 'tl-000002'))['index.priority'], '100');
    assert.deepEqual(await client.indices.getAlias({ name: 'tl' }), {
      'tl-000001': { aliases: { tl: { is_write_index: false } } },
      'tl-000002': { aliases: { tl: { is_write_index: true } } },
    });
  });

  it('day 2: the second rollover; indexing_complete on the third index ends the chain', async () => {
    const { client } = es;
    await travel(2 * DAY);
    assert.equal(at(await explainOne(client, 'tl-000002')), 'hot/complete/complete');
    assert.equal((await explainOne(client, 'tl-000002')).lifecycle_date_millis, t0 + 2 * DAY);
    assert.equal(at(await explainOne(client, 'tl-000003')), 'hot/rollover/check-rollover-ready');
    await client.indices.putSettings({ index: 'tl-000003', settings: { 'index.lifecycle.indexing_complete': true } });
    await travel(2 * DAY + 10 * MINUTE);
    assert.equal(at(await explainOne(client, 'tl-000003')), 'hot/complete/complete');
    await travel(3 * DAY);
    assert.deepEqual(await indexNames(client), ['tl-000001', 'tl-000002', 'tl-000003'], 'no fourth index');
  });

  it('day 3 + 23h50m: the first index is still hot (warm counts from its rollover)', async () => {
    const { client } = es;
    await travel(4 * DAY - 10 * MINUTE);
    assert.equal(at(await explainOne(client, 'tl-000001')), 'hot/complete/complete');
    assert.equal(await client.indices.exists({ index: 'tl-000001' }), true);
  });

  it('day 4: the first index enters warm', async () => {
    const { client } = es;
    await travel(4 * DAY);
    const record = await explainOne(client, 'tl-000001');
    assert.equal(record.phase, 'warm');
    assert.equal(record.phase_time_millis, t0 + 4 * DAY);
    assert.equal(at(await explainOne(client, 'tl-000002')), 'hot/complete/complete');
  });

  it('day 4 + 1h: it has run the whole warm phase and is replaced by its shrunken copy', async () => {
    const { client } = es;
    await travel(4 * DAY + HOUR);
    const names = await indexNames(client);
    assert.equal(names.length, 3);
    shrunk1 = names.find((n) => n.endsWith('-tl-000001'))!;
    assert.match(shrunk1, /^shrink-[a-z0-9]{4}-tl-000001$/);
    assert.deepEqual(names.filter((n) => n !== shrunk1), ['tl-000002', 'tl-000003']);

    const record = await explainOne(client, 'tl-000001');
    assert.equal(record.index, shrunk1, 'the old name is an alias of the shrunken index');
    assert.equal(at(record), 'warm/complete/complete');
    assert.equal(record.phase_time_millis, t0 + 4 * DAY);
    assert.equal(record.lifecycle_date_millis, t0 + DAY, 'the shrunken index keeps the lifecycle date');
    assert.deepEqual(record.phase_execution.phase_definition, WARM_DEFINITION);

    const settings = await settingsOf(client, shrunk1);
    assert.equal(settings['index.number_of_shards'], '1');
    assert.equal(settings['index.number_of_replicas'], '0');
    assert.equal(settings['index.blocks.write'], 'true');
    assert.equal(settings['index.priority'], '50');
    assert.equal(settings['index.routing.allocation.include._tier_preference'], 'data_warm,data_hot');
    assert.equal(settings['index.lifecycle.name'], 'timeline');
    const aliases = (await client.indices.getAlias({ index: shrunk1 }))[shrunk1]!.aliases;
    assert.deepEqual(Object.keys(aliases).sort(), ['tl', 'tl-000001']);
    assert.equal(aliases.tl!.is_write_index, undefined);

    assert.equal(at(await explainOne(client, 'tl-000002')), 'hot/complete/complete');
    assert.equal(at(await explainOne(client, 'tl-000003')), 'hot/complete/complete');
  });

  it('day 5 + 1h: the other two are through warm as well', async () => {
    const { client } = es;
    await travel(5 * DAY + HOUR);
    const names = await indexNames(client);
    assert.equal(names.length, 3);
    assert.ok(names.every((n) => /^shrink-[a-z0-9]{4}-tl-00000[123]$/.test(n)), names.join());
    for (const alias of ['tl-000001', 'tl-000002', 'tl-000003']) assert.equal(at(await explainOne(client, alias)), 'warm/complete/complete', alias);
    const all = await explainAll(client);
    assert.ok(Object.values(all).every((r) => r.phase_execution.version === 1 && !('step_info' in r)));
  });

  it('day 11: the first index runs cold: priority 0 and the cold tier preference', async () => {
    const { client } = es;
    await travel(11 * DAY - 10 * MINUTE);
    assert.equal(at(await explainOne(client, 'tl-000001')), 'warm/complete/complete');
    await travel(11 * DAY);
    assert.equal((await explainOne(client, 'tl-000001')).phase, 'cold');
    await travel(11 * DAY + HOUR);
    const record = await explainOne(client, 'tl-000001');
    assert.equal(at(record), 'cold/complete/complete');
    assert.equal(record.phase_time_millis, t0 + 11 * DAY);
    assert.deepEqual(record.phase_execution.phase_definition, { min_age: '10d', actions: { set_priority: { priority: 0 }, migrate: { enabled: true } } });
    const settings = await settingsOf(client, shrunk1);
    assert.equal(settings['index.priority'], '0');
    assert.equal(settings['index.routing.allocation.include._tier_preference'], 'data_cold,data_warm,data_hot');
    assert.equal(at(await explainOne(client, 'tl-000002')), 'warm/complete/complete');
  });

  it('day 12 + 1h: all three are cold', async () => {
    const { client } = es;
    await travel(12 * DAY + HOUR);
    for (const alias of ['tl-000001', 'tl-000002', 'tl-000003']) assert.equal(at(await explainOne(client, alias)), 'cold/complete/complete', alias);
  });

  it('day 91 (+1h): the first index is deleted, the others are not yet', async () => {
    const { client } = es;
    await travel(91 * DAY - 10 * MINUTE);
    assert.equal((await indexNames(client)).length, 3);
    await travel(91 * DAY);
    const first = Object.values(await explainAll(client, `${shrunk1}*`));
    assert.ok(first.length === 0 || first[0]!.phase === 'delete', 'in the delete phase, or already deleted');
    await travel(91 * DAY + HOUR);
    const names = await indexNames(client);
    assert.equal(names.length, 2);
    assert.equal(names.includes(shrunk1), false);
    assert.equal(await client.indices.existsAlias({ name: 'tl-000001' }), false);
  });

  it('day 100: everything is deleted', async () => {
    const { client } = es;
    await travel(100 * DAY);
    assert.deepEqual(await indexNames(client), []);
    assert.deepEqual(await explainAll(client), {});
    assert.deepEqual(((await client.ilm.getLifecycle({ name: 'timeline' })).timeline as unknown as Row).in_use_by.indices, []);
    assert.deepEqual(await client.ilm.getStatus(), { operation_mode: 'RUNNING' });
  });
});

describe('indexing_complete without a rollover', () => {
  const es = useEsServer();

  it('update-rollover-lifecycle-date takes the time the step runs as the lifecycle date', async () => {
    const { client } = es;
    const t0 = es.clock.now();
    await client.ilm.putLifecycle({
      name: 'hot-warm',
      policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, warm: { min_age: '1d', actions: { readonly: {} } } } },
    });
    await client.indices.create({
      index: 'done-000001',
      settings: { 'index.lifecycle.name': 'hot-warm', 'index.lifecycle.rollover_alias': 'done', 'index.lifecycle.indexing_complete': true },
      aliases: { done: { is_write_index: true } },
    });
    await es.advance('10m');
    const record = (await client.ilm.explainLifecycle({ index: 'done-000001' })).indices['done-000001'] as unknown as Row;
    assert.equal(at(record), 'hot/complete/complete');
    assert.equal(await client.indices.exists({ index: 'done-000002' }), false, 'no rollover');
    // UpdateRolloverLifecycleDateStep: with indexing_complete set, newIndexTime = fallbackTimeSupplier (now).
    assert.equal(record.lifecycle_date_millis, t0 + 10 * MINUTE);
    // Entering warm at the 1d tick, check-ts-end-time-passed waits for one more poll (an async wait in ES).
    await es.advance('1d');
    await es.advance('10m');
    assert.equal(at((await client.ilm.explainLifecycle({ index: 'done-000001' })).indices['done-000001'] as unknown as Row), 'warm/complete/complete');
  });
});

describe('steps ES runs as asynchronous waits', () => {
  const es = useEsServer();

  it('check-ts-end-time-passed and wait-for-shard-history-leases are evaluated on the next poll tick, not at once', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({
      name: 'waits',
      policy: { phases: { warm: { min_age: '1d', actions: { readonly: {} } }, delete: { min_age: '2d', actions: { delete: {} } } } },
    });
    await client.indices.create({ index: 'waiting', settings: { 'index.lifecycle.name': 'waits' } });
    await es.advance('1d');
    // WaitUntilTimeSeriesEndTimePassesStep is an AsyncWaitStep: IndexLifecycleRunner evaluates it in runPeriodicStep only.
    assert.equal(at((await client.ilm.explainLifecycle({ index: 'waiting' })).indices.waiting as unknown as Row), 'warm/readonly/check-ts-end-time-passed');
    await es.advance('10m');
    assert.equal(at((await client.ilm.explainLifecycle({ index: 'waiting' })).indices.waiting as unknown as Row), 'warm/complete/complete');
    await es.advance('1430m');
    // WaitForNoFollowersStep (wait-for-shard-history-leases) is an AsyncWaitStep too.
    assert.equal(at((await client.ilm.explainLifecycle({ index: 'waiting' })).indices.waiting as unknown as Row), 'delete/delete/wait-for-shard-history-leases');
    await es.advance('10m');
    assert.equal(await client.indices.exists({ index: 'waiting' }), false);
  });
});

describe('a restart in the middle of the policy', () => {
  let first: EsFixture | undefined;
  let second: { server: TestServer; client: Client; clock: VirtualClock } | undefined;
  after(async () => {
    if (second) {
      await second.client.close();
      await second.server.dispose();
    } else if (first) {
      await first.client.close();
      await first.server.dispose();
    }
  });

  it('explain reads the same after the restart and the policy carries on', async () => {
    first = await startEsServer();
    const t0 = first.clock.now();
    const travelFirst = timeTravel(first, t0);
    await setUp(first.client, 'r');
    await travelFirst(DAY);
    assert.equal(await first.client.indices.exists({ index: 'r-000002' }), true);
    await first.client.indices.putSettings({ index: 'r-000002', settings: { 'index.lifecycle.indexing_complete': true } });
    await travelFirst(4 * DAY + HOUR);
    const warm = await explainOne(first.client, 'r-000001');
    assert.equal(at(warm), 'warm/complete/complete', 'in the warm phase before the restart');

    const readAll = async (url: string) => {
      const explain = await (await fetch(`${url}/*/_ilm/explain?human=true`)).text();
      const policy = await (await fetch(`${url}/_ilm/policy`)).text();
      const aliases = await (await fetch(`${url}/_alias`)).text();
      const settings = await (await fetch(`${url}/_all/_settings?flat_settings=true`)).text();
      return { explain, policy, aliases, settings };
    };
    const before = await readAll(first.server.url);
    const now = first.clock.now();
    const dataDir = first.server.dataDir;
    await first.client.close();
    await first.server.close();

    const clock = new VirtualClock(now);
    const server = await startTestServer({ dataDir, clock });
    const client = new Client({ node: server.url });
    second = { server, client, clock };
    const afterwards = await readAll(server.url);
    assert.deepEqual(JSON.parse(afterwards.explain), JSON.parse(before.explain));
    assert.equal(afterwards.explain, before.explain, 'byte for byte, field order included');
    assert.equal(afterwards.policy, before.policy);
    assert.equal(afterwards.aliases, before.aliases);
    assert.equal(afterwards.settings, before.settings);
    assert.deepEqual(await client.ilm.getStatus(), { operation_mode: 'RUNNING' });

    const advance = (by: string) => client.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by } }) as Promise<Row>;
    const travel = timeTravel({ clock, advance }, t0);
    await travel(11 * DAY + HOUR);
    const cold = await explainOne(client, 'r-000001');
    assert.equal(at(cold), 'cold/complete/complete');
    assert.equal(cold.phase_time_millis, t0 + 11 * DAY);
    await travel(100 * DAY);
    assert.deepEqual(await indexNames(client), []);
  });
});
