/** @module Opens the configured store: PostgreSQL when a database URL is given, else the embedded SQLite. */
import { randomId } from '../ids.js';
import { openPostgresStore } from './postgres/postgres-store.js';
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

export function openStore(config: StoreConfig): Promise<Store> {
  if (config.databaseUrl) return openPostgresStore(config.databaseUrl, config.instanceId ?? randomId(12));
  return Promise.resolve(openSqliteStore(config.dataDir));
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
