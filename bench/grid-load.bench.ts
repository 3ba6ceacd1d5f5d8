/**
 * Grid RPC throughput and latency over real protocols on loopback: Tessera in this process, the load
 * generator in another, and the same load generator against bare servers for the ceiling.
 * Prints figures; asserts nothing. Run alone: `node --import tsx bench/grid-load.bench.ts`.
 */
import type { ProtocolName } from '../test/helpers/grid-clients.js';
import { gridClient } from '../test/helpers/grid-clients.js';
import { startTestServer } from '../test/helpers/server.js';
import { createBenchGrid, GRID_FIELDS } from './bench-grids.js';
import { startHttp1Ceiling, startHttp2Ceiling, type CeilingServer } from './ceiling-servers.js';
import { startLoadGenerator } from './load-generator-process.js';
import type { GridOp, LoadJob, LoadOp, LoadResult } from './load-jobs.js';
import { count, heading, machineLine, ms, QUICK, ratio, table } from './report.js';

const CONCURRENCY = 32;
const WARMUP_MS = QUICK ? 300 : 1_000;
const DURATION_MS = QUICK ? 1_000 : 5_000;
const PROTOCOLS: readonly ProtocolName[] = ['connect+proto', 'connect+json', 'grpc (h2c)'];
const OPS: readonly { op: GridOp; label: string; calls: number }[] = [
  { op: 'get-fields', label: `GetFields (${GRID_FIELDS} fields)`, calls: 1 },
  { op: 'update-field', label: 'UpdateField (rename)', calls: 1 },
  { op: 'insert-delete', label: 'InsertField + DeleteField (pair = 1 op)', calls: 2 },
];

const loadGenerator = startLoadGenerator();
const server = await startTestServer();
const setupClient = gridClient(server.url);

function job(baseUrl: string, protocol: ProtocolName, op: LoadOp, grid: { gridId: string; fieldIds: readonly string[] }): LoadJob {
  return { kind: 'load', baseUrl, protocol, op, gridId: grid.gridId, fieldIds: grid.fieldIds, concurrency: CONCURRENCY, warmupMs: WARMUP_MS, durationMs: DURATION_MS };
}

/** Runs `load` and adds this process's CPU over it (the server's, or the ceiling server's) as a share of one core. */
async function measured(load: LoadJob): Promise<LoadResult & { serverCpu: number }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await loadGenerator.run(load);
  const cpu = process.cpuUsage(cpuBefore);
  return { ...result, serverCpu: (cpu.user + cpu.system) / 1000 / (performance.now() - started) };
}

function percent(share: number): string {
  return `${(share * 100).toFixed(0)} %`;
}

function cells(result: LoadResult & { serverCpu: number }): string[] {
  return [count(result.opsPerSecond), ms(result.p50Ms), ms(result.p99Ms)];
}

function cpus(result: LoadResult & { serverCpu: number }): string[] {
  return [percent(result.serverCpu), percent(result.clientCpu)];
}

function errors(result: LoadResult): string {
  return result.errors === 0 ? '0' : `${result.errors} (${result.firstError})`;
}

try {
  console.log(`machine: ${machineLine()}`);
  console.log(`Tessera (SQLite) in process ${process.pid}; load generator in process ${loadGenerator.pid}; ${CONCURRENCY} requests in flight; ${WARMUP_MS} ms warm-up, then ${DURATION_MS} ms measured per case`);
  console.log('CPU columns: each process\'s CPU time over the whole case (warm-up included) as a share of one core');
  // The server's code is JIT-compiled before the first timed case, not during it.
  const warmGrid = await createBenchGrid(setupClient, 'warm-up');
  for (const { op } of OPS) await loadGenerator.run({ ...job(server.url, 'connect+proto', op, warmGrid), warmupMs: 0, durationMs: WARMUP_MS });
  const rows: string[][] = [];
  for (const protocol of PROTOCOLS) {
    // gRPC needs HTTP/2; the Connect cases run over HTTP/1.1, as browsers and most Connect clients do.
    const ceilingServer: CeilingServer = protocol === 'grpc (h2c)' ? await startHttp2Ceiling() : await startHttp1Ceiling();
    const bare = protocol === 'grpc (h2c)' ? 'bare http2 server, fixed answer' : 'bare http server, fixed 200';
    let ceiling: LoadResult & { serverCpu: number };
    let raw: LoadResult & { serverCpu: number };
    try {
      ceiling = await measured(job(ceilingServer.url, protocol, 'get-fields', { gridId: 'none', fieldIds: [] }));
      raw = await measured(job(ceilingServer.url, protocol, 'raw', { gridId: 'none', fieldIds: [] }));
    } finally {
      await ceilingServer.close();
    }
    rows.push([protocol, `ceiling: ${bare}`, ...cells(ceiling), '100 %', ...cpus(ceiling), errors(ceiling)]);
    // Not a ceiling for Tessera's figures (they need the Connect client): it shows what that client itself costs.
    rows.push([protocol, `(raw node:${protocol === 'grpc (h2c)' ? 'http2' : 'http'} client, ${bare})`, ...cells(raw), ratio(raw.opsPerSecond, ceiling.opsPerSecond), ...cpus(raw), errors(raw)]);
    for (const { op, label, calls } of OPS) {
      // A fresh grid per case: no case inherits another's history.
      const grid = await createBenchGrid(setupClient, `${protocol} ${op}`);
      const result = await measured(job(server.url, protocol, op, grid));
      // A pair is two requests, so its ceiling is half the ceiling's requests per second.
      rows.push([protocol, label, ...cells(result), ratio(result.opsPerSecond, ceiling.opsPerSecond / calls), ...cpus(result), errors(result)]);
    }
  }
  heading('Grid RPCs on loopback');
  console.log(table(['protocol', 'operation', 'ops/s', 'p50 ms', 'p99 ms', 'of ceiling', 'server CPU', 'client CPU', 'errors'], rows));
} finally {
  await loadGenerator.stop();
  await server.dispose();
}
