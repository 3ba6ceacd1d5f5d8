import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertEnvelope, envelope, esFetch, expectEsError, TEST_OPTIONS, useEsServer } from './es-helpers.js';

describe('GET / and HEAD /', () => {
  const es = useEsServer();

  it('answers the root info with an 8.x version, a tessera distribution and a cluster uuid', TEST_OPTIONS, async () => {
    const info = await es.client.info();
    assert.equal(info.name, 'tessera-0');
    assert.equal(info.cluster_name, 'tessera');
    assert.match(info.cluster_uuid, /^[A-Za-z0-9_-]{22}$/);
    assert.match(info.version.number, /^8\.\d+\.\d+$/);
    assert.equal(info.version.build_flavor, 'default');
    assert.equal(info.version.build_snapshot, false);
    assert.equal((info.version as unknown as { distribution: string }).distribution, 'tessera');
    assert.equal(typeof info.version.lucene_version, 'string');
    assert.equal(typeof info.version.minimum_wire_compatibility_version, 'string');
    assert.equal(typeof info.version.minimum_index_compatibility_version, 'string');
    assert.equal(info.tagline, 'You Know, for Search');
    // The uuid is drawn once: it does not change between requests.
    assert.equal((await es.client.info()).cluster_uuid, info.cluster_uuid);
  });

  it('answers GET / over plain HTTP with the product header and a JSON body', TEST_OPTIONS, async () => {
    const response = await esFetch(es.url, '/');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(response.json.tagline, 'You Know, for Search');
  });

  it('answers HEAD / with 200, the product header and no body; ping is true', TEST_OPTIONS, async () => {
    const response = await esFetch(es.url, '/', { method: 'HEAD' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
    assert.equal(response.text, '');
    assert.equal(await es.client.ping(), true);
  });

  it('tolerates pretty and filter_path', TEST_OPTIONS, async () => {
    const pretty = await esFetch(es.url, '/?pretty');
    assert.equal(pretty.status, 200);
    assert.ok(pretty.text.startsWith('{\n  "name"'), pretty.text);
    const filtered = await esFetch(es.url, '/?filter_path=version.number,tagline&human&error_trace=false');
    assert.equal(filtered.status, 200);
    assert.deepEqual(Object.keys(filtered.json), ['version', 'tagline']);
    assert.deepEqual(Object.keys(filtered.json.version), ['number']);
  });
});

describe('GET /_cluster/health', () => {
  const es = useEsServer();

  it('is green with no indices, with ES fields for one node', TEST_OPTIONS, async () => {
    const health = await es.client.cluster.health();
    assert.deepEqual(health, {
      cluster_name: 'tessera',
      status: 'green',
      timed_out: false,
      number_of_nodes: 1,
      number_of_data_nodes: 1,
      active_primary_shards: 0,
      active_shards: 0,
      relocating_shards: 0,
      initializing_shards: 0,
      unassigned_shards: 0,
      unassigned_primary_shards: 0,
      delayed_unassigned_shards: 0,
      number_of_pending_tasks: 0,
      number_of_in_flight_fetch: 0,
      task_max_waiting_in_queue_millis: 0,
      active_shards_percent_as_number: 100,
    });
    // wait_for_status that is already met answers at once.
    const waited = await es.client.cluster.health({ wait_for_status: 'green', timeout: '1ms' });
    assert.equal(waited.status, 'green');
    assert.equal(waited.timed_out, false);
  });

  it('is yellow when replicas cannot be assigned on the one node, green per index without replicas', TEST_OPTIONS, async () => {
    await es.client.indices.create({ index: 'health-yellow', settings: { number_of_shards: 2 } });
    await es.client.indices.create({ index: 'health-green', settings: { number_of_shards: 3, number_of_replicas: 0 } });
    const cluster = await es.client.cluster.health();
    assert.equal(cluster.status, 'yellow');
    assert.equal(cluster.active_primary_shards, 5);
    assert.equal(cluster.active_shards, 5);
    assert.equal(cluster.unassigned_shards, 2);
    assert.ok(Math.abs(cluster.active_shards_percent_as_number - 500 / 7) < 1e-9, String(cluster.active_shards_percent_as_number));

    const green = await es.client.cluster.health({ index: 'health-green' });
    assert.equal(green.status, 'green');
    assert.equal(green.active_primary_shards, 3);
    assert.equal(green.unassigned_shards, 0);
    const yellow = await es.client.cluster.health({ index: 'health-yellow' });
    assert.equal(yellow.status, 'yellow');
    assert.equal(yellow.unassigned_shards, 2);

    // Waiting for yellow on a yellow cluster answers at once.
    const waited = await es.client.cluster.health({ wait_for_status: 'yellow', timeout: '1ms' });
    assert.equal(waited.status, 'yellow');
    assert.equal(waited.timed_out, false);
  });

  it('answers 408 with timed_out:true when wait_for_status is not reached in time', TEST_OPTIONS, async () => {
    const error = await expectEsError(es.client.cluster.health({ index: 'health-yellow', wait_for_status: 'green', timeout: '1ms' }), { status: 408 });
    const body = error.body as { status: string; timed_out: boolean; cluster_name: string; unassigned_shards: number };
    assert.equal(body.status, 'yellow');
    assert.equal(body.timed_out, true);
    assert.equal(body.cluster_name, 'tessera');
    assert.equal(body.unassigned_shards, 2);

    const raw = await esFetch(es.url, '/_cluster/health?wait_for_status=green&timeout=5ms');
    assert.equal(raw.status, 408);
    assert.equal(raw.headers.get('x-elastic-product'), 'Elasticsearch');
    assert.equal(raw.json.timed_out, true);
    assert.equal(raw.json.status, 'yellow');
  });

  it('ends the wait as soon as a change reaches the wanted status', TEST_OPTIONS, async () => {
    await es.client.indices.create({ index: 'health-wait' });
    const waiting = es.client.cluster.health({ index: 'health-wait', wait_for_status: 'green', timeout: '30s' });
    await es.client.indices.putSettings({ index: 'health-wait', settings: { number_of_replicas: 0 } });
    const health = await waiting;
    assert.equal(health.status, 'green');
    assert.equal(health.timed_out, false);
  });

  it('reports a missing index as red and times out, as ES does (not a 404)', TEST_OPTIONS, async () => {
    // ES (TransportClusterHealthAction): an index that does not exist makes the status RED and the request waits
    // for it until the timeout, then answers 408 with timed_out:true.
    const raw = await esFetch(es.url, '/_cluster/health/no-such-index?timeout=1ms');
    assert.equal(raw.status, 408, raw.text);
    assert.equal(raw.json.status, 'red');
    assert.equal(raw.json.timed_out, true);
  });

  it('reads wait_for_status in any case, as ES does', TEST_OPTIONS, async () => {
    // RestClusterHealthAction: ClusterHealthStatus.valueOf(waitForStatus.toUpperCase(Locale.ROOT)).
    const upper = await esFetch(es.url, '/_cluster/health?wait_for_status=YELLOW&timeout=1ms');
    assert.equal(upper.status, 200, upper.text);
    assert.equal(upper.json.status, 'yellow');
  });

  it('refuses an unknown wait_for_status with the enum error ES gives', TEST_OPTIONS, async () => {
    const bad = await esFetch(es.url, '/_cluster/health?wait_for_status=purple');
    assertEnvelope(bad, envelope(400, 'illegal_argument_exception', 'No enum constant org.elasticsearch.cluster.health.ClusterHealthStatus.PURPLE'));
  });

  it('refuses a timeout that is not a time value', TEST_OPTIONS, async () => {
    const bad = await esFetch(es.url, '/_cluster/health?wait_for_status=green&timeout=soon');
    assertEnvelope(
      bad,
      envelope(400, 'illegal_argument_exception', 'failed to parse setting [timeout] with value [soon] as a time value: unit is missing or unrecognized'),
    );
  });
});

describe('GET/PUT /_cluster/settings', () => {
  const es = useEsServer();

  it('starts empty', TEST_OPTIONS, async () => {
    assert.deepEqual(await es.client.cluster.getSettings(), { persistent: {}, transient: {} });
  });

  it('stores persistent and transient settings, flat or nested, and echoes what changed', TEST_OPTIONS, async () => {
    const put = await es.client.cluster.putSettings({
      persistent: { 'indices.lifecycle.poll_interval': '1s' },
      transient: { indices: { lifecycle: { poll_interval: '2s' } } },
    });
    assert.deepEqual(put, {
      acknowledged: true,
      persistent: { indices: { lifecycle: { poll_interval: '1s' } } },
      transient: { indices: { lifecycle: { poll_interval: '2s' } } },
    });
    assert.deepEqual(await es.client.cluster.getSettings(), {
      persistent: { indices: { lifecycle: { poll_interval: '1s' } } },
      transient: { indices: { lifecycle: { poll_interval: '2s' } } },
    });
    assert.deepEqual(await es.client.cluster.getSettings({ flat_settings: true }), {
      persistent: { 'indices.lifecycle.poll_interval': '1s' },
      transient: { 'indices.lifecycle.poll_interval': '2s' },
    });
    // Booleans and numbers are stored as strings, as ES does.
    await es.client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    const flat = await es.client.cluster.getSettings({ flat_settings: true });
    assert.equal(flat.persistent['indices.lifecycle.rollover.only_if_has_documents'], 'false');
  });

  it('include_defaults adds the defaults, poll_interval 10m among them', TEST_OPTIONS, async () => {
    const withDefaults = await es.client.cluster.getSettings({ include_defaults: true, flat_settings: true });
    assert.equal(withDefaults.defaults?.['indices.lifecycle.poll_interval'], '10m');
    const nested = await es.client.cluster.getSettings({ include_defaults: true });
    assert.equal((nested.defaults as any).indices.lifecycle.poll_interval, '10m');
    assert.equal((await es.client.cluster.getSettings()).defaults, undefined);
  });

  it('include_defaults reports the disk watermarks and breaker limits the server applies', TEST_OPTIONS, async () => {
    const { defaults } = await es.client.cluster.getSettings({ include_defaults: true, flat_settings: true });
    assert.deepEqual(
      Object.fromEntries(Object.entries(defaults ?? {}).filter(([key]) => key.startsWith('cluster.routing.allocation.disk.') || key.startsWith('indices.breaker.'))),
      {
        'cluster.routing.allocation.disk.threshold_enabled': 'true',
        'cluster.routing.allocation.disk.watermark.low': '85%',
        'cluster.routing.allocation.disk.watermark.high': '90%',
        'cluster.routing.allocation.disk.watermark.flood_stage': '95%',
        'indices.breaker.request.limit': '60%',
        'indices.breaker.total.limit': '95%',
      },
    );
  });

  it('a null value resets a setting', TEST_OPTIONS, async () => {
    await es.client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '5s' } });
    const reset = await es.client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': null } as any, transient: { 'indices.lifecycle.poll_interval': null } as any });
    assert.deepEqual(reset, { acknowledged: true, persistent: {}, transient: {} });
    const flat = await es.client.cluster.getSettings({ flat_settings: true });
    assert.equal(flat.persistent['indices.lifecycle.poll_interval'], undefined);
    assert.equal(flat.transient['indices.lifecycle.poll_interval'], undefined);
  });

  it('refuses indices.lifecycle.poll_interval below 1s, and accepts exactly 1s', TEST_OPTIONS, async () => {
    for (const value of ['500ms', '999ms', '0']) {
      await expectEsError(es.client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': value } }), {
        status: 400,
        type: 'illegal_argument_exception',
        reason: `failed to parse value [${value}] for setting [indices.lifecycle.poll_interval], must be >= [1s]`,
      });
    }
    await es.client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '1000ms' } });
    await es.client.cluster.putSettings({ transient: { 'indices.lifecycle.poll_interval': '1s' } });
  });

  it('refuses a poll_interval that is not a time value', TEST_OPTIONS, async () => {
    await expectEsError(es.client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': 'often' } }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'failed to parse setting [indices.lifecycle.poll_interval] with value [often] as a time value: unit is missing or unrecognized',
    });
  });

  it('refuses a boolean setting that is not true or false', TEST_OPTIONS, async () => {
    await expectEsError(es.client.cluster.putSettings({ persistent: { 'indices.lifecycle.history_index_enabled': 'maybe' } }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'Failed to parse value [maybe] as only [true] or [false] are allowed.',
    });
  });

  it('refuses an unknown setting, naming its scope, in the exact ES envelope', TEST_OPTIONS, async () => {
    const persistent = await esFetch(es.url, '/_cluster/settings', { method: 'PUT', body: { persistent: { 'no.such.setting': 'x' } } });
    assertEnvelope(persistent, envelope(400, 'illegal_argument_exception', 'persistent setting [no.such.setting], not recognized'));
    const transient = await esFetch(es.url, '/_cluster/settings', { method: 'PUT', body: { transient: { no: { such: 1 } } } });
    assertEnvelope(transient, envelope(400, 'illegal_argument_exception', 'transient setting [no.such], not recognized'));
  });

  it('applies nothing when any setting of the request is refused', TEST_OPTIONS, async () => {
    await es.client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '3s' } });
    await expectEsError(
      es.client.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '7s' }, transient: { 'bogus.key': 1 } }),
      { status: 400, type: 'illegal_argument_exception', reason: 'transient setting [bogus.key], not recognized' },
    );
    const flat = await es.client.cluster.getSettings({ flat_settings: true });
    assert.equal(flat.persistent['indices.lifecycle.poll_interval'], '3s');
    assert.equal(flat.transient['bogus.key'], undefined);
  });

  it('requires a body', TEST_OPTIONS, async () => {
    const response = await esFetch(es.url, '/_cluster/settings', { method: 'PUT' });
    assertEnvelope(response, envelope(400, 'parse_exception', 'request body is required'));
  });

  it('refuses a member other than persistent and transient, and applies nothing', TEST_OPTIONS, async () => {
    const response = await esFetch(es.url, '/_cluster/settings', { method: 'PUT', body: { persistent: { 'indices.lifecycle.poll_interval': '9s' }, permanent: {} } });
    assertEnvelope(response, envelope(400, 'illegal_argument_exception', 'request [/_cluster/settings] contains unrecognized key [permanent]'));
    const flat = await es.client.cluster.getSettings({ flat_settings: true });
    assert.notEqual(flat.persistent['indices.lifecycle.poll_interval'], '9s');
  });
});
