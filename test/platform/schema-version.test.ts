/** An instance refuses to start on a schema newer than it knows, on SQLite and on a shared PostgreSQL store alike. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { MIGRATIONS } from '../../src/build-server.js';
import { openStore } from '../../src/platform/store/open-store.js';
import { removeTestData, startTestServer, tempDataDir, testDatabaseUrl, testStoreEnv } from '../helpers/server.js';
import { TESSERA_BIN } from '../helpers/bin.js';

const REFUSAL = 'the database schema has migrations this build does not know: 9999_from_a_later_build; upgrade Tessera';

describe('a schema newer than this build', () => {
  it('stops serve and migrate with a message that says to upgrade, and changes nothing', async () => {
    const dataDir = tempDataDir();
    try {
      await (await startTestServer({ dataDir })).close();
      const store = await openStore({ dataDir, databaseUrl: await testDatabaseUrl(dataDir) });
      try {
        await store.db.insertInto('kysely_migration').values({ name: '9999_from_a_later_build', timestamp: new Date().toISOString() }).execute();
      } finally {
        await store.close();
      }
      await assert.rejects(startTestServer({ dataDir }), { message: REFUSAL });
      const child = spawn(process.execPath, [TESSERA_BIN, 'migrate', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: await testStoreEnv(dataDir) });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      assert.equal(code, 1);
      assert.equal(stderr, `tessera: ${REFUSAL}\n`);
      const after = await openStore({ dataDir, databaseUrl: await testDatabaseUrl(dataDir) });
      try {
        const names = (await after.db.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map((r: { name: string }) => r.name);
        assert.equal(names.at(-1), '9999_from_a_later_build');
        // This build's migrations and the later one, nothing else.
        assert.equal(names.length, MIGRATIONS.reduce((n, set) => n + Object.keys(set).length, 0) + 1);
      } finally {
        await after.close();
      }
    } finally {
      await removeTestData(dataDir);
    }
  });
});
