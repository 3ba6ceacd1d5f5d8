/** @module Opens the configured store. PostgreSQL (`DATABASE_URL`) joins SQLite here as a second dialect. */
import { openSqliteStore } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';

export interface StoreConfig {
  /** Folder of the embedded SQLite database, or `:memory:`. */
  readonly dataDir: string;
}

export function openStore(config: StoreConfig): Store {
  return openSqliteStore(config.dataDir);
}
