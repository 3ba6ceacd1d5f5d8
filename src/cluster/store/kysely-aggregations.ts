/**
 * @module Aggregations' reads on Kysely: GROUP BY over `es_doc_values` restricted to a document set's query, so the
 * work is bounded by distinct values and buckets, never by loading documents. Shared by SQLite and PostgreSQL.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { IndexRef, NumberRange, NumericStats, ValueSource } from '../search/search-repository.js';
import { chunks } from '../../platform/store/statement-chunks.js';

/** Open range ends as the largest doubles, so every bound is a plain comparison the (field, n) index can serve. */
const LOWEST = -Number.MAX_VALUE;
const HIGHEST = Number.MAX_VALUE;

const within = (inner: RawBuilder<unknown>) => sql`v.doc in (select doc from (${inner}) as w)`;
const valueOf = (source: ValueSource) => (source === 'keyword' ? sql`coalesce(v.k_rest, v.k)` : sql`v.n`);
const present = (source: ValueSource) => (source === 'keyword' ? sql`v.k is not null` : sql`v.n is not null`);

export async function termCounts(db: Kysely<any>, index: IndexRef, inner: RawBuilder<unknown>, field: string, source: ValueSource, per: 'doc' | 'value') {
  const counted = per === 'doc' ? sql`count(distinct v.doc)` : sql`count(*)`;
  const { rows } = await sql<{ key: string | number; c: number | string }>`select ${valueOf(source)} as key, ${counted} as c from es_doc_values v
    where v.index_key = ${index.key ?? -1} and v.field = ${field} and ${present(source)} and ${within(inner)} group by 1`.execute(db);
  return rows.map((r) => ({ key: source === 'keyword' ? String(r.key) : Number(r.key), count: Number(r.c) }));
}

export async function numericStats(db: Kysely<any>, index: IndexRef, inner: RawBuilder<unknown>, field: string): Promise<NumericStats> {
  const { rows } = await sql<Record<string, number | string | null>>`select count(v.n) as c, min(v.n) as lo, max(v.n) as hi, sum(v.n) as s, sum(v.n * v.n) as sq from es_doc_values v
    where v.index_key = ${index.key ?? -1} and v.field = ${field} and v.n is not null and ${within(inner)}`.execute(db);
  const r = rows[0]!;
  const count = Number(r.c);
  return { count, min: count === 0 ? null : Number(r.lo), max: count === 0 ? null : Number(r.hi), sum: Number(r.s ?? 0), sumOfSquares: Number(r.sq ?? 0) };
}

export async function valueCount(db: Kysely<any>, index: IndexRef, inner: RawBuilder<unknown>, field: string, source: ValueSource): Promise<number> {
  const { rows } = await sql<{ c: number | string }>`select count(*) as c from es_doc_values v where v.index_key = ${index.key ?? -1} and v.field = ${field} and ${present(source)} and ${within(inner)}`.execute(db);
  return Number(rows[0]!.c);
}

export async function rangeCounts(db: Kysely<any>, index: IndexRef, inner: RawBuilder<unknown>, field: string, ranges: readonly NumberRange[]): Promise<number[]> {
  const out = ranges.map(() => 0);
  const numbered = ranges.map((r, i) => ({ i, lo: r.from ?? LOWEST, hi: r.to ?? HIGHEST }));
  for (const chunk of chunks(numbered)) {
    const table = sql.join(
      chunk.map((r) => sql`select cast(${r.i} as integer) as i, cast(${r.lo} as double precision) as lo, cast(${r.hi} as double precision) as hi`),
      sql` union all `,
    );
    const { rows } = await sql<{ i: number | string; c: number | string }>`select r.i as i, count(distinct v.doc) as c from (${table}) as r
      join es_doc_values v on v.index_key = ${index.key ?? -1} and v.field = ${field} and v.n >= r.lo and v.n < r.hi
      where v.n is not null and ${within(inner)} group by r.i`.execute(db);
    for (const r of rows) out[Number(r.i)] = Number(r.c);
  }
  return out;
}

export async function histogramCounts(db: Kysely<any>, index: IndexRef, inner: RawBuilder<unknown>, field: string, interval: number, offset: number) {
  const bucket = sql`floor((v.n - ${offset}) / ${interval})`;
  const { rows } = await sql<{ b: number | string; c: number | string }>`select ${bucket} as b, count(distinct v.doc) as c from es_doc_values v
    where v.index_key = ${index.key ?? -1} and v.field = ${field} and v.n is not null and ${within(inner)} group by 1`.execute(db);
  return rows.map((r) => ({ bucket: Number(r.b), count: Number(r.c) }));
}

export async function groupedStats(db: Kysely<any>, index: IndexRef, inner: RawBuilder<unknown>, keyField: string, keySource: ValueSource, valueField: string) {
  const key = index.key ?? -1;
  // Each (document, key) once, then that document's numbers through the (index_key, doc, field) index. No `n is not
  // null` on x: it would let SQLite's planner pick the partial (field, n) index and scan every value per document.
  const keys = sql`select distinct v.doc as doc, ${valueOf(keySource)} as key from es_doc_values v where v.index_key = ${key} and v.field = ${keyField} and ${present(keySource)} and ${within(inner)}`;
  const { rows } = await sql<Record<string, number | string | null>>`select t.key as key, count(x.n) as c, min(x.n) as lo, max(x.n) as hi, sum(x.n) as s, sum(x.n * x.n) as sq
    from (${keys}) as t join es_doc_values x on x.index_key = ${key} and x.doc = t.doc and x.field = ${valueField} group by t.key`.execute(db);
  const out = new Map<string | number, NumericStats>();
  for (const r of rows) {
    const count = Number(r.c);
    out.set(keySource === 'keyword' ? String(r.key) : Number(r.key), { count, min: count === 0 ? null : Number(r.lo), max: count === 0 ? null : Number(r.hi), sum: Number(r.s ?? 0), sumOfSquares: Number(r.sq ?? 0) });
  }
  return out;
}
