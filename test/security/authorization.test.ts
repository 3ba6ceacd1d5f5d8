/** Authorization of ES endpoints: each action needs a privilege, and a denial reads as ES writes it. */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { esErrorOf } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('authorization', () => {
  let server: TestServer;
  let elastic: Client;
  let ann: Client;
  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    elastic = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await elastic.security.putRole({ name: 'logs_reader', cluster: ['monitor'], indices: [{ names: ['logs-*'], privileges: ['read', 'view_index_metadata'] }] });
    await elastic.security.putUser({ username: 'ann', password: 'ann-password', roles: ['logs_reader'] });
    ann = new Client({ node: server.url, auth: { username: 'ann', password: 'ann-password' } });
    await elastic.index({ index: 'logs-1', id: '1', document: { m: 1 } });
    await elastic.index({ index: 'secret-1', id: '1', document: { m: 2 } });
  });
  after(async () => {
    await ann.close();
    await elastic.close();
    await server.dispose();
  });

  const denied = (reason: string) => ({ status: 403, type: 'security_exception', reason });

  it('lets a user do what its roles grant', async () => {
    assert.deepEqual((await ann.get({ index: 'logs-1', id: '1' }))._source, { m: 1 });
    assert.equal((await ann.cluster.health()).status !== undefined, true);
    assert.ok((await ann.indices.get({ index: 'logs-1' }))['logs-1']);
    await ann.security.changePassword({ username: 'ann', password: 'ann-password' });
  });

  it('lets view_index_metadata read mappings but not change them', async () => {
    assert.deepEqual(await ann.indices.getMapping({ index: 'logs-1' }), { 'logs-1': { mappings: { properties: { m: { type: 'long' } } } } });
    assert.deepEqual(await ann.indices.getFieldMapping({ index: 'logs-1', fields: 'm' }), { 'logs-1': { mappings: { m: { full_name: 'm', mapping: { m: { type: 'long' } } } } } });
    assert.deepEqual(
      await esErrorOf(ann.indices.putMapping({ index: 'logs-1', properties: { x: { type: 'keyword' } } })),
      denied('action [indices:admin/mapping/put] is unauthorized for user [ann] with roles [logs_reader] on indices [logs-1], this action is granted by the index privileges [manage,all]'),
    );
  });

  it('refuses index actions on indices the roles do not cover, naming the privileges that would grant them', async () => {
    assert.deepEqual(
      await esErrorOf(ann.indices.create({ index: 'logs-2' })),
      denied('action [indices:admin/create] is unauthorized for user [ann] with roles [logs_reader] on indices [logs-2], this action is granted by the index privileges [create_index,manage,all]'),
    );
    assert.deepEqual(
      await esErrorOf(ann.get({ index: 'secret-1', id: '1' })),
      denied('action [indices:data/read/get] is unauthorized for user [ann] with roles [logs_reader] on indices [secret-1], this action is granted by the index privileges [read,all]'),
    );
    assert.deepEqual(
      await esErrorOf(ann.indices.delete({ index: 'logs-1' })),
      denied('action [indices:admin/delete] is unauthorized for user [ann] with roles [logs_reader] on indices [logs-1], this action is granted by the index privileges [delete_index,manage,all]'),
    );
    assert.deepEqual(
      await esErrorOf(ann.bulk({ operations: [{ index: { _index: 'logs-1' } }, { m: 3 }] })),
      // Holding the action on no index at all, ann is refused before her body is read, so ES names no index.
      denied('action [indices:data/write/bulk] is unauthorized for user [ann] with roles [logs_reader], this action is granted by the index privileges [write,index,delete,all]'),
    );
    assert.equal((await elastic.count({ index: 'logs-1' })).count, 1, 'nothing was written');
  });

  it('refuses cluster actions the roles do not grant', async () => {
    assert.deepEqual(
      await esErrorOf(ann.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '1m' } })),
      denied('action [cluster:admin/settings/update] is unauthorized for user [ann] with roles [logs_reader], this action is granted by the cluster privileges [manage,all]'),
    );
    assert.deepEqual(
      await esErrorOf(ann.ilm.putLifecycle({ name: 'p', policy: { phases: {} } })),
      denied('action [cluster:admin/ilm/put] is unauthorized for user [ann] with roles [logs_reader], this action is granted by the cluster privileges [manage_ilm,manage,all]'),
    );
    assert.deepEqual(
      await esErrorOf(ann.security.putUser({ username: 'mallory', password: 'mallory-pw', roles: ['superuser'] })),
      denied('action [cluster:admin/xpack/security/user/put] is unauthorized for user [ann] with roles [logs_reader], this action is granted by the cluster privileges [manage_security,all]'),
    );
  });

  it('grants the legacy template actions, named indices: but cluster-wide, to manage_index_templates, manage and all', async () => {
    assert.deepEqual(
      await esErrorOf(ann.indices.getTemplate()),
      denied('action [indices:admin/template/get] is unauthorized for user [ann] with roles [logs_reader], this action is granted by the cluster privileges [manage_index_templates,manage,all]'),
    );
    await elastic.security.putRole({ name: 'templater', cluster: ['manage_index_templates'] });
    await elastic.security.putUser({ username: 'tim', password: 'tim-password', roles: ['templater'] });
    const tim = new Client({ node: server.url, auth: { username: 'tim', password: 'tim-password' } });
    try {
      await tim.indices.putTemplate({ name: 'legacy', index_patterns: ['legacy-*'] });
      assert.deepEqual(Object.keys(await tim.indices.getTemplate()), ['legacy']);
      assert.deepEqual(Object.keys(await elastic.indices.getTemplate()), ['legacy']);
      await elastic.indices.deleteTemplate({ name: 'legacy' });
    } finally {
      await tim.close();
    }
  });

  it('narrows wildcards to the indices the user may act on, as Elasticsearch does', async () => {
    assert.deepEqual(Object.keys(await ann.indices.getSettings()), ['logs-1']);
    assert.deepEqual(Object.keys(await ann.indices.getSettings({ index: '*-1' })), ['logs-1']);
    assert.equal((await ann.count()).count, 1);
    // Nothing the user may see matches: an empty answer, not a refusal.
    assert.deepEqual(await ann.indices.getSettings({ index: 'secret-*' }), {});
    // An index named outright is still refused.
    assert.deepEqual(
      await esErrorOf(ann.indices.getSettings({ index: 'logs-1,secret-1' })),
      denied('action [indices:monitor/settings/get] is unauthorized for user [ann] with roles [logs_reader] on indices [secret-1], this action is granted by the index privileges [view_index_metadata,monitor,manage,all]'),
    );
    // The superuser still sees everything.
    assert.deepEqual(Object.keys(await elastic.indices.getSettings()).sort(), ['logs-1', 'secret-1']);
  });
});
