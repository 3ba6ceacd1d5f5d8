/** @module Documents on Kysely. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DocumentRepository, DocumentWrite, IndexDocStats, StoredDocument } from '../documents/document-repository.js';

export interface DocumentTables {
  es_documents: { index_name: string; doc_id: string; seq_no: number | string; version: number | string; source: string; size_bytes: number };
  es_index_counters: { index_name: string; next_seq_no: number | string };
}

export class KyselyDocumentRepository implements DocumentRepository {
  constructor(private readonly db: Kysely<DocumentTables>) {}

  async loadStats(): Promise<Map<string, IndexDocStats>> {
    const rows = await this.db
      .selectFrom('es_documents')
      .select(['index_name', sql<number>`count(*)`.as('docs'), sql<number>`sum(size_bytes)`.as('bytes')])
      .groupBy('index_name')
      .execute();
    const counters = await this.db.selectFrom('es_index_counters').selectAll().execute();
    const stats = new Map<string, IndexDocStats>();
    for (const c of counters) stats.set(c.index_name, { docs: 0, sizeBytes: 0, nextSeqNo: Number(c.next_seq_no) });
    for (const r of rows) {
      const seq = stats.get(r.index_name)?.nextSeqNo ?? 0;
      stats.set(r.index_name, { docs: Number(r.docs), sizeBytes: Number(r.bytes), nextSeqNo: seq });
    }
    return stats;
  }

  async get(index: string, id: string): Promise<StoredDocument | undefined> {
    const row = await this.db.selectFrom('es_documents').selectAll().where('index_name', '=', index).where('doc_id', '=', id).executeTakeFirst();
    return row && { id: row.doc_id, seqNo: Number(row.seq_no), version: Number(row.version), source: row.source };
  }

  write(writes: readonly DocumentWrite[], counters: ReadonlyMap<string, number>): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      for (const w of writes) await applyWrite(trx, w);
      for (const [index, next] of counters) {
        await trx
          .insertInto('es_index_counters')
          .values({ index_name: index, next_seq_no: next })
          .onConflict((oc) => oc.column('index_name').doUpdateSet({ next_seq_no: next }))
          .execute();
      }
    });
  }
}

async function applyWrite(trx: Transaction<DocumentTables>, w: DocumentWrite): Promise<void> {
  if (w.source === undefined) {
    await trx.deleteFrom('es_documents').where('index_name', '=', w.index).where('doc_id', '=', w.id).execute();
    return;
  }
  const row = { index_name: w.index, doc_id: w.id, seq_no: w.seqNo, version: w.version, source: w.source, size_bytes: Buffer.byteLength(w.source) };
  await trx
    .insertInto('es_documents')
    .values(row)
    .onConflict((oc) => oc.columns(['index_name', 'doc_id']).doUpdateSet({ seq_no: row.seq_no, version: row.version, source: row.source, size_bytes: row.size_bytes }))
    .execute();
}

/** Inside the cluster-state commit: derived indices get their source's documents, deleted indices lose theirs. */
export async function syncDocumentsWithIndices(
  trx: Transaction<any>,
  created: readonly { name: string; copiedFrom: string }[],
  removed: readonly string[],
): Promise<void> {
  for (const { name, copiedFrom } of created) {
    await sql`insert into es_documents (index_name, doc_id, seq_no, version, source, size_bytes)
      select ${name}, doc_id, seq_no, version, source, size_bytes from es_documents where index_name = ${copiedFrom}`.execute(trx);
    await sql`insert into es_index_counters (index_name, next_seq_no)
      select ${name}, next_seq_no from es_index_counters where index_name = ${copiedFrom}`.execute(trx);
  }
  if (removed.length > 0) {
    await trx.deleteFrom('es_documents').where('index_name', 'in', removed).execute();
    await trx.deleteFrom('es_index_counters').where('index_name', 'in', removed).execute();
  }
}
