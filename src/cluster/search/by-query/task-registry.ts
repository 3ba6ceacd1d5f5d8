/**
 * @module The tasks `wait_for_completion=false` starts (TaskManager with TaskResultsService), kept in memory by the
 * instance that runs them: their status while they run, and their answer or error once done. ES stores finished
 * results in the `.tasks` index, so any node can read them and they outlive a restart; here they live as long as
 * the instance, and another instance of a shared store does not know them (its GET answers 404).
 */
import type { Clock } from '../../../platform/clock.js';
import type { ClusterError } from '../../cluster-error.js';
import { statusJson, timeText, type BulkByScrollCounts, type BulkByScrollResult } from './bulk-by-scroll-status.js';

export interface TaskRecord {
  readonly id: number;
  readonly action: string;
  readonly description: string;
  readonly startMillis: number;
  readonly counts: BulkByScrollCounts;
  /** Set once the task is done. */
  outcome?: { readonly endMillis: number; readonly response: BulkByScrollResult } | { readonly endMillis: number; readonly error: ClusterError };
  /** Settles when the task is done (never rejects). */
  readonly done: Promise<void>;
}

export class TaskRegistry {
  #next = 1;
  readonly #tasks = new Map<number, TaskRecord>();
  #closing = false;

  constructor(
    private readonly clock: Clock,
    readonly nodeId: string,
  ) {}

  /** True once the instance is closing: running tasks stop between batches. */
  get closing(): boolean {
    return this.#closing;
  }

  /** Starts `run` in the background and records it; `run` must update `counts` as it goes. */
  start(action: string, description: string, counts: BulkByScrollCounts, run: () => Promise<BulkByScrollResult>): TaskRecord {
    const id = this.#next++;
    let settle!: () => void;
    const record: TaskRecord = { id, action, description, startMillis: this.clock.now(), counts, done: new Promise<void>((resolve) => (settle = resolve)) };
    this.#tasks.set(id, record);
    void run().then(
      (response) => {
        record.outcome = { endMillis: this.clock.now(), response };
      },
      (error: unknown) => {
        record.outcome = { endMillis: this.clock.now(), error: error as ClusterError };
      },
    ).finally(settle);
    return record;
  }

  /** The tasks still running, oldest first. */
  running(): TaskRecord[] {
    return [...this.#tasks.values()].filter((t) => !t.outcome);
  }

  /** The task with this number on this node, running or done. */
  get(id: number): TaskRecord | undefined {
    return this.#tasks.get(id);
  }

  /** Tells running tasks to stop and waits for them (the server is closing). */
  async close(): Promise<void> {
    this.#closing = true;
    await Promise.all([...this.#tasks.values()].map((t) => t.done));
  }

  /**
   * TaskInfo.toXContent; a finished task's info is the one ES stores with its result: its running time stops at its
   * end, and `cancelled` is left out (TaskResultsService writes it without INCLUDE_CANCELLED_PARAM).
   */
  infoJson(record: TaskRecord, human = false, detailed = true): Record<string, unknown> {
    const now = record.outcome?.endMillis ?? this.clock.now();
    const runningMillis = Math.max(0, now - record.startMillis);
    return {
      node: this.nodeId,
      id: record.id,
      type: 'transport',
      action: record.action,
      // A listing without `detailed` leaves out the status and the description (TaskManager.taskInfo).
      ...(detailed && { status: statusJson(record.counts, this.clock.now(), undefined, human), description: record.description }),
      ...(human && { start_time: new Date(record.startMillis).toISOString() }),
      start_time_in_millis: record.startMillis,
      ...(human && { running_time: timeText(runningMillis) }),
      running_time_in_nanos: runningMillis * 1_000_000,
      cancellable: true,
      ...(!record.outcome && { cancelled: false }),
      headers: {},
    };
  }
}

/**
 * Resolves once `clock` reaches `until` or `stop()` holds, checking every `stepMillis` of real time: a virtual clock
 * moves only when told to, so a throttled task waits for it rather than for the wall clock.
 */
export function waitForClock(clock: Clock, until: number, stop: () => boolean, stepMillis = 10): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const left = until - clock.now();
      if (left <= 0 || stop()) return resolve();
      setTimeout(check, Math.min(stepMillis, left));
    };
    check();
  });
}
