/**
 * @module Whether one document belongs to a set, as a SQL condition on that document (`exists` probes through the
 * (doc, field) and (field, term, doc) indexes). A conjunction is evaluated by reading its most selective part and
 * probing the others per document, instead of reading every part whole and intersecting: a one-hour range and a
 * service that a twentieth of a million documents share cost what the hour costs. A page sorted by one doc-values
 * field walks that field's index in order and probes the set, stopping at the page's end.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Bounds } from '../search/search-plan.js';
import type { IndexRef } from '../search/search-repository.js';
import { documentsOf, inList, setQuery, textBounds, textEquals, type ResolvedSet, type SqlDialect } from './search-sql.js';

function numberConditions(column: RawBuilder<unknown>, bounds: Bounds<number>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`${column} is not null`];
  if (bounds.gt !== undefined) parts.push(sql`${column} > ${bounds.gt}`);
  if (bounds.gte !== undefined) parts.push(sql`${column} >= ${bounds.gte}`);
  if (bounds.lt !== undefined) parts.push(sql`${column} < ${bounds.lt}`);
  if (bounds.lte !== undefined) parts.push(sql`${column} <= ${bounds.lte}`);
  return sql.join(parts, sql` and `);
}

/**
 * The condition that the document `doc` (an SQL expression over the caller's own aliases, which must not be the
 * `m…` ones used here) is in `set`; true for `all`, as probes only see live rows.
 */
export function membership(index: IndexRef, set: ResolvedSet, doc: RawBuilder<unknown>, dialect: SqlDialect, depth = 0): RawBuilder<unknown> {
  const key = index.key ?? -1;
  const values = (field: string, condition: RawBuilder<unknown>) => sql`exists (select 1 from es_doc_values mv where mv.index_key = ${key} and mv.doc = ${doc} and mv.field = ${field} and ${condition})`;
  switch (set.op) {
    case 'all':
      return sql`1 = 1`;
    case 'none':
      return sql`1 = 0`;
    case 'docs':
    case 'doc_list':
      return set.docs.length === 0 ? sql`1 = 0` : sql`${doc} in (${inList(set.docs, 'bigint', dialect)})`;
    case 'ids':
      return set.ids.length === 0 ? sql`1 = 0` : sql`exists (select 1 from ${documentsOf(index)} md where md.index_name = ${index.name} and md.seq_no = ${doc} and md.doc_id in (${inList(set.ids, 'text', dialect)}))`;
    case 'keywords':
      return values(set.field, textEquals('mv.k', 'mv.k_rest', set.values, dialect));
    case 'keyword_range':
      return values(set.field, sql`mv.k is not null and ${textBounds('mv.k', 'mv.k_rest', set.bounds)}`);
    case 'numbers':
      return set.values.length === 0 ? sql`1 = 0` : values(set.field, sql`+mv.n in (${inList(set.values, 'double', dialect)})`);
    case 'number_range':
      // `+n`: a probe reads the document's own values by (doc, field); given a bare `n` range, SQLite would walk
      // the field's whole range through the (field, n) index for every document probed.
      return values(set.field, numberConditions(sql`+mv.n`, set.bounds));
    case 'has_value':
      return values(set.field, sql`(mv.k is not null or mv.n is not null)`);
    case 'terms':
      return sql`exists (select 1 from es_postings mp where mp.index_key = ${key} and mp.field = ${set.field} and ${textEquals('mp.term', 'mp.term_rest', set.terms, dialect)} and mp.doc = ${doc})`;
    case 'term_range':
      return sql`exists (select 1 from es_postings mp where mp.index_key = ${key} and mp.field = ${set.field} and ${textBounds('mp.term', 'mp.term_rest', set.bounds)} and mp.doc = ${doc})`;
    case 'has_terms':
      return sql`exists (select 1 from es_doc_lengths ml where ml.index_key = ${key} and ml.doc = ${doc} and ml.field = ${set.field})`;
    case 'and':
      return sql`(${sql.join(set.sets.map((s) => membership(index, s, doc, dialect, depth)), sql` and `)})`;
    case 'or':
      if (set.min <= 1) return sql`(${sql.join(set.sets.map((s) => membership(index, s, doc, dialect, depth)), sql` or `)})`;
      return sql`(${sql.join(set.sets.map((s) => sql`(case when ${membership(index, s, doc, dialect, depth)} then 1 else 0 end)`), sql` + `)}) >= ${set.min}`;
    case 'not':
      return sql`(${membership(index, set.from, doc, dialect, depth)} and not ${membership(index, set.without, doc, dialect, depth)})`;
    case 'seq_range':
      // Sequence numbers are the documents' numbers.
      return numberConditions(doc, set.bounds);
    case 'nested_docs':
      return sql`exists (select 1 from es_nested mnd where mnd.index_key = ${key} and mnd.child = ${doc} and mnd.path = ${set.path})`;
    case 'nested': {
      // Each level of nesting names its row apart, so an inner probe's document is this level's child.
      const alias = sql.raw(`mn${depth}`);
      const child = sql.ref(`mn${depth}.child`);
      return sql`exists (select 1 from es_nested ${alias} where ${alias}.index_key = ${key} and ${alias}.path = ${set.path} and ${alias}.parent = ${doc} and ${membership(index, set.inner, child, dialect, depth + 1)})`;
    }
    case 'keyword_pattern':
    case 'term_pattern':
    case 'phrase':
      throw new Error(`the ${set.op} set is resolved before it reaches SQL`);
  }
}

/** Parts a conjunction can be driven by: read through an index on their own. */
const DRIVERS = new Set(['keywords', 'keyword_range', 'numbers', 'number_range', 'terms', 'term_range', 'ids', 'docs', 'doc_list', 'has_value', 'has_terms', 'nested_docs', 'seq_range']);

export function canDrive(set: ResolvedSet): boolean {
  return DRIVERS.has(set.op);
}

/**
 * `set` as a query yielding `doc`: a conjunction reads `driver` (one of its parts) and probes the rest per document;
 * anything else is read as search-sql.ts reads it.
 */
export function drivenQuery(index: IndexRef, set: ResolvedSet, driver: number | undefined, dialect: SqlDialect): RawBuilder<unknown> {
  if (set.op !== 'and' || driver === undefined) return setQuery(index, set, dialect);
  const rest = set.sets.filter((_, i) => i !== driver);
  const probe = membership(index, { op: 'and', sets: rest }, sql.ref('drv.doc'), dialect);
  return sql`select drv.doc from (${setQuery(index, set.sets[driver]!, dialect)}) as drv where ${probe}`;
}
