/**
 * Ways in where one does not belong (issue 13, items 1–4): a narrowed API key minting an unrestricted one, an API key
 * changing its owner's password, alias and index names nobody authorized, and keys that outlive their user. Each
 * test fails on the code before the fix.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { EPOCH, esErrorOf } from '../helpers/es.js';
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';

const denied = (reason: string) => ({ status: 403, type: 'security_exception', reason });
const badRequest = (reason: string) => ({ status: 400, type: 'illegal_argument_exception', reason });

describe('privilege escalation', () => {
  const clock = new VirtualClock(EPOCH);
  const dataDir = tempDataDir();
  let server: TestServer;
  let admin: Client;
  const clients: Client[] = [];
  const as = (username: string, password: string) => {
    const client = new Client({ node: server.url, auth: { username, password } });
    clients.push(client);
    return client;
  };
  const withKey = (encoded: string) => {
    const client = new Client({ node: server.url, auth: { apiKey: encoded } });
    clients.push(client);
    return client;
  };

  before(async () => {
    server = await startTestServer({ dataDir, security: true, elasticPassword: 'elastic-pw', clock });
    admin = as('elastic', 'elastic-pw');
    await admin.security.putRole({ name: 'ops', cluster: ['manage_own_api_key'], indices: [{ names: ['logs-*'], privileges: ['all'] }] });
    await admin.security.putUser({ username: 'ops', password: 'ops-password', roles: ['ops'] });
    await admin.security.putRole({ name: 'team', cluster: [], indices: [{ names: ['mine-*'], privileges: ['manage', 'write', 'read'] }] });
    await admin.security.putUser({ username: 'mallory', password: 'mallory-pw', roles: ['team'] });
    await admin.security.putRole({ name: 'writer', cluster: [], indices: [{ names: ['logs-*'], privileges: ['write', 'read'] }] });
    await admin.security.putUser({ username: 'writer', password: 'writer-pw', roles: ['writer'] });
    await admin.security.putRole({ name: 'ingest', cluster: [], indices: [{ names: ['logs-*'], privileges: ['write', 'auto_configure'] }] });
    await admin.security.putUser({ username: 'ingest', password: 'ingest-pw', roles: ['ingest'] });
    await admin.indices.create({ index: 'secret-1' });
    await admin.index({ index: 'secret-1', id: '1', document: { secret: true } });
    await admin.indices.create({ index: 'secret-logs-000001', aliases: { 'secret-logs': { is_write_index: true } } });
    await admin.indices.create({ index: 'logs-1' });
    await admin.indices.create({ index: 'mine-1' });
    await admin.indices.create({ index: 'mine-w-000001', aliases: { 'mine-w': { is_write_index: true } } });
  });
  after(async () => {
    for (const client of clients) await client.close();
    await server.dispose();
  });

  describe('1. a key created with a key', () => {
    let narrowed: { id: string; encoded: string };
    before(async () => {
      narrowed = await as('ops', 'ops-password').security.createApiKey({
        name: 'narrowed',
        role_descriptors: { reader: { cluster: ['manage_own_api_key'], indices: [{ names: ['logs-*'], privileges: ['read'] }] } },
      });
    });

    it('is refused unless its role descriptors grant nothing, as ES refuses it', async () => {
      const key = withKey(narrowed.encoded);
      const refusal = badRequest('creating derived api keys requires an explicit role descriptor that is empty (has no privileges)');
      assert.deepEqual(await esErrorOf(key.security.createApiKey({ name: 'derived' })), refusal);
      assert.deepEqual(await esErrorOf(key.security.createApiKey({ name: 'derived', role_descriptors: {} })), refusal);
      assert.deepEqual(
        await esErrorOf(key.security.createApiKey({ name: 'derived', role_descriptors: { all: { indices: [{ names: ['*'], privileges: ['all'] }] } } })),
        refusal,
      );
      assert.deepEqual(await esErrorOf(key.security.createApiKey({ name: 'derived', role_descriptors: { none: {}, su: { cluster: ['all'] } } })), refusal);
      const names = (await admin.security.getApiKey({ username: 'ops' })).api_keys.map((k) => k.name);
      assert.deepEqual(names, ['narrowed'], 'no key was created');
    });

    it('with an empty role descriptor makes a key that can do nothing but say who it is', async () => {
      const derived = await withKey(narrowed.encoded).security.createApiKey({ name: 'derived-empty', role_descriptors: { none: {} } });
      const key = withKey(derived.encoded);
      assert.equal((await key.security.authenticate()).username, 'ops');
      assert.equal((await esErrorOf(key.get({ index: 'secret-1', id: '1' }))).status, 403);
      assert.deepEqual(
        await esErrorOf(key.security.putUser({ username: 'evil', password: 'evil-password', roles: ['superuser'] })),
        denied(`action [cluster:admin/xpack/security/user/put] is unauthorized for API key id [${derived.id}] of user [ops], this action is granted by the cluster privileges [manage_security,all]`),
      );
      assert.equal((await admin.security.getUser({ username: 'evil' }, { ignore: [404] })).evil, undefined);
    });
  });

  describe('2. a password change through an API key', () => {
    it('is refused, even for the key owner, and the password stays', async () => {
      const key = await as('ops', 'ops-password').security.createApiKey({ name: 'any', role_descriptors: { reader: { indices: [{ names: ['logs-*'], privileges: ['read'] }] } } });
      assert.deepEqual(
        await esErrorOf(withKey(key.encoded).security.changePassword({ username: 'ops', password: 'taken-over' })),
        denied(`action [cluster:admin/xpack/security/user/change_password] is unauthorized for API key id [${key.id}] of user [ops], this action is granted by the cluster privileges [manage_security,all]`),
      );
      const unrestricted = await as('ops', 'ops-password').security.createApiKey({ name: 'unrestricted' });
      assert.deepEqual(
        await esErrorOf(withKey(unrestricted.encoded).security.changePassword({ username: 'ops', password: 'taken-over' })),
        denied(`action [cluster:admin/xpack/security/user/change_password] is unauthorized for API key id [${unrestricted.id}] of user [ops], this action is granted by the cluster privileges [manage_security,all]`),
      );
      assert.equal((await as('ops', 'ops-password').security.authenticate()).username, 'ops', 'the old password still works');
    });

    it('still lets a user signed in with a password change their own, and a key with manage_security change anyone\'s', async () => {
      await admin.security.putUser({ username: 'carol', password: 'carol-password', roles: [] });
      await as('carol', 'carol-password').security.changePassword({ username: 'carol', password: 'carol-new-password' });
      assert.equal((await as('carol', 'carol-new-password').security.authenticate()).username, 'carol');
      const superKey = await admin.security.createApiKey({ name: 'root' });
      await withKey(superKey.encoded).security.changePassword({ username: 'carol', password: 'carol-third-password' });
      assert.equal((await as('carol', 'carol-third-password').security.authenticate()).username, 'carol');
    });
  });

  describe('3. names beyond the index', () => {
    const mallory = () => as('mallory', 'mallory-pw');
    const aliasDenied = (names: string) =>
      denied(`action [indices:admin/aliases] is unauthorized for user [mallory] with roles [team] on indices [${names}], this action is granted by the index privileges [manage,all]`);
    const secretAliases = async () => Object.keys((await admin.indices.getAlias({ name: 'secret-logs' }))).sort();

    it('adding or removing another team\'s alias on one\'s own index is refused, in every form', async () => {
      assert.deepEqual(await esErrorOf(mallory().indices.putAlias({ index: 'mine-1', name: 'secret-logs', is_write_index: true })), aliasDenied('secret-logs'));
      assert.deepEqual(
        await esErrorOf(mallory().transport.request({ method: 'POST', path: '/mine-1/_aliases/secret-logs', body: { is_write_index: true } })),
        aliasDenied('secret-logs'),
      );
      assert.deepEqual(
        await esErrorOf(mallory().indices.updateAliases({ actions: [{ add: { index: 'mine-1', alias: 'mine-a' } }, { add: { index: 'mine-1', aliases: ['secret-logs', 'other-x'], is_write_index: true } }] })),
        aliasDenied('secret-logs,other-x'),
      );
      assert.deepEqual(await esErrorOf(mallory().indices.updateAliases({ actions: [{ remove: { index: 'mine-1', alias: 'secret-logs' } }] })), aliasDenied('secret-logs'));
      assert.deepEqual(await esErrorOf(mallory().indices.deleteAlias({ index: 'mine-1', name: 'secret-logs' })), aliasDenied('secret-logs'));
      assert.deepEqual(await esErrorOf(mallory().indices.create({ index: 'mine-2', aliases: { 'secret-logs': { is_write_index: true } } })), aliasDenied('secret-logs'));
      assert.equal((await admin.indices.exists({ index: 'mine-2' })), false);
      assert.deepEqual(await secretAliases(), ['secret-logs-000001'], 'the alias still points only at its own index');
      // The team's own aliases work as before.
      await mallory().indices.putAlias({ index: 'mine-1', name: 'mine-alias' });
      await mallory().indices.updateAliases({ actions: [{ add: { index: 'mine-1', alias: 'mine-b' } }, { remove: { index: 'mine-1', alias: 'mine-alias' } }] });
      assert.deepEqual(Object.keys((await admin.indices.getAlias({ index: 'mine-1' }))['mine-1']!.aliases).sort(), ['mine-b']);
    });

    it('a rollover to a name one may not create, or with another team\'s alias, is refused', async () => {
      assert.deepEqual(
        await esErrorOf(mallory().indices.rollover({ alias: 'mine-w', new_index: 'secret-evil' })),
        denied('action [indices:admin/create] is unauthorized for user [mallory] with roles [team] on indices [secret-evil], this action is granted by the index privileges [create_index,manage,all]'),
      );
      assert.deepEqual(await esErrorOf(mallory().indices.rollover({ alias: 'mine-w', aliases: { 'secret-logs': {} } })), aliasDenied('secret-logs'));
      assert.equal(await admin.indices.exists({ index: 'secret-evil' }), false);
      assert.deepEqual(Object.keys(await admin.indices.get({ index: 'mine-w-*' })), ['mine-w-000001'], 'no rollover happened');
      const rolled = await mallory().indices.rollover({ alias: 'mine-w', new_index: 'mine-w-000002' });
      assert.equal(rolled.rolled_over, true);
      // An alias of the team's over another team's write index (set up by an admin): the generated name is checked too.
      await admin.indices.create({ index: 'secret-x-000001', aliases: { 'mine-x': { is_write_index: true } } });
      assert.deepEqual(
        await esErrorOf(mallory().indices.rollover({ alias: 'mine-x' })),
        denied('action [indices:admin/create] is unauthorized for user [mallory] with roles [team] on indices [secret-x-000002], this action is granted by the index privileges [create_index,manage,all]'),
      );
      assert.equal(await admin.indices.exists({ index: 'secret-x-000002' }), false);
    });

    it('writing creates a missing index only with create_index or auto_configure, as in ES', async () => {
      const writer = as('writer', 'writer-pw');
      const autoCreate = (index: string) =>
        `action [indices:admin/auto_create] is unauthorized for user [writer] with roles [writer] on indices [${index}], this action is granted by the index privileges [auto_configure,create_index,manage,all]`;
      assert.deepEqual(await esErrorOf(writer.index({ index: 'logs-brandnew', document: { a: 1 } })), denied(autoCreate('logs-brandnew')));
      assert.deepEqual(await esErrorOf(writer.create({ index: 'logs-brandnew', id: '1', document: { a: 1 } })), denied(autoCreate('logs-brandnew')));
      const bulk = await writer.bulk({ operations: [{ index: { _index: 'logs-brandnew' } }, { a: 1 }, { index: { _index: 'logs-1' } }, { a: 2 }] });
      assert.equal(bulk.errors, true);
      assert.deepEqual(bulk.items[0]!.index!.error, { type: 'security_exception', reason: autoCreate('logs-brandnew') });
      assert.equal(bulk.items[0]!.index!.status, 403);
      assert.equal(bulk.items[1]!.index!.status, 201, 'writes to an existing index go through');
      assert.equal(await admin.indices.exists({ index: 'logs-brandnew' }), false);
      // PUT was refused all along, and stays refused.
      assert.equal((await esErrorOf(writer.indices.create({ index: 'logs-brandnew' }))).status, 403);
      const ingest = as('ingest', 'ingest-pw');
      assert.equal((await ingest.index({ index: 'logs-auto', document: { a: 1 } })).result, 'created');
      assert.equal(await admin.indices.exists({ index: 'logs-auto' }), true);
    });
  });

  describe('4. keys and their owner', () => {
    it('a deleted user\'s keys stay dead when a user of the same name is created later', async () => {
      await admin.security.putUser({ username: 'temp', password: 'temp-password', roles: ['ops'] });
      const key = await as('temp', 'temp-password').security.createApiKey({ name: 'temp-key' });
      assert.equal((await withKey(key.encoded).security.authenticate()).username, 'temp');
      await admin.security.deleteUser({ username: 'temp' });
      await admin.security.putUser({ username: 'temp', password: 'other-password', roles: ['ops'] });
      assert.deepEqual(await esErrorOf(withKey(key.encoded).security.authenticate()), {
        status: 401,
        type: 'security_exception',
        reason: 'unable to authenticate with provided credentials and anonymous access is not allowed for this request',
      });
      const [stored] = (await admin.security.getApiKey({ id: key.id })).api_keys;
      assert.equal(stored!.invalidated, true);
      await server.close();
      server = await startTestServer({ dataDir, security: true, elasticPassword: 'elastic-pw', clock });
      for (const client of clients.splice(0)) await client.close();
      admin = as('elastic', 'elastic-pw');
      assert.equal((await esErrorOf(withKey(key.encoded).security.authenticate())).status, 401, 'still dead after a restart');
    });

    it('a key with manage_own_api_key reaches only itself, not its owner\'s other keys', async () => {
      const ops = as('ops', 'ops-password');
      const other = await ops.security.createApiKey({ name: 'other' });
      const self = await ops.security.createApiKey({ name: 'self', role_descriptors: { own: { cluster: ['manage_own_api_key'] } } });
      const key = withKey(self.encoded);
      const refusal = (action: string) =>
        denied(`action [cluster:admin/xpack/security/api_key/${action}] is unauthorized for API key id [${self.id}] of user [ops], this action is granted by the cluster privileges [${action === 'get' ? 'read_security,' : ''}manage_api_key,manage_security,all]`);
      assert.deepEqual(await esErrorOf(key.security.getApiKey()), refusal('get'));
      assert.deepEqual(await esErrorOf(key.security.getApiKey({ owner: true })), refusal('get'));
      assert.deepEqual(await esErrorOf(key.security.getApiKey({ id: other.id })), refusal('get'));
      assert.deepEqual(await esErrorOf(key.security.invalidateApiKey({ ids: [other.id] })), refusal('invalidate'));
      assert.deepEqual(await esErrorOf(key.security.invalidateApiKey({ ids: [self.id, other.id] })), refusal('invalidate'));
      assert.deepEqual(await esErrorOf(key.security.invalidateApiKey({ name: 'other' })), refusal('invalidate'));
      assert.equal((await withKey(other.encoded).security.authenticate()).username, 'ops', 'the other key still works');
      assert.deepEqual((await key.security.getApiKey({ id: self.id })).api_keys.map((k) => k.id), [self.id]);
      assert.deepEqual((await key.security.invalidateApiKey({ ids: [self.id] })).invalidated_api_keys, [self.id]);
      // The owner, signed in with a password, still sees and manages all of their own keys.
      assert.ok((await ops.security.getApiKey({ owner: true })).api_keys.some((k) => k.id === other.id));
    });
  });
});
