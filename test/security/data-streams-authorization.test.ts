/** Authorization of the data stream APIs: privileges on data stream names, wildcards narrowed to the streams a caller may see. */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { esErrorOf } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('data stream authorization', () => {
  let server: TestServer;
  let elastic: Client;
  let ann: Client;
  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    elastic = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await elastic.indices.putIndexTemplate({ name: 'ds', index_patterns: ['logs-*', 'secret-*'], data_stream: {}, priority: 10 });
    for (const name of ['logs-a', 'logs-b', 'secret-a']) await elastic.indices.createDataStream({ name });
    await elastic.security.putRole({ name: 'logs_admin', indices: [{ names: ['logs-*'], privileges: ['view_index_metadata', 'monitor', 'delete_index'] }] });
    await elastic.security.putUser({ username: 'ann', password: 'ann-password', roles: ['logs_admin'] });
    ann = new Client({ node: server.url, auth: { username: 'ann', password: 'ann-password' } });
  });
  after(async () => {
    await ann.close();
    await elastic.close();
    await server.dispose();
  });

  it('a wildcard narrows to the data streams the caller may act on', async () => {
    assert.deepEqual((await ann.indices.getDataStream()).data_streams.map((ds) => ds.name), ['logs-a', 'logs-b']);
    assert.deepEqual((await ann.indices.getDataStream({ name: '*' })).data_streams.map((ds) => ds.name), ['logs-a', 'logs-b']);
    assert.equal((await ann.indices.dataStreamsStats()).data_stream_count, 2);
  });

  it('a data stream named outright needs the privilege on its name', async () => {
    assert.equal((await ann.indices.getDataStream({ name: 'logs-a' })).data_streams.length, 1);
    assert.deepEqual(await esErrorOf(ann.indices.getDataStream({ name: 'secret-a' })), {
      status: 403,
      type: 'security_exception',
      reason: 'action [indices:admin/data_stream/get] is unauthorized for user [ann] with roles [logs_admin] on indices [secret-a], this action is granted by the index privileges [view_index_metadata,manage,all]',
    });
    assert.equal((await esErrorOf(ann.indices.createDataStream({ name: 'logs-c' }))).status, 403);
    assert.equal((await esErrorOf(ann.indices.modifyDataStream({ actions: [{ remove_backing_index: { data_stream: 'logs-a', index: 'x' } }] }))).status, 403);
    assert.deepEqual(await ann.indices.deleteDataStream({ name: 'logs-b' }), { acknowledged: true });
    assert.equal((await esErrorOf(ann.indices.deleteDataStream({ name: 'secret-a' }))).status, 403);
  });
});
