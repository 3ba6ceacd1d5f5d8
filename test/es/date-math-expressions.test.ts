/**
 * Date math (`<logs-{now/d}>`) in index expressions and alias names, resolved on the server's clock as ES's
 * DateMathExpressionResolver does: in any API's index part (settings, count, _cat/indices, delete, explain, aliases,
 * mget), as a name or, holding `*`, a pattern, excluded with `-`, and in the alias names that alias APIs add.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { assertEnvelope, envelope, esClient, esFetch, TEST_OPTIONS } from './es-helpers.js';

const at = (expression: string) => encodeURIComponent(expression);

describe('date math in index expressions', TEST_OPTIONS, () => {
  let server: TestServer;
  let client: Client;
  before(async () => {
    server = await startTestServer({ clock: new VirtualClock(Date.UTC(2024, 2, 15, 10, 30)) });
    client = esClient(server.url);
    for (const name of ['logs-2024.03.15', 'logs-2024.03.14', 'logs-2024.02.01']) await client.indices.create({ index: name });
    await client.index({ index: 'logs-2024.03.15', id: '1', document: { today: true } });
  });
  after(async () => {
    await client.close();
    await server.dispose();
  });

  it('names the day\'s index in settings, count, _cat/indices, stats and explain', async () => {
    const { url } = server;
    const settings = await esFetch(url, `/${at('<logs-{now/d}>')}/_settings`);
    assert.deepEqual(Object.keys(settings.json), ['logs-2024.03.15']);
    assert.deepEqual((await esFetch(url, `/${at('<logs-{now/d-1d}>')}/_count`)).json.count, 0);
    assert.deepEqual((await esFetch(url, `/${at('<logs-{now/d}>')}/_count`)).json.count, 1);
    const cat = await esFetch(url, `/_cat/indices/${at('<logs-{now/d}>')}?h=index&format=json`);
    assert.deepEqual(cat.json, [{ index: 'logs-2024.03.15' }]);
    const explain = await esFetch(url, `/${at('<logs-{now/d}>')}/_ilm/explain`);
    assert.deepEqual(Object.keys(explain.json.indices), ['logs-2024.03.15']);
    const stats = await esFetch(url, `/${at('<logs-{now/d}>,<logs-{now/d-1d}>')}/_stats`);
    assert.deepEqual(Object.keys(stats.json.indices).sort(), ['logs-2024.03.14', 'logs-2024.03.15']);
  });

  it('a resolved part holding * is a pattern, and -<…> excludes', async () => {
    const { url } = server;
    const month = await esFetch(url, `/${at('<logs-{now/M{yyyy.MM}}*>')}/_settings`);
    assert.deepEqual(Object.keys(month.json).sort(), ['logs-2024.03.14', 'logs-2024.03.15']);
    const excluded = await esFetch(url, `/${at('logs-*,-<logs-{now/d}>')}/_settings`);
    assert.deepEqual(Object.keys(excluded.json).sort(), ['logs-2024.02.01', 'logs-2024.03.14']);
  });

  it('a missing day is index_not_found under its resolved name; a malformed expression is ES\'s parse error', async () => {
    const { url } = server;
    const missing = await esFetch(url, `/${at('<logs-{now/d+1d}>')}/_settings`);
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error.reason, 'no such index [logs-2024.03.16]');
    assertEnvelope(await esFetch(url, `/${at('<logs-{now/d>')}/_settings`), envelope(400, 'parse_exception', 'invalid dynamic name expression [logs-{now/d>]. date math placeholder is open ended'));
  });

  it('alias APIs resolve date math in the index part and in the alias names they add', async () => {
    const { url } = server;
    const put = await esFetch(url, `/${at('<logs-{now/d}>')}/_alias/${at('<today-{now/d}>')}`, { method: 'PUT' });
    assert.deepEqual(put.json, { acknowledged: true });
    const aliases = await client.indices.getAlias({ index: 'logs-2024.03.15' });
    assert.deepEqual(aliases, { 'logs-2024.03.15': { aliases: { 'today-2024.03.15': {} } } });
    const post = await esFetch(url, '/_aliases', {
      method: 'POST',
      body: { actions: [{ add: { index: '<logs-{now/d-1d}>', alias: '<month-{now/M{yyyy.MM}}>' } }, { remove: { index: '<logs-{now/d}>', alias: 'today-2024.03.15' } }] },
    });
    assert.deepEqual(post.json, { acknowledged: true, errors: false });
    assert.deepEqual(await client.indices.getAlias({ name: 'month-2024.03' }), { 'logs-2024.03.14': { aliases: { 'month-2024.03': {} } } });
    assert.deepEqual(await client.indices.getAlias({ index: 'logs-2024.03.15' }), { 'logs-2024.03.15': { aliases: {} } });
  });

  it('deletes the index a date math expression names', async () => {
    const { url } = server;
    await client.indices.create({ index: 'old-2024.03.13' });
    const deleted = await esFetch(url, `/${at('<old-{now/d-2d}>')}`, { method: 'DELETE' });
    assert.deepEqual(deleted.json, { acknowledged: true });
    assert.equal(await client.indices.exists({ index: 'old-2024.03.13' }), false);
  });
});
