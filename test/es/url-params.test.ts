/** URL parameters: each route honours its own, and refuses any other as ES's BaseRestHandler does, with its suggestions. */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { esRoute, cluster } from '../../src/http/es/es-actions.js';
import { EsRouteTable } from '../../src/http/es/es-route-table.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { assertEnvelope, envelope, esFetch, expectEsError, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const illegal = (reason: string) => envelope(400, 'illegal_argument_exception', reason);

describe('URL parameters', () => {
  const es = useEsServer();

  it('fails the start-up on a route that does not declare its action and parameters', async () => {
    const app = Fastify();
    new EsRouteTable().watch(app);
    app.get('/_declared', esRoute(cluster('cluster:monitor/main'), []), async () => ({}));
    assert.throws(() => app.get('/_undeclared', async () => ({})), { message: 'GET /_undeclared declares no ES action and parameters (esRoute in its route options)' });
    await app.close();
  });

  it('refuses a parameter the route does not read, naming the decoded request path', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(es.url, '/?foo=1'), illegal('request [/] contains unrecognized parameter: [foo]'));
    // The root reads no cluster state from a master, so it takes no master_timeout.
    assertEnvelope(await esFetch(es.url, '/?master_timeout=30s'), illegal('request [/] contains unrecognized parameter: [master_timeout]'));
    assertEnvelope(
      await esFetch(es.url, '/%3Clogs-%7Bnow%2Fd%7D%3E/_settings?bogus'),
      illegal('request [/<logs-{now/d}>/_settings] contains unrecognized parameter: [bogus]'),
    );
  });

  it('suggests the parameters ES would, closest first', TEST_OPTIONS, async () => {
    assertEnvelope(
      await esFetch(es.url, '/_cluster/health?wait_for_statu=green'),
      illegal('request [/_cluster/health] contains unrecognized parameter: [wait_for_statu] -> did you mean [wait_for_status]?'),
    );
    assertEnvelope(
      await esFetch(es.url, '/_cluster/settings?include_default=true&flat_setting=true'),
      illegal('request [/_cluster/settings] contains unrecognized parameters: [flat_setting] -> did you mean [flat_settings]?, [include_default] -> did you mean [include_defaults]?'),
    );
    await esFetch(es.url, '/logs/_doc/1', { method: 'PUT', body: { a: 1 } });
    assertEnvelope(
      await esFetch(es.url, '/logs/_update/1?_source_include=a', { method: 'POST', body: { doc: { a: 2 } } }),
      illegal('request [/logs/_update/1] contains unrecognized parameter: [_source_include] -> did you mean any of [_source_includes, _source_excludes]?'),
    );
    // Path parameters are among the candidates, as ES reads them from the same map.
    assertEnvelope(await esFetch(es.url, '/logs/_settings?indx=x'), illegal('request [/logs/_settings] contains unrecognized parameter: [indx] -> did you mean [index]?'));
  });

  it('refuses before anything changes', TEST_OPTIONS, async () => {
    const refused = await esFetch(es.url, '/fresh?wait_for_active_shard=1', { method: 'PUT' });
    assert.equal(refused.status, 400);
    assert.equal((await esFetch(es.url, '/fresh', { method: 'HEAD' })).status, 404);
  });

  it('honours what a one-node cluster always meets, and checks its value', TEST_OPTIONS, async () => {
    const health = await esFetch(es.url, '/_cluster/health?local=true&master_timeout=10s&wait_for_no_relocating_shards=true&wait_for_no_initializing_shards');
    assert.equal(health.status, 200, health.text);
    assertEnvelope(
      await esFetch(es.url, '/_cluster/settings?master_timeout=soon'),
      illegal('failed to parse setting [master_timeout] with value [soon] as a time value: unit is missing or unrecognized'),
    );
    assertEnvelope(await esFetch(es.url, '/_cluster/health?local=yes'), illegal('Failed to parse value [yes] as only [true] or [false] are allowed.'));
    assertEnvelope(await esFetch(es.url, '/_ilm/policy?timeout=5x'), illegal('failed to parse setting [timeout] with value [5x] as a time value: unit is missing or unrecognized'));
    assertEnvelope(await esFetch(es.url, '/logs/_doc/2?refresh=sometimes', { method: 'PUT', body: { a: 1 } }), illegal('Unknown value for refresh: [sometimes].'));
    assert.equal((await esFetch(es.url, '/logs/_doc/2')).status, 404);
  });

  it('reads booleans as ES does: empty is true, anything but true or false is refused', TEST_OPTIONS, async () => {
    const flat = await esFetch(es.url, '/logs/_settings?flat_settings');
    assert.equal(typeof flat.json.logs.settings['index.number_of_shards'], 'string');
    assertEnvelope(await esFetch(es.url, '/logs/_settings?flat_settings=yes'), illegal('Failed to parse value [yes] as only [true] or [false] are allowed.'));
    assertEnvelope(await esFetch(es.url, '/_cluster/settings?include_defaults=1'), illegal('Failed to parse value [1] as only [true] or [false] are allowed.'));
  });
});

describe('request bodies and error traces', () => {
  const es = useEsServer();

  it('refuses a body on a route that reads none, and changes nothing', TEST_OPTIONS, async () => {
    // The official client sends a GET with a body as ES allows it.
    await expectEsError(
      es.client.transport.request({ method: 'GET', path: '/_cluster/health', body: { level: 'indices' } }),
      { status: 400, type: 'illegal_argument_exception', reason: 'request [GET /_cluster/health] does not support having a body' },
    );
    await esFetch(es.url, '/kept', { method: 'PUT' });
    assertEnvelope(await esFetch(es.url, '/kept', { method: 'DELETE', body: { really: true } }), illegal('request [DELETE /kept] does not support having a body'));
    assert.equal((await esFetch(es.url, '/kept', { method: 'HEAD' })).status, 200);
    // Clients send bodiless requests with a content type and no content: that is no body.
    assert.equal((await esFetch(es.url, '/_ilm/start', { method: 'POST', headers: { 'content-type': 'application/json' } })).status, 200);
    assert.equal((await es.client.indices.delete({ index: 'kept' })).acknowledged, true);
  });

  it('adds a stack_trace to each error under error_trace, and only then', TEST_OPTIONS, async () => {
    const plain = await esFetch(es.url, '/missing/_settings');
    assert.equal(plain.json.error.stack_trace, undefined);
    const traced = await esFetch(es.url, '/missing/_settings?error_trace=true');
    assert.equal(traced.status, 404);
    assert.match(traced.json.error.stack_trace, /^index_not_found_exception: no such index \[missing\]\n\tat /);
    assert.equal(traced.json.error.root_cause[0].stack_trace, traced.json.error.stack_trace);
    assertEnvelope(await esFetch(es.url, '/?error_trace=maybe'), illegal('Failed to parse value [maybe] as only [true] or [false] are allowed.'));
  });
});

describe('URL parameters with security on', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
  });
  after(async () => server.dispose());

  it('authenticates before it looks at parameters', TEST_OPTIONS, async () => {
    const anonymous = await esFetch(server.url, '/_cluster/health?nonsense=1');
    assert.equal(anonymous.status, 401);
    const basic = { authorization: `Basic ${Buffer.from('elastic:elastic-pw').toString('base64')}` };
    assertEnvelope(await esFetch(server.url, '/_cluster/health?nonsense=1', { headers: basic }), illegal('request [/_cluster/health] contains unrecognized parameter: [nonsense]'));
    const client = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    try {
      await client.security.putUser({ username: 'reader', password: 'reader-pw', roles: [], refresh: 'wait_for' });
      assert.equal((await client.security.getUser({ username: 'reader' })).reader?.username, 'reader');
    } finally {
      await client.close();
    }
  });
});
