/** @module Opens the configured store: PostgreSQL when a database URL is given, else the embedded SQLite. */
import { randomId } from '../ids.js';
import { openSqliteStore } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';

export interface StoreConfig {
  /** Folder of the embedded SQLite database, or `:memory:`; unused with `databaseUrl`. */
  readonly dataDir: string;
  /** `postgres://…`: the shared PostgreSQL store (the CLI reads it from DATABASE_URL). */
  readonly databaseUrl?: string | undefined;
  /** Names this instance's connections. */
  readonly instanceId?: string;
}

export async function openStore(config: StoreConfig): Promise<Store> {
  if (!config.databaseUrl) return openSqliteStore(config.dataDir);
  // Loaded only when asked for: the pg driver costs start-up time and memory that SQLite users never need back.
  const { openPostgresStore } = await import('./postgres/postgres-store.js');
  return openPostgresStore(config.databaseUrl, config.instanceId ?? randomId(12));
}

/** Where the data lives, for messages: never the password. */
export function describeStore(config: StoreConfig): string {
  if (!config.databaseUrl) return config.dataDir;
  try {
    const url = new URL(config.databaseUrl);
    url.password = '';
    return url.toString();
  } catch {
    return 'postgres';
  }
}
