/**
 * Durable grid writes under concurrency (issue 17): UpdateField and InsertField + DeleteField on one grid, against
 * the bare HTTP/1.1 server's ceiling in the same run. Prints figures; asserts nothing.
 * `BENCH_PROTOCOL` picks the protocol (connect+proto by default); `BENCH_CONCURRENCY` the requests in flight.
 * Run alone: `node --import tsx bench/grid-write.bench.ts` (PostgreSQL with TESSERA_TEST_DATABASE_URL set).
 */
import type { ProtocolName } from '../test/helpers/grid-clients.js';
import { gridClient } from '../test/helpers/grid-clients.js';
import { startTestServer, TEST_DATABASE_URL } from '../test/helpers/server.js';
import { createBenchGrid } from './bench-grids.js';
import { startHttp1Ceiling } from './ceiling-servers.js';
import { startLoadGenerator } from './load-generator-process.js';
import type { GridOp, LoadJob, LoadOp, LoadResult } from './load-jobs.js';
import { count, heading, machineLine, ms, QUICK, ratio, table } from './report.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PROTOCOL = (process.env.BENCH_PROTOCOL ?? 'connect+proto') as ProtocolName;
const WARMUP_MS = QUICK ? 300 : 1_000;
const DURATION_MS = QUICK ? 1_500 : 5_000;
const OPS: readonly { op: GridOp; label: string; calls: number }[] = [
  { op: 'update-field', label: 'UpdateField (rename)', calls: 1 },
  { op: 'insert-delete', label: 'InsertField + DeleteField (pair = 1 op)', calls: 2 },
];

const loadGenerator = startLoadGenerator();
const server = await startTestServer();
const setupClient = gridClient(server.url);

function job(baseUrl: string, op: LoadOp, grid: { gridId: string; fieldIds: readonly string[] }): LoadJob {
  return { kind: 'load', baseUrl, protocol: PROTOCOL, op, gridId: grid.gridId, fieldIds: grid.fieldIds, concurrency: CONCURRENCY, warmupMs: WARMUP_MS, durationMs: DURATION_MS };
}

function errors(result: LoadResult): string {
  return result.errors === 0 ? '0' : `${result.errors} (${result.firstError})`;
}

try {
  console.log(`machine: ${machineLine()}`);
  console.log(`Tessera (${TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}) over ${PROTOCOL}, ${CONCURRENCY} requests in flight, ${DURATION_MS} ms per case`);
  const warmGrid = await createBenchGrid(setupClient, 'warm-up');
  for (const { op } of OPS) await loadGenerator.run({ ...job(server.url, op, warmGrid), warmupMs: 0, durationMs: WARMUP_MS });
  const ceilingServer = await startHttp1Ceiling();
  let ceiling: LoadResult;
  try {
    ceiling = await loadGenerator.run(job(ceilingServer.url, 'get-fields', { gridId: 'none', fieldIds: [] }));
  } finally {
    await ceilingServer.close();
  }
  const rows: string[][] = [['ceiling: bare http server, fixed 200', count(ceiling.opsPerSecond), ms(ceiling.p50Ms), ms(ceiling.p99Ms), '100 %', errors(ceiling)]];
  for (const { op, label, calls } of OPS) {
    const grid = await createBenchGrid(setupClient, op);
    const result = await loadGenerator.run(job(server.url, op, grid));
    rows.push([label, count(result.opsPerSecond), ms(result.p50Ms), ms(result.p99Ms), ratio(result.opsPerSecond, ceiling.opsPerSecond / calls), errors(result)]);
  }
  heading('Durable grid writes');
  console.log(table(['operation', 'ops/s', 'p50 ms', 'p99 ms', 'of ceiling', 'errors'], rows));
} finally {
  await loadGenerator.stop();
  await server.dispose();
}
