/**
 * Lifecycle steps on backing indices run as the policy's last modifier, and, as in ES, a privilege granted on the data
 * stream's name covers its backing indices: a role on `logs-*` rolls `.ds-logs-…` over and deletes it. A step the role
 * does not grant fails with security_exception naming the backing index.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { backing, backingIndices } from '../helpers/data-streams.js';
import { EPOCH, explainRecord } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('steps on backing indices, authorized through the data stream’s name', () => {
  let server: TestServer;
  let elastic: Client;
  let ops: Client;
  const STREAM = 'logs-app';
  const advance = (by: string) => elastic.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by } });
  const role = (privileges: string[]) => ({ cluster: ['manage_ilm'], indices: [{ names: ['logs-*'], privileges }] });

  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw', clock: new VirtualClock(EPOCH) });
    elastic = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await elastic.security.putRole({ name: 'logs_ops', ...role(['manage']) });
    await elastic.security.putUser({ username: 'ops', password: 'ops-password', roles: ['logs_ops'] });
    ops = new Client({ node: server.url, auth: { username: 'ops', password: 'ops-password' } });
    await elastic.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await ops.ilm.putLifecycle({ name: 'logs', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, delete: { min_age: '1d', actions: { delete: {} } } } } });
    await elastic.indices.putIndexTemplate({ name: 'logs', index_patterns: ['logs-*'], data_stream: {}, template: { settings: { 'index.lifecycle.name': 'logs' } } });
    await elastic.indices.createDataStream({ name: STREAM });
  });
  after(async () => {
    await ops.close();
    await elastic.close();
    await server.dispose();
  });

  it('rolls the stream over and deletes its old backing index as a user whose role names only the stream', async () => {
    await advance('1d');
    await advance('10m');
    assert.deepEqual(await backingIndices(elastic, STREAM), [backing(STREAM, 1), backing(STREAM, 2, 1)]);
    await advance('1d');
    await advance('10m');
    assert.equal(await elastic.indices.exists({ index: backing(STREAM, 1) }), false);
  });

  it('fails a step the role no longer grants, naming the backing index', async () => {
    await elastic.security.putRole({ name: 'logs_ops', ...role(['read']) });
    await advance('1d');
    await advance('10m');
    const index = backing(STREAM, 3, 2);
    const record = await explainRecord(elastic, index);
    assert.deepEqual([record.step, record.failed_step], ['ERROR', 'check-rollover-ready']);
    assert.deepEqual(record.step_info, {
      type: 'security_exception',
      reason: `action [indices:admin/rollover] is unauthorized for user [ops] with roles [logs_ops] on indices [${index}], this action is granted by the index privileges [manage,all]`,
    });
  });
});
