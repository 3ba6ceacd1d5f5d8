/** `_msearch` authorizes each search as the caller: a search of an index the caller may not read fails alone. */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('_msearch authorization', () => {
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
    await elastic.index({ index: 'secret-1', id: '1', document: { m: 2 }, refresh: true });
  });
  after(async () => {
    await ann.close();
    await elastic.close();
    await server.dispose();
  });

  it('fails a search of a denied index alone, and narrows wildcards to what the caller may read', async () => {
    const response = await ann.msearch({ searches: [{ index: 'logs-1' }, {}, { index: 'secret-1' }, {}, { index: '*' }, {}] });
    const [allowed, denied, wildcard] = response.responses as any[];
    assert.deepEqual(allowed.hits.hits.map((h: any) => h._id), ['1']);
    assert.equal(allowed.status, 200);
    const reason = 'action [indices:data/read/search] is unauthorized for user [ann] with roles [logs_reader] on indices [secret-1], this action is granted by the index privileges [read,all]';
    assert.deepEqual(denied, { error: { root_cause: [{ type: 'security_exception', reason }], type: 'security_exception', reason }, status: 403 });
    assert.deepEqual(wildcard.hits.hits.map((h: any) => h._index), ['logs-1']);
    // elastic reads both.
    const all = await elastic.msearch({ searches: [{ index: '*' }, { sort: ['m'] }] });
    assert.deepEqual((all.responses[0] as any).hits.hits.map((h: any) => h._index), ['logs-1', 'secret-1']);
  });
});
