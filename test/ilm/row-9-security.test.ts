/**
 * The spec's error row 9: lifecycle steps run as the last user who modified the policy. When that user's role
 * is reduced, the next step that needs the lost privilege fails into ERROR with security_exception. Both of the
 * spec's remedies work: restore the privilege, or re-PUT the policy as a privileged user; then retry. As in ES, the
 * steps run with the role names stored at the PUT, resolved live: a role's edit counts at once, but a change of the
 * user's roles, or its deletion, counts only once the policy is PUT again.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeAuthentication } from '../../src/ilm/import/security-header.js';
import { VirtualClock } from '../../src/platform/clock.js';
import { EPOCH, explainRecord } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('row 9: security_exception as the policy\'s last modifier', () => {
  let server: TestServer;
  let elastic: Client;
  let ops: Client;
  const advance = (by: string) => elastic.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by } });
  const policy = { phases: { warm: { min_age: '1d', actions: { readonly: {} } } } };
  const fullRole = { cluster: ['manage_ilm'], indices: [{ names: ['logs-*'], privileges: ['manage'] }] };
  const reducedRole = { cluster: ['manage_ilm'], indices: [{ names: ['logs-*'], privileges: ['read'] }] };
  const reason = (index: string) =>
    `action [indices:admin/settings/update] is unauthorized for user [ops] with roles [ilm_ops] on indices [${index}], this action is granted by the index privileges [manage,all]`;

  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw', clock: new VirtualClock(EPOCH) });
    elastic = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await elastic.security.putRole({ name: 'ilm_ops', ...fullRole });
    await elastic.security.putUser({ username: 'ops', password: 'ops-password', roles: ['ilm_ops'] });
    ops = new Client({ node: server.url, auth: { username: 'ops', password: 'ops-password' } });
  });
  after(async () => {
    await ops.close();
    await elastic.close();
    await server.dispose();
  });

  it('an identical re-PUT by another user is a real update (the stored user changes)', async () => {
    await ops.ilm.putLifecycle({ name: 'probe', policy });
    await ops.ilm.putLifecycle({ name: 'probe', policy });
    assert.equal((await elastic.ilm.getLifecycle({ name: 'probe' })).probe?.version, 1, 'same user, same body: a no-op');
    await elastic.ilm.putLifecycle({ name: 'probe', policy });
    assert.equal((await elastic.ilm.getLifecycle({ name: 'probe' })).probe?.version, 2);
  });

  it('fails into ERROR after the modifier loses the privilege; each remedy, then retry, completes the policy', async () => {
    await ops.ilm.putLifecycle({ name: 'ops-policy', policy });
    await elastic.indices.create({ index: 'logs-000001', settings: { 'index.lifecycle.name': 'ops-policy', 'index.number_of_replicas': 0 } });
    await elastic.indices.create({ index: 'logs-000002', settings: { 'index.lifecycle.name': 'ops-policy', 'index.number_of_replicas': 0 } });
    await elastic.security.putRole({ name: 'ilm_ops', ...reducedRole });
    await advance('1d');
    await advance('20m');
    for (const index of ['logs-000001', 'logs-000002']) {
      const failed = await explainRecord(elastic, index);
      assert.deepEqual([failed.phase, failed.action, failed.step, failed.failed_step], ['warm', 'readonly', 'ERROR', 'readonly']);
      assert.deepEqual(failed.step_info, { type: 'security_exception', reason: reason(index) });
      assert.equal(failed.is_auto_retryable_error, true);
    }

    // Remedy 1: restore the privileges of the user who last modified the policy, then retry.
    await elastic.security.putRole({ name: 'ilm_ops', ...fullRole });
    await elastic.ilm.retry({ index: 'logs-000001' });
    const first = await explainRecord(elastic, 'logs-000001');
    assert.deepEqual([first.phase, first.action, first.step], ['warm', 'complete', 'complete']);

    // Remedy 2: the privileges are reduced again, and a privileged user re-PUTs the policy, then retry.
    await elastic.security.putRole({ name: 'ilm_ops', ...reducedRole });
    await elastic.ilm.putLifecycle({ name: 'ops-policy', policy });
    await elastic.ilm.retry({ index: 'logs-000002' });
    const second = await explainRecord(elastic, 'logs-000002');
    assert.deepEqual([second.phase, second.action, second.step], ['warm', 'complete', 'complete']);
    const settings = await elastic.indices.getSettings({ index: 'logs-000002', flat_settings: true });
    assert.equal(settings['logs-000002']?.settings?.['index.blocks.write'], 'true', 'the readonly step ran');
  });

  it('the steps keep the roles the modifier held at PUT: replacing them, or deleting the user, changes nothing until a re-PUT', async () => {
    const metricsRole = (privileges: string[]) => ({ cluster: ['manage_ilm'], indices: [{ names: ['metrics-*'], privileges }] });
    await elastic.security.putRole({ name: 'metrics_full', ...metricsRole(['manage']) });
    await elastic.security.putRole({ name: 'metrics_read', ...metricsRole(['read']) });
    await elastic.security.putUser({ username: 'ops', password: 'ops-password', roles: ['metrics_full'] });
    await ops.ilm.putLifecycle({ name: 'metrics-roles', policy });
    await ops.ilm.putLifecycle({ name: 'metrics-deleted', policy: { phases: { warm: { min_age: '2d', actions: { readonly: {} } } } } });
    const create = (index: string, lifecycle: string) => elastic.indices.create({ index, settings: { 'index.lifecycle.name': lifecycle, 'index.number_of_replicas': 0 } });
    const where = async (index: string) => {
      const record = await explainRecord(elastic, index);
      return [record.phase, record.action, record.step, record.step_info];
    };
    await create('metrics-000001', 'metrics-roles');
    await create('metrics-000002', 'metrics-deleted');

    // ops now holds a role without the privilege: the steps still run with the one it held at PUT.
    await elastic.security.putUser({ username: 'ops', password: 'ops-password', roles: ['metrics_read'] });
    await advance('1d');
    await advance('20m');
    assert.deepEqual(await where('metrics-000001'), ['warm', 'complete', 'complete', undefined]);

    // ops is deleted: the steps still run with the roles stored with the policy.
    await elastic.security.deleteUser({ username: 'ops' });
    await advance('1d');
    await advance('20m');
    assert.deepEqual(await where('metrics-000002'), ['warm', 'complete', 'complete', undefined]);
    // The policy's header, as GET /_cluster/state shows it, names the roles the steps run with.
    const state = (await elastic.cluster.state({ metric: 'metadata' })) as unknown as { metadata: { index_lifecycle: { policies: Record<string, { headers: Record<string, string> }> } } };
    const header = state.metadata.index_lifecycle.policies['metrics-deleted']!.headers._xpack_security_authentication!;
    assert.deepEqual(decodeAuthentication(header), { kind: 'user', username: 'ops', roles: ['metrics_full'], realmType: 'native' });

    // PUT again by a user without the privilege, the policy's steps run with that user's roles and fail.
    await elastic.security.putUser({ username: 'reader', password: 'reader-password', roles: ['metrics_read'] });
    const reader = new Client({ node: server.url, auth: { username: 'reader', password: 'reader-password' } });
    try {
      await reader.ilm.putLifecycle({ name: 'metrics-roles', policy });
    } finally {
      await reader.close();
    }
    await create('metrics-000003', 'metrics-roles');
    await advance('1d');
    await advance('20m');
    assert.deepEqual(await where('metrics-000003'), [
      'warm',
      'readonly',
      'ERROR',
      {
        type: 'security_exception',
        reason: 'action [indices:admin/settings/update] is unauthorized for user [reader] with roles [metrics_read] on indices [metrics-000003], this action is granted by the index privileges [manage,all]',
      },
    ]);
  });
});
