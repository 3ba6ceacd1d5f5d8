/**
 * @module Reuses better-sqlite3 statements by their SQL. Kysely's SQLite driver prepares every query anew, and
 * preparing (parsing and planning the SQL) cost more than running the small queries the grid sends.
 */
import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept; queries whose text varies with their arguments (`in (?, ?, …)`) must not grow it without bound. */
const CAPACITY = 512;

export function withStatementCache(database: Database.Database): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      // A statement still iterating (a streamed query) cannot run a second query; that caller gets its own.
      if (statement?.busy) return database.prepare(sql);
      if (statement) return statement;
      statement = database.prepare(sql);
      if (statements.size >= CAPACITY) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
