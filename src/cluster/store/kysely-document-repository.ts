/** @module Documents on Kysely. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Generations } from '../../platform/store/generations.js';
import type { DocumentRepository, DocumentTransaction, DocumentWrite, IndexDocStats, StoredDocument } from '../documents/document-repository.js';
import { chunks } from '../../platform/store/statement-chunks.js';
import { indexKey, syncSearchIndices, writeSearchIndex, type IndexedWrite } from './search-index-writes.js';

export interface DocumentTables {
  es_documents: { index_name: string; doc_id: string; seq_no: number | string; version: number | string; source: string; size_bytes: number; routing: string | null };
  es_index_counters: { index_name: string; next_seq_no: number | string; docs: number | string; size_bytes: number | string };
}

type CounterRow = DocumentTables['es_index_counters'];

function toStats(row: CounterRow): IndexDocStats {
  return { docs: Number(row.docs), sizeBytes: Number(row.size_bytes), nextSeqNo: Number(row.next_seq_no) };
}

type DocumentRow = DocumentTables['es_documents'];

function toDocument(row: DocumentRow): StoredDocument {
  return { id: row.doc_id, seqNo: Number(row.seq_no), version: Number(row.version), source: row.source, ...(row.routing !== null && { routing: row.routing }) };
}

async function getDocument(db: Kysely<DocumentTables> | Transaction<DocumentTables>, index: string, id: string): Promise<StoredDocument | undefined> {
  const row = await db.selectFrom('es_documents').selectAll().where('index_name', '=', index).where('doc_id', '=', id).executeTakeFirst();
  return row && toDocument(row);
}

class KyselyDocumentTransaction implements DocumentTransaction {
  written = false;
  /** The structure's key of each index whose counters this transaction holds. */
  readonly #keys = new Map<string, number>();

  constructor(
    private readonly trx: Transaction<DocumentTables>,
    private readonly lockRows: boolean,
  ) {}

  async lockStats(indices: readonly string[]): Promise<Map<string, IndexDocStats>> {
    const stats = new Map<string, IndexDocStats>();
    // Sorted, so two writers locking overlapping sets of counters cannot deadlock.
    for (const index of [...new Set(indices)].sort()) {
      await this.trx.insertInto('es_index_counters').values({ index_name: index, next_seq_no: 0, docs: 0, size_bytes: 0 }).onConflict((oc) => oc.column('index_name').doNothing()).execute();
      let query = this.trx.selectFrom('es_index_counters').selectAll().where('index_name', '=', index);
      if (this.lockRows) query = query.forUpdate();
      stats.set(index, toStats(await query.executeTakeFirstOrThrow()));
      // Numbered under the counter's lock, so two instances writing a new index agree on its key.
      if (!this.#keys.has(index)) this.#keys.set(index, await indexKey(this.trx, index));
    }
    return stats;
  }

  async getMany(index: string, ids: readonly string[]): Promise<Map<string, StoredDocument>> {
    const found = new Map<string, StoredDocument>();
    for (const chunk of chunks([...new Set(ids)])) {
      const rows = await this.trx.selectFrom('es_documents').selectAll().where('index_name', '=', index).where('doc_id', 'in', chunk).execute();
      for (const row of rows) found.set(row.doc_id, toDocument(row));
    }
    return found;
  }

  async write(writes: readonly DocumentWrite[], stats: ReadonlyMap<string, IndexDocStats>): Promise<void> {
    if (writes.length > 0) this.written = true;
    // Only each document's last write reaches the store, so no statement touches a row twice (PostgreSQL refuses an
    // upsert that does), and the deletes and upserts that remain can run in any order.
    const last = new Map<string, DocumentWrite>();
    for (const w of writes) {
      const key = `${w.index}\u0000${w.id}`;
      last.delete(key);
      last.set(key, w);
    }
    const indexed = new Map<string, IndexedWrite[]>();
    for (const w of last.values()) {
      let list = indexed.get(w.index);
      if (!list) indexed.set(w.index, (list = []));
      list.push({ id: w.id, seqNo: w.seqNo, indexed: w.source === undefined ? undefined : w.indexed });
    }
    // Before the documents change: the versions being replaced are found by their stored sequence numbers.
    for (const [index, list] of indexed) await writeSearchIndex(this.trx, index, this.#keys.get(index) ?? (await indexKey(this.trx, index)), list);
    const deletes = new Map<string, string[]>();
    const upserts: DocumentRow[] = [];
    for (const w of last.values()) {
      if (w.source === undefined) {
        let ids = deletes.get(w.index);
        if (!ids) deletes.set(w.index, (ids = []));
        ids.push(w.id);
      } else {
        upserts.push({ index_name: w.index, doc_id: w.id, seq_no: w.seqNo, version: w.version, source: w.source, size_bytes: Buffer.byteLength(w.source), routing: w.routing ?? null });
      }
    }
    for (const [index, ids] of deletes) {
      for (const chunk of chunks(ids)) await this.trx.deleteFrom('es_documents').where('index_name', '=', index).where('doc_id', 'in', chunk).execute();
    }
    for (const chunk of chunks(upserts)) {
      await this.trx
        .insertInto('es_documents')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['index_name', 'doc_id']).doUpdateSet((eb) => ({
            seq_no: eb.ref('excluded.seq_no'),
            version: eb.ref('excluded.version'),
            source: eb.ref('excluded.source'),
            size_bytes: eb.ref('excluded.size_bytes'),
            routing: eb.ref('excluded.routing'),
          })),
        )
        .execute();
    }
    for (const [index, s] of stats) {
      await this.trx
        .updateTable('es_index_counters')
        .set({ next_seq_no: s.nextSeqNo, docs: s.docs, size_bytes: s.sizeBytes })
        .where('index_name', '=', index)
        .execute();
    }
  }
}

export interface DocumentStoreOptions {
  /** Other instances write too: counters are locked while a batch uses them, and each batch moves the generation. */
  readonly shared: boolean;
  readonly generations: Generations;
}

export class KyselyDocumentRepository implements DocumentRepository {
  constructor(
    private readonly db: Kysely<DocumentTables>,
    private readonly options: DocumentStoreOptions,
  ) {}

  get shared(): boolean {
    return this.options.shared;
  }

  async generation(): Promise<number> {
    if (!this.options.shared) return 0;
    return (await this.options.generations.read(this.db)).get('documents') ?? 0;
  }

  async loadStats(): Promise<Map<string, IndexDocStats>> {
    const rows = await this.db.selectFrom('es_index_counters').selectAll().execute();
    return new Map(rows.map((r) => [r.index_name, toStats(r)]));
  }

  get(index: string, id: string): Promise<StoredDocument | undefined> {
    return getDocument(this.db, index, id);
  }

  async sources(index: string): Promise<string[]> {
    const rows = await this.db.selectFrom('es_documents').select('source').where('index_name', '=', index).execute();
    return rows.map((r) => r.source);
  }

  transaction<T>(work: (tx: DocumentTransaction) => Promise<T>): Promise<{ result: T; generation: number }> {
    return this.db.transaction().execute(async (trx) => {
      const tx = new KyselyDocumentTransaction(trx, this.options.shared);
      const result = await work(tx);
      if (!this.options.shared || !tx.written) return { result, generation: 0 };
      // Locked last, after every counter the batch holds, so batches of different indices wait on each other only to commit.
      const { generations } = this.options;
      const generation = (await generations.lock(trx as Transaction<any>, 'documents')) + 1;
      // No signal: counts are caught up with when a read needs them, not on every batch another instance writes.
      await generations.write(trx as Transaction<any>, 'documents', generation, { signal: false });
      return { result, generation };
    });
  }
}


/** Inside the cluster-state commit: derived indices get their source's documents, deleted indices lose theirs. */
export async function syncDocumentsWithIndices(
  trx: Transaction<any>,
  created: readonly { name: string; copiedFrom: string }[],
  removed: readonly string[],
): Promise<void> {
  await syncSearchIndices(trx, created, removed);
  for (const { name, copiedFrom } of created) {
    await sql`insert into es_documents (index_name, doc_id, seq_no, version, source, size_bytes, routing)
      select ${name}, doc_id, seq_no, version, source, size_bytes, routing from es_documents where index_name = ${copiedFrom}`.execute(trx);
    await sql`insert into es_index_counters (index_name, next_seq_no, docs, size_bytes)
      select ${name}, next_seq_no, docs, size_bytes from es_index_counters where index_name = ${copiedFrom}`.execute(trx);
  }
  if (removed.length > 0) {
    await trx.deleteFrom('es_documents').where('index_name', 'in', removed).execute();
    await trx.deleteFrom('es_index_counters').where('index_name', 'in', removed).execute();
  }
}
