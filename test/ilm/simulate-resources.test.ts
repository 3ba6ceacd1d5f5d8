/**
 * What lint cannot see and a forecast can: resources at the time a step runs. With documents written at a steady
 * rate, the forecast predicts row 7 (a circuit breaker refusing a force merge of the grown index) and row 8 (the
 * flood-stage block stopping a step, the high watermark holding a shrink), each with the message and the time;
 * the real runner, fed the same documents on the virtual clock, does exactly that, then.
 */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainRecord, useEsServer, type EsFixture, type Row } from '../helpers/es.js';
import { lint } from '../helpers/lint.js';
import { predictedStanding, simulate, standing, type Forecast } from '../helpers/simulate.js';

/** 100 stored bytes exactly. */
const DOC = { m: 'x'.repeat(92) };
const HOUR = 3_600_000;

/** Ten documents an hour into `target`, as the forecast's 240 a day of 100b: written, then an hourly poll, until the forecast's end. */
async function runFeeding(es: EsFixture, target: string, forecast: Forecast, index: string): Promise<Row[]> {
  const seen: Row[] = [];
  while (es.clock.now() < forecast.end_millis) {
    const bulk = await es.client.bulk({ refresh: true, operations: Array.from({ length: 10 }, () => [{ index: { _index: target } }, DOC]).flat() });
    // A bulk is accepted or refused as a whole here (a write block, the flood-stage block).
    assert.ok(bulk.items.every((i) => i.index?.status === 201) || bulk.items.every((i) => i.index!.status >= 400), JSON.stringify(bulk.items[0]));
    await es.advance('1h');
    seen.push({ at: es.clock.now(), accepted: bulk.items[0]!.index!.status === 201, ...standing(await explainRecord(es.client, index)) });
  }
  return seen;
}

/** The first poll at which explain shows ERROR: the forecast's first error, with its exact step_info. */
function assertFirstError(seen: readonly Row[], forecast: Forecast): void {
  const first = seen.find((s) => s.step === 'ERROR');
  const error = forecast.first_error!;
  assert.ok(first, 'the run fails too');
  assert.deepEqual(
    { at: first.at, phase: first.phase, action: first.action, failed_step: first.failed_step, step_info: first.step_info },
    { at: error.time_millis, phase: error.phase, action: error.action, failed_step: error.failed_step, step_info: error.step_info },
  );
  assert.equal(first.step_time_millis, error.time_millis);
}

async function setUp(client: Client, settings: Record<string, string>, policy: Record<string, unknown>): Promise<void> {
  await client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '1h', ...settings } });
  await client.ilm.putLifecycle({ name: 'data', policy: policy as never });
}

describe('simulate, row 7: a circuit breaker', () => {
  const es = useEsServer();

  it('predicts the force merge the grown index no longer fits, when and with the bytes it will have', async () => {
    const { client } = es;
    await setUp(client, { 'indices.breaker.request.limit': '10kb' }, { phases: { warm: { min_age: '12h', actions: { forcemerge: { max_num_segments: 1 } } } } });
    const index = { name: 'data-000001', settings: { 'index.lifecycle.name': 'data' } };
    assert.deepEqual(await lint(client, { name: 'data', index }), [], 'lint assumes an empty index');
    const forecast = await simulate(client, { name: 'data', index, horizon: '14h', documents: { per_day: 240, size: '100b' } });
    const error = forecast.first_error!;
    assert.equal(error.row, 7);
    assert.deepEqual([error.failed_step, (error.time_millis - forecast.start_millis) / HOUR], ['forcemerge', 12]);
    assert.deepEqual(error.step_info, {
      type: 'circuit_breaking_exception',
      reason: '[request] Data too large, data for [<forcemerge [data-000001]>] would be [12000/11.7kb], which is larger than the limit of [10240/10kb]',
      bytes_wanted: 12000,
      bytes_limit: 10240,
      durability: 'TRANSIENT',
    });
    assert.match(error.remedy, /breaker/);

    await client.indices.create({ index: index.name, settings: index.settings });
    const seen = await runFeeding(es, index.name, forecast, index.name);
    assertFirstError(seen, forecast);
    assert.deepEqual(seen.at(-1)!.step_info, predictedStanding(forecast, index.name).step_info, 'each retry fails as predicted, with the bytes of then');
  });
});

describe('simulate, row 8: the flood-stage watermark', () => {
  const es = useEsServer();

  it('predicts the writes refused and the step stopped by the block, when', async () => {
    const { client } = es;
    await setUp(client, { 'tessera.disk.capacity': '20kb' }, { phases: { warm: { min_age: '1d', actions: { readonly: {} } } } });
    const index = { name: 'data-000001', settings: { 'index.lifecycle.name': 'data' } };
    const forecast = await simulate(client, { name: 'data', index, horizon: '26h', documents: { per_day: 240, size: '100b' } });
    const kinds = forecast.events.filter((e) => e.kind !== 'step').map((e) => [e.kind, e.level ?? e.block ?? e.failed_step]);
    assert.deepEqual(kinds, [
      ['watermark', 'low'],
      ['watermark', 'high'],
      ['watermark', 'flood_stage'],
      ['writes_refused', 'index.blocks.read_only_allow_delete'],
      ['error', 'readonly'],
    ]);
    const error = forecast.first_error!;
    assert.equal(error.row, 8);
    // Warm starts at 24h; its readonly step comes after migrate's wait, at the next poll.
    assert.equal((error.time_millis - forecast.start_millis) / HOUR, 25);
    assert.equal(error.step_info?.type, 'cluster_block_exception');

    await client.indices.create({ index: index.name, settings: index.settings });
    const seen = await runFeeding(es, index.name, forecast, index.name);
    assertFirstError(seen, forecast);
    // Writes are refused from the poll after usage passed 95% (19.5kb of 20kb), in the run as in the forecast.
    const refusedFrom = forecast.events.find((e) => e.kind === 'writes_refused')!.time_millis;
    assert.deepEqual(
      seen.filter((s) => !s.accepted).map((s) => s.at - HOUR),
      seen.filter((s) => s.at - HOUR >= refusedFrom).map((s) => s.at - HOUR),
    );
    const stats = await client.cat.indices({ index: index.name, format: 'json', bytes: 'b' });
    assert.equal(Number(stats[0]!['store.size']), forecast.indices[index.name]!.size_in_bytes);
  });
});

describe('simulate, row 8: the high watermark', () => {
  const es = useEsServer();

  it('predicts the shrink held while no new shard may be placed, and the run holds it there', async () => {
    const { client } = es;
    await setUp(client, { 'tessera.disk.capacity': '25kb' }, { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } } } });
    // Other data fills 92% of the disk: above the high watermark, below the flood stage.
    await client.indices.create({ index: 'ballast' });
    await client.bulk({ refresh: true, operations: Array.from({ length: 23 }, () => [{ index: { _index: 'ballast' } }, { m: 'x'.repeat(1016) }]).flat() });
    const index = { name: 'data-000001', settings: { 'index.lifecycle.name': 'data', 'index.number_of_shards': 2 } };
    const forecast = await simulate(client, { name: 'data', index, horizon: '2d' });
    assert.equal(forecast.first_error, null);
    const held = predictedStanding(forecast, index.name);
    // Already the injected migrate action waits for its shards to be placed.
    assert.deepEqual([held.phase, held.action, held.step, held.step_info], ['warm', 'migrate', 'check-migration', { message: 'high disk watermark [90%] exceeded on [tessera-0]' }]);

    await client.indices.create({ index: index.name, settings: index.settings });
    await es.advance('2d');
    assert.deepEqual(standing(await explainRecord(client, index.name)), held);
  });
});
