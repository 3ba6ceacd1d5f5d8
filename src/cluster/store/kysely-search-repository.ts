/** @module Search reads on Kysely: document sets as SQL (search-sql.ts), patterns and phrases resolved first. */
import { sql, type Kysely } from 'kysely';
import type { DocSet, TermMatcher } from '../search/search-plan.js';
import type { FetchedDocument, FieldStats, IndexRef, PageAfter, PagedDoc, PostingRow, SearchRepository, StoreSortKey } from '../search/search-repository.js';
import { documentsOf, setQuery, textEquals, type ResolvedSet } from './search-sql.js';
import { afterCondition } from './search-after-sql.js';
import { chunks } from '../../platform/store/statement-chunks.js';
import { matchPhrase } from '../search/phrase-match.js';

/** The most terms a pattern may expand to (ES's `indices.query.bool.max_clause_count` default since 8.0 scales; 65,536 is its floor). */
const MAX_EXPANSIONS = 65_536;

const list = (values: readonly unknown[]) => sql.join(values.map((v) => sql`${v}`));

export class KyselySearchRepository implements SearchRepository {
  constructor(private readonly db: Kysely<any>) {}

  async indexKeys(names: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const chunk of chunks(names)) {
      const rows = await this.db.selectFrom('es_search_indices').select(['index_name', 'index_key']).where('index_name', 'in', chunk).execute();
      for (const r of rows) out.set(r.index_name as string, Number(r.index_key));
    }
    return out;
  }

  /** The distinct terms (or keywords) of a field that start with `prefix` and match `pattern`. */
  async #expand(index: IndexRef, table: 'es_postings' | 'es_doc_values', field: string, prefix: string, pattern: TermMatcher | undefined, caseInsensitive: boolean): Promise<string[]> {
    const [keyColumn, restColumn] = table === 'es_postings' ? ['term', 'term_rest'] : ['k', 'k_rest'];
    let query = sql`select distinct coalesce(${sql.ref(restColumn)}, ${sql.ref(keyColumn)}) as t from ${sql.table(table)} where index_key = ${index.key ?? -1} and field = ${field} and ${sql.ref(keyColumn)} is not null`;
    // A case-sensitive prefix narrows through the index: keys from the prefix up to the next prefix.
    if (prefix !== '' && !caseInsensitive) query = sql`${query} and ${sql.ref(keyColumn)} >= ${prefix.slice(0, 200)} and ${sql.ref(keyColumn)} < ${prefix.slice(0, 200) + '\u{10FFFF}'}`;
    const rows = (await query.execute(this.db)).rows as { t: string }[];
    const out: string[] = [];
    for (const { t } of rows) {
      const text = caseInsensitive ? t.toLowerCase() : t;
      if (!text.startsWith(prefix)) continue;
      if (pattern && !pattern.test(text)) continue;
      out.push(t);
      if (out.length > MAX_EXPANSIONS) throw new Error(`too many terms: more than ${MAX_EXPANSIONS}`);
    }
    return out;
  }

  async #resolve(index: IndexRef, set: DocSet): Promise<ResolvedSet> {
    switch (set.op) {
      case 'keyword_pattern':
        return { op: 'keywords', field: set.field, values: await this.#expand(index, 'es_doc_values', set.field, set.prefix, set.pattern, set.caseInsensitive) };
      case 'term_pattern':
        return { op: 'terms', field: set.field, terms: await this.#expand(index, 'es_postings', set.field, set.prefix, set.pattern, false) };
      case 'phrase': {
        if (set.prefixLast !== undefined) {
          // MultiPhrasePrefixQuery: the last place takes the first `max_expansions` terms that start with it.
          const last = set.terms.at(-1)![0]!;
          const expanded = (await this.#expand(index, 'es_postings', set.field, last, undefined, false)).sort().slice(0, set.prefixLast);
          return this.#resolve(index, { op: 'phrase', field: set.field, terms: [...set.terms.slice(0, -1), expanded], slop: set.slop });
        }
        const candidates = { op: 'and' as const, sets: set.terms.map((alternatives) => ({ op: 'terms' as const, field: set.field, terms: alternatives })) };
        const rows = await this.postings(index, set.field, 'postings', [...new Set(set.terms.flat())], candidates, true);
        return { op: 'doc_list', docs: matchPhrase(rows, set.terms, set.slop).map((m) => m.doc) };
      }
      case 'and':
      case 'or':
        return { ...set, sets: await Promise.all(set.sets.map((s) => this.#resolve(index, s))) };
      case 'not':
        return { op: 'not', from: await this.#resolve(index, set.from), without: await this.#resolve(index, set.without) };
      default:
        return set;
    }
  }

  /**
   * The final set as the reader sees it: live, without the versions retired for open contexts; a context's
   * snapshot, the versions up to its mark that were not retired by then.
   */
  async #query(index: IndexRef, set: DocSet) {
    const inner = setQuery(index, await this.#resolve(index, set));
    const key = index.key ?? -1;
    if (!index.view) return sql`select doc from (${inner}) as v0 except select doc from es_retired where index_key = ${key}`;
    const { mark } = index.view;
    return sql`select doc from (${inner}) as v0 where doc <= ${mark} except select doc from es_retired where index_key = ${key} and retired_seq <= ${mark}`;
  }

  async count(index: IndexRef, set: DocSet, limit?: number): Promise<number> {
    const inner = await this.#query(index, set);
    const distinct = sql`select distinct doc from (${inner}) as c0`;
    const bounded = limit === undefined ? distinct : sql`${distinct} limit ${limit}`;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${bounded}) as c1`.execute(this.db);
    return Number(rows[0]!.n);
  }

  async docs(index: IndexRef, set: DocSet): Promise<number[]> {
    const inner = await this.#query(index, set);
    const { rows } = await sql<{ doc: number | string }>`select distinct doc from (${inner}) as d0 order by doc`.execute(this.db);
    return rows.map((r) => Number(r.doc));
  }

  #sortColumn(index: IndexRef, key: StoreSortKey, i: number) {
    if (key.source === 'doc') return sql`p.doc as ${sql.raw(`s${i}`)}`;
    const aggregate = sql.raw(key.mode);
    const value = key.source === 'number' ? sql`v.n` : sql`coalesce(v.k_rest, v.k)`;
    const present = key.source === 'number' ? sql`v.n is not null` : sql`v.k is not null`;
    return sql`(select ${aggregate}(${value}) from es_doc_values v where v.index_key = ${index.key ?? -1} and v.doc = p.doc and v.field = ${key.field} and ${present}) as ${sql.raw(`s${i}`)}`;
  }

  async page(index: IndexRef, set: DocSet, sort: readonly StoreSortKey[], offset: number, limit: number, after?: PageAfter): Promise<PagedDoc[]> {
    const inner = await this.#query(index, set);
    const columns = sort.map((key, i) => this.#sortColumn(index, key, i));
    const order: ReturnType<typeof sql>[] = [];
    sort.forEach((key, i) => {
      const column = sql.raw(`s${i}`);
      const direction = sql.raw(key.order);
      if (key.missing === '_last' || key.missing === '_first') {
        // Documents without a value go last (or first) whichever the order, as ES puts them.
        order.push(sql`case when ${column} is null then ${key.missing === '_last' ? 1 : 0} else ${key.missing === '_last' ? 0 : 1} end`, sql`${column} ${direction}`);
      } else {
        order.push(sql`coalesce(${column}, ${key.missing}) ${direction}`);
      }
    });
    order.push(sql`doc asc`);
    const select = columns.length === 0 ? sql`p.doc` : sql`p.doc, ${sql.join(columns)}`;
    const { rows } = await sql<Record<string, unknown>>`select * from (select ${select} from (select distinct doc from (${inner}) as d0) as p) as q where ${after ? afterCondition(sort, after) : sql`1 = 1`} order by ${sql.join(order)} limit ${limit} offset ${offset}`.execute(this.db);
    return rows.map((r) => ({ doc: Number(r.doc), values: sort.map((key, i) => toSortValue(r[`s${i}`], key)) }));
  }

  async sortValues(index: IndexRef, docs: readonly number[], sort: readonly StoreSortKey[]): Promise<Map<number, (number | string | null)[]>> {
    const out = new Map<number, (number | string | null)[]>();
    if (sort.length === 0) return out;
    for (const chunk of chunks(docs)) {
      const columns = sort.map((key, i) => this.#sortColumn(index, key, i));
      const { rows } = await sql<Record<string, unknown>>`select p.doc, ${sql.join(columns)} from (select seq_no as doc from ${documentsOf(index)} where index_name = ${index.name} and seq_no in (${list(chunk)})) as p`.execute(this.db);
      for (const r of rows) out.set(Number(r.doc), sort.map((key, i) => toSortValue(r[`s${i}`], key)));
    }
    return out;
  }

  async postings(index: IndexRef, field: string, source: 'postings' | 'keywords', terms: readonly string[], within: DocSet, withPositions = false): Promise<PostingRow[]> {
    if (terms.length === 0) return [];
    const inner = await this.#query(index, within);
    const key = index.key ?? -1;
    if (source === 'keywords') {
      const { rows } = await sql<{ doc: number | string; term: string; freq: number | string }>`select v.doc, coalesce(v.k_rest, v.k) as term, count(*) as freq from es_doc_values v
        where v.index_key = ${key} and v.field = ${field} and ${textEquals('v.k', 'v.k_rest', terms)} and v.doc in (select doc from (${inner}) as w)
        group by v.doc, coalesce(v.k_rest, v.k)`.execute(this.db);
      return rows.map((r) => ({ doc: Number(r.doc), term: r.term, freq: Number(r.freq), length: 0 }));
    }
    const { rows } = await sql<{ doc: number | string; term: string; freq: number; length: number | null; positions: string }>`select p.doc, coalesce(p.term_rest, p.term) as term, p.freq, l.length, p.positions from es_postings p
      left join es_doc_lengths l on l.index_key = p.index_key and l.doc = p.doc and l.field = p.field
      where p.index_key = ${key} and p.field = ${field} and ${textEquals('p.term', 'p.term_rest', terms)} and p.doc in (select doc from (${inner}) as w)`.execute(this.db);
    return rows.map((r) => ({
      doc: Number(r.doc),
      term: r.term,
      freq: Number(r.freq),
      length: Number(r.length ?? 0),
      ...(withPositions && { positions: r.positions.split(',').map(Number) }),
    }));
  }

  async docFreqs(index: IndexRef, field: string, source: 'postings' | 'keywords', terms: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (terms.length === 0) return out;
    const key = index.key ?? -1;
    const query =
      source === 'postings'
        ? sql<{ term: string; n: number | string }>`select coalesce(term_rest, term) as term, count(*) as n from es_postings where index_key = ${key} and field = ${field} and ${textEquals('term', 'term_rest', terms)} and ${visible(index)} group by coalesce(term_rest, term)`
        : sql<{ term: string; n: number | string }>`select coalesce(k_rest, k) as term, count(distinct doc) as n from es_doc_values where index_key = ${key} and field = ${field} and ${textEquals('k', 'k_rest', terms)} and ${visible(index)} group by coalesce(k_rest, k)`;
    for (const r of (await query.execute(this.db)).rows) out.set(r.term, Number(r.n));
    return out;
  }

  async fieldStats(index: IndexRef, field: string): Promise<FieldStats> {
    if (index.view) return this.#snapshotStats(index, field);
    const row = await this.db.selectFrom('es_field_stats').select(['doc_count', 'sum_length']).where('index_key', '=', index.key ?? -1).where('field', '=', field).executeTakeFirst();
    return { docCount: Number(row?.doc_count ?? 0), sumLength: Number(row?.sum_length ?? 0) };
  }

  /**
   * A snapshot's statistics, counted over its documents (the kept ones describe the live documents): what the writes
   * add up (search-index-writes.ts), text fields' lengths and other fields' values, so a context's scores do not move
   * while writes continue.
   */
  async #snapshotStats(index: IndexRef, field: string): Promise<FieldStats> {
    const key = index.key ?? -1;
    const { rows } = await sql<{ docs: number | string | null; total: number | string | null }>`select count(*) as docs, sum(length) as total from es_doc_lengths where index_key = ${key} and field = ${field} and ${visible(index)}
      union all select count(distinct doc) as docs, count(*) as total from es_doc_values where index_key = ${key} and field = ${field} and ${visible(index)}`.execute(this.db);
    return { docCount: rows.reduce((n, r) => n + Number(r.docs ?? 0), 0), sumLength: rows.reduce((n, r) => n + Number(r.total ?? 0), 0) };
  }

  async fetch(index: IndexRef, docs: readonly number[]): Promise<Map<number, FetchedDocument>> {
    const out = new Map<number, FetchedDocument>();
    for (const chunk of chunks(docs)) {
      const { rows } = await sql<{ seq_no: number | string; doc_id: string; version: number | string; source: string; routing: string | null }>`select seq_no, doc_id, version, source, routing from ${documentsOf(index)} where index_name = ${index.name} and seq_no in (${list(chunk)})`.execute(this.db);
      for (const r of rows) out.set(Number(r.seq_no), { doc: Number(r.seq_no), id: r.doc_id, version: Number(r.version), source: r.source, ...(r.routing !== null && { routing: r.routing }) });
    }
    return out;
  }

  async values(index: IndexRef, docs: readonly number[], fields: readonly string[]): Promise<Map<number, Map<string, (number | string)[]>>> {
    const out = new Map<number, Map<string, (number | string)[]>>();
    if (fields.length === 0) return out;
    for (const chunk of chunks(docs)) {
      const rows = await this.db.selectFrom('es_doc_values').select(['doc', 'field', 'k', 'k_rest', 'n']).where('index_key', '=', index.key ?? -1).where('doc', 'in', chunk).where('field', 'in', fields).execute();
      for (const r of rows) {
        const doc = Number(r.doc);
        let byField = out.get(doc);
        if (!byField) out.set(doc, (byField = new Map()));
        let values = byField.get(r.field);
        if (!values) byField.set(r.field, (values = []));
        values.push(r.n !== null ? Number(r.n) : ((r.k_rest ?? r.k) as string));
      }
    }
    return out;
  }
}

/** Whether a structure row's `doc` is one the reader sees (see #query): statistics count only those. */
function visible(index: IndexRef) {
  const key = index.key ?? -1;
  if (!index.view) return sql`doc not in (select doc from es_retired where index_key = ${key})`;
  const { mark } = index.view;
  return sql`doc <= ${mark} and doc not in (select doc from es_retired where index_key = ${key} and retired_seq <= ${mark})`;
}

function toSortValue(value: unknown, key: StoreSortKey): number | string | null {
  if (value === null || value === undefined) return null;
  return key.source === 'keyword' ? String(value) : Number(value);
}
