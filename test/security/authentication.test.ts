/** Security's first part: basic authentication against the native realm, users, roles and _authenticate. */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { startServer } from '../../src/server.js';
import { esErrorOf } from '../helpers/es.js';
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';

const PASSWORD = 'changeme-123';

describe('authentication', () => {
  let server: TestServer;
  let elastic: Client;
  const clock = new VirtualClock(Date.UTC(2026, 0, 1));
  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: PASSWORD, clock });
    elastic = new Client({ node: server.url, auth: { username: 'elastic', password: PASSWORD } });
  });
  after(async () => {
    await elastic.close();
    await server.dispose();
  });

  it('refuses a request without credentials with 401 and ES\'s challenge', async () => {
    const response = await fetch(`${server.url}/_cluster/health`);
    assert.equal(response.status, 401);
    assert.deepEqual(response.headers.get('www-authenticate'), 'Basic realm="security", charset="UTF-8", ApiKey');
    const reason = 'missing authentication credentials for REST request [/_cluster/health]';
    const header = { 'WWW-Authenticate': ['Basic realm="security", charset="UTF-8"', 'ApiKey'] };
    assert.deepEqual(await response.json(), {
      error: { root_cause: [{ type: 'security_exception', reason, header }], type: 'security_exception', reason, header },
      status: 401,
    });
  });

  it('refuses a wrong password, and lets the superuser in', async () => {
    const wrong = new Client({ node: server.url, auth: { username: 'elastic', password: 'nope-nope' } });
    assert.deepEqual(await esErrorOf(wrong.info()), { status: 401, type: 'security_exception', reason: 'unable to authenticate user [elastic] for REST request [/]' });
    await wrong.close();
    const me = await elastic.security.authenticate();
    assert.deepEqual([me.username, me.roles, me.authentication_realm.type, me.authentication_type], ['elastic', ['superuser'], 'reserved', 'realm']);
    assert.equal((await elastic.info()).version.number.startsWith('8.'), true);
  });

  it('manages users and roles; a new user authenticates with its password, never shown', async () => {
    assert.deepEqual(await elastic.security.putRole({ name: 'logs_reader', cluster: ['monitor'], indices: [{ names: ['logs-*'], privileges: ['read'] }] }), { role: { created: true } });
    assert.deepEqual(await elastic.security.putUser({ username: 'ann', password: 'ann-password', roles: ['logs_reader'], full_name: 'Ann' }), { created: true });
    const users = await elastic.security.getUser({ username: 'ann' });
    assert.deepEqual(users.ann, { username: 'ann', roles: ['logs_reader'], full_name: 'Ann', email: null, metadata: {}, enabled: true });
    const ann = new Client({ node: server.url, auth: { username: 'ann', password: 'ann-password' } });
    const me = await ann.security.authenticate();
    assert.deepEqual([me.username, me.roles, me.authentication_realm.name], ['ann', ['logs_reader'], 'default_native']);
    await elastic.security.changePassword({ username: 'ann', password: 'new-password' });
    assert.equal((await esErrorOf(ann.security.authenticate())).status, 401);
    await ann.close();
    assert.deepEqual((await elastic.security.getRole({ name: 'logs_reader' })).logs_reader?.indices, [{ names: ['logs-*'], privileges: ['read'], allow_restricted_indices: false }]);
    assert.deepEqual(await esErrorOf(elastic.security.putUser({ username: 'bob', password: 'short', roles: [] })), {
      status: 400,
      type: 'action_request_validation_exception',
      reason: 'Validation Failed: 1: passwords must be at least [6] characters long;',
    });
    assert.deepEqual(await elastic.security.deleteUser({ username: 'ann' }), { found: true });
    assert.deepEqual(await esErrorOf(elastic.security.deleteUser({ username: 'elastic' })), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'user [elastic] is reserved and cannot be deleted',
    });
  });

  it('refuses a user body ES refuses, in its words, instead of ignoring a member: nothing changes', async () => {
    await elastic.security.putUser({ username: 'dora', password: 'dora-password', roles: [] });
    const put = (body: Record<string, unknown>) => fetch(`${server.url}/_security/user/dora`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`elastic:${PASSWORD}`).toString('base64')}` },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, error: ((await r.json()) as { error?: { type: string; reason: string } }).error }));
    const cases: [Record<string, unknown>, string, string][] = [
      // A misspelt member would have left the account enabled.
      [{ enabeld: false }, 'parse_exception', 'failed to parse add user request. unexpected field [enabeld]'],
      [{ enabled: 'false' }, 'parse_exception', 'expected field [enabled] to be of type boolean, but found [VALUE_STRING] instead'],
      [{ full_name: 5 }, 'parse_exception', 'expected field [full_name] to be of type string, but found [VALUE_NUMBER] instead'],
      [{ metadata: [] }, 'parse_exception', 'expected field [metadata] to be of type object, but found [START_ARRAY] instead'],
      [{ password: 12345678 }, 'parse_exception', 'expected field [password] to be of type string, but found [VALUE_NUMBER] instead'],
      [{ password_hash: '$2a$10$abc' }, 'illegal_argument_exception', '[password_hash] is not supported: Tessera hashes passwords with scrypt; send [password] instead'],
      [{ username: 'mallory' }, 'illegal_argument_exception', '[username] [mallory] in the body does not match the user [dora] in the path'],
    ];
    for (const [body, type, reason] of cases) assert.deepEqual(await put(body), { status: 400, error: { root_cause: [{ type, reason }], type, reason } }, JSON.stringify(body));
    const [user] = Object.values(await elastic.security.getUser({ username: 'dora' }));
    assert.equal(user!.enabled, true);
    assert.equal(user!.full_name, null);
    // What ES takes still works, null clearing a name.
    await elastic.security.putUser({ username: 'dora', full_name: 'Dora', enabled: false });
    await elastic.security.putUser({ username: 'dora', full_name: null as never });
    const [after] = Object.values(await elastic.security.getUser({ username: 'dora' }));
    assert.equal(after!.enabled, false);
    assert.equal(after!.full_name, null);
  });

  it('locks a user out after five failed attempts, even with the right password, until a minute passes', async () => {
    await elastic.security.putUser({ username: 'carl', password: 'carl-password', roles: [] });
    const bad = new Client({ node: server.url, auth: { username: 'carl', password: 'guess-guess' } });
    for (let i = 0; i < 5; i++) assert.equal((await esErrorOf(bad.info())).status, 401);
    await bad.close();
    const carl = new Client({ node: server.url, auth: { username: 'carl', password: 'carl-password' } });
    assert.equal((await esErrorOf(carl.security.authenticate())).status, 401, 'locked out');
    clock.advance(61_000);
    assert.equal((await carl.security.authenticate()).username, 'carl');
    await carl.close();
  });
});

describe('listening beyond loopback', () => {
  it('is refused without security unless explicitly allowed', async () => {
    await assert.rejects(startServer({ host: '0.0.0.0', port: 0, dataDir: tempDataDir() }), {
      message: 'refusing to listen on [0.0.0.0] without security: use --security, or --insecure-allow-remote to accept the risk',
    });
  });

  it('generates the elastic password once when none is given', async () => {
    const dataDir = tempDataDir();
    let generated: string | undefined;
    const previous = process.env.ELASTIC_PASSWORD;
    delete process.env.ELASTIC_PASSWORD;
    try {
      const first = await startTestServer({ dataDir, security: true, onGeneratedPassword: (p) => (generated = p) });
      assert.ok(generated && generated.length >= 16);
      const client = new Client({ node: first.url, auth: { username: 'elastic', password: generated! } });
      assert.equal((await client.security.authenticate()).username, 'elastic');
      await client.close();
      await first.close();
      let again: string | undefined;
      const second = await startTestServer({ dataDir, security: true, onGeneratedPassword: (p) => (again = p) });
      assert.equal(again, undefined, 'shown only at first start');
      await second.dispose();
    } finally {
      if (previous !== undefined) process.env.ELASTIC_PASSWORD = previous;
    }
  });
});
