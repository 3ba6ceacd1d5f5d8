/**
 * Grid RPC throughput and latency over real protocols on loopback: Tessera in this process, the load generator
 * (raw requests, 64 in flight) in another, and the same load against a bare server in a third process that
 * answers the bytes Tessera answers a GetFields with: the ceiling.
 * Prints figures; asserts nothing. Run alone: `node --import tsx bench/grid-load.bench.ts`.
 */
import { gridClient, type ProtocolName } from '../test/helpers/grid-clients.js';
import { startTestServer } from '../test/helpers/server.js';
import { createBenchGrid, GRID_FIELDS } from './bench-grids.js';
import { startCeiling, type CeilingServer } from './ceiling-servers.js';
import { startLoadGenerator } from './load-generator-process.js';
import type { GridOp, LoadJob, LoadResult } from './load-jobs.js';
import { count, heading, machineLine, ms, QUICK, ratio, table } from './report.js';

const CONCURRENCY = 64;
const WARMUP_MS = QUICK ? 300 : 1_000;
const DURATION_MS = QUICK ? 1_000 : 5_000;
const PROTOCOLS: readonly ProtocolName[] = ['connect+json', 'connect+proto', 'grpc (h2c)'];
const OPS: readonly { op: GridOp; label: string; calls: number }[] = [
  { op: 'get-fields', label: `GetFields (${GRID_FIELDS} fields)`, calls: 1 },
  { op: 'update-field', label: 'UpdateField (rename)', calls: 1 },
  { op: 'insert-delete', label: 'InsertField + DeleteField (pair = 1 op)', calls: 2 },
];
/** `npm run bench -- grid-load` runs every case; GRID_LOAD_OPS=get-fields (comma-separated) only those. */
const ONLY_OPS = process.env.GRID_LOAD_OPS?.split(',');

const loadGenerator = startLoadGenerator();
const server = await startTestServer();
const setupClient = gridClient(server.url);

/** Tessera's GetFields answer for `gridId` in each encoding, exactly as it sends it (no compression asked for). */
async function getFieldsAnswer(gridId: string): Promise<{ json: Uint8Array; proto: Uint8Array }> {
  const post = async (contentType: string, body: string | Uint8Array<ArrayBuffer>) => {
    const response = await fetch(`${server.url}/tessera.grid.v1.GridService/GetFields`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'connect-protocol-version': '1', 'accept-encoding': 'identity' },
      body,
    });
    if (response.status !== 200) throw new Error(`GetFields: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  const proto = new Uint8Array(Buffer.concat([Buffer.from([0x0a, Buffer.byteLength(gridId)]), Buffer.from(gridId)]));
  return { json: await post('application/json', JSON.stringify({ gridId })), proto: await post('application/proto', proto) };
}

function job(baseUrl: string, protocol: ProtocolName, op: GridOp, grid: { gridId: string; fieldIds: readonly string[] }, answer?: { json: Uint8Array; proto: Uint8Array }): LoadJob {
  return {
    kind: 'load',
    baseUrl,
    protocol,
    op,
    gridId: grid.gridId,
    fieldIds: grid.fieldIds,
    concurrency: CONCURRENCY,
    ...(answer && op === 'get-fields' && { expectBodyLength: { json: answer.json.length, proto: answer.proto.length } }),
    warmupMs: WARMUP_MS,
    durationMs: DURATION_MS,
  };
}

type Measured = LoadResult & { serverCpu: number };

/** Runs `load` and adds the CPU of the process that served it over the case, as a share of one core. */
async function measured(load: LoadJob, serverCpuMillis: () => Promise<number>): Promise<Measured> {
  const cpuBefore = await serverCpuMillis();
  const started = performance.now();
  const result = await loadGenerator.run(load);
  const cpu = (await serverCpuMillis()) - cpuBefore;
  return { ...result, serverCpu: cpu / (performance.now() - started) };
}

const tesseraCpuMillis = async () => {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
};

function percent(share: number): string {
  return `${(share * 100).toFixed(0)} %`;
}

function errors(result: LoadResult): string {
  return result.errors === 0 ? '0' : `${result.errors} (${result.firstError})`;
}

function row(protocol: string, label: string, result: Measured, ofCeiling: string): string[] {
  return [protocol, label, count(result.opsPerSecond), ms(result.p50Ms), ms(result.p99Ms), ofCeiling, percent(result.serverCpu), percent(result.clientCpu), errors(result)];
}

try {
  console.log(`machine: ${machineLine()}`);
  console.log(`Tessera (SQLite) in process ${process.pid}; load generator in process ${loadGenerator.pid}; ${CONCURRENCY} requests in flight; ${WARMUP_MS} ms warm-up, then ${DURATION_MS} ms measured per case`);
  console.log('CPU columns: the serving process\'s and the load generator\'s CPU time over the whole case (warm-up included) as a share of one core');
  const warmGrid = await createBenchGrid(setupClient, 'warm-up');
  const answer = await getFieldsAnswer(warmGrid.gridId);
  console.log(`the ceilings answer Tessera's own GetFields bytes: ${answer.json.length} bytes of JSON, ${answer.proto.length} bytes of protobuf`);
  // The server's code is JIT-compiled before the first timed case, not during it.
  for (const { op } of OPS) await loadGenerator.run({ ...job(server.url, 'connect+proto', op, warmGrid, answer), warmupMs: 0, durationMs: WARMUP_MS });
  const rows: string[][] = [];
  for (const protocol of PROTOCOLS) {
    // gRPC needs HTTP/2; the Connect cases run over HTTP/1.1, as browsers and most Connect clients do.
    const grpc = protocol === 'grpc (h2c)';
    const ceilingServer: CeilingServer = await startCeiling({ kind: grpc ? 'grpc' : 'http1', ...answer });
    let ceiling: Measured;
    try {
      ceiling = await measured(job(ceilingServer.url, protocol, 'get-fields', warmGrid, answer), () => ceilingServer.cpuMillis());
    } finally {
      await ceilingServer.close();
    }
    rows.push(row(protocol, `ceiling: bare node:${grpc ? 'http2' : 'http'}, same bytes, own process`, ceiling, '100 %'));
    for (const { op, label, calls } of OPS) {
      if (ONLY_OPS && !ONLY_OPS.includes(op)) continue;
      // A fresh grid per case: no case inherits another's history.
      const grid = await createBenchGrid(setupClient, `${protocol} ${op}`);
      const result = await measured(job(server.url, protocol, op, grid, op === 'get-fields' ? await getFieldsAnswer(grid.gridId) : undefined), tesseraCpuMillis);
      // A pair is two requests, so its ceiling is half the ceiling's requests per second.
      rows.push(row(protocol, label, result, ratio(result.opsPerSecond, ceiling.opsPerSecond / calls)));
    }
  }
  heading('Grid RPCs on loopback');
  console.log(table(['protocol', 'operation', 'ops/s', 'p50 ms', 'p99 ms', 'of ceiling', 'server CPU', 'client CPU', 'errors'], rows));
} finally {
  await loadGenerator.stop();
  await server.dispose();
}
