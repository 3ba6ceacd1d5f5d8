/**
 * Forecasts against the real run: a clean policy lints clean, and what `POST /_tessera/ilm/simulate` and
 * `GET /_tessera/ilm/timeline/<index>` predict is what the runner then does under the virtual clock, poll tick by
 * poll tick: every index, where it stands and since when, which indices exist, how many documents each holds.
 */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer, type EsFixture, type Row } from '../helpers/es.js';
import { lint } from '../helpers/lint.js';
import { simulate, timeline, type Forecast, type ForecastEvent } from '../helpers/simulate.js';

const HOUR = 3_600_000;

const POLICY = {
  phases: {
    hot: { actions: { rollover: { max_age: '1d' } } },
    warm: { min_age: '1d', actions: { forcemerge: { max_num_segments: 1 }, readonly: {} } },
    cold: { min_age: '2d', actions: { set_priority: { priority: 0 } } },
    delete: { min_age: '3d', actions: { delete: {} } },
  },
};
const TEMPLATE = { name: 'logs', index_patterns: ['logs-*'], template: { settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs' } } };
const INDEX = { name: 'logs-000001', aliases: { logs: { is_write_index: true } } };

async function setUp(client: Client): Promise<void> {
  // Hourly polls keep the tick-by-tick comparison short.
  await client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '1h', 'indices.lifecycle.rollover.only_if_has_documents': false } });
  await client.ilm.putLifecycle({ name: 'logs', policy: POLICY as never });
  await client.indices.putIndexTemplate(TEMPLATE as never);
}

/** Where the forecast has each index at `time`: its last step (or error) by then; absent once deleted or before created. */
function predictedAt(forecast: Forecast, time: number, initial: ReadonlyMap<string, Row>): Map<string, Row> {
  const standing = new Map<string, Row>([[forecast.index, {}], ...initial]);
  for (const event of forecast.events) {
    if (event.time_millis > time) break;
    if (event.kind === 'created') standing.set(event.index!, {});
    else if (event.kind === 'deleted') standing.delete(event.index!);
    else if (event.kind === 'step' || event.kind === 'error') standing.set(event.index!, where(event));
  }
  return standing;
}

function where(event: ForecastEvent): Row {
  return {
    phase: event.phase,
    action: event.action,
    step: event.step,
    step_time_millis: event.time_millis,
    ...(event.failed_step !== undefined && { failed_step: event.failed_step }),
  };
}

/** The indices a forecast follows: its own, and those it creates. */
function followed(forecast: Forecast): Set<string> {
  return new Set([forecast.index, ...forecast.events.filter((e) => e.kind === 'created').map((e) => e.index!)]);
}

/** Where explain has every index the forecast follows now. */
async function actual(client: Client, forecast: Forecast): Promise<Map<string, Row>> {
  const explained = await client.ilm.explainLifecycle({ index: 'logs-*' });
  const names = followed(forecast);
  const out = new Map<string, Row>();
  for (const [name, record] of Object.entries(explained.indices) as [string, Row][]) {
    if (names.has(name)) out.set(name, record.managed ? where({ ...record, kind: 'step', time_millis: record.step_time_millis }) : {});
  }
  return out;
}

/** Runs the real clock one poll at a time to the forecast's end, checking every index against it after each tick. */
async function followTickByTick(es: EsFixture, forecasts: readonly Forecast[], beforeTick: () => Promise<void> = async () => undefined): Promise<number> {
  let ticks = 0;
  // Where the indices stand when the forecasts begin (an existing index's timeline starts from there).
  const initial = new Map<Forecast, Map<string, Row>>();
  for (const forecast of forecasts) initial.set(forecast, await actual(es.client, forecast));
  while (es.clock.now() < forecasts[0]!.end_millis) {
    await beforeTick();
    await es.advance('1h');
    ticks++;
    const now = es.clock.now();
    for (const forecast of forecasts) {
      const real = await actual(es.client, forecast);
      assert.deepEqual(Object.fromEntries(real), Object.fromEntries(predictedAt(forecast, now, initial.get(forecast)!)), `at +${(now - forecast.start_millis) / HOUR}h`);
    }
  }
  return ticks;
}

describe('simulate: a clean policy, step for step', () => {
  const es = useEsServer();

  it('lints clean, and the run under the virtual clock does what the forecast said, when it said', async () => {
    const { client } = es;
    await setUp(client);
    assert.deepEqual(await lint(client, { name: 'logs', index: INDEX }), []);
    const forecast = await simulate(client, { name: 'logs', index: INDEX, horizon: '5d' });
    assert.equal(forecast.first_error, null);
    assert.equal(forecast.truncated, false);
    // Four rollovers, one a day, each index deleted three days after its own.
    const created = forecast.events.filter((e) => e.kind === 'created');
    assert.deepEqual(
      created.map((e) => [e.index, e.from, e.alias, (e.time_millis - forecast.start_millis) / HOUR]),
      [1, 2, 3, 4, 5].map((day) => [`logs-00000${day + 1}`, `logs-00000${day}`, 'logs', day * 24]),
    );
    // Delete starts 3d after the rollover; its first step waits for the next poll.
    assert.deepEqual(
      forecast.events.filter((e) => e.kind === 'deleted').map((e) => [e.index, (e.time_millis - forecast.start_millis) / HOUR]),
      [['logs-000001', 97]],
    );
    // The forecast left nothing behind on the server.
    assert.deepEqual((await client.cat.indices({ format: 'json' })).map((i) => i.index), []);

    await client.indices.create({ index: INDEX.name, aliases: INDEX.aliases });
    // The timeline of the created index is the forecast made before it existed, less the steps of its creation.
    const later = forecast.events.filter((e) => e.time_millis > forecast.start_millis);
    assert.ok(later.length < forecast.events.length);
    assert.deepEqual(await timeline(client, INDEX.name, { horizon: '5d' }), { ...forecast, events: later });
    const ticks = await followTickByTick(es, [forecast]);
    assert.equal(ticks, 120);
    const final = await actual(client, forecast);
    assert.deepEqual([...final.keys()].sort(), Object.keys(forecast.indices).sort());
  });
});

describe('simulate: the timeline of an index midway', () => {
  const es = useEsServer();

  it('continues from where the index stands, and the run keeps to it', async () => {
    const { client } = es;
    await setUp(client);
    await client.indices.create({ index: INDEX.name, aliases: INDEX.aliases });
    await es.advance('30h');
    const forecast = await timeline(client, INDEX.name, { horizon: '3d' });
    assert.equal(forecast.start_millis, es.clock.now());
    // Rolled over at 24h, it waits in hot for warm (1d after the rollover), then cold (2d) and delete (3d).
    const entered = new Map<string, number>();
    for (const e of forecast.events) if (e.index === INDEX.name && e.kind === 'step' && !entered.has(e.phase!)) entered.set(e.phase!, (e.time_millis - forecast.start_millis) / HOUR);
    assert.deepEqual([...entered], [['warm', 18], ['cold', 42], ['delete', 66]]);
    await followTickByTick(es, [forecast]);
  });
});

describe('simulate: documents at the forecast rate', () => {
  const es = useEsServer();

  it('rolls over on max_docs when and into what the forecast said, with the documents where it said', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '1h' } });
    await client.ilm.putLifecycle({ name: 'logs', policy: { phases: { hot: { actions: { rollover: { max_docs: 25 } } } } } as never });
    await client.indices.putIndexTemplate(TEMPLATE as never);
    // Ten documents of exactly 100 bytes an hour: 240 a day.
    const forecast = await simulate(client, { name: 'logs', index: INDEX, horizon: '12h', documents: { per_day: 240, size: '100b' } });
    assert.deepEqual(
      forecast.events.filter((e) => e.kind === 'created').map((e) => [e.index, (e.time_millis - forecast.start_millis) / HOUR]),
      [['logs-000002', 3], ['logs-000003', 6], ['logs-000004', 9], ['logs-000005', 12]],
    );

    await client.indices.create({ index: INDEX.name, aliases: INDEX.aliases });
    const source = { m: 'x'.repeat(92) };
    assert.equal(JSON.stringify(source).length, 100);
    await followTickByTick(es, [forecast], async () => {
      await client.bulk({ refresh: true, operations: Array.from({ length: 10 }, () => [{ index: { _index: 'logs' } }, source]).flat() });
    });
    const stats = await client.cat.indices({ format: 'json', bytes: 'b' });
    const real = Object.fromEntries(stats.map((i) => [i.index!, { docs_count: Number(i['docs.count']), size_in_bytes: Number(i['store.size']) }]));
    const predicted = Object.fromEntries(Object.entries(forecast.indices).map(([name, i]) => [name, { docs_count: i.docs_count, size_in_bytes: i.size_in_bytes }]));
    assert.deepEqual(real, predicted);
  });
});

describe('simulate: an error the server retries at every poll', () => {
  const es = useEsServer();

  it('is one error event counting its retries, even when a write block comes between the error and the first retry', async () => {
    const { client } = es;
    const forecast = await simulate(client, {
      policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } },
      index: { name: 'my-index-000001', settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } },
      horizon: '6d',
    });
    const kinds = forecast.events.filter((e) => e.kind !== 'step').map((e) => e.kind);
    assert.deepEqual(kinds, ['error', 'writes_refused']);
    // 5.01d to 6d, a retry every 10 minutes.
    assert.equal(forecast.first_error!.auto_retries, 142);
    assert.equal(forecast.indices['my-index-000001']!.failed_step_retry_count, 142);
  });
});
