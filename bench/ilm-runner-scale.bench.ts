/**
 * The lifecycle runner at scale, on the virtual clock, in this process (so its memory is this process's):
 * one poll tick over 10,000 and 100,000 managed indices at rest, explain of them all, and one tick in which
 * every index changes phase. Data folders are seeded by ilm-seed.ts.
 * Prints figures; asserts nothing. Run alone: `node --expose-gc --import tsx bench/ilm-runner-scale.bench.ts`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { VirtualClock } from '../src/platform/clock.js';
import { rawRequest } from '../test/helpers/es.js';
import { startTestServer, tempDataDir, type TestServer } from '../test/helpers/server.js';
import { MANAGED_PATTERN, seedManagedIndices, type SeedOptions } from './ilm-seed.js';
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

const AT_REST_SIZES = QUICK ? [1_000, 10_000] : [10_000, 100_000];
const EXPLAIN_SIZES = QUICK ? [1_000] : [10_000, 100_000];
const PHASE_MOVE_SIZES = QUICK ? [500, 1_000] : [1_000, 2_000, 4_000, 8_000];
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
  await advance(server, '0s');
  const startMs = performance.now() - started;
  const after = settledMemory();
  return { server, seedMs, startMs, heapPerIndex: (after.heapUsed - before.heapUsed) / size };
}

async function atRest(): Promise<void> {
  const rows: string[][] = [];
  const explainRows: string[][] = [];
  const lintRows: string[][] = [];
  for (const size of AT_REST_SIZES) {
    const { server, seedMs, startMs, heapPerIndex } = await seededServer(size, ROLLOVER_WAIT_POLICY, true);
    try {
      const times: number[] = [];
      let first: { heap: number; rss: number; retained: number; ticks: number; blockedMs: number } | undefined;
      for (let i = 0; i < TICKS_TIMED; i++) {
        const before = settledMemory();
        const tick = await advance(server, '10m');
        // Read before any GC of ours: what the tick left on the heap, less what young-generation GCs freed meanwhile.
        const after = process.memoryUsage();
        const retained = settledMemory();
        times.push(tick.ms);
        first ??= { heap: after.heapUsed - before.heapUsed, rss: after.rss - before.rss, retained: retained.heapUsed - before.heapUsed, ticks: tick.ticks, blockedMs: tick.blockedMs };
      }
      rows.push([
        count(size),
        ms(seedMs / 1000),
        ms(startMs),
        (heapPerIndex / 1024).toFixed(2),
        String(first!.ticks),
        ms(times[0]!),
        ms(median(times)),
        ((median(times) * 1000) / size).toFixed(1),
        ms(first!.blockedMs),
        mibDelta(first!.heap),
        mibDelta(first!.rss),
        mibDelta(first!.retained),
      ]);
      if (EXPLAIN_SIZES.includes(size)) {
        const before = settledMemory();
        const started = performance.now();
        const response = await fetch(`${server.url}/${MANAGED_PATTERN}/_ilm/explain`);
        const body = await response.text();
        const elapsed = performance.now() - started;
        const during = process.memoryUsage();
        const explained = Object.keys((JSON.parse(body) as { indices: object }).indices).length;
        explainRows.push([count(size), String(response.status), count(explained), ms(elapsed), ((elapsed * 1000) / size).toFixed(1), mib(Buffer.byteLength(body)), mibDelta(during.heapUsed - before.heapUsed)]);
        // Lint runs a dry run of every index; it yields between indices, so the longest stall is what others wait.
        const delay = monitorEventLoopDelay({ resolution: 10 });
        delay.enable();
        const lintStarted = performance.now();
        const lint = await fetch(`${server.url}/_tessera/ilm/lint`);
        const linted = Object.keys(((await lint.json()) as { indices: object }).indices).length;
        const lintElapsed = performance.now() - lintStarted;
        delay.disable();
        lintRows.push([count(size), String(lint.status), count(linted), ms(lintElapsed), ((lintElapsed * 1000) / size).toFixed(1), ms(delay.max / 1e6)]);
      }
    } finally {
      await server.dispose();
    }
  }
  heading('ILM: one poll tick over indices at rest (all in hot/rollover/check-rollover-ready, none due)');
  console.log(
    table(
      ['indices', 'seed, s', 'server start + first pass, ms', 'heap per index, KiB', 'ticks', 'first tick, ms', `median of ${TICKS_TIMED}, ms`, 'µs per index', 'event loop held, ms', 'heap Δ during tick, MiB', 'RSS Δ, MiB', 'heap retained after GC, MiB'],
      rows,
    ),
  );
  heading(`ILM: explain of every index (GET /${MANAGED_PATTERN}/_ilm/explain)`);
  console.log(table(['indices', 'status', 'explained', 'ms', 'µs per index', 'response, MiB', 'heap Δ, MiB'], explainRows));
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
await phaseMove();
