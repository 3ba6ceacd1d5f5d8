import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esErrorOf as esError } from '../helpers/es.js';
import { startTestServer, tempDataDir } from '../helpers/server.js';

describe('snapshot repositories', () => {
  it('are registered, listed, refused without a type, deleted, and kept across a restart', async () => {
    const dataDir = tempDataDir();
    const first = await startTestServer({ dataDir });
    let client = new Client({ node: first.url });
    assert.deepEqual(await client.snapshot.createRepository({ name: 'backups', repository: { type: 'fs', settings: { location: '/b', compress: true } } }), { acknowledged: true });
    await client.snapshot.createRepository({ name: 'old', repository: { type: 'fs', settings: { location: '/o' } } });
    assert.deepEqual(await client.snapshot.getRepository({ name: 'backups' }), { backups: { type: 'fs', settings: { location: '/b', compress: 'true' } } });
    assert.deepEqual(Object.keys(await client.snapshot.getRepository()), ['backups', 'old']);
    assert.deepEqual(await esError(client.snapshot.getRepository({ name: 'nope' })), { status: 404, type: 'repository_missing_exception', reason: '[nope] missing' });
    assert.deepEqual(await esError(client.transport.request({ method: 'PUT', path: '/_snapshot/typeless', body: { settings: {} } })), {
      status: 400,
      type: 'action_request_validation_exception',
      reason: 'Validation Failed: 1: type is missing;',
    });
    await client.snapshot.deleteRepository({ name: 'old' });
    assert.deepEqual(await esError(client.snapshot.deleteRepository({ name: 'old' })), { status: 404, type: 'repository_missing_exception', reason: '[old] missing' });
    assert.deepEqual(await client.snapshot.get({ repository: 'backups', snapshot: '_all' }), { snapshots: [], total: 0, remaining: 0 });
    await client.close();
    await first.close();

    const second = await startTestServer({ dataDir });
    client = new Client({ node: second.url });
    try {
      assert.deepEqual(Object.keys(await client.snapshot.getRepository()), ['backups']);
    } finally {
      await client.close();
      await second.dispose();
    }
  });
});
