/** @module The storage handle shared by every module: a Kysely instance on one of the supported dialects. */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import type { Leadership } from './leadership.js';
import type { StoreSignals } from './signals.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * What differs between the dialects, as flags and operations that callers use instead of naming a dialect (as
 * Kysely's dialect adapters expose `supportsReturning` or `acquireMigrationLock`).
 */
export interface StoreCapabilities {
  /** `select … for update` locks rows until the transaction ends; SQLite has one writer at a time and no such clause. */
  readonly rowLocks: boolean;
  /** Transactions run side by side (PostgreSQL's pool); SQLite's one connection runs one at a time. */
  readonly concurrentTransactions: boolean;
  /** The column type for raw bytes. */
  readonly bytesType: 'bytea' | 'blob';
  /** A text column type that compares and sorts by bytes (SQLite's default, PostgreSQL's `C` collation), the same on each. */
  readonly byteOrderTextType: 'text' | 'text collate "C"';
  /** The type of a primary key the store numbers itself (SQLite's rowid alias, PostgreSQL's bigserial). */
  readonly serialKeyType: 'integer' | 'bigserial';
  /** What makes a table stored in its primary key's order (SQLite's `without rowid`); PostgreSQL has no such table. */
  readonly clusteredTableSuffix: '' | 'without rowid';
  /** Runs `work` holding the lock `key` against every other instance of the store; at once where one instance owns it. */
  exclusive<T>(key: number, work: () => Promise<T>): Promise<T>;
}

/**
 * An open database. Domain modules never see it: each declares its own repository interface and an
 * adapter built on `db` implements it.
 */
export interface Store {
  // Modules type their own tables; the shared handle stays untyped so platform knows none of them.
  readonly db: Kysely<any>;
  /** The dialect's name, for display; code that behaves differently by dialect reads `capabilities`. */
  readonly dialect: Dialect;
  readonly capabilities: StoreCapabilities;
  /** Several instances may share this store, so what one holds in memory can go stale. */
  readonly shared: boolean;
  /** Signals between the instances sharing the store; none on SQLite, which one instance owns. */
  readonly signals: StoreSignals | undefined;
  /** Which instance runs singleton work (the lifecycle runner). */
  readonly leadership: Leadership;
  /** How many instances are connected to the store now, this one included. */
  countInstances(): Promise<number>;
  close(): Promise<void>;
}

/** Migrations of one module; names carry a global order prefix such as `0001_`. */
export type MigrationSet = Readonly<Record<string, (capabilities: StoreCapabilities) => Migration>>;
