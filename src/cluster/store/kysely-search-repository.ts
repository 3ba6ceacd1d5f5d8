/** @module Search reads on Kysely: document sets as SQL (search-sql.ts), patterns and phrases resolved first. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DocSet, TermMatcher } from '../search/search-plan.js';
import type { FetchedDocument, FieldStats, IndexRef, NumberRange, NumericStats, PageAfter, PagedDoc, PostingRow, SearchRepository, StoreSortKey, ValueSource } from '../search/search-repository.js';
import * as aggregations from './kysely-aggregations.js';
import { documentsOf, inList, setQuery, textEquals, type ResolvedSet, type SqlDialect } from './search-sql.js';
import { canDrive, drivenQuery, membership } from './search-membership.js';
import { afterCondition } from './search-after-sql.js';
import { chunks } from '../../platform/store/statement-chunks.js';
import { matchPhrase } from '../search/phrase-match.js';
import { ClusterErrors } from '../cluster-error.js';

/**
 * The most terms a pattern may expand to. ES's constant-score rewrite has no such limit; one is needed here because
 * the expanded terms are held in memory and sent to the store, and it is far above what a term dictionary of one
 * field usually holds.
 */
export const MAX_EXPANSIONS = 1_000_000;

/** How far a part of a conjunction is counted to choose the one to read first: enough to tell narrow from wide. */
const DRIVER_PROBE = 2_000;

export class KyselySearchRepository implements SearchRepository {
  readonly #dialect: SqlDialect;

  constructor(private readonly db: Kysely<any>) {
    // `$1` placeholders are PostgreSQL's; SQLite writes `?`.
    this.#dialect = sql`${0}`.compile(db).sql.startsWith('$') ? 'postgres' : 'sqlite';
  }

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
      if (out.length > MAX_EXPANSIONS) throw ClusterErrors.illegalArgument(`a pattern of [${field}] matches more than ${MAX_EXPANSIONS} terms; narrow it`);
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
      case 'nested':
        return { op: 'nested', path: set.path, inner: await this.#resolve(index, set.inner) };
      default:
        return set;
    }
  }

  /**
   * The final set as the reader sees it: live, without the versions retired for open contexts; a context's
   * snapshot, the versions up to its mark that were not retired by then.
   */
  async #query(index: IndexRef, set: DocSet) {
    const resolved = await this.#resolve(index, set);
    const inner = drivenQuery(index, resolved, await this.#driver(index, resolved), this.#dialect);
    // `not in`, not `except`: a page or a count that stops early need not read the whole set first.
    return sql`select doc from (${inner}) as v0 where ${visible(index, sql.ref('v0.doc'))}`;
  }


  /** The part of a conjunction with the fewest documents (counted no further than DRIVER_PROBE), to read first. */
  async #driver(index: IndexRef, set: ResolvedSet): Promise<number | undefined> {
    if (set.op !== 'and') return undefined;
    let best: { i: number; n: number } | undefined;
    for (const [i, part] of set.sets.entries()) {
      if (!canDrive(part)) continue;
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from (select 1 from (${setQuery(index, part, this.#dialect)}) as e limit ${DRIVER_PROBE}) as e1`.execute(this.db);
      const n = Number(rows[0]!.n);
      if (!best || n < best.n) best = { i, n };
      if (n === 0) break;
    }
    return best?.i;
  }

  async termCounts(index: IndexRef, set: DocSet, field: string, source: ValueSource, per: 'doc' | 'value'): Promise<{ key: string | number; count: number }[]> {
    return aggregations.termCounts(this.db, index, await this.#query(index, set), field, source, per);
  }

  async numericStats(index: IndexRef, set: DocSet, field: string): Promise<NumericStats> {
    return aggregations.numericStats(this.db, index, await this.#query(index, set), field);
  }

  async valueCount(index: IndexRef, set: DocSet, field: string, source: ValueSource): Promise<number> {
    return aggregations.valueCount(this.db, index, await this.#query(index, set), field, source);
  }

  async rangeCounts(index: IndexRef, set: DocSet, field: string, ranges: readonly NumberRange[]): Promise<number[]> {
    return aggregations.rangeCounts(this.db, index, await this.#query(index, set), field, ranges);
  }

  async groupedStats(index: IndexRef, set: DocSet, keyField: string, keySource: ValueSource, valueField: string): Promise<Map<string | number, NumericStats>> {
    return aggregations.groupedStats(this.db, index, await this.#query(index, set), keyField, keySource, valueField);
  }

  async histogramCounts(index: IndexRef, set: DocSet, field: string, interval: number, offset: number): Promise<{ bucket: number; count: number }[]> {
    return aggregations.histogramCounts(this.db, index, await this.#query(index, set), field, interval, offset);
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
    // Expressions, and no condition on the value: given `max(n)` or `n is not null`, SQLite walks the (field, n)
    // index over every document of the field instead of reading this document's few values by (doc, field).
    const value = key.source === 'number' ? sql`v.n + 0` : sql`coalesce(v.k_rest, v.k)`;
    return sql`(select ${aggregate}(${value}) from es_doc_values v where v.index_key = ${index.key ?? -1} and v.doc = p.doc and v.field = ${key.field}) as ${sql.raw(`s${i}`)}`;
  }

  async page(index: IndexRef, set: DocSet, sort: readonly StoreSortKey[], offset: number, limit: number, after?: PageAfter): Promise<PagedDoc[]> {
    if (!after && sort.length === 1 && sort[0]!.source !== 'doc' && (sort[0]!.missing === '_last' || sort[0]!.missing === '_first') && (sort[0]!.mode === 'max') === (sort[0]!.order === 'desc')) {
      return this.#walkPage(index, await this.#resolve(index, set), sort[0]!, offset + limit).then((docs) => docs.slice(offset));
    }
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

  /**
   * The first `wanted` documents of `set` in the order of one doc-values field: its index walked in order, each row's
   * document probed for membership, the walk stopped once the page is full. The first row of a document in the walk
   * holds its lowest value ascending and its highest descending, which is the value ES sorts it by. Documents without
   * a value come after (or before) the walk, in index order.
   */
  async #walkPage(index: IndexRef, set: ResolvedSet, key: StoreSortKey, wanted: number): Promise<PagedDoc[]> {
    const column = key.source === 'number' ? sql.ref('wk.n') : sql.ref('wk.k');
    const whole = key.source === 'number' ? sql`wk.n` : sql`coalesce(wk.k_rest, wk.k)`;
    const order = key.source === 'number' ? sql`${column} ${sql.raw(key.order)}` : sql`${column} ${sql.raw(key.order)}, ${whole} ${sql.raw(key.order)}`;
    const bounds = await this.#walkBounds(index, set, key);
    const probe = membership(index, set, sql.ref('wk.doc'), this.#dialect);
    const missingDocs = async (count: number): Promise<PagedDoc[]> => {
      if (count <= 0) return [];
      const absent = sql`not exists (select 1 from es_doc_values w where w.index_key = ${index.key ?? -1} and w.doc = m.doc and w.field = ${key.field} and ${key.source === 'number' ? sql`w.n is not null` : sql`w.k is not null`})`;
      const { rows } = await sql<{ doc: number | string }>`select m.doc from (select distinct doc from (${drivenQuery(index, set, await this.#driver(index, set), this.#dialect)}) as m0) as m where ${absent} and ${visible(index, sql.ref('m.doc'))} order by m.doc limit ${count}`.execute(this.db);
      return rows.map((r) => ({ doc: Number(r.doc), values: [null] }));
    };
    const out: PagedDoc[] = key.missing === '_first' ? await missingDocs(wanted) : [];
    const seen = new Set(out.map((d) => d.doc));
    let fetch = Math.max(16, (wanted - out.length) * 2);
    for (let skip = 0; out.length < wanted; ) {
      const { rows } = await sql<{ doc: number | string; s0: unknown }>`select wk.doc, ${whole} as s0 from es_doc_values wk
        where wk.index_key = ${index.key ?? -1} and wk.field = ${key.field} and ${column} is not null${bounds} and ${probe} and ${visible(index, sql.ref('wk.doc'))}
        order by ${order}, wk.doc asc limit ${fetch} offset ${skip}`.execute(this.db);
      for (const r of rows) {
        const doc = Number(r.doc);
        if (seen.has(doc)) continue;
        seen.add(doc);
        out.push({ doc, values: [toSortValue(r.s0, key)] });
        if (out.length === wanted) break;
      }
      if (rows.length < fetch) break;
      skip += fetch;
      fetch *= 4;
    }
    if (key.missing === '_last' && out.length < wanted) out.push(...(await missingDocs(wanted - out.length)).filter((d) => !seen.has(d.doc)));
    return out.slice(0, wanted);
  }

  /**
   * A range on the sort field itself bounds the walk, when every document has at most one value of the field (its
   * statistics say so): a document's only value is then both the one in range and the one it sorts by.
   */
  async #walkBounds(index: IndexRef, set: ResolvedSet, key: StoreSortKey) {
    if (key.source !== 'number') return sql``;
    const ranges = (set.op === 'and' ? set.sets : [set]).filter((s): s is Extract<ResolvedSet, { op: 'number_range' }> => s.op === 'number_range' && s.field === key.field);
    if (ranges.length === 0) return sql``;
    const stats = await this.fieldStats(index, key.field);
    if (stats.sumLength !== stats.docCount) return sql``;
    const parts: RawBuilder<unknown>[] = [];
    for (const { bounds } of ranges) {
      if (bounds.gt !== undefined) parts.push(sql` and wk.n > ${bounds.gt}`);
      if (bounds.gte !== undefined) parts.push(sql` and wk.n >= ${bounds.gte}`);
      if (bounds.lt !== undefined) parts.push(sql` and wk.n < ${bounds.lt}`);
      if (bounds.lte !== undefined) parts.push(sql` and wk.n <= ${bounds.lte}`);
    }
    return sql.join(parts, sql``);
  }

  async sortValues(index: IndexRef, docs: readonly number[], sort: readonly StoreSortKey[]): Promise<Map<number, (number | string | null)[]>> {
    const out = new Map<number, (number | string | null)[]>();
    if (sort.length === 0) return out;
    for (const chunk of chunks(docs)) {
      const columns = sort.map((key, i) => this.#sortColumn(index, key, i));
      const { rows } = await sql<Record<string, unknown>>`select p.doc, ${sql.join(columns)} from (select seq_no as doc from ${documentsOf(index)} where index_name = ${index.name} and seq_no in (${inList(chunk, 'bigint', this.#dialect)})) as p`.execute(this.db);
      for (const r of rows) out.set(Number(r.doc), sort.map((key, i) => toSortValue(r[`s${i}`], key)));
    }
    return out;
  }

  async postings(index: IndexRef, field: string, source: 'postings' | 'keywords', terms: readonly string[], within: DocSet | undefined, withPositions = false): Promise<PostingRow[]> {
    if (terms.length === 0) return [];
    const inner = within === undefined ? undefined : await this.#query(index, within);
    const key = index.key ?? -1;
    if (source === 'keywords') {
      const { rows } = await sql<{ doc: number | string; term: string; freq: number | string }>`select v.doc, coalesce(v.k_rest, v.k) as term, count(*) as freq from es_doc_values v
        where v.index_key = ${key} and v.field = ${field} and ${textEquals('v.k', 'v.k_rest', terms, this.#dialect)}${inner === undefined ? sql`` : sql` and v.doc in (select doc from (${inner}) as w)`}
        group by v.doc, coalesce(v.k_rest, v.k)`.execute(this.db);
      return rows.map((r) => ({ doc: Number(r.doc), term: r.term, freq: Number(r.freq), length: 0 }));
    }
    const positions = withPositions ? sql`, p.positions` : sql``;
    const within_ = inner === undefined ? sql`` : sql` and p.doc in (select doc from (${inner}) as w)`;
    const { rows } = await sql<{ doc: number | string; term: string; freq: number; length: number; positions?: string }>`select p.doc, coalesce(p.term_rest, p.term) as term, p.freq, p.length${positions} from es_postings p
      where p.index_key = ${key} and p.field = ${field} and ${textEquals('p.term', 'p.term_rest', terms, this.#dialect)}${within_}`.execute(this.db);
    return rows.map((r) => ({
      doc: Number(r.doc),
      term: r.term,
      freq: Number(r.freq),
      length: Number(r.length),
      ...(withPositions && { positions: r.positions!.split(',').map(Number) }),
    }));
  }

  async docFreqs(index: IndexRef, field: string, source: 'postings' | 'keywords', terms: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (terms.length === 0) return out;
    const key = index.key ?? -1;
    const query =
      source === 'postings'
        ? sql<{ term: string; n: number | string }>`select coalesce(term_rest, term) as term, count(*) as n from es_postings where index_key = ${key} and field = ${field} and ${textEquals('term', 'term_rest', terms, this.#dialect)} and ${visible(index)} group by coalesce(term_rest, term)`
        : sql<{ term: string; n: number | string }>`select coalesce(k_rest, k) as term, count(distinct doc) as n from es_doc_values where index_key = ${key} and field = ${field} and ${textEquals('k', 'k_rest', terms, this.#dialect)} and ${visible(index)} group by coalesce(k_rest, k)`;
    for (const r of (await query.execute(this.db)).rows) out.set(r.term, Number(r.n));
    return out;
  }

  async topByTermScore(index: IndexRef, field: string, terms: readonly { term: string; weight: number }[], params: { k1: number; b: number; avgdl: number }, within: DocSet, limit: number): Promise<{ doc: number }[]> {
    if (terms.length === 0) return [];
    const resolved = await this.#resolve(index, within);
    // Typed parameters: PostgreSQL cannot infer a bare parameter's type in arithmetic.
    const real = (value: number) => sql`cast(${value} as double precision)`;
    const weight = sql`case coalesce(p.term_rest, p.term) ${sql.join(terms.map((t) => sql`when ${t.term} then ${real(t.weight)}`), sql` `)} else 0 end`;
    const inverse = sql`(1.0 / (${real(params.k1)} * ((1 - ${real(params.b)}) + ${real(params.b)} * p.length / ${real(params.avgdl)})))`;
    // A query's own terms need no membership test when the set is just them; otherwise each document is probed.
    const onlyTerms = resolved.op === 'terms' || (resolved.op === 'or' && resolved.min <= 1 && resolved.sets.every((s) => s.op === 'terms' && s.field === field));
    const member = onlyTerms ? sql`` : sql` and ${membership(index, resolved, sql.ref('p.doc'), this.#dialect)}`;
    const score = sql`${weight} * (1 - 1 / (1 + p.freq * ${inverse}))`;
    // One term has one posting per document: no grouping, so the store keeps only the best `limit` as it reads.
    const [select, grouped] = terms.length === 1 ? [sql`${score}`, sql``] : [sql`sum(${score})`, sql` group by p.doc`];
    const { rows } = await sql<{ doc: number | string }>`select p.doc, ${select} as s from es_postings p
      where p.index_key = ${index.key ?? -1} and p.field = ${field} and ${textEquals('p.term', 'p.term_rest', terms.map((t) => t.term), this.#dialect)}${member} and ${visible(index, sql.ref('p.doc'))}${grouped}
      order by s desc, p.doc asc limit ${limit}`.execute(this.db);
    return rows.map((r) => ({ doc: Number(r.doc) }));
  }

  async nestedChildren(index: IndexRef, path: string, parents: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (parents.length === 0) return out;
    const { rows } = await sql<{ child: number | string; parent: number | string }>`select child, parent from es_nested
      where index_key = ${index.key ?? -1} and path = ${path} and parent in (${inList(parents, 'bigint', this.#dialect)})`.execute(this.db);
    for (const r of rows) out.set(Number(r.child), Number(r.parent));
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
      const { rows } = await sql<{ seq_no: number | string; doc_id: string; version: number | string; source: string; routing: string | null }>`select seq_no, doc_id, version, source, routing from ${documentsOf(index)} where index_name = ${index.name} and seq_no in (${inList(chunk, 'bigint', this.#dialect)})`.execute(this.db);
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
/** Whether the document `doc` is one the reader sees (live: not retired; a snapshot: at or before its mark, not retired by then). */
function visible(index: IndexRef, doc: RawBuilder<unknown> = sql`doc`) {
  const key = index.key ?? -1;
  if (!index.view) return sql`${doc} not in (select doc from es_retired where index_key = ${key})`;
  const { mark } = index.view;
  return sql`${doc} <= ${mark} and ${doc} not in (select doc from es_retired where index_key = ${key} and retired_seq <= ${mark})`;
}

function toSortValue(value: unknown, key: StoreSortKey): number | string | null {
  if (value === null || value === undefined) return null;
  return key.source === 'keyword' ? String(value) : Number(value);
}
