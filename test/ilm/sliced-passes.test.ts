/**
 * A lifecycle pass is cut into slices (each an ordinary cluster-state change, with other requests served in
 * between) once it has worked long enough. Cut at every index, the same policy over the same indices must give the
 * same timeline, step for step and date for date, as passes that run whole.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { EPOCH, rawRequest } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const POLICY = {
  phases: {
    hot: { actions: { rollover: { max_age: '1d' }, set_priority: { priority: 100 } } },
    warm: { min_age: '2d', actions: { readonly: {}, set_priority: { priority: 50 } } },
    delete: { min_age: '5d', actions: { delete: {} } },
  },
};

/** What each index went through, without what differs from server to server (uuids). */
type Timeline = { advance: string; ticks: number; indices: Record<string, string> }[];

async function timeline(server: TestServer): Promise<Timeline> {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await rawRequest(server.url, method, path, body);
    assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${JSON.stringify(response.json)}`);
    return response.json;
  };
  // Hourly polls: fewer ticks to run, the same kinds of turns.
  await call('PUT', '/_cluster/settings', { persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false, 'indices.lifecycle.poll_interval': '1h' } });
  await call('PUT', '/_ilm/policy/sliced', { policy: POLICY });
  await call('PUT', '/_index_template/sliced', { index_patterns: ['s*'], template: { settings: { 'index.lifecycle.name': 'sliced' } } });
  for (let i = 0; i < 6; i++) {
    const alias = `s${i}`;
    await call('PUT', `/${alias}-000001`, { settings: { 'index.lifecycle.rollover_alias': alias }, aliases: { [alias]: { is_write_index: true } } });
  }
  // Indices that are not rolled over: straight to warm, then deleted.
  for (let i = 0; i < 4; i++) await call('PUT', `/static-${i}`, { settings: { 'index.lifecycle.name': 'sliced' } });
  const steps: Timeline = [];
  for (const advance of ['0s', '1h', '1d', '1h', '2d', '1h', '3d', '1h', '1d']) {
    const { ticks } = await call('POST', '/_tessera/clock/_advance', { by: advance });
    const explain = await call('GET', '/*/_ilm/explain');
    const indices: Record<string, string> = {};
    for (const [name, record] of Object.entries(explain.indices as Record<string, Record<string, unknown>>)) {
      indices[name] = [record.phase, record.action, record.step, record.step_time_millis, record.phase_time_millis, record.age].join(' ');
    }
    steps.push({ advance, ticks, indices });
  }
  return steps;
}

describe('a lifecycle pass cut into slices', () => {
  const servers: TestServer[] = [];
  after(async () => {
    for (const server of servers) await server.dispose();
  });

  it('gives the timeline of whole passes when cut at every index', async () => {
    const whole = await startTestServer({ clock: new VirtualClock(EPOCH) });
    servers.push(whole);
    const sliced = await startTestServer({ clock: new VirtualClock(EPOCH), lifecycleSliceMillis: 0 });
    servers.push(sliced);
    const expected = await timeline(whole);
    // The timeline moves: indices roll over, change phase and are deleted.
    assert.ok(Object.keys(expected.at(-1)!.indices).length < Object.keys(expected[3]!.indices).length);
    assert.ok(Object.keys(expected[3]!.indices).length > 10);
    assert.deepEqual(await timeline(sliced), expected);
  });
});
