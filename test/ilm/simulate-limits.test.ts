/**
 * A forecast is bounded and does not hold up the server. It runs off the event loop, so while a long forecast runs
 * the server answers `GET /` and grid RPCs; at most two run at a time (a third is refused with ES's
 * `es_rejected_execution_exception`, 429); one may take at most 10,000,000 index-ticks (its poll ticks and the
 * writes between them, each counting the indices of the cluster: a 400 `illegal_argument_exception`, before it
 * starts when the count is certain, else when it is reached); and one that outlasts `tessera.ilm.simulate.timeout`
 * is stopped (ES's `timeout_exception`, 429).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EPOCH, esEnvelope, rawRequest, startEsServer, type EsFixture } from '../helpers/es.js';
import { gridClient } from '../helpers/grid-clients.js';

/** An index that waits in check-rollover-ready at every poll tick, for documents that never come. */
const WAITING = {
  policy: { phases: { hot: { actions: { rollover: { max_docs: 1_000_000_000 } } } } },
  index: { name: 'wait-000001', settings: { 'index.lifecycle.name': 'wait', 'index.lifecycle.rollover_alias': 'wait' }, aliases: { wait: { is_write_index: true } } },
};

/** About 43,000 poll ticks with nothing changing: a second or more of work, far below the work limit. */
const LONG = { ...WAITING, horizon: '300d' };

const REJECTED = 'rejected execution of a lifecycle forecast: [2] forecasts are running, the most this server runs at a time; retry when one of them has finished';

function workLimit(horizon: string): string {
  return `this forecast would take more than [10000000] index-ticks, the limit of one forecast (each poll tick, and each write of documents between two, counts once per index in the cluster); forecast a shorter [horizon] than [${horizon}]`;
}

describe('simulate: limits', () => {
  let es: EsFixture;
  before(async () => {
    es = await startEsServer();
  });
  after(async () => {
    await es.client.close();
    await es.server.dispose();
  });
  const post = (body: unknown) => rawRequest(es.server.url, 'POST', '/_tessera/ilm/simulate', body);

  it('answers GET / and a grid RPC while a long forecast runs, before it ends', async () => {
    const order: string[] = [];
    const forecast = post(LONG).then((response) => {
      order.push('simulate');
      return response;
    });
    // Let the forecast get under way, then ask for something else.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const root = rawRequest(es.server.url, 'GET', '/').then((response) => {
      order.push('GET /');
      return response;
    });
    const grids = gridClient(es.server.url)
      .listGrids({})
      .then((response) => {
        order.push('ListGrids');
        return response;
      });
    const [simulated, answered] = await Promise.all([forecast, root, grids]);
    assert.equal(simulated.status, 200, JSON.stringify(simulated.json));
    assert.equal(simulated.json.end_millis, EPOCH + 300 * 86_400_000, 'the forecast ran to its horizon');
    assert.equal(simulated.json.ticks, 300 * 144);
    assert.equal(answered.status, 200);
    assert.equal(order.at(-1), 'simulate', `answered in the order ${order.join(', ')}`);
  });

  it('runs two forecasts at a time and refuses a third with 429 es_rejected_execution_exception', async () => {
    const responses = await Promise.all([post(LONG), post(LONG), post(LONG)]);
    const statuses = responses.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 200, 429], JSON.stringify(responses.map((r) => r.json?.error ?? r.status)));
    const refused = responses.find((r) => r.status === 429)!;
    assert.deepEqual(refused.json, esEnvelope(429, 'es_rejected_execution_exception', REJECTED));
    // Once they are done, the next one runs.
    assert.equal((await post({ ...WAITING, horizon: '1d' })).status, 200);
  });

  it('refuses at once a forecast certain to exceed the work limit (documents at every poll over many indices)', async () => {
    for (let i = 0; i < 20; i++) await es.client.indices.create({ index: `other-${i}` });
    try {
      // 525,600 ten-minute polls, each writing documents, over 21 indices of which 20 never go away: 10,512,000.
      const response = await post({ ...WAITING, horizon: '3650d', documents: { per_day: 1_000_000 } });
      assert.equal(response.status, 400, JSON.stringify(response.json));
      assert.deepEqual(response.json, esEnvelope(400, 'illegal_argument_exception', workLimit('3650d')));
    } finally {
      await es.client.indices.delete({ index: Array.from({ length: 20 }, (_, i) => `other-${i}`) });
    }
  });

  it('stops a forecast with the same 400 when its ticks reach the work limit', async () => {
    for (let i = 0; i < 100; i++) await es.client.indices.create({ index: `many-${i}` });
    try {
      // A poll tick every 10 minutes for ten years, each over 101 indices: the limit comes about 690 days in.
      const response = await post({ ...WAITING, horizon: '3650d' });
      assert.equal(response.status, 400, JSON.stringify(response.json).slice(0, 500));
      assert.deepEqual(response.json, esEnvelope(400, 'illegal_argument_exception', workLimit('3650d')));
    } finally {
      await es.client.indices.delete({ index: Array.from({ length: 100 }, (_, i) => `many-${i}`) });
    }
    // Nothing of the server changed.
    assert.deepEqual(Object.keys(await es.client.indices.get({ index: '*' })), []);
    assert.equal(es.clock.now(), EPOCH);
  });
});

describe('simulate: the time limit of one forecast', () => {
  let es: EsFixture;
  before(async () => {
    es = await startEsServer();
  });
  after(async () => {
    await es.client.close();
    await es.server.dispose();
  });

  it('is a time value of at least 1ms, 30s by default', async () => {
    const response = await rawRequest(es.server.url, 'PUT', '/_cluster/settings', { persistent: { 'tessera.ilm.simulate.timeout': '0s' } });
    assert.deepEqual(response.json, esEnvelope(400, 'illegal_argument_exception', 'failed to parse value [0s] for setting [tessera.ilm.simulate.timeout], must be >= [1ms]'));
    const defaults = await rawRequest(es.server.url, 'GET', '/_cluster/settings?include_defaults&flat_settings');
    assert.equal(defaults.json.defaults['tessera.ilm.simulate.timeout'], '30s');
  });

  it('stops a forecast that outlasts tessera.ilm.simulate.timeout with 429 timeout_exception, and runs the next one', async () => {
    await es.client.cluster.putSettings({ persistent: { 'tessera.ilm.simulate.timeout': '200ms' } });
    try {
      const response = await rawRequest(es.server.url, 'POST', '/_tessera/ilm/simulate', LONG);
      assert.equal(response.status, 429, JSON.stringify(response.json).slice(0, 500));
      assert.deepEqual(
        response.json,
        esEnvelope(429, 'timeout_exception', `the lifecycle forecast did not finish within [200ms], the time limit of one forecast [tessera.ilm.simulate.timeout]; forecast a shorter [horizon] than [${LONG.horizon}]`),
      );
      const short = await rawRequest(es.server.url, 'POST', '/_tessera/ilm/simulate', { ...WAITING, horizon: '1h' });
      assert.equal(short.status, 200, JSON.stringify(short.json));
    } finally {
      await es.client.cluster.putSettings({ persistent: { 'tessera.ilm.simulate.timeout': null } });
    }
  });
});
