/** Search contexts with security on: a reader of some indices scrolls and uses points in time on them, and only them. */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { esErrorOf } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('search contexts and authorization', () => {
  let server: TestServer;
  let elastic: Client;
  let ann: Client;
  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    elastic = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await elastic.security.putRole({ name: 'logs_reader', indices: [{ names: ['logs-*'], privileges: ['read'] }] });
    await elastic.security.putUser({ username: 'ann', password: 'ann-password', roles: ['logs_reader'] });
    ann = new Client({ node: server.url, auth: { username: 'ann', password: 'ann-password' } });
    await elastic.index({ index: 'logs-1', id: '1', document: { m: 1 }, refresh: true });
    await elastic.index({ index: 'logs-1', id: '2', document: { m: 2 }, refresh: true });
    await elastic.index({ index: 'secret-1', id: '1', document: { m: 3 }, refresh: true });
  });
  after(async () => {
    await ann.close();
    await elastic.close();
    await server.dispose();
  });

  it('lets a reader scroll, clear its scroll, and use a point in time on what it may read', async () => {
    const first = await ann.search({ index: 'logs-1', scroll: '1m', size: 1 });
    const next = await ann.scroll({ scroll_id: first._scroll_id!, scroll: '1m' });
    assert.equal(first.hits.hits.length + next.hits.hits.length, 2);
    assert.deepEqual(await ann.clearScroll({ scroll_id: first._scroll_id! }), { succeeded: true, num_freed: 1 });
    const pit = await ann.openPointInTime({ index: 'logs-1', keep_alive: '1m' });
    assert.equal((await ann.search({ pit: { id: pit.id }, size: 10 })).hits.hits.length, 2);
    assert.deepEqual(await ann.closePointInTime({ id: pit.id }), { succeeded: true, num_freed: 1 });
  });

  it('refuses a point in time or a scroll over an index the caller may not read, whoever opened it', async () => {
    assert.equal((await esErrorOf(ann.openPointInTime({ index: 'secret-1', keep_alive: '1m' }))).status, 403);
    const pit = await elastic.openPointInTime({ index: 'secret-1', keep_alive: '1m' });
    const denied = await esErrorOf(ann.search({ pit: { id: pit.id } }));
    assert.equal(denied.status, 403);
    assert.equal(denied.type, 'security_exception');
    const scroll = await elastic.search({ index: 'secret-1', scroll: '1m', size: 1 });
    assert.equal((await esErrorOf(ann.scroll({ scroll_id: scroll._scroll_id!, scroll: '1m' }))).status, 403);
  });
});
