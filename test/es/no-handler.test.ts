import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { esFetch, indexNotFound, invalidIndexName, TEST_OPTIONS, useEsServer, type RawResponse } from './es-helpers.js';

/** RestController.handleBadRequest: a bare error naming the uri (query string included) and method, no status. */
function assertNoHandler(response: RawResponse, method: string, uri: string): void {
  assert.equal(response.status, 400, `${method} ${uri}: ${response.text}`);
  assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
  if (method !== 'HEAD') assert.deepEqual(response.json, { error: `no handler found for uri [${uri}] and method [${method}]` });
}

/**
 * Real Elasticsearch 8 API paths (elasticsearch-specification, `specification/_json_spec/*.json`) that Tessera does
 * not serve, with the index `logs` and other parameters filled in. ES has a handler for each; Tessera has none.
 */
const UNSERVED: readonly (readonly [string, string])[] = [
  ['GET', '/logs/_field_caps'],
  ['GET', '/_cat/tasks'],
  ['POST', '/_tasks/_cancel'],
  ['POST', '/_tasks/node:1/_cancel'],
  ['POST', '/_reindex/node:1/_rethrottle'],
  ['POST', '/_update_by_query/node:1/_rethrottle'],
  ['POST', '/_delete_by_query/node:1/_rethrottle'],
  ['GET', '/_xpack/usage'],
  ['GET', '/_nodes/usage'],
  ['GET', '/_nodes/hot_threads'],
  ['GET', '/_nodes/_local/hot_threads'],
  ['GET', '/_nodes/_local/usage'],
  ['GET', '/_nodes/shutdown'],
  ['PUT', '/_nodes/n1/shutdown'],
  ['POST', '/_nodes/reload_secure_settings'],
  ['GET', '/_cluster/pending_tasks'],
  ['POST', '/_cluster/reroute'],
  ['GET', '/_cluster/stats/nodes/_local'],
  ['GET', '/_snapshot/_status'],
  ['PUT', '/_snapshot/repo/snap'],
  ['GET', '/_data_stream/logs-app/_lifecycle'],
  ['PUT', '/_data_stream/logs-app/_lifecycle'],
  ['GET', '/_data_stream/logs-app/_options'],
  ['PUT', '/_data_stream/logs-app/_settings'],
  ['POST', '/_data_stream/_promote/logs-app'],
  ['GET', '/_resolve/index/logs'],
  ['POST', '/logs/_forcemerge'],
  ['POST', '/logs/_flush'],
  ['POST', '/logs/_unfreeze'],
  ['POST', '/logs/_cache/clear'],
  ['GET', '/_cat/thread_pool'],
  ['GET', '/_cat/recovery'],
  ['POST', '/logs/_shrink/small'],
  ['POST', '/logs/_split/big'],
  ['POST', '/logs/_clone/copy'],
  ['GET', '/logs/_source/1'],
  ['POST', '/logs/_explain/1'],
  ['GET', '/logs/_termvectors/1'],
  ['GET', '/_field_caps'],
  ['POST', '/_analyze'],
  ['GET', '/_ingest/pipeline'],
  ['PUT', '/_ingest/pipeline/p1'],
  ['GET', '/_slm/policy'],
  ['GET', '/_ml/anomaly_detectors'],
  ['GET', '/_transform'],
  ['GET', '/_enrich/policy'],
  ['GET', '/_watcher/stats'],
  ['GET', '/_ccr/stats'],
  ['GET', '/_searchable_snapshots/stats'],
  ['GET', '/_security/privilege'],
  ['GET', '/_security/_query/user'],
  ['POST', '/_security/api_key/grant'],
  ['GET', '/_health_report'],
  ['GET', '/_script_context'],
  ['POST', '/_render/template'],
  ['GET', '/_async_search/abc'],
  ['POST', '/_query'],
  ['POST', '/_sql'],
  ['GET', '/_features'],
  ['GET', '/_migration/deprecations'],
  ['GET', '/_autoscaling/capacity'],
  ['GET', '/_rollup/job'],
  ['POST', '/_ilm/migrate_to_data_tiers'],
  ['GET', '/logs/_lifecycle/explain'],
];

describe('paths of ES APIs Tessera does not serve', () => {
  const es = useEsServer();

  before(async () => {
    assert.equal((await esFetch(es.url, '/logs', { method: 'PUT' })).status, 200);
  });

  for (const [method, path] of UNSERVED) {
    it(`${method} ${path} has no handler`, TEST_OPTIONS, async () => {
      assertNoHandler(await esFetch(es.url, path, { method, ...(method !== 'GET' && { body: {} }) }), method, path);
    });
  }

  it('the message names the uri with its query string, as RestRequest.uri() has it', TEST_OPTIONS, async () => {
    assertNoHandler(await esFetch(es.url, '/_field_caps?fields=x&pretty'), 'GET', '/_field_caps?fields=x&pretty');
  });

  it('a 405 names the uri with its query string too', TEST_OPTIONS, async () => {
    const response = await esFetch(es.url, '/_cluster/health?pretty=false', { method: 'DELETE' });
    assert.deepEqual(response.json, { error: 'Incorrect HTTP method for uri [/_cluster/health?pretty=false] and method [DELETE], allowed: [GET]', status: 405 });
  });

  it('a reserved name is no handler even where it would have matched /:index with a method Tessera serves', TEST_OPTIONS, async () => {
    // ES's _field_caps takes GET: PathTrie prefers the literal, so this is field caps, never the index "_field_caps".
    assertNoHandler(await esFetch(es.url, '/_field_caps', { method: 'GET' }), 'GET', '/_field_caps');
    assertNoHandler(await esFetch(es.url, '/_license', { method: 'DELETE' }), 'DELETE', '/_license');
  });

  it('where ES has no handler for the method at a literal, it falls back to the index route as ES does', TEST_OPTIONS, async () => {
    // _reindex takes only POST; ES's RestController then tries /{index}, which answers for the index "_reindex".
    assert.deepEqual((await esFetch(es.url, '/_reindex')).json, indexNotFound('_reindex'));
    const created = await esFetch(es.url, '/_search', { method: 'PUT' });
    assert.deepEqual(created.json, invalidIndexName('_search', "must not start with '_', '-', or '+'"));
  });

  it('_all stays an index expression, and unknown _-names are still index names', TEST_OPTIONS, async () => {
    const all = await esFetch(es.url, '/_all');
    assert.equal(all.status, 200, all.text);
    assert.ok('logs' in all.json);
    assert.equal((await esFetch(es.url, '/_all/_settings')).status, 200);
    assert.deepEqual((await esFetch(es.url, '/_nothing_of_es')).json, indexNotFound('_nothing_of_es'));
  });

  it('routes Tessera serves keep answering, including their parameters where ES has no literal', TEST_OPTIONS, async () => {
    assert.equal((await esFetch(es.url, '/_snapshot/_all')).status, 200);
    assert.equal((await esFetch(es.url, '/logs/_settings')).status, 200);
    const deleteTemplate = await esFetch(es.url, '/_index_template/_simulate', { method: 'DELETE' });
    assert.equal(deleteTemplate.json?.error?.type, 'resource_not_found_exception', deleteTemplate.text);
  });
});

describe('paths of unserved ES APIs with security on', () => {
  const authorization = `Basic ${Buffer.from('elastic:no-handler-pw').toString('base64')}`;
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'no-handler-pw' });
  });
  after(async () => server.dispose());

  for (const [method, path] of [
    ['POST', '/_security/user/_password'],
    ['GET', '/_field_caps'],
  ] as const) {
    it(`${method} ${path} has no handler rather than naming a user or an index`, TEST_OPTIONS, async () => {
      const response = await esFetch(server.url, path, { method, headers: { authorization }, ...(method === 'POST' && { body: { password: 'x' } }) });
      assertNoHandler(response, method, path);
    });
  }

  it('a user named with a leading _ is still a user where ES has no literal', TEST_OPTIONS, async () => {
    const response = await esFetch(server.url, '/_security/user/_someone', { headers: { authorization } });
    assert.equal(response.status, 404, response.text);
    assert.deepEqual(response.json, {});
  });
});
