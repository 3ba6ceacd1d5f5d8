/**
 * @module The load-generator process: runs the jobs the benchmark process sends over IPC and answers with
 * figures. It is a process of its own so that the client's CPU (encoding, decoding, HTTP parsing) does not
 * share an event loop with the server it measures; on a 2-core machine each then has a core. Load cases send raw
 * requests (raw-grid-calls.ts), as autocannon would; the fan-out uses the Connect client, which streams need.
 * Started by load-generator-process.ts as `node --import tsx bench/load-generator.ts`.
 */
import { ConnectError } from '@connectrpc/connect';
import { setMaxListeners } from 'node:events';
import { gridClient } from '../test/helpers/grid-clients.js';
import { runAutocannon } from './autocannon-load.js';
import { rawConnectWatchers, rawGrpcWatchers } from './raw-watch.js';
import type { FanoutJob, FanoutResult, Job, JobMessage, LoadJob, LoadResult, ReplyMessage } from './load-jobs.js';
import { rawGridCalls, type Operation } from './raw-grid-calls.js';
import { percentile, sortedCopy } from './report.js';

/** A growable list of latencies, so a long case does not allocate a number object per request. */
class Samples {
  #values = new Float64Array(1 << 16);
  #length = 0;

  push(value: number): void {
    if (this.#length === this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#length++] = value;
  }

  sorted(): Float64Array {
    return sortedCopy(this.#values.subarray(0, this.#length));
  }
}

async function runLoad(job: LoadJob): Promise<LoadResult> {
  const { op, close } = rawGridCalls(job);
  try {
    return await measure(job, op);
  } finally {
    close();
  }
}

async function measure(job: LoadJob, op: Operation): Promise<LoadResult> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const measureFrom = started + job.warmupMs;
  const stopAt = measureFrom + job.durationMs;
  const samples = new Samples();
  let errors = 0;
  let firstError: string | undefined;
  let lastFinish = measureFrom;
  const worker = async (w: number) => {
    for (let i = 0; ; i++) {
      const t0 = performance.now();
      if (t0 >= stopAt) return;
      try {
        await op(w, i);
      } catch (error) {
        errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
        continue;
      }
      const t1 = performance.now();
      // Only operations begun after the warm-up count; the window closes when the last of them finishes.
      if (t0 >= measureFrom) {
        samples.push(t1 - t0);
        lastFinish = Math.max(lastFinish, t1);
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, (_, w) => worker(w)));
  const cpu = process.cpuUsage(cpuBefore);
  const clientCpu = (cpu.user + cpu.system) / 1000 / (performance.now() - started);
  const sorted = samples.sorted();
  const seconds = (lastFinish - measureFrom) / 1000;
  return {
    ops: sorted.length,
    seconds,
    opsPerSecond: sorted.length / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    errors,
    ...(firstError !== undefined && { firstError }),
    clientCpu,
  };
}

interface Delivery {
  readonly times: Float64Array;
  received: number;
  readonly all: Promise<void>;
  resolve(): void;
}

function delivery(streams: number): Delivery {
  let resolve!: () => void;
  const all = new Promise<void>((r) => (resolve = r));
  return { times: new Float64Array(streams), received: 0, all, resolve };
}

async function within(promise: Promise<void>, millis: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, millis)))]);
  clearTimeout(timer);
}

async function runFanout(job: FanoutJob): Promise<FanoutResult> {
  const { gridId, fieldId, streams, updates } = job;
  const watcher = gridClient(job.baseUrl, job.protocol);
  // Its own transport, so on HTTP/2 the update does not queue behind the streams' data on one connection.
  const updater = gridClient(job.baseUrl, job.protocol);
  const from = (await updater.getGrid({ value: gridId })).revision;
  // One slot per revision to come, made before any stream can receive it: the priming update, then the timed ones.
  const slots = new Map<bigint, Delivery>();
  for (let k = 1; k <= updates + 1; k++) slots.set(from + BigInt(k), delivery(streams));
  const abort = new AbortController();
  // Every stream listens to this one signal.
  setMaxListeners(0, abort.signal);
  let streamError: string | undefined;
  const setupStarted = performance.now();
  const received = (revision: bigint) => {
    const now = performance.now();
    const slot = slots.get(revision);
    if (!slot) return;
    slot.times[slot.received++] = now;
    if (slot.received === streams) slot.resolve();
  };
  const rowId = job.rowId;
  const method = rowId === undefined ? 'WatchFields' : 'WatchGrid';
  const raw = job.raw ? (job.protocol === 'grpc (h2c)' ? rawGrpcWatchers(job.baseUrl, method) : rawConnectWatchers(job.baseUrl, method)) : undefined;
  const update = async (value: string) =>
    rowId === undefined
      ? (await updater.updateField({ gridId, fieldId, oneOfName: { case: 'name', value } })).revision
      : (await updater.updateCell({ gridId, rowId, fieldId, oneOfCellContentChangeset: { case: 'cellContentChangeset', value } })).revision;
  const open = Array.from({ length: streams }, async () => {
    if (raw) {
      let revision = from;
      return raw.open(gridId, from, () => received(++revision), abort.signal);
    }
    try {
      const changes = rowId === undefined ? watcher.watchFields({ gridId, afterRevision: from }, { signal: abort.signal }) : watcher.watchGrid({ gridId, afterRevision: from }, { signal: abort.signal });
      for await (const change of changes) received(change.revision);
    } catch (error) {
      // A stream that fails shows as missing deliveries; the first reason is reported.
      if (!abort.signal.aborted) streamError ??= ConnectError.from(error).message;
    }
  });
  // A stream that subscribes late still replays from `from`, so the priming update reaching every stream means all are live.
  await update('priming');
  await within(slots.get(from + 1n)!.all, 120_000);
  const setupMs = performance.now() - setupStarted;
  const latencies: number[] = [];
  const lastStream: number[] = [];
  const replies: number[] = [];
  let missing = streams - slots.get(from + 1n)!.received;
  for (let k = 1; k <= updates; k++) {
    const slot = slots.get(from + 1n + BigInt(k))!;
    const sent = performance.now();
    const revision = await update(`update ${k}`);
    replies.push(performance.now() - sent);
    if (revision !== from + 1n + BigInt(k)) throw new Error(`expected revision ${from + 1n + BigInt(k)}, got ${revision}: another writer on the grid`);
    await within(slot.all, 30_000);
    missing += streams - slot.received;
    let last = 0;
    for (let i = 0; i < slot.received; i++) {
      const latency = slot.times[i]! - sent;
      latencies.push(latency);
      last = Math.max(last, latency);
    }
    lastStream.push(last);
  }
  abort.abort();
  await Promise.all(open);
  raw?.close();
  const sorted = sortedCopy(latencies);
  return {
    setupMs,
    samples: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: percentile(sorted, 1),
    lastStreamP50Ms: percentile(sortedCopy(lastStream), 0.5),
    replyP50Ms: percentile(sortedCopy(replies), 0.5),
    missing,
    ...(streamError !== undefined && { streamError }),
  };
}

function run(job: Job): Promise<LoadResult | FanoutResult> {
  if (job.kind === 'autocannon') return runAutocannon(job);
  return job.kind === 'load' ? runLoad(job) : runFanout(job);
}

if (!process.send) throw new Error('load-generator.ts runs as a child process with an IPC channel (see load-generator-process.ts)');
process.on('message', (message: JobMessage) => {
  const reply = (answer: ReplyMessage) => process.send!(answer);
  run(message.job).then(
    (result) => reply({ id: message.id, result }),
    (error: unknown) => reply({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
// The parent disconnecting (done, or gone) ends this process even if streams or keep-alive sockets linger.
process.on('disconnect', () => process.exit(0));
