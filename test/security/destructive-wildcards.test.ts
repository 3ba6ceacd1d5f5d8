/**
 * `action.destructive_requires_name` with security on: authorization narrows a wildcard to the indices the caller may
 * act on, so the wildcard is judged first, as ES's SecurityActionFilter judges it, or `DELETE /*` would delete them all.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { expectEsError } from '../es/es-helpers.js';

describe('destructive wildcards with security on', () => {
  let server: TestServer;
  let admin: Client;
  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    admin = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await admin.indices.create({ index: 'keep-1' });
    await admin.indices.create({ index: 'keep-2' });
  });
  after(async () => {
    await admin.close();
    await server.dispose();
  });

  it('refuses delete, close and open by wildcard or _all, and deletes or closes nothing', async () => {
    const refused = { status: 400, type: 'illegal_argument_exception', reason: 'Wildcard expressions or all indices are not allowed' };
    await expectEsError(admin.indices.delete({ index: '*' }), refused);
    await expectEsError(admin.indices.delete({ index: 'keep-*' }), refused);
    await expectEsError(admin.indices.delete({ index: '_all' }), refused);
    await expectEsError(admin.indices.close({ index: 'keep-*' }), refused);
    await expectEsError(admin.indices.open({ index: '*' }), refused);
    const rows = await admin.cat.indices({ format: 'json', h: 'index,status' });
    assert.deepEqual(rows.map((r) => [r.index, r.status]).sort(), [['keep-1', 'open'], ['keep-2', 'open']]);
  });

  it('deletes by wildcard once the setting allows it, as without security', async () => {
    await admin.cluster.putSettings({ persistent: { 'action.destructive_requires_name': false } });
    assert.equal((await admin.indices.delete({ index: 'keep-*' })).acknowledged, true);
    assert.equal(await admin.indices.exists({ index: 'keep-1' }), false);
  });
});
