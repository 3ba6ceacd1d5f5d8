import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { envelope, esClient, esFetch, expectEsError, TEST_OPTIONS, useEsServer } from './es-helpers.js';

describe('GET /_license and GET /_xpack', () => {
  const es = useEsServer();

  it('answers the self-generated basic licence of one node, issued when the server started', TEST_OPTIONS, async () => {
    const before = Date.now();
    const { license } = await es.client.license.get();
    assert.deepEqual(Object.keys(license), ['status', 'uid', 'type', 'issue_date', 'issue_date_in_millis', 'max_nodes', 'max_resource_units', 'issued_to', 'issuer', 'start_date_in_millis']);
    assert.equal(license.status, 'active');
    assert.equal(license.type, 'basic');
    assert.match(license.uid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(license.issue_date_in_millis <= before);
    assert.equal(license.issue_date, new Date(license.issue_date_in_millis).toISOString());
    assert.equal(license.max_nodes, 1000);
    assert.equal(license.max_resource_units, null);
    assert.equal(license.issued_to, 'tessera');
    assert.equal(license.issuer, 'elasticsearch');
    assert.equal(license.start_date_in_millis, -1);
    // A basic licence never expires, so ES shows no expiry.
    assert.equal('expiry_date' in license, false);
    assert.equal((await es.client.license.get()).license.uid, license.uid);
  });

  it('refuses accept_enterprise=false as ES 8 does, and takes true', TEST_OPTIONS, async () => {
    for (const path of ['/_license?accept_enterprise=false', '/_xpack?accept_enterprise=false']) {
      const response = await esFetch(es.url, path);
      assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', 'The [accept_enterprise] parameters may not be false'), path);
    }
    assert.equal((await esFetch(es.url, '/_license?accept_enterprise=true')).status, 200);
  });

  it('answers basic_status and trial_status: already basic, and no trial to start', TEST_OPTIONS, async () => {
    assert.deepEqual(await es.client.license.getBasicStatus(), { eligible_to_start_basic: false });
    assert.deepEqual(await es.client.license.getTrialStatus(), { eligible_to_start_trial: false });
  });

  it('changing the licence has no handler', TEST_OPTIONS, async () => {
    for (const [method, path] of [['PUT', '/_license'], ['POST', '/_license'], ['DELETE', '/_license'], ['POST', '/_license/start_basic'], ['POST', '/_license/start_trial']] as const) {
      const response = await esFetch(es.url, path, { method, ...(method !== 'DELETE' && { body: {} }) });
      assert.equal(response.status, 400, `${method} ${path}`);
      assert.deepEqual(response.json, { error: `no handler found for uri [${path}] and method [${method}]` });
    }
  });

  it('answers xpack info: build, the licence, and features as a basic licence has them', TEST_OPTIONS, async () => {
    const info = await es.client.xpack.info();
    const { license } = await es.client.license.get();
    assert.deepEqual(info.build, { hash: 'tessera', date: '2026-01-01T00:00:00.000Z' });
    assert.deepEqual(info.license, { uid: license.uid, type: 'basic', mode: 'basic', status: 'active' });
    assert.deepEqual(info.features.ilm, { available: true, enabled: true });
    // Security is off on this server; basic allows it.
    assert.deepEqual(info.features.security, { available: true, enabled: false });
    // Machine learning needs a platinum licence; Tessera has none of it either.
    assert.deepEqual(info.features.ml, { available: false, enabled: false });
    assert.deepEqual(info.features.sql, { available: true, enabled: false });
    assert.equal(info.tagline, 'You know, for X');
  });

  it('honours categories, and refuses an unknown one with ES message', TEST_OPTIONS, async () => {
    const only = await esFetch(es.url, '/_xpack?categories=license&human=false');
    assert.deepEqual(Object.keys(only.json), ['license']);
    const none = await esFetch(es.url, '/_xpack?categories=_none');
    assert.deepEqual(none.json, { tagline: 'You know, for X' });
    const bad = await esFetch(es.url, '/_xpack?categories=build,bogus');
    assert.deepEqual(bad.json, envelope(400, 'illegal_argument_exception', 'No enum constant org.elasticsearch.protocol.xpack.XPackInfoRequest.Category.BOGUS'));
    await expectEsError(es.client.xpack.info({ categories: ['nope'] as never }), { status: 400, type: 'illegal_argument_exception' });
  });
});

describe('GET /_xpack with security on', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'xpack-pw' });
  });
  after(async () => server.dispose());

  it('shows security enabled', TEST_OPTIONS, async () => {
    const client = esClient(server.url);
    try {
      const info = await client.xpack.info({}, { headers: { authorization: `Basic ${Buffer.from('elastic:xpack-pw').toString('base64')}` } });
      assert.deepEqual(info.features.security, { available: true, enabled: true });
    } finally {
      await client.close();
    }
  });
});
