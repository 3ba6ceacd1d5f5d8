/**
 * Tessera's clock endpoints: `GET /_tessera/clock` and `POST /_tessera/clock/_advance`, on the virtual clock
 * (time moves only on request, running every poll tick in between) and on the system clock (no advancing).
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EPOCH, useEsServer, rawRequest as raw, esEnvelope as envelope, explainRecord as explain, type Row } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';


const DAY = 86_400_000;

describe('the virtual clock', () => {
  const es = useEsServer();

  it('GET /_tessera/clock describes it', async () => {
    const response = await raw(es.server.url, 'GET', '/_tessera/clock');
    assert.equal(response.status, 200);
    assert.deepEqual(response.json, { mode: 'virtual', now: '2026-01-01T00:00:00.000Z', now_millis: EPOCH, poll_interval_millis: 600_000, next_poll_millis: EPOCH + 600_000 });
    assert.deepEqual(await es.client.transport.request({ method: 'GET', path: '/_tessera/clock' }), response.json);
  });

  it('stands still until advanced', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal((await raw(es.server.url, 'GET', '/_tessera/clock')).json.now_millis, EPOCH);
  });

  it('_advance moves it by the time value and answers the new time with the ticks run', async () => {
    const response = (await es.client.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by: '30d' } })) as Row;
    assert.deepEqual(
      { ...response, ticks: undefined },
      { mode: 'virtual', now: '2026-01-31T00:00:00.000Z', now_millis: EPOCH + 30 * DAY, poll_interval_millis: 600_000, next_poll_millis: EPOCH + 30 * DAY + 600_000, ticks: undefined },
    );
    assert.ok(Number.isInteger(response.ticks) && response.ticks >= 0);
    assert.equal(es.clock.now(), EPOCH + 30 * DAY);
    assert.equal((await raw(es.server.url, 'GET', '/_tessera/clock')).json.now, '2026-01-31T00:00:00.000Z');
    for (const [by, millis] of [
      ['90s', 90_000],
      ['1500ms', 1_500],
      ['2h', 7_200_000],
      ['1D', DAY],
      ['0', 0],
    ] as const) {
      const before = es.clock.now();
      const result = await es.advance(by);
      assert.equal(result.now_millis, before + millis, by);
    }
  });

  it('next_poll_millis is the next tick of the runner, on the grid of its ticks', async () => {
    const before = (await raw(es.server.url, 'GET', '/_tessera/clock')).json;
    await es.advance('1m');
    const after = (await raw(es.server.url, 'GET', '/_tessera/clock')).json;
    assert.ok(after.next_poll_millis > after.now_millis && after.next_poll_millis - after.now_millis <= 600_000, JSON.stringify(after));
    assert.equal((after.next_poll_millis - before.next_poll_millis) % 600_000, 0);
  });

  it('_advance refuses a missing, malformed or negative time value', async () => {
    const url = es.server.url;
    const now = es.clock.now();
    const cases: [unknown, string][] = [
      [{}, '[by] is required: a time value such as "30d"'],
      [{ by: 5 }, '[by] is required: a time value such as "30d"'],
      [{ by: 'abc' }, 'failed to parse setting [by] with value [abc] as a time value: unit is missing or unrecognized'],
      [{ by: '1.5d' }, 'failed to parse [1.5d], fractional time values are not supported'],
      [{ by: '-1s' }, '[by] must not be negative, got [-1s]'],
    ];
    for (const [body, reason] of cases) {
      const response = await raw(url, 'POST', '/_tessera/clock/_advance', body);
      assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', reason), JSON.stringify(body));
      assert.equal(response.status, 400);
    }
    assert.equal(es.clock.now(), now, 'a refused advance moves nothing');
  });

  it('runs every poll tick in the interval: an auto-retried error counts each one', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'roll', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    await client.indices.create({ index: 'ticking-000001', settings: { 'index.lifecycle.name': 'roll' } });
    await es.advance('10m');
    assert.equal((await explain(client, 'ticking-000001')).step, 'ERROR');
    const result = await es.advance('30m');
    assert.equal(result.ticks, 3);
    assert.equal((await explain(client, 'ticking-000001')).failed_step_retry_count, 3);
  });

  it('follows indices.lifecycle.poll_interval, also when it changes between two ticks', async () => {
    const { client } = es;
    // Half-way between two 10m ticks.
    await es.advance('5m');
    await es.advance('90s');
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '1m' } });
    try {
      assert.equal((await raw(es.server.url, 'GET', '/_tessera/clock')).json.poll_interval_millis, 60_000);
      const before = (await explain(client, 'ticking-000001')).failed_step_retry_count as number;
      const now = es.clock.now();
      const response = await raw(es.server.url, 'POST', '/_tessera/clock/_advance', { by: '5m' });
      assert.equal(response.status, 200, JSON.stringify(response.json));
      assert.equal(response.json.now_millis, now + 300_000);
      const ticks = response.json.ticks as number;
      assert.ok(ticks >= 5 && ticks <= 6, `${ticks} ticks in 5m at a 1m interval`);
      const afterwards = (await explain(client, 'ticking-000001')).failed_step_retry_count as number;
      assert.equal(afterwards, before + ticks, 'each tick retried once');
      const counted = await es.advance('5m');
      assert.equal(counted.ticks, 5);
      assert.equal((await explain(client, 'ticking-000001')).failed_step_retry_count, afterwards + 5);
    } finally {
      await client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': null } });
    }
  });

  it('refuses a poll interval below 1s', async () => {
    const response = await raw(es.server.url, 'PUT', '/_cluster/settings', { persistent: { 'indices.lifecycle.poll_interval': '500ms' } });
    assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', 'failed to parse value [500ms] for setting [indices.lifecycle.poll_interval], must be >= [1s]'));
    await es.client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '1s' } });
    assert.equal((await raw(es.server.url, 'GET', '/_tessera/clock')).json.poll_interval_millis, 1_000);
    await es.client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': null } });
    assert.equal((await raw(es.server.url, 'GET', '/_tessera/clock')).json.poll_interval_millis, 600_000);
  });
});

describe('the system clock', () => {
  let server: TestServer;
  let client: Client;
  before(async () => {
    server = await startTestServer();
    client = new Client({ node: server.url });
  });
  after(async () => {
    await client.close();
    await server.dispose();
  });

  it('GET /_tessera/clock reports the real time', async () => {
    const before = Date.now();
    const response = await raw(server.url, 'GET', '/_tessera/clock');
    const afterwards = Date.now();
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.json), ['mode', 'now', 'now_millis', 'poll_interval_millis', 'next_poll_millis']);
    assert.equal(response.json.mode, 'system');
    assert.ok(response.json.now_millis >= before && response.json.now_millis <= afterwards);
    // now and now_millis describe the same instant (read at most a few ms apart).
    assert.ok(Math.abs(Date.parse(response.json.now) - response.json.now_millis) <= 5);
    assert.equal(response.json.poll_interval_millis, 600_000);
  });

  it('refuses to advance', async () => {
    const reason = 'the clock is the system clock and cannot be advanced; start Tessera with --clock virtual';
    const response = await raw(server.url, 'POST', '/_tessera/clock/_advance', { by: '30d' });
    assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', reason));
    assert.equal(response.status, 400);
    await assert.rejects(client.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by: '1d' } }), (error: any) => {
      assert.equal(error.meta.statusCode, 400);
      assert.equal(error.meta.body.error.reason, reason);
      return true;
    });
  });
});
