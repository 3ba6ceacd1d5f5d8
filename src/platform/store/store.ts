/** @module The storage handle shared by every module: a Kysely instance on one of the supported dialects. */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/**
 * An open database. Domain modules never see it: each declares its own repository interface and an
 * adapter built on `db` implements it.
 */
export interface Store {
  // Modules type their own tables; the shared handle stays untyped so platform knows none of them.
  readonly db: Kysely<any>;
  readonly dialect: Dialect;
  close(): Promise<void>;
}

/** Migrations of one module; names carry a global order prefix such as `0001_`. */
export type MigrationSet = Readonly<Record<string, (dialect: Dialect) => Migration>>;
