/** `_has_privileges`: what the caller may do, answered as Elasticsearch answers it, for users and API keys. */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { esErrorOf } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('_has_privileges', () => {
  let server: TestServer;
  let admin: Client;
  let reader: Client;
  let ops: Client;

  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    admin = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await admin.security.putRole({
      name: 'reader',
      cluster: ['monitor', 'read_ilm'],
      indices: [{ names: ['logs-*'], privileges: ['read', 'view_index_metadata'] }],
      applications: [{ application: 'tessera-grid', privileges: ['read'], resources: ['grid:*'] }],
    });
    await admin.security.putRole({
      name: 'ops',
      cluster: ['manage_ilm', 'manage_own_api_key'],
      indices: [
        { names: ['logs-*'], privileges: ['write'] },
        { names: ['logs-app-*'], privileges: ['manage'] },
      ],
      applications: [{ application: 'tessera-grid', privileges: ['write'], resources: ['grid:a*'] }],
    });
    await admin.security.putUser({ username: 'ann', password: 'ann-password', roles: ['reader'] });
    await admin.security.putUser({ username: 'ops', password: 'ops-password', roles: ['ops'] });
    reader = new Client({ node: server.url, auth: { username: 'ann', password: 'ann-password' } });
    ops = new Client({ node: server.url, auth: { username: 'ops', password: 'ops-password' } });
  });
  after(async () => {
    await Promise.all([admin.close(), reader.close(), ops.close()]);
    await server.dispose();
  });

  it('answers a superuser true for everything', async () => {
    const answer = await admin.security.hasPrivileges({
      cluster: ['all', 'manage_ilm', 'cluster:admin/settings/update', 'manage_ml'],
      index: [{ names: ['*', 'logs-1'], privileges: ['all', 'manage', 'indices:data/read/search'] }],
      application: [{ application: 'tessera-grid', privileges: ['admin'], resources: ['*'] }],
    });
    assert.deepEqual(answer, {
      username: 'elastic',
      has_all_requested: true,
      cluster: { all: true, manage_ilm: true, 'cluster:admin/settings/update': true, manage_ml: true },
      index: { '*': { all: true, manage: true, 'indices:data/read/search': true }, 'logs-1': { all: true, manage: true, 'indices:data/read/search': true } },
      application: { 'tessera-grid': { '*': { admin: true } } },
    });
  });

  it('answers a read-only user what it may read, and no more', async () => {
    const answer = await reader.security.hasPrivileges({
      cluster: ['monitor', 'read_ilm', 'manage_ilm', 'cluster:admin/ilm/get', 'cluster:admin/ilm/put', 'cluster:monitor/health', 'manage'],
      index: [
        { names: ['logs-1', 'logs-*', 'metrics-1', '*'], privileges: ['read', 'view_index_metadata', 'manage_ilm', 'indices:data/read/search'] },
      ],
      application: [{ application: 'tessera-grid', privileges: ['read', 'write'], resources: ['grid:1', '*'] }],
    });
    assert.deepEqual(answer, {
      username: 'ann',
      has_all_requested: false,
      cluster: { monitor: true, read_ilm: true, manage_ilm: false, 'cluster:admin/ilm/get': true, 'cluster:admin/ilm/put': false, 'cluster:monitor/health': true, manage: false },
      index: {
        'logs-1': { read: true, view_index_metadata: true, manage_ilm: false, 'indices:data/read/search': true },
        'logs-*': { read: true, view_index_metadata: true, manage_ilm: false, 'indices:data/read/search': true },
        'metrics-1': { read: false, view_index_metadata: false, manage_ilm: false, 'indices:data/read/search': false },
        '*': { read: false, view_index_metadata: false, manage_ilm: false, 'indices:data/read/search': false },
      },
      application: { 'tessera-grid': { 'grid:1': { read: true, write: false }, '*': { read: false, write: false } } },
    });
  });

  it('answers has_all_requested true when everything asked is held', async () => {
    const answer = await reader.security.hasPrivileges({ cluster: ['read_ilm'], index: [{ names: ['logs-a'], privileges: ['read'] }] });
    assert.equal(answer.has_all_requested, true);
    assert.deepEqual(answer.application, {});
  });

  it('covers an index pattern only where one role pattern covers it all, and joins the privileges of those that do', async () => {
    const answer = await ops.security.hasPrivileges({
      index: [
        { names: ['logs-app-1', 'logs-app-*', 'logs-*', 'log*'], privileges: ['write', 'manage', 'index', 'indices:admin/ilm/retry'] },
      ],
    });
    assert.deepEqual(answer.index, {
      'logs-app-1': { write: true, manage: true, index: true, 'indices:admin/ilm/retry': true },
      'logs-app-*': { write: true, manage: true, index: true, 'indices:admin/ilm/retry': true },
      'logs-*': { write: true, manage: false, index: true, 'indices:admin/ilm/retry': false },
      'log*': { write: false, manage: false, index: false, 'indices:admin/ilm/retry': false },
    });
  });

  it('checks application resources as patterns, write implying read', async () => {
    const answer = await ops.security.hasPrivileges({
      application: [{ application: 'tessera-grid', privileges: ['read', 'write', 'admin'], resources: ['grid:abc', 'grid:a*', 'grid:*'] }],
    });
    assert.deepEqual(answer.application, {
      'tessera-grid': {
        'grid:abc': { read: true, write: true, admin: false },
        'grid:a*': { read: true, write: true, admin: false },
        'grid:*': { read: false, write: false, admin: false },
      },
    });
  });

  it('holds manage_own_api_key only as itself: it grants no other key action', async () => {
    const answer = await ops.security.hasPrivileges({ cluster: ['manage_own_api_key', 'manage_api_key', 'cluster:admin/xpack/security/api_key/get'] });
    assert.deepEqual(answer.cluster, { manage_own_api_key: true, manage_api_key: false, 'cluster:admin/xpack/security/api_key/get': false });
  });

  it("answers for an API key what both the key's role descriptors and its owner's roles grant", async () => {
    const key = await ops.security.createApiKey({
      name: 'narrow',
      role_descriptors: { narrow: { cluster: ['manage_ilm', 'monitor'], indices: [{ names: ['logs-app-*', 'other-*'], privileges: ['read', 'write'] }] } },
    });
    const client = new Client({ node: server.url, auth: { apiKey: key.encoded } });
    try {
      const answer = await client.security.hasPrivileges({ cluster: ['manage_ilm', 'monitor'], index: [{ names: ['logs-app-1', 'other-1'], privileges: ['write', 'manage'] }] });
      assert.deepEqual(answer, {
        username: 'ops',
        has_all_requested: false,
        cluster: { manage_ilm: true, monitor: false },
        index: { 'logs-app-1': { write: true, manage: false }, 'other-1': { write: false, manage: false } },
        application: {},
      });
    } finally {
      await client.close();
    }
  });

  it('lists what the caller holds (_privileges), and refuses an API key with role descriptors', async () => {
    assert.deepEqual(await reader.security.getUserPrivileges(), {
      cluster: ['monitor', 'read_ilm'],
      global: [],
      indices: [{ names: ['logs-*'], privileges: ['read', 'view_index_metadata'], allow_restricted_indices: false }],
      applications: [{ application: 'tessera-grid', privileges: ['read'], resources: ['grid:*'] }],
      run_as: [],
    });
    const key = await ops.security.createApiKey({ name: 'listed', role_descriptors: { narrow: { cluster: ['monitor'] } } });
    const client = new Client({ node: server.url, auth: { apiKey: key.encoded } });
    try {
      assert.deepEqual(await esErrorOf(client.security.getUserPrivileges()), {
        status: 400,
        type: 'illegal_argument_exception',
        reason: 'Cannot retrieve privileges for API keys with assigned role descriptors. Please use the Get API key information API https://ela.st/es-api-get-api-key',
      });
    } finally {
      await client.close();
    }
  });

  it('answers GET with a body and the path naming the caller as POST does', async () => {
    const get = await reader.transport.request({ method: 'GET', path: '/_security/user/ann/_has_privileges', body: { cluster: ['read_ilm'] } });
    assert.deepEqual(get, { username: 'ann', has_all_requested: true, cluster: { read_ilm: true }, index: {}, application: {} });
  });

  it("refuses another user's name: 400 for one who may manage security, 403 for others", async () => {
    assert.deepEqual(await esErrorOf(admin.security.hasPrivileges({ user: 'ann', cluster: ['monitor'] })), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'users may only check the privileges of their own account',
    });
    assert.deepEqual(await esErrorOf(reader.security.hasPrivileges({ user: 'elastic', cluster: ['monitor'] })), {
      status: 403,
      type: 'security_exception',
      reason:
        'action [cluster:admin/xpack/security/user/has_privileges] is unauthorized for user [ann] with roles [reader], this action is granted by the cluster privileges [read_security,manage_security,all]',
    });
  });

  it('bounds the questions one request asks: index names times privileges, resources times privileges, cluster privileges', async () => {
    const refusal = async (body: unknown) => esErrorOf(reader.transport.request({ method: 'POST', path: '/_security/user/_has_privileges', body: body as Record<string, unknown> }));
    const names = Array.from({ length: 2_501 }, (_, i) => `logs-${i}`);
    assert.deepEqual(await refusal({ cluster: ['monitor'], index: [{ names, privileges: ['read', 'write', 'monitor', 'view_index_metadata'] }] }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'a privileges check may ask at most 10000 questions (a cluster privilege, or one index name or resource with one privilege); this one asks 10005',
    });
    const resources = Array.from({ length: 5_001 }, (_, i) => `grid-${i}`);
    assert.equal((await refusal({ application: [{ application: 'tessera-grid', privileges: ['read', 'write'], resources }] })).reason.endsWith('this one asks 10002'), true);
    // At the bound, the answer comes.
    const answer = (await reader.transport.request({ method: 'POST', path: '/_security/user/_has_privileges', body: { index: [{ names: names.slice(0, 2_500), privileges: ['read', 'write', 'monitor', 'view_index_metadata'] }] } })) as Record<string, any>;
    assert.equal(Object.keys(answer.index).length, 2_500);
  });

  it('refuses unknown privilege names and body members in ES words', async () => {
    const refusal = async (body: unknown) => esErrorOf(reader.transport.request({ method: 'POST', path: '/_security/user/_has_privileges', body: body as Record<string, unknown> }));
    const unknownCluster = await refusal({ cluster: ['Manage_Everything'] });
    assert.equal(unknownCluster.status, 400);
    assert.equal(unknownCluster.type, 'illegal_argument_exception');
    assert.match(unknownCluster.reason, /^unknown cluster privilege \[manage_everything\]\. a privilege must be either one of the predefined cluster privilege names \[none,all,monitor,.*\] or a pattern over one of the available cluster actions$/);
    const unknownIndex = await refusal({ index: [{ names: ['a'], privileges: ['reed'] }] });
    assert.equal(unknownIndex.type, 'illegal_argument_exception');
    assert.match(unknownIndex.reason, /^unknown index privilege \[reed\]\. a privilege must be either one of the predefined fixed indices privileges \[none=none,all=all,.*\] or a pattern over one of the available index actions$/);
    assert.deepEqual(await refusal({ clusters: ['monitor'] }), { status: 400, type: 'parse_exception', reason: 'failed to parse privileges check [ann/has_privileges]. unexpected field [clusters]' });
    assert.deepEqual(await refusal({}), {
      status: 400,
      type: 'parse_exception',
      reason: 'failed to parse privileges check [ann/has_privileges]. All privilege fields [cluster,index,applications] are missing',
    });
    assert.deepEqual(await refusal({ cluster: [] }), { status: 400, type: 'action_request_validation_exception', reason: 'Validation Failed: 1: must specify at least one privilege;' });
    assert.deepEqual(await refusal({ index: [{ names: ['a'], privileges: ['read'], colour: 1 }] }), {
      status: 400,
      type: 'parse_exception',
      reason: 'failed to parse indices privileges for role [ann/has_privileges]. unexpected field [colour]',
    });
    assert.deepEqual(await refusal({ index: [{ names: ['a'] }] }), {
      status: 400,
      type: 'parse_exception',
      reason: 'failed to parse indices privileges for role [ann/has_privileges]. missing required [privileges] field',
    });
    assert.deepEqual(await refusal({ index: [{ names: ['a'], privileges: ['read'], query: { match_all: {} } }] }), {
      status: 400,
      type: 'parse_exception',
      reason: 'Field [query] is not supported in a has_privileges request',
    });
    assert.deepEqual(await refusal({ application: [{ application: 'x', privileges: ['read'] }] }), {
      status: 400,
      type: 'parse_exception',
      reason: 'failed to parse application privileges for role [ann/has_privileges]. missing required [resources] field',
    });
    assert.deepEqual(await refusal({ cluster: 'monitor' }), { status: 400, type: 'parse_exception', reason: 'failed to parse role [ann/has_privileges]' });
  });
});

describe('_has_privileges without security', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({});
  });
  after(async () => server.dispose());

  it('has no handler, as Elasticsearch registers no security route when security is off', async () => {
    const response = await fetch(`${server.url}/_security/user/_has_privileges`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"cluster":["monitor"]}' });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: 'no handler found for uri [/_security/user/_has_privileges] and method [POST]' });
  });
});
