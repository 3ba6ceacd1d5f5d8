import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { envelope, esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

describe('GET /_capabilities', () => {
  const es = useEsServer();

  const supported = async (query: string) => {
    const response = await esFetch(es.url, `/_capabilities?${query}`);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.json), ['_nodes', 'cluster_name', 'supported']);
    assert.deepEqual(response.json._nodes, { total: 1, successful: 1, failed: 0 });
    return response.json.supported as boolean;
  };

  it('answers through the official client', TEST_OPTIONS, async () => {
    const answer = (await es.client.capabilities({ method: 'GET', path: '/_cluster/health' })) as any;
    assert.deepEqual(answer, { _nodes: { total: 1, successful: 1, failed: 0 }, cluster_name: 'tessera', supported: true });
  });

  it('is true for a method and path Tessera serves, false otherwise', TEST_OPTIONS, async () => {
    assert.equal(await supported('method=PUT&path=/_ilm/policy/p1'), true);
    assert.equal(await supported('method=GET&path=/my-index/_doc/1'), true);
    assert.equal(await supported('path=/'), true);
    assert.equal(await supported(''), true);
    assert.equal(await supported('method=GET&path=%2F_cluster%2Fstate%2Fmetadata'), true);
    // Paths of ES APIs Tessera has no handler for.
    assert.equal(await supported('method=GET&path=/_field_caps'), false);
    assert.equal(await supported('method=GET&path=/my-index/_field_caps'), false);
    // Served since search came.
    assert.equal(await supported('method=POST&path=/my-index/_search'), true);
    assert.equal(await supported('method=GET&path=/_nodes/usage'), false);
    assert.equal(await supported('method=GET&path=/_cat/thread_pool'), false);
    // Served since component templates came.
    assert.equal(await supported('method=POST&path=/_index_template/_simulate'), true);
    // A served path with a method it does not take.
    assert.equal(await supported('method=DELETE&path=/_cluster/health'), false);
  });

  it('is false for any named capability, Tessera declaring none', TEST_OPTIONS, async () => {
    assert.equal(await supported('method=GET&path=/_cluster/health&capabilities=anything'), false);
  });

  it('is true only when the route honours every parameter named', TEST_OPTIONS, async () => {
    assert.equal(await supported('method=GET&path=/_cluster/health&parameters=wait_for_status,timeout'), true);
    assert.equal(await supported('method=GET&path=/_cluster/health&parameters=wait_for_status,no_such_param'), false);
    assert.equal(await supported('method=GET&path=/_cluster/state/metadata/idx&parameters=flat_settings'), true);
    assert.equal(await supported('method=GET&path=/_cluster/state&parameters=wait_for_metadata_version'), false);
  });

  it('refuses a method RestRequest.Method does not name, with ES message', TEST_OPTIONS, async () => {
    const response = await esFetch(es.url, '/_capabilities?method=FETCH&path=/');
    assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', 'No enum constant org.elasticsearch.rest.RestRequest.Method.FETCH'));
  });
});
