/**
 * Search over log-like documents (`@timestamp`, `level`, `service`, `message`): `_bulk` indexing throughput, then
 * three searches timed through HTTP — a `range` on `@timestamp` with a `term` on `service` (10 hits, newest first),
 * a `match` on `message` (10 hits by relevance), and a `date_histogram` of one day with a `terms` sub-aggregation —
 * each against its floor: the same question asked of the same SQLite file directly, with hand-written SQL over
 * Tessera's own index tables (what the engine cannot go below). 1,000,000 documents (100,000 with BENCH_QUICK=1).
 * Prints figures; asserts nothing. Run alone: `node --import tsx bench/search.bench.ts`.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SQLITE_FILE_NAME } from '../src/platform/store/sqlite/sqlite-store.js';
import { removeTestData, startTestServer, tempDataDir } from '../test/helpers/server.js';
import { count, heading, machineLine, ms, percentile, QUICK, ratio, sortedCopy, table } from './report.js';

const DOCS = QUICK ? 100_000 : 1_000_000;
const BATCH = 5_000;
const RUNS = QUICK ? 20 : 50;
const START = Date.UTC(2026, 0, 1);
/** The documents span ten days, in time order as log shippers send them. */
const SPAN = 10 * 86_400_000;
const SERVICES = Array.from({ length: 20 }, (_, i) => `svc-${i}`);
const LEVELS = ['info', 'info', 'info', 'info', 'info', 'info', 'info', 'warn', 'warn', 'error'];
const VERBS = ['GET', 'POST', 'PUT', 'DELETE', 'fetched', 'stored', 'retried', 'dropped'];
const THINGS = ['order', 'user', 'cart', 'invoice', 'session', 'report', 'token', 'payment', 'shipment', 'profile'];
const OUTCOMES = ['ok', 'ok', 'ok', 'ok', 'slow', 'failed', 'timeout', 'refused'];

function documentOf(n: number): Record<string, unknown> {
  const h = (n * 2654435761) >>> 0;
  return {
    '@timestamp': new Date(START + Math.floor((n * SPAN) / DOCS)).toISOString(),
    level: LEVELS[h % LEVELS.length],
    service: SERVICES[(h >>> 8) % SERVICES.length],
    message: `${VERBS[(h >>> 4) % VERBS.length]} ${THINGS[(h >>> 12) % THINGS.length]} ${n % 100_000} ${OUTCOMES[(h >>> 16) % OUTCOMES.length]} in ${h % 997} ms`,
  };
}

async function call(url: string, method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<any> {
  const response = await fetch(url + path, { method, headers: { 'content-type': contentType }, ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  const json = await response.json();
  if (response.status !== 200) throw Object.assign(new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`), { status: response.status });
  return json;
}

async function time(runs: number, work: () => Promise<unknown> | unknown): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 3; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  const sorted = sortedCopy(samples);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

console.log(`machine: ${machineLine()}`);
console.log(`${count(DOCS)} documents, _bulk in batches of ${count(BATCH)}; each search run ${RUNS} times after 3 warm-ups; SQLite`);
const dataDir = tempDataDir();
const server = await startTestServer({ dataDir, log: false });
const rows: string[][] = [];
try {
  await call(server.url, 'PUT', '/logs', {
    mappings: { properties: { '@timestamp': { type: 'date' }, level: { type: 'keyword' }, service: { type: 'keyword' }, message: { type: 'text' } } },
  });
  const indexStarted = performance.now();
  for (let first = 0; first < DOCS; first += BATCH) {
    let body = '';
    for (let n = first; n < Math.min(DOCS, first + BATCH); n++) body += `{"index":{}}\n${JSON.stringify(documentOf(n))}\n`;
    const answer = await call(server.url, 'POST', '/logs/_bulk', body, 'application/x-ndjson');
    if (answer.errors) throw new Error('bulk failed');
  }
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  heading('Indexing');
  console.log(table(['documents', 'seconds', 'documents/s'], [[count(DOCS), indexSeconds.toFixed(1), count(DOCS / indexSeconds)]]));

  const db = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  const key = (db.prepare('select index_key from es_search_indices where index_name = ?').get('logs') as { index_key: number }).index_key;
  const from = START + 5 * 86_400_000;
  const to = from + 3_600_000;

  const filtered = { size: 10, sort: [{ '@timestamp': 'desc' }], query: { bool: { filter: [{ range: { '@timestamp': { gte: new Date(from).toISOString(), lt: new Date(to).toISOString() } } }, { term: { service: 'svc-7' } }] } } };
  const hits = (await call(server.url, 'POST', '/logs/_search', filtered)).hits;
  const filteredFloor = db.prepare(`select d.doc_id, d.source from es_doc_values t
    join es_doc_values s on s.index_key = t.index_key and s.doc = t.doc and s.field = 'service' and s.k = ?
    join es_documents d on d.index_name = 'logs' and d.seq_no = t.doc
    where t.index_key = ? and t.field = '@timestamp' and t.n >= ? and t.n < ? order by t.n desc limit 10`);
  const floorHits = filteredFloor.all('svc-7', key, from, to) as { doc_id: string }[];
  if (hits.hits.length !== 10 || floorHits.length !== 10 || hits.hits.some((h: { _id: string }, i: number) => h._id !== floorHits[i]!.doc_id)) throw new Error('the filtered search and its floor disagree');
  const a = await time(RUNS, () => call(server.url, 'POST', '/logs/_search', filtered));
  const aFloor = await time(RUNS, () => filteredFloor.all('svc-7', key, from, to));
  rows.push([`range on @timestamp (1 hour) + term on service, 10 newest (${count(hits.total.value)} match)`, ms(a.p50), ms(a.p99), ms(aFloor.p50), ratio(aFloor.p50, a.p50)]);

  const match = { size: 10, query: { match: { message: 'timeout' } } };
  const matched = (await call(server.url, 'POST', '/logs/_search', match)).hits;
  // The least any scorer reads: every posting of the term with its document's length.
  const matchFloor = db.prepare(`select p.doc, p.freq, l.length from es_postings p join es_doc_lengths l on l.index_key = p.index_key and l.doc = p.doc and l.field = p.field
    where p.index_key = ? and p.field = 'message' and p.term = ?`);
  const b = await time(RUNS, () => call(server.url, 'POST', '/logs/_search', match));
  const bFloor = await time(RUNS, () => matchFloor.all(key, 'timeout'));
  rows.push([`match on message, 10 by relevance (${count(matched.total.value)}${matched.total.relation === 'gte' ? '+' : ''} match)`, ms(b.p50), ms(b.p99), ms(bFloor.p50), ratio(bFloor.p50, b.p50)]);

  const histogram = {
    size: 0,
    query: { range: { '@timestamp': { gte: new Date(from).toISOString(), lt: new Date(from + 86_400_000).toISOString() } } },
    aggs: { perHour: { date_histogram: { field: '@timestamp', fixed_interval: '1h' }, aggs: { levels: { terms: { field: 'level' } } } } },
  };
  const histogramFloor = db.prepare(`select cast(t.n / 3600000 as integer) as hour, l.k as level, count(*) as n from es_doc_values t
    join es_doc_values l on l.index_key = t.index_key and l.doc = t.doc and l.field = 'level'
    where t.index_key = ? and t.field = '@timestamp' and t.n >= ? and t.n < ? group by hour, level`);
  try {
    await call(server.url, 'POST', '/logs/_search', histogram);
    const c = await time(RUNS, () => call(server.url, 'POST', '/logs/_search', histogram));
    const cFloor = await time(RUNS, () => histogramFloor.all(key, from, from + 86_400_000));
    rows.push(['date_histogram (1 h) over a day with a terms sub-aggregation', ms(c.p50), ms(c.p99), ms(cFloor.p50), ratio(cFloor.p50, c.p50)]);
  } catch (error) {
    rows.push([`date_histogram with terms: not measured (${(error as Error).message.slice(0, 80)})`, '–', '–', '–', '–']);
  }
  db.close();
} finally {
  await server.close();
  await removeTestData(dataDir);
}
heading(`Searches over ${count(DOCS)} documents`);
console.log(table(['search', 'p50 ms', 'p99 ms', 'floor p50 ms', 'floor / Tessera'], rows));
