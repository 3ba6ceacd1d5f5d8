/**
 * Numeric index and cluster settings are held to the range of their Java type and to their own bounds, as ES's
 * Setting.parseInt / parseLong and TimeValue.parseTimeValue hold them: `Failed to parse value [v] for setting [k]
 * must be <= 2147483647` (or `>= min`) for a number outside the range, `Failed to parse value [v] for setting [k]`
 * for what is not a whole number, and `failed to parse [v], fractional time values are not supported` for a time
 * value whose number does not fit a long. Nothing is created or changed by a refused request.
 *
 * A JSON number reaches Tessera as a JavaScript number, so the value in the message is as JavaScript prints it
 * (`1e20` is `100000000000000000000`); a string is quoted as given.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esEnvelope, rawRequest, useEsServer } from '../helpers/es.js';
import { startTestServer, tempDataDir } from '../helpers/server.js';

const INT_MAX = '2147483647';
const LONG_MAX = '9223372036854775807';

describe('numeric setting ranges', () => {
  const es = useEsServer();
  const request = (method: string, path: string, body?: unknown) => rawRequest(es.server.url, method, path, body);
  const refused = (reason: string) => esEnvelope(400, 'illegal_argument_exception', reason);

  const indexCases: [string, unknown, string][] = [
    ['index.number_of_replicas', 1e20, `Failed to parse value [100000000000000000000] for setting [index.number_of_replicas] must be <= ${INT_MAX}`],
    ['index.number_of_replicas', '2147483648', `Failed to parse value [2147483648] for setting [index.number_of_replicas] must be <= ${INT_MAX}`],
    ['index.number_of_replicas', '-99999999999999999999', 'Failed to parse value [-99999999999999999999] for setting [index.number_of_replicas] must be >= 0'],
    ['index.number_of_replicas', '1e20', 'Failed to parse value [1e20] for setting [index.number_of_replicas]'],
    ['index.number_of_replicas', 1.5, 'Failed to parse value [1.5] for setting [index.number_of_replicas]'],
    ['index.number_of_shards', '99999999999', 'Failed to parse value [99999999999] for setting [index.number_of_shards] must be <= 1024'],
    ['index.priority', 3e9, `Failed to parse value [3000000000] for setting [index.priority] must be <= ${INT_MAX}`],
    ['index.priority', -1, 'Failed to parse value [-1] for setting [index.priority] must be >= 0'],
    ['index.routing.allocation.total_shards_per_node', '2147483648', `Failed to parse value [2147483648] for setting [index.routing.allocation.total_shards_per_node] must be <= ${INT_MAX}`],
    ['index.routing.allocation.total_shards_per_node', -2, 'Failed to parse value [-2] for setting [index.routing.allocation.total_shards_per_node] must be >= -1'],
    ['index.lifecycle.origination_date', '9223372036854775808', `Failed to parse value [9223372036854775808] for setting [index.lifecycle.origination_date] must be <= ${LONG_MAX}`],
    ['index.lifecycle.origination_date', 1e300, `Failed to parse value [1e+300] for setting [index.lifecycle.origination_date]`],
    ['index.lifecycle.origination_date', -2, 'Failed to parse value [-2] for setting [index.lifecycle.origination_date] must be >= -1'],
    ['index.refresh_interval', '999999999999999999999d', 'failed to parse [999999999999999999999d], fractional time values are not supported'],
    ['index.lifecycle.step.wait_time_threshold', '99999999999999999999h', 'failed to parse [99999999999999999999h], fractional time values are not supported'],
    ['index.lifecycle.step.wait_time_threshold', '30m', 'failed to parse value [30m] for setting [index.lifecycle.step.wait_time_threshold], must be >= [1h]'],
    ['index.refresh_interval', '5M', 'failed to parse setting [index.refresh_interval] with value [5M] as a time value: unit is missing or unrecognized'],
  ];

  for (const [key, value, reason] of indexCases) {
    it(`PUT /<index> refuses ${key}: ${JSON.stringify(value)}`, async () => {
      const response = await request('PUT', '/ranged', { settings: { [key]: value } });
      assert.equal(response.status, 400, JSON.stringify(response.json));
      assert.deepEqual(response.json, refused(reason));
      assert.equal((await request('HEAD', '/ranged')).status, 404, 'no index was created');
    });
  }

  it('accepts the bounds themselves', async () => {
    const response = await request('PUT', '/bounds', {
      settings: { 'index.number_of_replicas': INT_MAX, 'index.priority': Number(INT_MAX), 'index.routing.allocation.total_shards_per_node': -1, 'index.refresh_interval': '106751d' },
    });
    assert.equal(response.status, 200, JSON.stringify(response.json));
    await request('DELETE', '/bounds');
  });

  it('an origination date at the top of the long range is stored, and explain still renders every index', async () => {
    await request('PUT', '/_ilm/policy/far', { policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
    const created = await request('PUT', '/far', { settings: { 'index.lifecycle.name': 'far', 'index.lifecycle.origination_date': LONG_MAX } });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    try {
      const explain = await request('GET', '/far/_ilm/explain?human');
      assert.equal(explain.status, 200, JSON.stringify(explain.json));
      const record = explain.json.indices.far;
      assert.equal(record.lifecycle_date_millis, Number(LONG_MAX));
      // Year 292278994, as java.time writes it (the milliseconds as far as a double holds them).
      assert.match(record.lifecycle_date, /^\+292278994-08-17T07:12:55\.80\dZ$/);
      assert.equal((await request('POST', '/_tessera/clock/_advance', { by: '2d' })).status, 200);
      assert.equal((await request('GET', '/far/_ilm/explain?human')).json.indices.far.phase, 'new', 'a phase that is never due does not start');
    } finally {
      await request('DELETE', '/far');
    }
  });

  it('PUT /<index>/_settings refuses the same values, and changes nothing', async () => {
    assert.equal((await request('PUT', '/kept', { settings: { 'index.number_of_replicas': 0, 'index.priority': 5 } })).status, 200);
    const before = await request('GET', '/kept/_settings?flat_settings');
    for (const [key, value, reason] of indexCases.filter(([k]) => k !== 'index.number_of_shards')) {
      const response = await request('PUT', '/kept/_settings', { [key]: value });
      assert.equal(response.status, 400, `${key}: ${JSON.stringify(response.json)}`);
      assert.deepEqual(response.json, refused(reason));
    }
    assert.deepEqual((await request('GET', '/kept/_settings?flat_settings')).json, before.json);
  });

  it('PUT /_index_template refuses them in its template, and stores nothing', async () => {
    const response = await request('PUT', '/_index_template/ranged', { index_patterns: ['ranged-*'], template: { settings: { number_of_replicas: 1e20 } } });
    assert.equal(response.status, 400, JSON.stringify(response.json));
    assert.deepEqual(response.json, refused(`Failed to parse value [100000000000000000000] for setting [index.number_of_replicas] must be <= ${INT_MAX}`));
    assert.equal((await request('GET', '/_index_template/ranged')).status, 404);
  });

  it('PUT /_ilm/policy refuses action numbers beyond their Java type (the settings they would set), as any unparsable number, and stores nothing', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['warm', { allocate: { number_of_replicas: 1e20 } }, '[allocate] failed to parse field [number_of_replicas]'],
      ['warm', { allocate: { total_shards_per_node: '2147483648' } }, '[allocate] failed to parse field [total_shards_per_node]'],
      ['warm', { set_priority: { priority: 3e9 } }, '[set_priority] failed to parse field [priority]'],
      ['warm', { shrink: { number_of_shards: 1e20 } }, '[shrink] failed to parse field [number_of_shards]'],
      ['warm', { forcemerge: { max_num_segments: 1e20 } }, '[forcemerge] failed to parse field [max_num_segments]'],
      ['hot', { rollover: { max_docs: '9223372036854775808' } }, '[rollover] failed to parse field [max_docs]'],
    ];
    for (const [phase, actions, reason] of cases) {
      const response = await request('PUT', '/_ilm/policy/ranged', { policy: { phases: { [phase]: { actions } } } });
      assert.equal(response.status, 400, `${JSON.stringify(actions)}: ${JSON.stringify(response.json)}`);
      const inner = { type: 'x_content_parse_exception', reason };
      assert.deepEqual(response.json, { error: { root_cause: [inner], type: 'x_content_parse_exception', reason: '[phase] failed to parse field [actions]', caused_by: inner }, status: 400 });
    }
    assert.equal((await request('GET', '/_ilm/policy/ranged')).status, 404);
    // The bounds themselves are accepted.
    const bounds = await request('PUT', '/_ilm/policy/ranged', { policy: { phases: { hot: { actions: { rollover: { max_docs: LONG_MAX } } }, warm: { actions: { allocate: { number_of_replicas: Number(INT_MAX) } } } } } });
    assert.equal(bounds.status, 200, JSON.stringify(bounds.json));
    await request('DELETE', '/_ilm/policy/ranged');
  });

  const clusterCases: [string, unknown, string][] = [
    ['cluster.max_shards_per_node', 0, 'Failed to parse value [0] for setting [cluster.max_shards_per_node] must be >= 1'],
    ['cluster.max_shards_per_node', '2147483648', `Failed to parse value [2147483648] for setting [cluster.max_shards_per_node] must be <= ${INT_MAX}`],
    ['cluster.max_shards_per_node', 'many', 'Failed to parse value [many] for setting [cluster.max_shards_per_node]'],
    ['indices.lifecycle.poll_interval', '999999999999999999999d', 'failed to parse [999999999999999999999d], fractional time values are not supported'],
    ['tessera.ilm.simulate.timeout', '99999999999999999999s', 'failed to parse [99999999999999999999s], fractional time values are not supported'],
  ];

  for (const [key, value, reason] of clusterCases) {
    it(`PUT /_cluster/settings refuses ${key}: ${JSON.stringify(value)}, and changes nothing`, async () => {
      const before = await request('GET', '/_cluster/settings?flat_settings');
      for (const scope of ['persistent', 'transient']) {
        const response = await request('PUT', '/_cluster/settings', { [scope]: { [key]: value } });
        assert.equal(response.status, 400, JSON.stringify(response.json));
        assert.deepEqual(response.json, refused(reason));
      }
      assert.deepEqual((await request('GET', '/_cluster/settings?flat_settings')).json, before.json);
    });
  }

  it('a poll interval at the top of the range is stored, and the clock and runner go on', async () => {
    const put = await request('PUT', '/_cluster/settings', { persistent: { 'indices.lifecycle.poll_interval': '106751991167300d' } });
    assert.equal(put.status, 200, JSON.stringify(put.json));
    try {
      const clock = await request('GET', '/_tessera/clock');
      assert.equal(clock.status, 200);
      // ES saturates the milliseconds of a long number of days at Long.MAX_VALUE.
      assert.equal(clock.json.poll_interval_millis, Number(LONG_MAX));
      const advanced = await request('POST', '/_tessera/clock/_advance', { by: '1d' });
      assert.equal(advanced.status, 200, JSON.stringify(advanced.json));
    } finally {
      await request('PUT', '/_cluster/settings', { persistent: { 'indices.lifecycle.poll_interval': null } });
    }
  });
});

describe('a poll interval beyond what a Node.js timer holds, on the system clock', () => {
  it('arms the poll timer without overflowing it (an overflowed timer fires every millisecond)', async () => {
    const dataDir = tempDataDir();
    const first = await startTestServer({ dataDir });
    const put = await rawRequest(first.url, 'PUT', '/_cluster/settings', { persistent: { 'indices.lifecycle.poll_interval': '30d' } });
    assert.equal(put.status, 200, JSON.stringify(put.json));
    await first.close();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const second = await startTestServer({ dataDir });
    try {
      // Warnings are emitted on the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 5));
      assert.equal((await rawRequest(second.url, 'GET', '/_tessera/clock')).json.poll_interval_millis, 30 * 86_400_000);
      assert.deepEqual(warnings.filter((name) => name === 'TimeoutOverflowWarning'), []);
    } finally {
      process.off('warning', onWarning);
      await second.dispose();
    }
  });
});
