/** @module The embedded default store: SQLite through better-sqlite3, WAL mode, one file. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { SoleLeadership } from '../leadership.js';
import type { Store } from '../store.js';
import { withStatementCache } from './statement-cache.js';

export const SQLITE_FILE_NAME = 'tessera.db';
/** SQLite's page cache per connection: memory a server on SQLite fills as it reads, and then holds. */
export const SQLITE_PAGE_CACHE_BYTES = 128 * 1024 * 1024;

/**
 * Opens `<dataDir>/tessera.db`, or an in-memory database for `':memory:'`.
 * `synchronous = FULL` makes every acknowledged commit durable across power loss, not only a process crash.
 */
export function openSqliteStore(dataDir: string): Store {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, SQLITE_FILE_NAME);
  }
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // The search structure's indexes outgrow SQLite's 2 MB default page cache at a few thousand documents; reads of
  // pages beyond the cache go through the memory map rather than a system call each.
  database.pragma(`cache_size = -${SQLITE_PAGE_CACHE_BYTES / 1024}`);
  database.pragma('mmap_size = 1073741824');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return {
    db,
    dialect: 'sqlite',
    capabilities: { rowLocks: false, concurrentTransactions: false, bytesType: 'blob', byteOrderTextType: 'text', serialKeyType: 'integer', clusteredTableSuffix: 'without rowid', exclusive: (_key, work) => work() },
    shared: false,
    signals: undefined,
    leadership: new SoleLeadership(),
    countInstances: async () => 1,
    close: () => db.destroy(),
  };
}
