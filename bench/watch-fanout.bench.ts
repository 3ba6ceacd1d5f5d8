/**
 * WatchFields fan-out: one UpdateField reaching 100 and 1,000 open streams; then WatchGrid's: one UpdateCell reaching
 * as many. The streams and the updater live
 * in the load-generator process, so send and receive times come from one clock; Tessera runs in this process.
 * The watchers are Connect clients (each decodes every changeset, as an application would), then bare HTTP streams
 * that only count envelopes (raw-watch.ts): with 1,000 Connect clients in one process, the client's own work per
 * message shows in the delivery times; the bare streams leave mostly the server's.
 * Prints figures; asserts nothing. Run alone: `node --import tsx bench/watch-fanout.bench.ts`.
 */
import { gridClient, type ProtocolName } from '../test/helpers/grid-clients.js';
import { startTestServer } from '../test/helpers/server.js';
import { createBenchGrid } from './bench-grids.js';
import { startLoadGenerator } from './load-generator-process.js';
import type { FanoutResult } from './load-jobs.js';
import { count, heading, machineLine, ms, QUICK, table } from './report.js';

const STREAM_COUNTS = QUICK ? [100, 300] : [100, 1_000];
/**
 * Each update reaches every stream, so one pause during one update delays N deliveries at once: with 20 updates that
 * was 5 % of the samples, and the p99 was the slowest update's. With 100, one slow update is 1 %.
 */
const UPDATES = QUICK ? 5 : 100;
// HTTP/1.1 holds one connection per stream; gRPC multiplexes them all over one HTTP/2 connection.
const PROTOCOLS: readonly ProtocolName[] = ['connect+proto', 'grpc (h2c)'];

const loadGenerator = startLoadGenerator();
// All gRPC streams share one HTTP/2 connection; past the default of 100 streams per connection the client would
// queue the rest until others close, and the priming update would never reach them.
const server = await startTestServer({ connectionLimits: { maxConcurrentStreams: Math.max(...STREAM_COUNTS) + 10 } });
const setupClient = gridClient(server.url);

/** One table row per case: what was watched, and when each update reached the streams. */
function fanoutRow(protocol: ProtocolName, raw: boolean, streams: number, result: FanoutResult): string[] {
  return [
    protocol,
    raw ? 'bare HTTP streams' : 'Connect clients',
    count(streams),
    ms(result.setupMs),
    ms(result.replyP50Ms),
    ms(result.p50Ms),
    ms(result.p99Ms),
    ms(result.lastStreamP50Ms),
    ms(result.lastStreamP50Ms / streams),
    result.missing === 0 ? '0' : `${result.missing}${result.streamError ? ` (${result.streamError})` : ''}`,
  ];
}

const COLUMNS = (update: string) => ['protocol', 'watchers', 'streams', 'open all, ms', `${update} reply p50 ms`, 'delivery p50 ms', 'delivery p99 ms', 'last stream p50 ms', 'last stream ms per stream', 'missing'];

try {
  console.log(`machine: ${machineLine()}`);
  console.log(`Tessera (SQLite) in process ${process.pid}; streams and updater in process ${loadGenerator.pid}; ${UPDATES} timed updates per case, one at a time`);
  const rows: string[][] = [];
  const cellRows: string[][] = [];
  for (const protocol of PROTOCOLS) {
    for (const raw of [false, true]) for (const streams of STREAM_COUNTS) {
      const { gridId, fieldIds } = await createBenchGrid(setupClient, `fan-out ${protocol} ${streams}`);
      const result = await loadGenerator.run({ kind: 'fanout', baseUrl: server.url, protocol, gridId, fieldId: fieldIds[1]!, streams, updates: UPDATES, raw });
      rows.push(fanoutRow(protocol, raw, streams, result));
      // The same for rows: WatchGrid streams, each update an UpdateCell of one cell, on a grid of its own.
      const cells = await createBenchGrid(setupClient, `cell fan-out ${protocol} ${streams}`);
      const rowId = (await setupClient.createRow({ gridId: cells.gridId })).insertedRows[0]!.row!.id;
      const cellResult = await loadGenerator.run({ kind: 'fanout', baseUrl: server.url, protocol, gridId: cells.gridId, fieldId: cells.fieldIds[0]!, rowId, streams, updates: UPDATES, raw });
      cellRows.push(fanoutRow(protocol, raw, streams, cellResult));
    }
  }
  heading('WatchFields fan-out of one UpdateField');
  console.log(table(COLUMNS('UpdateField'), rows));
  heading('WatchGrid fan-out of one UpdateCell');
  console.log(table(COLUMNS('UpdateCell'), cellRows));
} finally {
  await loadGenerator.stop();
  await server.dispose();
}
