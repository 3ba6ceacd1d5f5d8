/** @module The native realm's tables: users and roles as JSON documents. */
import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../platform/store/store.js';

export const securityMigrations: MigrationSet = Object.freeze({
  '0005_security': () => ({
    async up(db: Kysely<any>) {
      await db.schema.createTable('security_users').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
      await db.schema.createTable('security_roles').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('security_roles').execute();
      await db.schema.dropTable('security_users').execute();
    },
  }),
  '0006_api_keys': () => ({
    async up(db: Kysely<any>) {
      await db.schema.createTable('security_api_keys').addColumn('id', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('security_api_keys').execute();
    },
  }),
});
