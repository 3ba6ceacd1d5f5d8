/** @module ILM's tables: ILM's own settings (where the virtual clock stands); policies once had a table of their own. */
import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../platform/store/store.js';
import { LIFECYCLE_METADATA } from '../policy/lifecycle-metadata.js';

export const ilmMigrations: MigrationSet = Object.freeze({
  '0003_ilm_policies': () => ({
    async up(db: Kysely<any>) {
      await db.schema.createTable('ilm_policies').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
      await db.schema.createTable('ilm_meta').addColumn('key', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('ilm_meta').execute();
      await db.schema.dropTable('ilm_policies').execute();
    },
  }),
  // Policies and the operation mode move into the cluster state (as ES's IndexLifecycleMetadata), so a policy change
  // and the cached phases it refreshes commit together.
  '0012_ilm_metadata_in_cluster_state': () => ({
    async up(db: Kysely<any>) {
      const policies = (await db.selectFrom('ilm_policies').select('data').orderBy('name').execute()).map((r: { data: string }) => JSON.parse(r.data) as unknown);
      const mode = await db.selectFrom('ilm_meta').select('data').where('key', '=', 'operation_mode').executeTakeFirst();
      const operation_mode = mode ? (JSON.parse(mode.data) as string) : 'RUNNING';
      if (policies.length > 0 || operation_mode !== 'RUNNING') {
        const version = await db.selectFrom('cluster_meta').select('data').where('key', '=', 'version').executeTakeFirst();
        await db
          .insertInto('cluster_customs')
          .values({ name: LIFECYCLE_METADATA, data: JSON.stringify({ policies, operation_mode }), version: version ? Number(JSON.parse(version.data)) : 0 })
          .execute();
      }
      await db.deleteFrom('ilm_meta').where('key', '=', 'operation_mode').execute();
      await db.schema.dropTable('ilm_policies').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.createTable('ilm_policies').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
      const row = await db.selectFrom('cluster_customs').select('data').where('name', '=', LIFECYCLE_METADATA).executeTakeFirst();
      if (!row) return;
      const { policies, operation_mode } = JSON.parse(row.data) as { policies: { name: string }[]; operation_mode: string };
      for (const policy of policies) await db.insertInto('ilm_policies').values({ name: policy.name, data: JSON.stringify(policy) }).execute();
      await db.insertInto('ilm_meta').values({ key: 'operation_mode', data: JSON.stringify(operation_mode) }).execute();
      await db.deleteFrom('cluster_customs').where('name', '=', LIFECYCLE_METADATA).execute();
    },
  }),
});
