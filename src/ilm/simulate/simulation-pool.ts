/**
 * @module Where the server runs forecasts: in worker threads (simulation-worker.ts), off the event loop, so the
 * server goes on answering while one runs. At most `maxConcurrent` run at a time: one more is refused at once, as
 * ES refuses work its thread pool has no room for (429 `es_rejected_execution_exception`). One that outlasts its
 * time limit (`tessera.ilm.simulate.timeout`) is stopped, its worker ended, and answered with ES's
 * `timeout_exception` (429). Workers are kept for the next forecast, and ended once idle for a minute or when the
 * pool closes.
 */
import { getHeapStatistics } from 'node:v8';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { ClusterError, FORECAST_TIMEOUT_SETTING } from '../../cluster/index.js';
import { packagePath } from '../../platform/package-path.js';
import { humanDuration } from '../../platform/units/index.js';
import type { SimulationInput, SimulationResult } from './simulation.js';
import type { AuthorizeAnswer, AuthorizeQuestion, RunMessage, SimulationWorkerData, WorkerMessage } from './simulation-worker.js';
import { fromWireError, toWireError, toWireInput } from './simulation-wire.js';

export interface SimulationPoolOptions {
  /** Forecasts run at once; one more is refused. Default 2. */
  readonly maxConcurrent?: number;
}

export const DEFAULT_MAX_CONCURRENT_FORECASTS = 2;
const IDLE_MILLIS = 60_000;
/** The longest delay a Node.js timer holds; a longer time limit waits this long. */
const MAX_TIMER_MILLIS = 2 ** 31 - 1;
/** A forecast's heap: far more than the 20,000 events and 10,000,000 index-ticks of one need. */
const WORKER_HEAP_MB = 1024;

/** Run from the TypeScript sources (tests, through tsx) rather than from the compiled bundle in `dist/`. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * The worker's first code. From the sources it runs TypeScript as the server does, through tsx registered in the
 * worker itself; the compiled bundle has the worker as an entry of its own, `dist/simulation-worker.js`.
 */
function bootCode(): string {
  const load = FROM_SOURCE
    ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./simulation-worker.ts', import.meta.url).href)}); })`
    : `import(${JSON.stringify(pathToFileURL(packagePath('dist/simulation-worker.js')).href)})`;
  return `
const { parentPort } = require('node:worker_threads');
${load}
  .catch((error) => parentPort.postMessage({ kind: 'boot-failed', message: String((error && error.stack) || error) }));
`;
}

function rejected(maxConcurrent: number): ClusterError {
  return new ClusterError(
    'es_rejected_execution_exception',
    429,
    `rejected execution of a lifecycle forecast: [${maxConcurrent}] forecasts are running, the most this server runs at a time; retry when one of them has finished`,
  );
}

function timedOut(timeoutMillis: number, horizon: number): ClusterError {
  return new ClusterError(
    'timeout_exception',
    429,
    `the lifecycle forecast did not finish within [${humanDuration(timeoutMillis)}], the time limit of one forecast [${FORECAST_TIMEOUT_SETTING}]; forecast a shorter [horizon] than [${humanDuration(horizon)}]`,
  );
}

/** One worker thread and the channel on which it asks the main thread to authorize steps. */
class SimulationWorker {
  readonly #worker: Worker;
  readonly #questions: MessagePort;
  readonly #answered: Int32Array;
  readonly ready: Promise<void>;
  #job: { authorize: NonNullable<SimulationInput['authorize']>; thrown: unknown[] } | undefined;
  #settle: ((message: WorkerMessage | { kind: 'crashed'; error: unknown }) => void) | undefined;
  #idleTimer: NodeJS.Timeout | undefined;
  #ended = false;

  constructor(onEnd: (worker: SimulationWorker) => void) {
    const { port1, port2 } = new MessageChannel();
    const flag = new SharedArrayBuffer(4);
    this.#questions = port1;
    this.#answered = new Int32Array(flag);
    const workerData: SimulationWorkerData = { port: port2, flag, heapLimit: getHeapStatistics().heap_size_limit };
    this.#worker = new Worker(bootCode(), { eval: true, execArgv: [], workerData, transferList: [port2], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    this.#worker.unref();
    port1.unref();
    port1.on('message', (question: AuthorizeQuestion) => this.#answer(question));
    let booted: () => void;
    let bootFailed: (error: unknown) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      booted = resolve;
      bootFailed = reject;
    });
    // A failed start is seen by the first (and only) forecast that waits for it.
    this.ready.catch(() => undefined);
    this.#worker.on('message', (message: WorkerMessage | { kind: 'boot-failed'; message: string }) => {
      if (message.kind === 'ready') booted();
      else if (message.kind === 'boot-failed') {
        bootFailed(new Error(`the forecast worker failed to start: ${message.message}`));
        void this.end();
      }
      else this.#settle?.(message);
    });
    const crashed = (error: unknown) => {
      bootFailed(error);
      this.#settle?.({ kind: 'crashed', error });
    };
    this.#worker.on('error', crashed);
    this.#worker.on('exit', (code) => {
      this.#ended = true;
      this.#questions.close();
      crashed(new Error(`the forecast worker stopped (exit code ${code})`));
      onEnd(this);
    });
  }

  /** Ended, or being ended: no forecast may be given to it. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Answers a step's authorization question at once, then wakes the worker sleeping on it. */
  #answer(question: AuthorizeQuestion): void {
    let answer: AuthorizeAnswer;
    const job = this.#job;
    if (!job) {
      answer = { thrown: -1 };
    } else {
      try {
        const denied = job.authorize(question.runner, question.action, question.index);
        answer = denied ? { denied: toWireError(denied) } : {};
      } catch (error) {
        answer = { thrown: job.thrown.push(error) - 1 };
      }
    }
    this.#questions.postMessage(answer);
    Atomics.store(this.#answered, 0, 1);
    Atomics.notify(this.#answered, 0);
  }

  /** Runs one forecast; rejects with `timedOut` (ending the worker) once `timeoutMillis` have passed. */
  run(input: SimulationInput, timeoutMillis: number): Promise<SimulationResult> {
    clearTimeout(this.#idleTimer);
    const thrown: unknown[] = [];
    this.#job = input.authorize ? { authorize: input.authorize, thrown } : undefined;
    return new Promise<SimulationResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#settle = undefined;
        reject(timedOut(timeoutMillis, input.horizon));
        void this.end();
      }, Math.min(timeoutMillis, MAX_TIMER_MILLIS));
      this.#settle = (message) => {
        clearTimeout(timer);
        this.#settle = undefined;
        this.#job = undefined;
        if (message.kind === 'done') resolve(message.result);
        else if (message.kind === 'failed') reject(fromWireError(message.error, (id) => thrown[id]));
        else if (message.kind === 'crashed') reject(message.error);
      };
      const run: RunMessage = { kind: 'run', input: toWireInput(input), authorize: input.authorize !== undefined };
      this.#worker.postMessage(run);
    });
  }

  /** Kept for the next forecast, and ended after a minute without one. */
  idle(onIdleEnd: () => void): void {
    this.#idleTimer = setTimeout(() => {
      onIdleEnd();
      void this.end();
    }, IDLE_MILLIS);
    this.#idleTimer.unref();
  }

  async end(): Promise<void> {
    clearTimeout(this.#idleTimer);
    if (this.#ended) return;
    this.#ended = true;
    this.#questions.close();
    await this.#worker.terminate();
  }
}

export class SimulationPool {
  readonly #maxConcurrent: number;
  readonly #workers = new Set<SimulationWorker>();
  #idle: SimulationWorker[] = [];
  #running = 0;
  #closed = false;

  constructor(options: SimulationPoolOptions = {}) {
    this.#maxConcurrent = options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT_FORECASTS;
  }

  /**
   * Runs `simulate(input)` in a worker thread, for at most `timeoutMillis` once the worker starts on it; refused at
   * once when `maxConcurrent` already run.
   */
  async run(input: SimulationInput, timeoutMillis: number): Promise<SimulationResult> {
    if (this.#closed) throw new ClusterError('node_closed_exception', 500, 'the server is shutting down');
    if (this.#running >= this.#maxConcurrent) throw rejected(this.#maxConcurrent);
    this.#running++;
    const worker = this.#take();
    try {
      await worker.ready;
      return await worker.run(input, timeoutMillis);
    } finally {
      this.#running--;
      // A forecast that failed (a bad policy, the work limit) leaves its worker fit for the next one.
      if (!this.#closed && !worker.ended) {
        this.#idle.push(worker);
        worker.idle(() => (this.#idle = this.#idle.filter((w) => w !== worker)));
      }
    }
  }

  #take(): SimulationWorker {
    let worker: SimulationWorker | undefined;
    while ((worker = this.#idle.pop()) && worker.ended);
    if (worker) return worker;
    const fresh = new SimulationWorker((ended) => {
      this.#workers.delete(ended);
      this.#idle = this.#idle.filter((w) => w !== ended);
    });
    this.#workers.add(fresh);
    return fresh;
  }

  /** Ends every worker; forecasts still running fail. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#idle = [];
    await Promise.all([...this.#workers].map((w) => w.end()));
  }
}
