/**
 * A store written before policies moved into the cluster state (migration 0012) keeps every policy, its version,
 * modification date and last modifier, and ILM's operation mode, and they are served from the cluster state after.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MIGRATIONS } from '../../src/build-server.js';
import { parsePolicyBody } from '../../src/ilm/policy/lifecycle-policy.js';
import { migrateToLatest } from '../../src/platform/store/migrate.js';
import { openStore } from '../../src/platform/store/open-store.js';
import type { MigrationSet } from '../../src/platform/store/store.js';
import { startTestServer, tempDataDir, testDatabaseUrl } from '../helpers/server.js';

/** The schema as the build before 0011 left it. */
const BEFORE: MigrationSet[] = MIGRATIONS.map((set) => Object.freeze(Object.fromEntries(Object.entries(set).filter(([name]) => name < '0011'))));

async function json(url: string): Promise<any> {
  const response = await fetch(url);
  assert.equal(response.status, 200, url);
  return response.json();
}

describe('upgrading a store whose policies were kept in their own table', () => {
  it('moves policies and the operation mode into the cluster state, unchanged', async () => {
    const dataDir = tempDataDir();
    const store = await openStore({ dataDir, databaseUrl: await testDatabaseUrl(dataDir) });
    try {
      await migrateToLatest(store, BEFORE);
      const policy = parsePolicyBody({ policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
      const stored = { name: 'old-logs', policy, version: 3, modifiedDate: Date.UTC(2026, 0, 2, 3, 4, 5), modifiedBy: 'elastic' };
      await store.db.insertInto('ilm_policies').values({ name: 'old-logs', data: JSON.stringify(stored) }).execute();
      await store.db.insertInto('ilm_meta').values({ key: 'operation_mode', data: JSON.stringify('STOPPED') }).execute();
      await store.db.insertInto('cluster_meta').values({ key: 'version', data: '7' }).execute();
    } finally {
      await store.close();
    }
    const server = await startTestServer({ dataDir });
    try {
      const policies = await json(`${server.url}/_ilm/policy`);
      assert.deepEqual(Object.keys(policies), ['old-logs']);
      assert.equal(policies['old-logs'].version, 3);
      assert.equal(policies['old-logs'].modified_date, '2026-01-02T03:04:05Z');
      assert.deepEqual(policies['old-logs'].policy.phases.delete.actions, { delete: { delete_searchable_snapshot: true } });
      assert.deepEqual(await json(`${server.url}/_ilm/status`), { operation_mode: 'STOPPED' });
      const state = await json(`${server.url}/_cluster/state/metadata`);
      assert.equal(state.metadata.index_lifecycle.operation_mode, 'STOPPED');
      assert.equal(state.metadata.index_lifecycle.policies['old-logs'].version, 3);
    } finally {
      await server.dispose();
    }
  });
});
