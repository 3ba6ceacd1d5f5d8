/** A typed Setting parses a settings record's value once, reads through transient then persistent then the default, and keeps ES's words. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClusterError, clusterSetting, ClusterState, POLL_INTERVAL, Setting } from '../../src/cluster/index.js';

function counting(): { setting: Setting<number>; parses: () => number } {
  let parses = 0;
  const setting = new Setting('test.count', 'cluster', (value) => {
    parses++;
    return Number(value);
  });
  return { setting, parses: () => parses };
}

describe('Setting', () => {
  it('parses a record’s value once however often it is read', () => {
    const { setting, parses } = counting();
    const record = Object.freeze({ 'test.count': '7' });
    for (let i = 0; i < 5; i++) assert.equal(setting.get(record), 7);
    assert.equal(parses(), 1);
    assert.equal(setting.get(Object.freeze({ 'test.count': '7' })), 7);
    assert.equal(parses(), 2, 'another record is parsed on its own');
  });

  it('parses again when a record still being built changes its text', () => {
    const { setting, parses } = counting();
    const record: Record<string, string> = { 'test.count': '1' };
    assert.equal(setting.get(record), 1);
    record['test.count'] = '2';
    assert.equal(setting.get(record), 2);
    assert.equal(parses(), 2);
  });

  it('reads transient before persistent, then the default', () => {
    const state = (persistent: Record<string, string>, transient: Record<string, string>): Pick<ClusterState, 'persistentSettings' | 'transientSettings'> =>
      Object.freeze({ persistentSettings: Object.freeze(persistent), transientSettings: Object.freeze(transient) });
    assert.equal(clusterSetting(state({}, {}), POLL_INTERVAL), 600_000);
    assert.equal(clusterSetting(state({ 'indices.lifecycle.poll_interval': '5s' }, {}), POLL_INTERVAL), 5_000);
    assert.equal(clusterSetting(state({ 'indices.lifecycle.poll_interval': '5s' }, { 'indices.lifecycle.poll_interval': '2s' }), POLL_INTERVAL), 2_000);
  });

  it('refuses a bad value with ES’s words', () => {
    assert.throws(
      () => POLL_INTERVAL.parse('500ms'),
      (e: unknown) => e instanceof ClusterError && e.status === 400 && e.message === 'failed to parse value [500ms] for setting [indices.lifecycle.poll_interval], must be >= [1s]',
    );
    assert.deepEqual([POLL_INTERVAL.key, POLL_INTERVAL.scope, POLL_INTERVAL.dynamic, POLL_INTERVAL.default], ['indices.lifecycle.poll_interval', 'cluster', true, '10m']);
  });
});
