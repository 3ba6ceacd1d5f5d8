/** @module Applies the modules' migrations in name order and refuses a schema newer than this build. */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { MigrationSet, Store } from './store.js';

export class SchemaTooNewError extends Error {
  constructor(readonly unknown: readonly string[]) {
    super(`the database schema has migrations this build does not know: ${unknown.join(', ')}; upgrade Tessera`);
  }
}

function provider(store: Store, sets: readonly MigrationSet[]): MigrationProvider {
  const migrations: Record<string, Migration> = {};
  for (const set of sets) {
    for (const [name, build] of Object.entries(set)) {
      if (name in migrations) throw new Error(`duplicate migration name ${name}`);
      migrations[name] = build(store.capabilities);
    }
  }
  return { getMigrations: async () => migrations };
}

/** Any constant of Tessera's own: held while migrating, so instances starting together on a new database take turns. */
const MIGRATION_LOCK_KEY = 0x7e55e7b;

/** Brings the schema up to date; returns the names applied now. */
export function migrateToLatest(store: Store, sets: readonly MigrationSet[]): Promise<string[]> {
  // Kysely locks only once its own table exists; creating that table concurrently can fail, so lock before it.
  return store.capabilities.exclusive(MIGRATION_LOCK_KEY, () => migrate(store, sets));
}

async function migrate(store: Store, sets: readonly MigrationSet[]): Promise<string[]> {
  const migrations = provider(store, sets);
  const knownNames = new Set(Object.keys(await migrations.getMigrations()));
  const applied = await appliedMigrationNames(store);
  const unknown = applied.filter((name) => !knownNames.has(name));
  if (unknown.length > 0) throw new SchemaTooNewError(unknown);
  const migrator = new Migrator({ db: store.db, provider: migrations });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

async function appliedMigrationNames(store: Store): Promise<string[]> {
  const tables = await store.db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return [];
  const rows = await store.db.selectFrom('kysely_migration').select('name').execute();
  return rows.map((r: { name: string }) => r.name);
}
