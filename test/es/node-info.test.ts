import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const NODE_ID = 'tessera0000000000000000';

describe('GET /_nodes (nodes info)', () => {
  const es = useEsServer();

  it('answers the one node with its identity and every metric Tessera has something true for', TEST_OPTIONS, async () => {
    const info = await es.client.nodes.info();
    assert.deepEqual(info._nodes, { total: 1, successful: 1, failed: 0 });
    assert.equal(info.cluster_name, 'tessera');
    assert.deepEqual(Object.keys(info.nodes), [NODE_ID]);
    const node = info.nodes[NODE_ID]!;
    const port = new URL(es.url).port;
    assert.deepEqual(node, {
      name: 'tessera-0',
      transport_address: '127.0.0.1:9300',
      host: '127.0.0.1',
      ip: '127.0.0.1',
      version: (await es.client.info()).version.number,
      transport_version: 8797002,
      index_version: 8521000,
      component_versions: {},
      build_flavor: 'default',
      build_type: 'tessera',
      build_hash: 'tessera',
      roles: ['data', 'ingest', 'master'],
      attributes: {},
      settings: { cluster: { name: 'tessera' }, node: { name: 'tessera-0' } },
      http: { bound_address: [`127.0.0.1:${port}`], publish_address: `127.0.0.1:${port}`, max_content_length_in_bytes: 104857600 },
      plugins: [],
      modules: [],
      ingest: { processors: [] },
      aggregations: {},
    });
  });

  it('tells metrics from node ids as RestNodesInfoAction does', TEST_OPTIONS, async () => {
    // /_nodes/http,settings: every part is a metric, so these are metrics of all nodes.
    const metrics = await esFetch(es.url, '/_nodes/http,settings?flat_settings');
    const node = metrics.json.nodes[NODE_ID];
    assert.deepEqual(node.settings, { 'cluster.name': 'tessera', 'node.name': 'tessera-0' });
    assert.ok(node.http);
    assert.equal(node.plugins, undefined);
    // jvm is a metric Tessera has nothing for: the node answers without it, as a node without a JVM would.
    const jvm = await es.client.nodes.info({ metric: 'jvm' });
    assert.equal(jvm.nodes[NODE_ID]!.jvm, undefined);
    assert.equal(jvm.nodes[NODE_ID]!.name, 'tessera-0');
    // _local is a node id: all metrics.
    const local = await esFetch(es.url, '/_nodes/_local');
    assert.deepEqual(local.json.nodes[NODE_ID].ingest, { processors: [] });
  });

  it('filters by node id, name, address, role and wildcard, and answers no node for others', TEST_OPTIONS, async () => {
    for (const selector of ['_local', '_master', '_all', NODE_ID, 'tessera-0', 'tessera-*', '127.0.0.1', 'master:true', '_all,ml:false', 'nobody,_local']) {
      const info = await es.client.nodes.info({ node_id: selector, metric: '_none' });
      assert.deepEqual(info._nodes, { total: 1, successful: 1, failed: 0 }, selector);
      assert.deepEqual(Object.keys(info.nodes[NODE_ID]!).includes('settings'), false, selector);
    }
    for (const selector of ['nobody', 'ml:true', 'ml:false', '_local,master:false']) {
      const response = await esFetch(es.url, `/_nodes/${selector}/settings`);
      assert.equal(response.status, 200);
      assert.deepEqual(response.json, { _nodes: { total: 0, successful: 0, failed: 0 }, cluster_name: 'tessera', nodes: {} }, selector);
    }
  });

  it('answers /_nodes/{node_id}/info/{metric} too, and human sizes on request', TEST_OPTIONS, async () => {
    const response = await esFetch(es.url, '/_nodes/_local/info/http?human');
    assert.equal(response.json.nodes[NODE_ID].http.max_content_length, '100mb');
  });

  it('keeps nodes stats at /_nodes/stats and adds the node filter at /_nodes/{node_id}/stats', TEST_OPTIONS, async () => {
    const stats = await es.client.nodes.stats({ node_id: '_local', metric: 'fs' });
    assert.deepEqual(Object.keys(stats.nodes), [NODE_ID]);
    assert.ok(stats.nodes[NODE_ID]!.fs);
    assert.equal((await es.client.nodes.stats()).nodes[NODE_ID]!.name, 'tessera-0');
    const none = await esFetch(es.url, '/_nodes/nobody/stats');
    assert.deepEqual(none.json.nodes, {});
    assert.deepEqual(none.json._nodes, { total: 0, successful: 0, failed: 0 });
  });

  it('answers only the stats metrics asked for, and refuses metrics as RestNodesStatsAction does', TEST_OPTIONS, async () => {
    const sections = async (path: string) => Object.keys((await esFetch(es.url, path)).json.nodes[NODE_ID]).filter((k) => ['fs', 'breakers', 'indices'].includes(k));
    assert.deepEqual(await sections('/_nodes/stats'), ['indices', 'fs', 'breakers']);
    assert.deepEqual(await sections('/_nodes/stats/fs'), ['fs']);
    assert.deepEqual(await sections('/_nodes/stats/breaker,indices'), ['indices', 'breakers']);
    assert.deepEqual(await sections('/_nodes/_local/stats/_all'), ['indices', 'fs', 'breakers']);
    // A metric Tessera does not measure is answered with no section, as a node without it answers.
    assert.deepEqual(await sections('/_nodes/stats/jvm'), []);
    const indices = (await esFetch(es.url, '/_nodes/stats/indices')).json.nodes[NODE_ID].indices;
    assert.deepEqual(Object.keys(indices), ['docs', 'store']);
    const illegal = (reason: string) => ({ error: { root_cause: [{ type: 'illegal_argument_exception', reason }], type: 'illegal_argument_exception', reason }, status: 400 });
    assert.deepEqual((await esFetch(es.url, '/_nodes/stats/_all,fs')).json, illegal('request [/_nodes/stats/_all,fs] contains _all and individual metrics [_all,fs]'));
    assert.deepEqual((await esFetch(es.url, '/_nodes/stats/fss,bogus')).json, illegal('request [/_nodes/stats/fss,bogus] contains unrecognized metrics: [bogus], [fss] -> did you mean [fs]?'));
  });

  it('leaves the node APIs it does not serve to no handler', TEST_OPTIONS, async () => {
    const response = await esFetch(es.url, '/_nodes/_local/hot_threads');
    assert.equal(response.status, 400);
    assert.deepEqual(response.json, { error: 'no handler found for uri [/_nodes/_local/hot_threads] and method [GET]' });
  });
});
