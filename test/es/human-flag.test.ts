/** `human=true`, which every ES endpoint takes: the readable fields ES adds beside the raw ones, where Tessera has them. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { EPOCH } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { esFetch, TEST_OPTIONS } from './es-helpers.js';

describe('human=true', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ clock: new VirtualClock(EPOCH + 90_500) });
    await esFetch(server.url, '/hu', { method: 'PUT' });
  });
  after(async () => server.dispose());

  it('adds the creation date and version as strings to index settings, before a name filter applies', TEST_OPTIONS, async () => {
    const plain = await esFetch(server.url, '/hu/_settings?flat_settings');
    assert.equal(plain.json.hu.settings['index.creation_date_string'], undefined);
    const human = await esFetch(server.url, '/hu/_settings?flat_settings&human');
    // java.time prints seconds and milliseconds only where they are not zero.
    assert.equal(human.json.hu.settings['index.creation_date_string'], '2026-01-01T00:01:30.500Z');
    assert.equal(human.json.hu.settings['index.version.created_string'], '8.17.0');
    const filtered = await esFetch(server.url, '/hu/_settings/index.creation_date*?human');
    assert.deepEqual(filtered.json, { hu: { settings: { index: { creation_date: String(EPOCH + 90_500), creation_date_string: '2026-01-01T00:01:30.500Z' } } } });
    const index = await esFetch(server.url, '/hu?human');
    assert.equal(index.json.hu.settings.index.version.created_string, '8.17.0');
  });

  it('adds the readable wait and percentage to cluster health, each before its raw field', TEST_OPTIONS, async () => {
    const health = await esFetch(server.url, '/_cluster/health?human');
    const keys = Object.keys(health.json);
    assert.equal(health.json.task_max_waiting_in_queue, '0s');
    assert.equal(health.json.active_shards_percent, '50.0%');
    assert.equal(keys.indexOf('task_max_waiting_in_queue') + 1, keys.indexOf('task_max_waiting_in_queue_millis'));
    assert.equal(keys.indexOf('active_shards_percent') + 1, keys.indexOf('active_shards_percent_as_number'));
    assert.equal((await esFetch(server.url, '/_cluster/health')).json.active_shards_percent, undefined);
  });
});
