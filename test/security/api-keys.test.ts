/** API keys: created by a user, used as `Authorization: ApiKey`, narrowed by role descriptors, invalidated, persisted. */
import { Client } from '@elastic/elasticsearch';
import { Code, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { VirtualClock } from '../../src/platform/clock.js';
import { EPOCH, esErrorOf } from '../helpers/es.js';
import { expectGridError } from '../helpers/grid-clients.js';
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';

async function expectEsError(promise: Promise<unknown>, status: number, type: string, reason: string): Promise<void> {
  assert.deepEqual(await esErrorOf(promise), { status, type, reason });
}

describe('API keys', () => {
  const clock = new VirtualClock(EPOCH);
  const dataDir = tempDataDir();
  let server: TestServer;
  let admin: Client;
  let ops: Client;
  const withKey = (encoded: string) => new Client({ node: server.url, auth: { apiKey: encoded } });

  before(async () => {
    server = await startTestServer({ dataDir, security: true, elasticPassword: 'elastic-pw', clock });
    admin = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await admin.security.putRole({
      name: 'ops',
      cluster: ['manage_ilm', 'manage_own_api_key'],
      indices: [{ names: ['logs-*'], privileges: ['all'] }],
      applications: [{ application: 'tessera-grid', privileges: ['admin'], resources: ['grid:*'] }],
    });
    await admin.security.putUser({ username: 'ops', password: 'ops-password', roles: ['ops'] });
    ops = new Client({ node: server.url, auth: { username: 'ops', password: 'ops-password' } });
  });
  after(async () => {
    await admin.close();
    await ops.close();
    await server.dispose();
  });

  it('authenticates with the encoded key as its owner and carries the owner privileges', async () => {
    const created = await ops.security.createApiKey({ name: 'ingest' });
    assert.equal(created.name, 'ingest');
    assert.equal(Buffer.from(created.encoded, 'base64').toString(), `${created.id}:${created.api_key}`);
    const client = withKey(created.encoded);
    const me = await client.security.authenticate();
    assert.equal(me.username, 'ops');
    assert.equal(me.authentication_type, 'api_key');
    assert.deepEqual(me.api_key, { id: created.id, name: 'ingest' });
    await client.ilm.putLifecycle({ name: 'by-key', policy: { phases: { hot: { actions: {} } } } });
    await expectEsError(
      client.security.getUser(),
      403,
      'security_exception',
      `action [cluster:admin/xpack/security/user/get] is unauthorized for API key id [${created.id}] of user [ops], this action is granted by the cluster privileges [read_security,manage_security,all]`,
    );
    await client.close();
  });

  it('narrows a key to its role descriptors, never beyond its owner', async () => {
    const created = await ops.security.createApiKey({
      name: 'read-only',
      role_descriptors: { reader: { cluster: ['read_ilm', 'manage_security'], indices: [{ names: ['logs-*'], privileges: ['read'] }] } },
    });
    const client = withKey(created.encoded);
    await client.ilm.getLifecycle({ name: 'by-key' });
    await expectEsError(
      client.ilm.putLifecycle({ name: 'by-key', policy: { phases: { hot: { actions: {} } } } }),
      403,
      'security_exception',
      `action [cluster:admin/ilm/put] is unauthorized for API key id [${created.id}] of user [ops], this action is granted by the cluster privileges [manage_ilm,manage,all]`,
    );
    // The descriptor names manage_security, but the owner does not hold it.
    await expectEsError(
      client.security.getUser(),
      403,
      'security_exception',
      `action [cluster:admin/xpack/security/user/get] is unauthorized for API key id [${created.id}] of user [ops], this action is granted by the cluster privileges [read_security,manage_security,all]`,
    );
    // No application privileges in the descriptors: the grid API refuses the key.
    const grids = createClient(
      GridService,
      createConnectTransport({ baseUrl: server.url, httpVersion: '1.1', interceptors: [(next) => (req) => (req.header.set('authorization', `ApiKey ${created.encoded}`), next(req))] }),
    );
    await expectGridError(grids.createGrid({ name: 'Nope' }), {
      code: Code.PermissionDenied,
      message: 'action [createGrid] is unauthorized for user [ops] on grid [*], this action is granted by the [write] privilege of application [tessera-grid]',
      gridError: 10009,
    });
    await client.close();
  });

  it('refuses wrong, invalidated and expired keys with 401', async () => {
    const reason = 'unable to authenticate with provided credentials and anonymous access is not allowed for this request';
    const created = await ops.security.createApiKey({ name: 'short', expiration: '1h' });
    await expectEsError(withKey(Buffer.from(`${created.id}:not-the-key`).toString('base64')).security.authenticate(), 401, 'security_exception', reason);

    const invalidated = await ops.security.invalidateApiKey({ ids: [created.id] });
    assert.deepEqual(invalidated, { invalidated_api_keys: [created.id], previously_invalidated_api_keys: [], error_count: 0 });
    await expectEsError(withKey(created.encoded).security.authenticate(), 401, 'security_exception', reason);
    assert.deepEqual((await ops.security.invalidateApiKey({ ids: [created.id] })).previously_invalidated_api_keys, [created.id]);

    const expiring = await ops.security.createApiKey({ name: 'expiring', expiration: '1h' });
    await withKey(expiring.encoded).security.authenticate();
    clock.advance(3_600_000);
    await expectEsError(withKey(expiring.encoded).security.authenticate(), 401, 'security_exception', reason);
  });

  it('rejects a bad request and changes nothing', async () => {
    const before = (await admin.security.getApiKey()).api_keys.length;
    await expectEsError(ops.security.createApiKey({} as never), 400, 'action_request_validation_exception', 'Validation Failed: 1: api key name is required;');
    await expectEsError(
      ops.security.createApiKey({ name: 'bad', expiration: 'soon' }),
      400,
      'illegal_argument_exception',
      'failed to parse setting [expiration] with value [soon] as a time value: unit is missing or unrecognized',
    );
    // A duration beyond a Java long, or an end beyond the dates ES handles, is refused rather than stored.
    await expectEsError(
      ops.security.createApiKey({ name: 'bad', expiration: '999999999999999999999d' }),
      400,
      'illegal_argument_exception',
      'failed to parse [999999999999999999999d], fractional time values are not supported',
    );
    await expectEsError(
      ops.security.createApiKey({ name: 'bad', expiration: '3000000d' }),
      400,
      'illegal_argument_exception',
      '[expiration] of [3000000d] would end after [9999-12-31T23:59:59.999Z], the latest date Elasticsearch handles; leave it out for a key that never expires',
    );
    await expectEsError(
      ops.security.invalidateApiKey({}),
      400,
      'action_request_validation_exception',
      'Validation Failed: 1: One of [api key id(s), api key name, username, realm name] must be specified;',
    );
    assert.equal((await admin.security.getApiKey()).api_keys.length, before);
  });

  it('shows manage_own_api_key holders only their own keys; manage_security sees all', async () => {
    const own = await admin.security.createApiKey({ name: 'admin-key' });
    const mine = await ops.security.getApiKey();
    assert.ok(mine.api_keys.length > 0);
    assert.ok(mine.api_keys.every((k) => k.username === 'ops'));
    assert.ok(!mine.api_keys.some((k) => k.id === own.id));
    // An own-keys holder cannot invalidate someone else's key.
    assert.deepEqual((await ops.security.invalidateApiKey({ ids: [own.id] })).invalidated_api_keys, []);
    const all = await admin.security.getApiKey();
    assert.ok(all.api_keys.some((k) => k.id === own.id) && all.api_keys.some((k) => k.username === 'ops'));
    const byName = await admin.security.getApiKey({ name: 'admin-key' });
    assert.deepEqual(byName.api_keys.map((k) => [k.id, k.name, k.username, k.invalidated]), [[own.id, 'admin-key', 'elastic', false]]);
  });

  it('filters by username and realm_name, and refuses the combinations ES refuses', async () => {
    await ops.security.createApiKey({ name: 'ops-filtered' });
    await admin.security.createApiKey({ name: 'admin-filtered' });
    const byUser = await admin.security.getApiKey({ username: 'ops' });
    assert.ok(byUser.api_keys.length > 0 && byUser.api_keys.every((k) => k.username === 'ops'));
    const reserved = await admin.security.getApiKey({ realm_name: 'reserved' });
    assert.ok(reserved.api_keys.length > 0 && reserved.api_keys.every((k) => k.username === 'elastic'));
    assert.deepEqual((await admin.security.getApiKey({ username: 'ops', realm_name: 'reserved' })).api_keys, []);
    // Own keys only: naming oneself is allowed, naming anyone else is the privilege ES checks.
    assert.ok((await ops.security.getApiKey({ username: 'ops' })).api_keys.every((k) => k.username === 'ops'));
    await expectEsError(
      ops.security.getApiKey({ username: 'elastic' }),
      403,
      'security_exception',
      'action [cluster:admin/xpack/security/api_key/get] is unauthorized for user [ops] with roles [ops], this action is granted by the cluster privileges [read_security,manage_api_key,manage_security,all]',
    );
    await expectEsError(
      admin.security.getApiKey({ name: 'admin-filtered', username: 'elastic' }),
      400,
      'action_request_validation_exception',
      'Validation Failed: 1: username or realm name must not be specified when the api key id or api key name is specified;',
    );
    await expectEsError(
      admin.security.getApiKey({ owner: true, realm_name: 'reserved', id: 'x', name: 'y' }),
      400,
      'action_request_validation_exception',
      'Validation Failed: 1: username or realm name must not be specified when the api key id or api key name is specified;2: neither username nor realm-name may be specified when retrieving owned API keys;3: only one of [api key id, api key name] can be specified;',
    );
  });

  it('keeps keys across a restart', async () => {
    const created = await ops.security.createApiKey({ name: 'durable' });
    await server.close();
    server = await startTestServer({ dataDir, security: true, elasticPassword: 'elastic-pw', clock });
    const client = withKey(created.encoded);
    assert.equal((await client.security.authenticate()).username, 'ops');
    await client.close();
  });
});
