/**
 * The lifecycle runner at scale, on the virtual clock, in this process (so its memory is this process's):
 * one poll tick over 10,000 and 100,000 managed indices at rest (every index due, and none due), with the longest
 * event-loop stall and the latency of requests meanwhile; explain and `_cat/indices` of them all (first byte, total,
 * peak memory); and one tick in which every index changes phase. Data folders are seeded by ilm-seed.ts.
 * Prints figures; asserts nothing. Run alone: `node --expose-gc --import tsx bench/ilm-runner-scale.bench.ts`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { VirtualClock } from '../src/platform/clock.js';
import { rawRequest } from '../test/helpers/es.js';
import { startTestServer, tempDataDir, type TestServer } from '../test/helpers/server.js';
import { MANAGED_PATTERN, seedManagedIndices, type SeedOptions } from './ilm-seed.js';
import { probeLoop } from './loop-probe.js';
import { count, heading, machineLine, median, mib, mibDelta, ms, QUICK, table } from './report.js';

/** Every index waits in check-rollover-ready, a periodic wait: each poll tick evaluates every index and none moves. */
const ROLLOVER_WAIT_POLICY = {
  phases: {
    hot: { actions: { rollover: { max_age: '30d' } } },
    delete: { min_age: '90d', actions: { delete: {} } },
  },
};

/** Every index rests at hot/complete; one day on, one tick moves every index into warm and through set_priority. */
const PHASE_MOVE_POLICY = {
  phases: {
    hot: { actions: { set_priority: { priority: 100 } } },
    warm: { min_age: '1d', actions: { set_priority: { priority: 50 } } },
    delete: { min_age: '90d', actions: { delete: {} } },
  },
};

/** `BENCH_ILM_SIZES=100000` (comma-separated): only these sizes at rest, with their answers; no phase-move table. */
const ONLY_SIZES = process.env.BENCH_ILM_SIZES?.split(',').map(Number);
const AT_REST_SIZES = ONLY_SIZES ?? (QUICK ? [1_000, 10_000] : [10_000, 100_000]);
const EXPLAIN_SIZES = ONLY_SIZES ?? (QUICK ? [1_000] : [10_000, 100_000]);
const PHASE_MOVE_SIZES = ONLY_SIZES ? [] : QUICK ? [500, 1_000] : [1_000, 2_000, 4_000, 8_000];
const TICKS_TIMED = 3;

const gc: () => void = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
if (!(globalThis as { gc?: unknown }).gc) console.log('(run with --expose-gc for the memory figures to mean anything)');

function settledMemory(): NodeJS.MemoryUsage {
  gc();
  gc();
  return process.memoryUsage();
}

/** `blockedMs`: the longest the event loop, which also serves every other request, was held during the call. */
async function advance(server: TestServer, by: string): Promise<{ ms: number; ticks: number; blockedMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const response = await rawRequest(server.url, 'POST', '/_tessera/clock/_advance', { by });
  const elapsed = performance.now() - started;
  delay.disable();
  if (response.status !== 200) throw new Error(`advance ${by}: ${response.status} ${JSON.stringify(response.json)}`);
  return { ms: elapsed, ticks: response.json.ticks, blockedMs: delay.max / 1e6 };
}

interface Started {
  readonly server: TestServer;
  readonly seedMs: number;
  /** Opening the store, loading the cluster state and the runner's first pass over it. */
  readonly startMs: number;
  /** The longest event-loop stall from listening until the first pass has run. */
  readonly startStallMs: number;
  /** Heap the loaded server holds, per index, beyond what this process held before. */
  readonly heapPerIndex: number;
}

async function seededServer(size: number, policy: SeedOptions['policy'], withAlias: boolean): Promise<Started> {
  const dataDir = tempDataDir();
  const seedStarted = performance.now();
  const now = await seedManagedIndices({ dataDir, count: size, policy, withAlias });
  const seedMs = performance.now() - seedStarted;
  const before = settledMemory();
  const started = performance.now();
  const server = await startTestServer({ dataDir, clock: new VirtualClock(now) });
  const stopProbe = probeLoop();
  await advance(server, '0s');
  const startStallMs = (await stopProbe()).longestStallMs;
  const startMs = performance.now() - started;
  const after = settledMemory();
  return { server, seedMs, startMs, startStallMs, heapPerIndex: (after.heapUsed - before.heapUsed) / size };
}

interface Streamed {
  readonly status: number;
  readonly firstByteMs: number;
  readonly totalMs: number;
  readonly bytes: number;
  /** The highest heap and RSS seen while the answer arrived, above what they were before the request. */
  readonly peakHeap: number;
  readonly peakRss: number;
}

/**
 * Reads an answer as it arrives, keeping none of it, so the memory figures are the server's; `stall`: the longest
 * event-loop stall meanwhile (the GC that settles the heap first is not counted).
 */
async function streamed(url: string): Promise<Streamed & { readonly stallMs: number }> {
  const before = settledMemory();
  const stopProbe = probeLoop();
  let peakHeap = 0;
  let peakRss = 0;
  const sample = () => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed - before.heapUsed);
    peakRss = Math.max(peakRss, now.rss - before.rss);
  };
  const started = performance.now();
  const response = await fetch(url);
  const reader = response.body!.getReader();
  let firstByteMs = Number.NaN;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
    sample();
  }
  const totalMs = performance.now() - started;
  sample();
  const { longestStallMs } = await stopProbe();
  return { status: response.status, firstByteMs, totalMs, bytes, peakHeap, peakRss, stallMs: longestStallMs };
}

const WORKLOADS = [
  { name: 'periodic wait (hot/rollover/check-rollover-ready: every index due each tick)', policy: ROLLOVER_WAIT_POLICY, withAlias: true, answers: true },
  { name: 'min_age wait (hot/complete/complete, warm after 1d: no index due)', policy: PHASE_MOVE_POLICY, withAlias: false, answers: false },
] as const;

async function atRest(): Promise<void> {
  const rows: string[][] = [];
  const answerRows: string[][] = [];
  const lintRows: string[][] = [];
  for (const workload of WORKLOADS) {
    for (const size of AT_REST_SIZES) {
      const { server, seedMs, startMs, startStallMs, heapPerIndex } = await seededServer(size, workload.policy, workload.withAlias);
      try {
        const times: number[] = [];
        const stalls: number[] = [];
        const p99s: number[] = [];
        let first: { heap: number; rss: number; retained: number; ticks: number; requests: number } | undefined;
        for (let i = 0; i < TICKS_TIMED; i++) {
          const before = settledMemory();
          const stopProbe = probeLoop(`${server.url}/`);
          const tick = await advance(server, '10m');
          const loop = await stopProbe();
          // Read before any GC of ours: what the tick left on the heap, less what young-generation GCs freed meanwhile.
          const after = process.memoryUsage();
          const retained = settledMemory();
          times.push(tick.ms);
          stalls.push(loop.longestStallMs);
          p99s.push(loop.p99Ms);
          first ??= { heap: after.heapUsed - before.heapUsed, rss: after.rss - before.rss, retained: retained.heapUsed - before.heapUsed, ticks: tick.ticks, requests: loop.requests };
        }
        rows.push([
          workload.policy === ROLLOVER_WAIT_POLICY ? 'periodic' : 'min_age',
          count(size),
          ms(seedMs / 1000),
          ms(startMs),
          ms(startStallMs),
          (heapPerIndex / 1024).toFixed(2),
          String(first!.ticks),
          ms(times[0]!),
          ms(median(times)),
          ((median(times) * 1000) / size).toFixed(2),
          ms(Math.max(...stalls)),
          count(first!.requests),
          ms(Math.max(...p99s)),
          mibDelta(first!.heap),
          mibDelta(first!.rss),
          mibDelta(first!.retained),
        ]);
        if (workload.answers && EXPLAIN_SIZES.includes(size)) {
          const answers: [string, string][] = [
            ['explain', `/${MANAGED_PATTERN}/_ilm/explain`],
            ['_cat/indices (text)', `/_cat/indices/${MANAGED_PATTERN}`],
            ['_cat/indices (json)', `/_cat/indices/${MANAGED_PATTERN}?format=json`],
            ['_cat/indices s=index:desc (text)', `/_cat/indices/${MANAGED_PATTERN}?s=index:desc`],
            ['_cat/indices s=docs.count (json)', `/_cat/indices/${MANAGED_PATTERN}?s=docs.count&format=json`],
            ['_cat/indices s=creation.date (text)', `/_cat/indices/${MANAGED_PATTERN}?s=creation.date`],
          ];
          for (const [what, path] of answers) {
            const answer = await streamed(server.url + path);
            answerRows.push([what, count(size), String(answer.status), mib(answer.bytes), ms(answer.firstByteMs), ms(answer.totalMs), ms(answer.stallMs), mibDelta(answer.peakHeap), mibDelta(answer.peakRss)]);
          }
          // Lint runs a dry run of every index; it yields between indices, so the longest stall is what others wait.
          const stopProbe = probeLoop();
          const lintStarted = performance.now();
          const lint = await fetch(`${server.url}/_tessera/ilm/lint`);
          const linted = Object.keys(((await lint.json()) as { indices: object }).indices).length;
          const lintElapsed = performance.now() - lintStarted;
          const loop = await stopProbe();
          lintRows.push([count(size), String(lint.status), count(linted), ms(lintElapsed), ((lintElapsed * 1000) / size).toFixed(1), ms(loop.longestStallMs)]);
        }
      } finally {
        await server.dispose();
      }
    }
  }
  heading('ILM: one poll tick over indices at rest (10m advance: one tick), with GET / sent one after another meanwhile');
  for (const workload of WORKLOADS) console.log(`- ${workload.policy === ROLLOVER_WAIT_POLICY ? 'periodic' : 'min_age'}: ${workload.name}`);
  console.log('');
  console.log(
    table(
      [
        'workload',
        'indices',
        'seed, s',
        'server start + first pass, ms',
        'longest stall at start, ms',
        'heap per index, KiB',
        'ticks',
        'first tick, ms',
        `median of ${TICKS_TIMED}, ms`,
        'µs per index',
        'longest event-loop stall, ms',
        'GET / during tick',
        'GET / p99, ms',
        'heap Δ during tick, MiB',
        'RSS Δ, MiB',
        'heap retained after GC, MiB',
      ],
      rows,
    ),
  );
  heading(`ILM: answers over every index (${MANAGED_PATTERN}), read as they arrive`);
  console.log(table(['answer', 'indices', 'status', 'size, MiB', 'first byte, ms', 'total, ms', 'longest event-loop stall, ms', 'peak heap Δ, MiB', 'peak RSS Δ, MiB'], answerRows));
  heading('ILM: lint of every managed index (GET /_tessera/ilm/lint)');
  console.log(table(['indices', 'status', 'linted', 'ms', 'µs per index', 'longest event-loop stall, ms'], lintRows));
}

async function phaseMove(): Promise<void> {
  const rows: string[][] = [];
  let previous: { size: number; ms: number } | undefined;
  for (const size of PHASE_MOVE_SIZES) {
    const { server } = await seededServer(size, PHASE_MOVE_POLICY, false);
    try {
      const before = settledMemory();
      const tick = await advance(server, '1d');
      const after = process.memoryUsage();
      const explain = await rawRequest(server.url, 'GET', `/${MANAGED_PATTERN}/_ilm/explain?only_managed=true`);
      const inWarm = Object.values(explain.json.indices as Record<string, { phase: string; step: string }>).filter((r) => r.phase === 'warm' && r.step === 'complete').length;
      const growth = previous ? `× ${(tick.ms / previous.ms).toFixed(1)} for × ${(size / previous.size).toFixed(1)} indices` : '';
      rows.push([count(size), String(tick.ticks), count(inWarm), ms(tick.ms), ((tick.ms * 1000) / size).toFixed(0), ms(tick.blockedMs), mibDelta(after.heapUsed - before.heapUsed), growth]);
      previous = { size, ms: tick.ms };
    } finally {
      await server.dispose();
    }
  }
  heading('ILM: one poll tick in which every index enters the warm phase and runs set_priority');
  console.log(table(['indices', 'ticks', 'now warm/complete', 'tick, ms', 'µs per index', 'event loop held, ms', 'heap Δ during tick, MiB', 'growth'], rows));
}

console.log(`machine: ${machineLine()}`);
console.log('Tessera (SQLite, virtual clock) in this process; each size on a fresh data folder; ticks run through POST /_tessera/clock/_advance');
await atRest();
if (PHASE_MOVE_SIZES.length > 0) await phaseMove();
