/**
 * `GET /_tessera/ilm/indices` (issue 20): one page of the indices, managed or not, with where each stands, filtered,
 * sorted and counted on the server; its parameters refused as ES refuses them; and with security on, only the
 * indices the caller may explain.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { esEnvelope, rawRequest, useEsServer, type Row } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

type Page = Row;

async function list(client: Client, query: Record<string, string | number | boolean> = {}): Promise<Page> {
  return (await client.transport.request({ method: 'GET', path: '/_tessera/ilm/indices', querystring: query })) as Page;
}

const names = (page: Page) => (page.indices as Row[]).map((row) => row.index);
const ROLLOVER = { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } };
const DELETE_LATER = { phases: { delete: { min_age: '30d', actions: { delete: {} } } } };

describe('the index list', () => {
  const es = useEsServer();

  before(async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.ilm.putLifecycle({ name: 'rolling', policy: ROLLOVER });
    await client.ilm.putLifecycle({ name: 'keep', policy: DELETE_LATER });
    // Three indices fail alike (no rollover alias), one rolls over cleanly, two wait to be deleted, two are unmanaged.
    for (const name of ['web-a', 'web-b', 'web-c']) await client.indices.create({ index: name, settings: { 'index.lifecycle.name': 'rolling' }, aliases: { [`${name}-w`]: { is_write_index: true } } });
    await client.indices.create({ index: 'app-000001', settings: { 'index.lifecycle.name': 'rolling', 'index.lifecycle.rollover_alias': 'app' }, aliases: { app: { is_write_index: true } } });
    await client.indices.create({ index: 'kept-1', settings: { 'index.lifecycle.name': 'keep' } });
    await client.indices.create({ index: 'kept-2', settings: { 'index.lifecycle.name': 'keep' } });
    await client.indices.create({ index: 'plain-1' });
    await client.indices.putIndexTemplate({ name: 'metrics', index_patterns: ['metrics-*'], data_stream: {}, priority: 100 });
    await client.indices.createDataStream({ name: 'metrics-x' });
    await es.advance('10m');
  });

  it('answers every index, managed or not, with explain’s facts, the counts and a page', async () => {
    const page = await list(es.client, { size: 3 });
    assert.equal(page.total, 8);
    assert.deepEqual(page.counts, { indices: 8, managed: 6, unmanaged: 2, errors: 3 });
    // Data stream backing indices are hidden (.ds-…) and sort first by name.
    assert.deepEqual(names(page), ['.ds-metrics-x-2026.01.01-000001', 'app-000001', 'kept-1']);
    const [backing, app, kept] = page.indices as [Row, Row, Row];
    assert.deepEqual(backing, { index: '.ds-metrics-x-2026.01.01-000001', status: 'open', hidden: true, data_stream: 'metrics-x', managed: false });
    assert.equal(app.managed, true);
    assert.equal(app.policy, 'rolling');
    assert.equal(kept.phase, 'new');
    assert.equal(kept.age, '10m');
    assert.equal(kept.age_millis, 600_000);
    assert.deepEqual(page.facets.policy, { rolling: 4, keep: 2 });
    assert.deepEqual(page.facets.data_stream, { 'metrics-x': 1 });
    assert.deepEqual(page.error_causes, [{ failed_step: 'check-rollover-ready', type: 'illegal_argument_exception', count: 3 }]);
    assert.deepEqual(names(await list(es.client, { from: 3, size: 3 })), ['kept-2', 'plain-1', 'web-a']);
    assert.deepEqual(names(await list(es.client, { from: 7, size: 3 })), ['web-c']);
  });

  it('filters by name, policy, phase, step, ERROR, managed and data stream, and counts each facet without its own filter', async () => {
    assert.deepEqual(names(await list(es.client, { q: 'WEB' })), ['web-a', 'web-b', 'web-c']);
    const erring = await list(es.client, { only_errors: true });
    assert.deepEqual(names(erring), ['web-a', 'web-b', 'web-c']);
    assert.deepEqual((erring.indices as [Row])[0].step_info, {
      type: 'illegal_argument_exception',
      reason: 'setting [index.lifecycle.rollover_alias] for index [web-a] is empty or not defined',
    });
    assert.equal((erring.indices as [Row])[0].failed_step, 'check-rollover-ready');
    assert.equal((erring.indices as [Row])[0].is_auto_retryable_error, true);
    assert.deepEqual(erring.facets.policy, { rolling: 3 });
    const keep = await list(es.client, { policy: 'keep' });
    assert.deepEqual(names(keep), ['kept-1', 'kept-2']);
    assert.deepEqual(keep.facets.policy, { rolling: 4, keep: 2 }, 'the policy facet ignores the policy filter');
    assert.deepEqual(keep.error_causes, [], 'no index of policy keep is in ERROR');
    assert.deepEqual(names(await list(es.client, { phase: 'hot' })), ['app-000001', 'web-a', 'web-b', 'web-c']);
    assert.deepEqual(names(await list(es.client, { step: 'check-rollover-ready' })), ['app-000001', 'web-a', 'web-b', 'web-c']);
    assert.deepEqual(names(await list(es.client, { step: 'ERROR' })), ['web-a', 'web-b', 'web-c']);
    assert.deepEqual(names(await list(es.client, { managed: false })), ['.ds-metrics-x-2026.01.01-000001', 'plain-1']);
    assert.deepEqual(names(await list(es.client, { data_stream: 'metrics-x' })), ['.ds-metrics-x-2026.01.01-000001']);
    const cause = await list(es.client, { failed_step: 'check-rollover-ready', error_type: 'illegal_argument_exception', size: 2 });
    assert.deepEqual([cause.total, names(cause)], [3, ['web-a', 'web-b']]);
    assert.equal((await list(es.client, { error_type: 'other_exception' })).total, 0);
  });

  it('sorts by a column either way, rows without the value last', async () => {
    assert.deepEqual(names(await list(es.client, { sort: 'index', order: 'desc', size: 2 })), ['web-c', 'web-b']);
    assert.deepEqual(names(await list(es.client, { sort: 'policy' })).slice(0, 2), ['kept-1', 'kept-2']);
    assert.deepEqual(names(await list(es.client, { sort: 'policy', order: 'desc' })).slice(-2), ['plain-1', '.ds-metrics-x-2026.01.01-000001']);
    assert.deepEqual(names(await list(es.client, { sort: 'step', managed: true })), ['web-a', 'web-b', 'web-c', 'app-000001', 'kept-1', 'kept-2']);
    assert.deepEqual(names(await list(es.client, { sort: 'data_stream', size: 1 })), ['.ds-metrics-x-2026.01.01-000001']);
  });

  it('refuses unknown and malformed parameters as ES does', async () => {
    const url = es.server.url;
    const refused = async (query: string, reason: string) =>
      assert.deepEqual(await rawRequest(url, 'GET', `/_tessera/ilm/indices?${query}`), { status: 400, json: esEnvelope(400, 'illegal_argument_exception', reason) }, query);
    await refused('sizes=10', 'request [/_tessera/ilm/indices] contains unrecognized parameter: [sizes] -> did you mean [size]?');
    await refused('size=1001', '[size] parameter cannot be greater than [1000], found [1001]');
    await refused('size=-1', '[size] parameter cannot be negative, found [-1]');
    await refused('from=-5', '[from] parameter cannot be negative, found [-5]');
    await refused('from=ten', 'Failed to parse int parameter [from] with value [ten]');
    await refused('sort=name', '[sort] must be one of [index, policy, phase, action, step, age, data_stream], found [name]');
    await refused('order=up', '[order] must be one of [asc, desc], found [up]');
    await refused('only_errors=yes', 'Failed to parse value [yes] as only [true] or [false] are allowed.');
    await refused('managed=1', 'Failed to parse value [1] as only [true] or [false] are allowed.');
  });
});

describe('the index list and GET lint with security on', () => {
  let server: TestServer;
  let admin: Client;
  const as = (username: string) => new Client({ node: server.url, auth: { username, password: `${username}-pw` } });

  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    admin = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await admin.ilm.putLifecycle({ name: 'keep', policy: DELETE_LATER });
    for (const index of ['logs-1', 'logs-2', 'secret-1']) await admin.indices.create({ index, settings: { 'index.lifecycle.name': 'keep' } });
    await admin.security.putRole({ name: 'logs_viewer', indices: [{ names: ['logs-*'], privileges: ['view_index_metadata'] }] });
    await admin.security.putRole({ name: 'nothing', cluster: ['monitor'] });
    await admin.security.putUser({ username: 'ann', password: 'ann-pw', roles: ['logs_viewer'] });
    await admin.security.putUser({ username: 'bob', password: 'bob-pw', roles: ['nothing'] });
  });
  after(async () => {
    await admin.close();
    await server.dispose();
  });

  it('lists only the indices the caller may explain, and counts only those', async () => {
    const ann = as('ann');
    const page = await list(ann);
    assert.deepEqual(names(page), ['logs-1', 'logs-2']);
    assert.deepEqual(page.counts, { indices: 2, managed: 2, unmanaged: 0, errors: 0 });
    assert.deepEqual(page.facets.policy, { keep: 2 });
    assert.deepEqual(names(await list(admin)), ['logs-1', 'logs-2', 'secret-1']);
    await ann.close();
  });

  it('refuses a caller who may explain no index', async () => {
    const bob = as('bob');
    await assert.rejects(list(bob), (error: { meta: { statusCode: number; body: Row } }) => {
      assert.equal(error.meta.statusCode, 403);
      assert.equal(error.meta.body.error.reason, 'action [indices:admin/ilm/explain] is unauthorized for user [bob] with roles [nothing], this action is granted by the index privileges [view_index_metadata,manage_ilm,manage,all]');
      return true;
    });
    await bob.close();
  });

  it('lints the named indices with security on, as the whole cluster’s lint', async () => {
    const answer = (await admin.transport.request({ method: 'GET', path: '/_tessera/ilm/lint', querystring: { index: 'logs-2,secret-1' } })) as Row;
    assert.deepEqual(Object.keys(answer.indices), ['logs-2', 'secret-1']);
  });
});
