/** @module Rows split for multi-row statements, shared by the Kysely adapters. */

/** Rows per statement: well under SQLite's 32,766 bound parameters however wide the row (10 columns at most here). */
export const ROWS_PER_STATEMENT = 500;

export function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}
