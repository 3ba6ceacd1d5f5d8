/**
 * `_bulk` in batches of 1,000 documents, as log shippers send them: documents per second into a plain index (ids
 * given by the server, and ids given by the client) and into a data stream, against the store's floor: the same rows
 * inserted straight into the same SQLite schema with one prepared statement, 1,000 to a transaction, with the
 * server's durability (WAL, `synchronous = FULL`). Everything runs in this process, one batch in flight.
 * Prints figures; asserts nothing. Run alone: `node --import tsx bench/bulk.bench.ts`.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../src/build-server.js';
import { migrateToLatest } from '../src/platform/store/migrate.js';
import { openStore } from '../src/platform/store/open-store.js';
import { SQLITE_FILE_NAME } from '../src/platform/store/sqlite/sqlite-store.js';
import { removeTestData, startTestServer, tempDataDir } from '../test/helpers/server.js';
import { count, heading, machineLine, ms, QUICK, ratio, table } from './report.js';

const BATCH = 1_000;
const BATCHES = QUICK ? 3 : 30;
const WARM_UP_BATCHES = QUICK ? 1 : 3;
const LEVELS = ['info', 'warn', 'error', 'debug'];

/** A log line of about 200 bytes, different for each `n`. */
function documentSource(n: number): string {
  return JSON.stringify({
    '@timestamp': new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    message: `GET /api/orders/${n} 200 in ${n % 997} ms from 10.0.${n % 256}.${(n * 7) % 256}`,
    level: LEVELS[n % LEVELS.length],
    bytes: (n * 37) % 65_536,
    host: { name: `web-${n % 16}` },
  });
}

type Action = (n: number) => string;
const autoId: Action = () => '{"index":{}}';
const clientId: Action = (n) => `{"index":{"_id":"doc-${n}"}}`;
const create: Action = () => '{"create":{}}';

function bulkBody(first: number, action: Action): string {
  let body = '';
  for (let n = first; n < first + BATCH; n++) body += `${action(n)}\n${documentSource(n)}\n`;
  return body;
}

/** Documents a second over `BATCHES` batches into `target`, after a warm-up into a target of its own. */
async function bulkRate(url: string, target: string, warmUpTarget: string, action: Action): Promise<{ perSecond: number; batchMs: number }> {
  const send = async (into: string, first: number) => {
    const response = await fetch(`${url}/${into}/_bulk`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: bulkBody(first, action) });
    const answer = (await response.json()) as { errors?: boolean; items?: unknown[] };
    if (response.status !== 200 || answer.errors !== false || answer.items?.length !== BATCH) throw new Error(`bulk into ${into} failed: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  };
  for (let b = 0; b < WARM_UP_BATCHES; b++) await send(warmUpTarget, b * BATCH);
  const started = performance.now();
  for (let b = 0; b < BATCHES; b++) await send(target, b * BATCH);
  const elapsed = performance.now() - started;
  return { perSecond: (BATCH * BATCHES * 1000) / elapsed, batchMs: elapsed / BATCHES };
}

/** The floor: the rows `_bulk` stores, inserted by one prepared statement into Tessera's own schema, a batch per transaction. */
async function storeFloor(): Promise<{ perSecond: number; batchMs: number }> {
  const dataDir = tempDataDir();
  try {
    const store = await openStore({ dataDir });
    await migrateToLatest(store, MIGRATIONS);
    await store.close();
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    const insert = db.prepare('insert into es_documents (index_name, doc_id, seq_no, version, source, size_bytes, routing) values (?, ?, ?, 1, ?, ?, null)');
    const counter = db.prepare('insert into es_index_counters (index_name, next_seq_no, docs, size_bytes) values (?, ?, ?, ?) on conflict (index_name) do update set next_seq_no = excluded.next_seq_no, docs = excluded.docs, size_bytes = excluded.size_bytes');
    let bytes = 0;
    const batch = db.transaction((index: string, first: number) => {
      for (let n = first; n < first + BATCH; n++) {
        const source = documentSource(n);
        bytes += Buffer.byteLength(source);
        insert.run(index, `doc-${n}`, n, source, Buffer.byteLength(source));
      }
      counter.run(index, first + BATCH, first + BATCH, bytes);
    });
    for (let b = 0; b < WARM_UP_BATCHES; b++) batch('warm-up', b * BATCH);
    bytes = 0;
    const started = performance.now();
    for (let b = 0; b < BATCHES; b++) batch('floor', b * BATCH);
    const elapsed = performance.now() - started;
    db.close();
    return { perSecond: (BATCH * BATCHES * 1000) / elapsed, batchMs: elapsed / BATCHES };
  } finally {
    await removeTestData(dataDir);
  }
}

console.log(`machine: ${machineLine()}`);
console.log(`${count(BATCHES)} batches of ${count(BATCH)} documents (about 200 bytes each) per case, one in flight, after ${WARM_UP_BATCHES} warm-up batches; SQLite, WAL, synchronous = FULL`);
const floor = await storeFloor();
const server = await startTestServer({ dataDir: tempDataDir(), log: false });
const rows: string[][] = [];
const row = (what: string, result: { perSecond: number; batchMs: number }) => rows.push([what, count(Math.round(result.perSecond)), ms(result.batchMs), ms((result.batchMs * 1000) / BATCH), ratio(result.perSecond, floor.perSecond)]);
try {
  const put = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`PUT ${path}: ${response.status} ${await response.text()}`);
  };
  await put('/_index_template/logs', { index_patterns: ['logs-*'], data_stream: {} });
  row('store floor: prepared insert, one transaction per batch', floor);
  row('_bulk index, ids from the server, into a plain index', await bulkRate(server.url, 'plain-auto', 'warm-auto', autoId));
  row('_bulk index, ids from the client, into a plain index', await bulkRate(server.url, 'plain-ids', 'warm-ids', clientId));
  row('_bulk create into a data stream', await bulkRate(server.url, 'logs-app-default', 'logs-warm-default', create));
} finally {
  await server.dispose();
}
heading('_bulk in batches of 1,000 documents');
console.log(table(['case', 'documents/s', 'ms per batch', 'µs per document', 'of the store floor'], rows));
