/**
 * @module Keeping the index structure in step with the documents, inside the documents' transaction: a document's
 * previous version leaves the structure (by its sequence number) before its new one enters, and the field
 * statistics move by the difference.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { IndexedDocument } from '../search/document-indexer.js';
import { chunks as chunked } from '../../platform/store/statement-chunks.js';
import { KEY_LENGTH } from './search-migrations.js';
import { insertRows } from '../../platform/store/row-inserts.js';
import { decodedLength } from '../search/analysis/small-float.js';
import { contextsOpenOn, forgetRetired, retireVersions } from './search-retirement.js';

export interface SearchTables {
  es_search_indices: { index_key: number | string; index_name: string };
  es_postings: { index_key: number; field: string; term: string; term_rest: string | null; doc: number | string; freq: number; length: number; positions: string };
  es_doc_lengths: { index_key: number; doc: number | string; field: string; length: number };
  es_doc_values: { index_key: number; doc: number | string; field: string; ord: number; k: string | null; k_rest: string | null; n: number | null };
  es_field_stats: { index_key: number; field: string; doc_count: number | string; sum_length: number | string };
}

/** A term or keyword split into its indexed key and the rest kept beside it (null when the key is all of it). */
export function keyParts(text: string): { key: string; rest: string | null } {
  return text.length <= KEY_LENGTH ? { key: text, rest: null } : { key: text.slice(0, KEY_LENGTH), rest: text };
}

/** The key of `index` in the structure, numbered on its first write. */
export async function indexKey(trx: Transaction<any> | Kysely<any>, index: string): Promise<number> {
  await trx.insertInto('es_search_indices').values({ index_name: index }).onConflict((oc) => oc.column('index_name').doNothing()).execute();
  const row = await trx.selectFrom('es_search_indices').select('index_key').where('index_name', '=', index).executeTakeFirstOrThrow();
  return Number(row.index_key);
}

export interface IndexedWrite {
  readonly id: string;
  readonly seqNo: number;
  /** Undefined for a delete. */
  readonly indexed: IndexedDocument | undefined;
}

type StatsDelta = Map<string, { docs: number; length: number }>;

function addDelta(delta: StatsDelta, field: string, docs: number, length: number): void {
  const entry = delta.get(field) ?? { docs: 0, length: 0 };
  delta.set(field, { docs: entry.docs + docs, length: entry.length + length });
}

/** Removes the stored versions of `ids` from `index`'s structure; call before the documents table changes. */
async function removeVersions(trx: Transaction<any>, index: string, key: number, ids: readonly string[], delta: StatsDelta, retiredBy?: ReadonlyMap<string, number>): Promise<void> {
  for (const chunk of chunked(ids)) {
    const rows = await trx.selectFrom('es_documents').select(['seq_no', 'doc_id']).where('index_name', '=', index).where('doc_id', 'in', chunk).execute();
    const roots = rows.map((r) => Number(r.seq_no));
    if (roots.length === 0) continue;
    const children = (await trx.selectFrom('es_nested').select('child').where('index_key', '=', key).where('root', 'in', roots).execute()).map((r) => Number(r.child));
    // An open context keeps a retired root's nested documents with it (the sweep drops them together).
    if (children.length > 0 && !retiredBy) await trx.deleteFrom('es_nested').where('index_key', '=', key).where('root', 'in', roots).execute();
    for (const docs of chunked([...roots, ...children])) {
    const lengths = await trx
      .selectFrom('es_doc_lengths')
      .select(['field', sql<number>`count(*)`.as('docs'), sql<number>`sum(length)`.as('total')])
      .where('index_key', '=', key)
      .where('doc', 'in', docs)
      .groupBy('field')
      .execute();
    for (const r of lengths) addDelta(delta, r.field, -Number(r.docs), -Number(r.total));
    const values = await trx
      .selectFrom('es_doc_values')
      .select(['field', sql<number>`count(distinct doc)`.as('docs'), sql<number>`count(*)`.as('total')])
      .where('index_key', '=', key)
      .where('doc', 'in', docs)
      .groupBy('field')
      .execute();
    for (const r of values) addDelta(delta, r.field, -Number(r.docs), -Number(r.total));
    // The statistics move either way (they describe the live documents); an open context keeps the rows themselves.
    if (!retiredBy) for (const table of ['es_postings', 'es_doc_lengths', 'es_doc_values']) await trx.deleteFrom(table).where('index_key', '=', key).where('doc', 'in', docs).execute();
    }
    if (retiredBy) await retireVersions(trx, index, key, new Map(rows.map((r) => [Number(r.seq_no), retiredBy.get(r.doc_id as string)!])));
  }
}

/** A nested document's number: negative, so it never meets a sequence number, and unique per root and place. */
export function nestedDocNumber(root: number, place: number): number {
  return -(root * 65_536 + place + 1);
}

async function addVersions(trx: Transaction<any> | Kysely<any>, key: number, writes: readonly IndexedWrite[], delta: StatsDelta): Promise<void> {
  const postings: unknown[][] = [];
  const lengths: unknown[][] = [];
  const values: unknown[][] = [];
  const nested: unknown[][] = [];
  const expanded: { seqNo: number; indexed: Omit<IndexedDocument, 'nested'> }[] = [];
  for (const { seqNo: root, indexed } of writes) {
    if (!indexed) continue;
    expanded.push({ seqNo: root, indexed });
    for (const [place, child] of (indexed.nested ?? []).entries()) {
      const number = nestedDocNumber(root, place);
      nested.push([key, number, child.parent === -1 ? root : nestedDocNumber(root, child.parent), root, child.path]);
      expanded.push({ seqNo: number, indexed: child.doc });
    }
  }
  for (const { seqNo: doc, indexed } of expanded) {
    // Postings hold the length as the norm decodes it (what BM25 reads), so the store can rank as Lucene scores.
    const fieldLengths = new Map(indexed.lengths.map((l) => [l.field, decodedLength(l.length)]));
    for (const t of indexed.terms) {
      const { key: term, rest } = keyParts(t.term);
      postings.push([key, t.field, term, rest, doc, t.freq, fieldLengths.get(t.field) ?? 0, t.positions.join(',')]);
    }
    for (const l of indexed.lengths) {
      if (l.length === 0) continue;
      lengths.push([key, doc, l.field, l.length]);
      addDelta(delta, l.field, 1, l.length);
    }
    const ords = new Map<string, number>();
    for (const v of indexed.values) {
      const parts = v.keyword === undefined ? undefined : keyParts(v.keyword);
      const ord = ords.get(v.field) ?? 0;
      ords.set(v.field, ord + 1);
      values.push([key, doc, v.field, ord, parts?.key ?? null, parts?.rest ?? null, v.number ?? null]);
      addDelta(delta, v.field, ord === 0 ? 1 : 0, 1);
    }
  }
  await insertRows(trx, 'es_postings', ['index_key', 'field', 'term', 'term_rest', 'doc', 'freq', 'length', 'positions'], postings);
  await insertRows(trx, 'es_doc_lengths', ['index_key', 'doc', 'field', 'length'], lengths);
  await insertRows(trx, 'es_doc_values', ['index_key', 'doc', 'field', 'ord', 'k', 'k_rest', 'n'], values);
  await insertRows(trx, 'es_nested', ['index_key', 'child', 'parent', 'root', 'path'], nested);
}

async function applyDelta(trx: Transaction<any> | Kysely<any>, key: number, delta: StatsDelta): Promise<void> {
  for (const [field, { docs, length }] of delta) {
    if (docs === 0 && length === 0) continue;
    await trx
      .insertInto('es_field_stats')
      .values({ index_key: key, field, doc_count: docs, sum_length: length })
      .onConflict((oc) =>
        oc.columns(['index_key', 'field']).doUpdateSet({
          doc_count: sql`es_field_stats.doc_count + ${docs}`,
          sum_length: sql`es_field_stats.sum_length + ${length}`,
        }),
      )
      .execute();
  }
}

/**
 * Moves `index`'s structure to the documents' last versions in `writes` (one per id); runs before the documents
 * table is written, as it reads the versions being replaced there.
 */
export async function writeSearchIndex(trx: Transaction<any>, index: string, key: number, writes: readonly IndexedWrite[]): Promise<void> {
  const delta: StatsDelta = new Map();
  const retiredBy = (await contextsOpenOn(trx, index)) ? new Map(writes.map((w) => [w.id, w.seqNo])) : undefined;
  await removeVersions(trx, index, key, writes.map((w) => w.id), delta, retiredBy);
  await addVersions(trx, key, writes, delta);
  await applyDelta(trx, key, delta);
}

/** Inside the cluster-state commit: a derived index gets a copy of its source's structure; a deleted one loses its own. */
export async function syncSearchIndices(trx: Transaction<any>, created: readonly { name: string; copiedFrom: string }[], removed: readonly string[]): Promise<void> {
  for (const { name, copiedFrom } of created) {
    const from = await trx.selectFrom('es_search_indices').select('index_key').where('index_name', '=', copiedFrom).executeTakeFirst();
    if (!from) continue;
    const to = await indexKey(trx, name);
    const source = Number(from.index_key);
    await sql`insert into es_postings (index_key, field, term, term_rest, doc, freq, length, positions)
      select ${to}, field, term, term_rest, doc, freq, length, positions from es_postings where index_key = ${source}`.execute(trx);
    await sql`insert into es_doc_lengths (index_key, doc, field, length) select ${to}, doc, field, length from es_doc_lengths where index_key = ${source}`.execute(trx);
    await sql`insert into es_doc_values (index_key, doc, field, ord, k, k_rest, n) select ${to}, doc, field, ord, k, k_rest, n from es_doc_values where index_key = ${source}`.execute(trx);
    await sql`insert into es_field_stats (index_key, field, doc_count, sum_length) select ${to}, field, doc_count, sum_length from es_field_stats where index_key = ${source}`.execute(trx);
    await sql`insert into es_nested (index_key, child, parent, root, path) select ${to}, child, parent, root, path from es_nested where index_key = ${source}`.execute(trx);
  }
  if (removed.length === 0) return;
  const keys = (await trx.selectFrom('es_search_indices').select('index_key').where('index_name', 'in', removed).execute()).map((r) => Number(r.index_key));
  if (keys.length === 0) return;
  for (const table of ['es_postings', 'es_doc_lengths', 'es_doc_values', 'es_field_stats', 'es_nested']) await trx.deleteFrom(table).where('index_key', 'in', keys).execute();
  await forgetRetired(trx, keys, removed);
  await trx.deleteFrom('es_search_indices').where('index_key', 'in', keys).execute();
}

/** Documents already stored but not yet in the structure (a store written before search existed) enter it. */
export async function indexStoredDocuments(db: Kysely<any>, index: string, documents: readonly IndexedWrite[]): Promise<void> {
  const key = await indexKey(db, index);
  const delta: StatsDelta = new Map();
  await addVersions(db, key, documents, delta);
  await applyDelta(db, key, delta);
}
