/**
 * @module Multi-row inserts written as SQL text directly: indexing a batch of documents inserts tens of thousands of
 * rows, and building each through Kysely's insert builder (an object per row, parsed and visited) cost as much as
 * the store's own work. The text is cached per table, columns and row count; values travel as parameters.
 */
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';

const TEXTS = new Map<string, string>();
const MAX_TEXTS = 256;

/** Inserts `rows` (each in `columns` order) into `table`, in statements of at most `perStatement` rows. */
export async function insertRows(db: Kysely<any> | Transaction<any>, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[], perStatement = 500): Promise<void> {
  if (rows.length === 0) return;
  // `$1` on PostgreSQL, `?` on SQLite: whatever the dialect's compiler writes for a parameter.
  const numbered = sql`${0}`.compile(db).sql.startsWith('$');
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const key = `${numbered}|${table}|${columns.join(',')}|${chunk.length}`;
    let text = TEXTS.get(key);
    if (text === undefined) {
      let n = 0;
      const tuple = () => `(${columns.map(() => (numbered ? `$${++n}` : '?')).join(', ')})`;
      text = `insert into ${table} (${columns.join(', ')}) values ${chunk.map(tuple).join(', ')}`;
      if (TEXTS.size >= MAX_TEXTS) TEXTS.delete(TEXTS.keys().next().value!);
      TEXTS.set(key, text);
    }
    await db.executeQuery(CompiledQuery.raw(text, chunk.flat()));
  }
}
