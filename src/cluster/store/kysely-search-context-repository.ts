/** @module Search contexts on Kysely (tables: search-context-migrations.ts; old versions: search-retirement.ts). */
import type { Kysely } from 'kysely';
import type { ContextKind, SearchContextRepository, StoredContext } from '../search/search-context-repository.js';
import { chunks } from '../../platform/store/statement-chunks.js';
import { dropRetired, indicesWithRetired } from './search-retirement.js';

export class KyselySearchContextRepository implements SearchContextRepository {
  constructor(
    private readonly db: Kysely<any>,
    /** Other instances write too: the index counters are locked while the marks are read. */
    private readonly lockRows: boolean,
  ) {}

  open(context: Omit<StoredContext, 'marks'>, indices: readonly string[]): Promise<StoredContext> {
    return this.db.transaction().execute(async (trx) => {
      const marks: { index: string; mark: number }[] = [];
      // Under each index's counter lock (sorted, as writers take them): a write in flight commits before the mark is
      // read, and one after sees this context and keeps the versions it replaces.
      const locked = new Map<string, number>();
      for (const index of [...new Set(indices)].sort()) {
        let query = trx.selectFrom('es_index_counters').select('next_seq_no').where('index_name', '=', index);
        if (this.lockRows) query = query.forUpdate();
        const row = await query.executeTakeFirst();
        locked.set(index, row ? Number(row.next_seq_no) - 1 : -1);
      }
      await trx.insertInto('es_search_contexts').values({ id: context.id, kind: context.kind, expires_at: context.expiresAt, state: context.state }).execute();
      for (const index of new Set(indices)) marks.push({ index, mark: locked.get(index)! });
      for (const chunk of chunks(marks)) {
        await trx.insertInto('es_search_context_marks').values(chunk.map((m) => ({ context_id: context.id, index_name: m.index, mark: m.mark, position: marks.indexOf(m) }))).execute();
      }
      return { ...context, marks };
    });
  }

  async get(id: string): Promise<StoredContext | undefined> {
    const row = await this.db.selectFrom('es_search_contexts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const marks = await this.db.selectFrom('es_search_context_marks').select(['index_name', 'mark']).where('context_id', '=', id).orderBy('position').execute();
    return { id, kind: row.kind as ContextKind, expiresAt: Number(row.expires_at), state: row.state as string, marks: marks.map((m) => ({ index: m.index_name as string, mark: Number(m.mark) })) };
  }

  async update(id: string, expiresAt: number, state?: string): Promise<void> {
    await this.db.updateTable('es_search_contexts').set({ expires_at: expiresAt, ...(state !== undefined && { state }) }).where('id', '=', id).execute();
  }

  async close(ids: readonly string[]): Promise<number> {
    let freed = 0;
    const indices = new Set<string>();
    for (const chunk of chunks([...new Set(ids)])) {
      const marks = await this.db.selectFrom('es_search_context_marks').select('index_name').where('context_id', 'in', chunk).execute();
      for (const m of marks) indices.add(m.index_name as string);
      await this.db.deleteFrom('es_search_context_marks').where('context_id', 'in', chunk).execute();
      const result = await this.db.deleteFrom('es_search_contexts').where('id', 'in', chunk).executeTakeFirst();
      freed += Number(result.numDeletedRows);
    }
    // The last context on an index freed: the versions kept for it go.
    for (const index of indices) await dropRetired(this.db, index);
    return freed;
  }

  async closeKind(kind: ContextKind): Promise<number> {
    const ids = (await this.db.selectFrom('es_search_contexts').select('id').where('kind', '=', kind).execute()).map((r) => r.id as string);
    return this.close(ids);
  }

  async countOpen(kind: ContextKind, now: number): Promise<number> {
    const row = await this.db.selectFrom('es_search_contexts').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', kind).where('expires_at', '>', now).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async sweep(now: number): Promise<void> {
    const expired = (await this.db.selectFrom('es_search_contexts').select('id').where('expires_at', '<=', now).execute()).map((r) => r.id as string);
    if (expired.length > 0) await this.close(expired);
    // Versions kept for contexts that are gone (or retired by a write racing a context's close).
    for (const index of await indicesWithRetired(this.db)) await dropRetired(this.db, index);
  }
}
