/**
 * @module Old versions kept for open search contexts. While a context is open on an index, a write that replaces or
 * deletes a document keeps the old version's structure rows and records it as retired (with the write's sequence
 * number), copying its stored document to the history; live searches leave retired versions out, a context's
 * searches see them as they were at its mark. A sweep drops what no open context can see any more.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { chunks } from '../../platform/store/statement-chunks.js';

type Db = Kysely<any> | Transaction<any>;

/** Whether any context (expired or not: the sweep decides expiry, with the Clock) holds a snapshot of `index`. */
export async function contextsOpenOn(trx: Db, index: string): Promise<boolean> {
  const row = await trx.selectFrom('es_search_context_marks').select('context_id').where('index_name', '=', index).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Records `versions` (sequence number → the sequence number of the write retiring it) as retired, their documents kept. */
export async function retireVersions(trx: Db, index: string, key: number, versions: ReadonlyMap<number, number>): Promise<void> {
  const docs = [...versions.keys()];
  for (const chunk of chunks(docs)) {
    await trx
      .insertInto('es_retired')
      .values(chunk.map((doc) => ({ index_key: key, doc, retired_seq: versions.get(doc)! })))
      .onConflict((oc) => oc.columns(['index_key', 'doc']).doNothing())
      .execute();
    await sql`insert into es_document_history (index_name, doc_id, seq_no, version, source, size_bytes, routing)
      select index_name, doc_id, seq_no, version, source, size_bytes, routing from es_documents where index_name = ${index} and seq_no in (${sql.join(chunk)})`.execute(trx);
  }
}

/**
 * Drops the retired versions of `index` that no open context sees: those retired at or before the lowest mark of
 * its remaining contexts, or, with none left, before the index's next sequence number as read now (a version a
 * concurrent write retires after that read has a higher number and waits for the next sweep).
 */
export async function dropRetired(db: Db, index: string): Promise<void> {
  const key = await db.selectFrom('es_search_indices').select('index_key').where('index_name', '=', index).executeTakeFirst();
  if (!key) return;
  const indexKey = Number(key.index_key);
  const lowest = await db.selectFrom('es_search_context_marks').select(sql<number | string | null>`min(mark)`.as('m')).where('index_name', '=', index).executeTakeFirst();
  let bound: number;
  if (lowest?.m !== null && lowest?.m !== undefined) bound = Number(lowest.m);
  else {
    const counter = await db.selectFrom('es_index_counters').select('next_seq_no').where('index_name', '=', index).executeTakeFirst();
    bound = counter ? Number(counter.next_seq_no) - 1 : Number.MAX_SAFE_INTEGER;
  }
  const gone = sql`(select doc from es_retired where index_key = ${indexKey} and retired_seq <= ${bound})`;
  // A retired root's nested documents go with it.
  const nested = sql`(select child from es_nested where index_key = ${indexKey} and root in ${gone})`;
  for (const table of ['es_postings', 'es_doc_lengths', 'es_doc_values']) {
    await sql`delete from ${sql.table(table)} where index_key = ${indexKey} and doc in ${nested}`.execute(db);
    await sql`delete from ${sql.table(table)} where index_key = ${indexKey} and doc in ${gone}`.execute(db);
  }
  await sql`delete from es_nested where index_key = ${indexKey} and root in ${gone}`.execute(db);
  await sql`delete from es_document_history where index_name = ${index} and seq_no in ${gone}`.execute(db);
  await sql`delete from es_retired where index_key = ${indexKey} and retired_seq <= ${bound}`.execute(db);
}

/** Indices holding retired versions, for the sweep. */
export async function indicesWithRetired(db: Db): Promise<string[]> {
  const rows = await sql<{ index_name: string }>`select distinct i.index_name from es_retired r join es_search_indices i on i.index_key = r.index_key`.execute(db);
  return rows.rows.map((r) => r.index_name);
}

/** A deleted index loses its retired versions and history with its structure. */
export async function forgetRetired(trx: Db, keys: readonly number[], names: readonly string[]): Promise<void> {
  if (keys.length > 0) await trx.deleteFrom('es_retired').where('index_key', 'in', keys).execute();
  if (names.length > 0) await trx.deleteFrom('es_document_history').where('index_name', 'in', names).execute();
}
