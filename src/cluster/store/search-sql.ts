/**
 * @module A set of documents (search-plan.ts) as one SQL query yielding a `doc` column, on either store. Each part
 * reads an index (doc values, postings, lengths, the documents' sequence numbers); sets combine with INTERSECT,
 * UNION and EXCEPT, each operand wrapped in its own select, which both stores accept inside compound queries.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Bounds, DocSet } from '../search/search-plan.js';
import type { IndexRef } from '../search/search-repository.js';
import { keyParts } from './search-index-writes.js';

/** Sets the adapter resolved in JavaScript before the query (patterns, phrases) are named by their documents. */
export type ResolvedSet = DocSet | { readonly op: 'doc_list'; readonly docs: readonly number[] } | { readonly op: 'nested'; readonly path: string; readonly inner: ResolvedSet } | { readonly op: 'and'; readonly sets: readonly ResolvedSet[] } | { readonly op: 'or'; readonly sets: readonly ResolvedSet[]; readonly min: number } | { readonly op: 'not'; readonly from: ResolvedSet; readonly without: ResolvedSet };

export type SqlDialect = 'sqlite' | 'postgres';

/** Lists longer than this travel as one JSON parameter: both stores cap a statement's parameters (SQLite at 32,766). */
const INLINE_LIST = 200;

/**
 * `values` as the right side of `in (…)`: inline parameters, or a long list unpacked from one JSON parameter
 * (SQLite's json_each, PostgreSQL's jsonb_array_elements_text), so an expansion to 100,000 terms is one parameter.
 */
export function inList(values: readonly (string | number)[], type: 'text' | 'bigint' | 'double', dialect: SqlDialect): RawBuilder<unknown> {
  if (values.length <= INLINE_LIST) return sql.join(values.map((v) => sql`${v}`));
  const json = JSON.stringify(values);
  if (dialect === 'sqlite') return sql`select value from json_each(${json})`;
  const cast = type === 'text' ? sql`` : type === 'bigint' ? sql`::bigint` : sql`::double precision`;
  return sql`select jsonb_array_elements_text(${json}::jsonb)${cast}`;
}

/** A text compared by its indexed key: the key narrows through the index, the whole text decides. */
export function textEquals(keyColumn: string, restColumn: string, values: readonly string[], dialect: SqlDialect): RawBuilder<unknown> {
  const short = values.filter((v) => keyParts(v).rest === null);
  const long = values.filter((v) => keyParts(v).rest !== null);
  const parts: RawBuilder<unknown>[] = [];
  if (short.length > 0) parts.push(sql`(${sql.ref(keyColumn)} in (${inList(short, 'text', dialect)}) and ${sql.ref(restColumn)} is null)`);
  for (const v of long) parts.push(sql`(${sql.ref(keyColumn)} = ${keyParts(v).key} and ${sql.ref(restColumn)} = ${v})`);
  return parts.length === 0 ? sql`1 = 0` : sql`(${sql.join(parts, sql` or `)})`;
}

export function textBounds(keyColumn: string, restColumn: string, bounds: Bounds<string>): RawBuilder<unknown> {
  const whole = sql`coalesce(${sql.ref(restColumn)}, ${sql.ref(keyColumn)})`;
  const key = sql.ref(keyColumn);
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  // The key narrows (a key is a prefix, so it sorts at or before its text), the whole text decides.
  if (bounds.gt !== undefined) parts.push(sql`${key} >= ${keyParts(bounds.gt).key}`, sql`${whole} > ${bounds.gt}`);
  if (bounds.gte !== undefined) parts.push(sql`${key} >= ${keyParts(bounds.gte).key}`, sql`${whole} >= ${bounds.gte}`);
  if (bounds.lt !== undefined) parts.push(sql`${key} <= ${keyParts(bounds.lt).key}`, sql`${whole} < ${bounds.lt}`);
  if (bounds.lte !== undefined) parts.push(sql`${key} <= ${keyParts(bounds.lte).key}`, sql`${whole} <= ${bounds.lte}`);
  return sql.join(parts, sql` and `);
}

function numberBounds(bounds: Bounds<number>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`n is not null`];
  if (bounds.gt !== undefined) parts.push(sql`n > ${bounds.gt}`);
  if (bounds.gte !== undefined) parts.push(sql`n >= ${bounds.gte}`);
  if (bounds.lt !== undefined) parts.push(sql`n < ${bounds.lt}`);
  if (bounds.lte !== undefined) parts.push(sql`n <= ${bounds.lte}`);
  return sql.join(parts, sql` and `);
}

/** A list of document numbers as a one-column query (`doc`), from one JSON parameter. */
function docNumbers(docs: readonly number[], dialect: SqlDialect): RawBuilder<unknown> {
  const json = JSON.stringify(docs);
  return dialect === 'sqlite' ? sql`select value as doc from json_each(${json})` : sql`select jsonb_array_elements_text(${json}::jsonb)::bigint as doc`;
}

function seqBounds(bounds: Bounds<number>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (bounds.gt !== undefined) parts.push(sql`seq_no > ${bounds.gt}`);
  if (bounds.gte !== undefined) parts.push(sql`seq_no >= ${bounds.gte}`);
  if (bounds.lt !== undefined) parts.push(sql`seq_no < ${bounds.lt}`);
  if (bounds.lte !== undefined) parts.push(sql`seq_no <= ${bounds.lte}`);
  return sql.join(parts, sql` and `);
}

/**
 * The stored documents `index` is read from: live, es_documents; a context's snapshot adds the versions retired
 * since (their history), which the snapshot's bounds then narrow (kysely-search-repository.ts).
 */
export function documentsOf(index: IndexRef): RawBuilder<unknown> {
  if (!index.view) return sql`es_documents`;
  return sql`(select index_name, doc_id, seq_no, version, source, routing from es_documents union all select index_name, doc_id, seq_no, version, source, routing from es_document_history) as es_documents`;
}

const wrap = (set: RawBuilder<unknown>, alias: string) => sql`select doc from (${set}) as ${sql.raw(alias)}`;

/** `set` of `index` as a query with one column, `doc` (duplicates possible where a set is read from values). */
export function setQuery(index: IndexRef, set: ResolvedSet, dialect: SqlDialect, depth = 0): RawBuilder<unknown> {
  const key = index.key ?? -1;
  const alias = `s${depth}`;
  switch (set.op) {
    case 'all':
      return sql`select seq_no as doc from ${documentsOf(index)} where index_name = ${index.name}`;
    case 'none':
      return sql`select seq_no as doc from es_documents where 1 = 0`;
    case 'doc_list':
    case 'docs':
      // The numbers themselves, not the documents table: nested documents have no row there.
      return set.docs.length === 0 ? sql`select seq_no as doc from es_documents where 1 = 0` : docNumbers(set.docs, dialect);
    case 'seq_range':
      return sql`select seq_no as doc from es_documents where index_name = ${index.name} and ${seqBounds(set.bounds)}`;
    case 'ids':
      return set.ids.length === 0 ? sql`select seq_no as doc from es_documents where 1 = 0` : sql`select seq_no as doc from ${documentsOf(index)} where index_name = ${index.name} and doc_id in (${inList(set.ids, 'text', dialect)})`;
    case 'keywords':
      return sql`select doc from es_doc_values where index_key = ${key} and field = ${set.field} and ${textEquals('k', 'k_rest', set.values, dialect)}`;
    case 'keyword_range':
      return sql`select doc from es_doc_values where index_key = ${key} and field = ${set.field} and k is not null and ${textBounds('k', 'k_rest', set.bounds)}`;
    case 'numbers':
      return set.values.length === 0 ? sql`select doc from es_doc_values where 1 = 0` : sql`select doc from es_doc_values where index_key = ${key} and field = ${set.field} and n in (${inList(set.values, 'double', dialect)})`;
    case 'number_range':
      return sql`select doc from es_doc_values where index_key = ${key} and field = ${set.field} and ${numberBounds(set.bounds)}`;
    case 'has_value':
      return sql`select doc from es_doc_values where index_key = ${key} and field = ${set.field} and k is not null union select doc from es_doc_values where index_key = ${key} and field = ${set.field} and n is not null`;
    case 'terms':
      return sql`select doc from es_postings where index_key = ${key} and field = ${set.field} and ${textEquals('term', 'term_rest', set.terms, dialect)}`;
    case 'term_range':
      return sql`select doc from es_postings where index_key = ${key} and field = ${set.field} and ${textBounds('term', 'term_rest', set.bounds)}`;
    case 'has_terms':
      return sql`select doc from es_doc_lengths where index_key = ${key} and field = ${set.field}`;
    case 'and':
      return sql.join(set.sets.map((s, i) => wrap(setQuery(index, s, dialect, depth * 10 + i + 1), `${alias}_${i}`)), sql` intersect `);
    case 'or': {
      const members = set.sets.map((s, i) => wrap(setQuery(index, s, dialect, depth * 10 + i + 1), `${alias}_${i}`));
      if (set.min <= 1) return sql.join(members, sql` union `);
      // Each member counted once per document, however many of its values match.
      const distinct = members.map((m) => sql`select distinct doc from (${m}) as d`);
      return sql`select doc from (${sql.join(distinct, sql` union all `)}) as ${sql.raw(alias)} group by doc having count(*) >= ${set.min}`;
    }
    case 'not':
      return sql`${wrap(setQuery(index, set.from, dialect, depth * 10 + 1), `${alias}_f`)} except ${wrap(setQuery(index, set.without, dialect, depth * 10 + 2), `${alias}_w`)}`;
    case 'nested_docs':
      return sql`select child as doc from es_nested where index_key = ${key} and path = ${set.path}`;
    case 'nested':
      return sql`select distinct parent as doc from es_nested where index_key = ${key} and path = ${set.path} and child in (${wrap(setQuery(index, set.inner, dialect, depth * 10 + 1), `${alias}_n`)})`;
    case 'keyword_pattern':
    case 'term_pattern':
    case 'phrase':
      throw new Error(`the ${set.op} set is resolved before it reaches SQL`);
  }
}
