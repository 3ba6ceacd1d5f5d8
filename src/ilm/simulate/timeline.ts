/**
 * @module What a lifecycle simulation saw, in order: every step an index entered, every error (an automatic
 * retry that fails the same way again is counted, not repeated), the indices created and deleted, the disk's
 * watermarks crossed and the writes refused. Times are the simulation's virtual clock.
 */
import { ClusterState, DataStreams, type IndexMetadata, type WatermarkLevel } from '../../cluster/index.js';
import type { Coded } from '../../platform/errors.js';
import { readCause, readExecution, type ExecutionState } from '../execution-state.js';
import { ERROR_STEP } from '../step-key.js';

interface At {
  readonly time: number;
}

export type TimelineEvent = At &
  (
    | { readonly kind: 'step'; readonly index: string; readonly phase: string; readonly action: string; readonly step: string }
    | {
        readonly kind: 'error';
        readonly index: string;
        readonly phase: string;
        readonly action: string;
        readonly failedStep: string;
        readonly error: Readonly<Record<string, unknown>>;
        /** The error's code, as the runner stored it beside step_info, for the remedy. */
        readonly cause?: Coded;
        readonly retryable: boolean;
        /** Automatic retries after this error that failed the same way, up to the end of the simulation. */
        autoRetries: number;
      }
    | {
        readonly kind: 'created';
        readonly index: string;
        readonly cause: 'rollover' | 'copy' | 'other';
        readonly from?: string;
        readonly alias?: string;
        /** The data stream a rollover added the index to, as its new write index. */
        readonly dataStream?: string;
        readonly action?: string;
      }
    | { readonly kind: 'deleted'; readonly index: string }
    | { readonly kind: 'watermark'; readonly level: WatermarkLevel; readonly exceeded: boolean; readonly usedBytes: number; readonly usedPercent: number }
    | { readonly kind: 'writes_refused'; readonly index: string; readonly block: string }
    | { readonly kind: 'writes_resumed'; readonly index: string }
  );

type ErrorEvent = Extract<TimelineEvent, { kind: 'error' }>;
type StepEvent = Extract<TimelineEvent, { kind: 'step' }>;

function parseInfo(info: string | undefined): Record<string, unknown> {
  if (info === undefined) return {};
  try {
    return JSON.parse(info) as Record<string, unknown>;
  } catch {
    return { reason: info };
  }
}

export class Timeline {
  readonly events: TimelineEvent[] = [];
  /** Per index: the step time last recorded, so step_info-only updates are not steps. */
  readonly #lastStep = new Map<string, string>();
  /** Per index: its last move (a write block or a watermark in between does not count). */
  readonly #lastMove = new Map<string, StepEvent | ErrorEvent>();
  /** Per index: its last error and the move back to the failed step, while that automatic retry is under way. */
  readonly #retrying = new Map<string, { error: ErrorEvent; retry: StepEvent }>();

  constructor(private readonly clock: { now(): number }) {}

  /** Each execution state the runner moves an index to. */
  step(index: string, execution: ExecutionState): void {
    const stamp = `${execution.phase}/${execution.action}/${execution.step}@${execution.step_time}`;
    if (this.#lastStep.get(index) === stamp) return;
    this.#lastStep.set(index, stamp);
    const time = this.clock.now();
    const retrying = this.#retrying.get(index);
    this.#retrying.delete(index);
    if (execution.step === ERROR_STEP) {
      const error = parseInfo(execution.step_info);
      const cause = readCause(execution);
      if (retrying && retrying.error.failedStep === execution.failed_step && JSON.stringify(retrying.error.error) === JSON.stringify(error)) {
        retrying.error.autoRetries++;
        return;
      }
      if (retrying) this.#move(retrying.retry);
      this.#move({
        kind: 'error',
        time,
        index,
        phase: execution.phase!,
        action: execution.action!,
        failedStep: execution.failed_step!,
        error,
        ...(cause && { cause }),
        retryable: execution.is_auto_retryable_error === 'true',
        autoRetries: 0,
      });
      return;
    }
    const event: StepEvent = { kind: 'step', time, index, phase: execution.phase!, action: execution.action!, step: execution.step! };
    const last = this.#lastMove.get(index);
    // An automatic retry goes back to the failed step: shown only once it leads anywhere but the same error.
    if (last?.kind === 'error' && execution.failed_step_retry_count !== undefined && execution.step === last.failedStep && !retrying) {
      this.#retrying.set(index, { error: last, retry: event });
      return;
    }
    if (retrying) this.#move(retrying.retry);
    this.#move(event);
  }

  #move(event: StepEvent | ErrorEvent): void {
    this.events.push(event);
    this.#lastMove.set(event.index, event);
  }

  /** Indices created and deleted by a committed change; returns the names created. */
  indices(after: ClusterState, before: ClusterState): string[] {
    const time = this.clock.now();
    const created: string[] = [];
    for (const index of after.indices.values()) {
      if (before.indices.has(index.name)) continue;
      created.push(index.name);
      this.events.push({ kind: 'created', time, index: index.name, ...origin(index, after, before) });
    }
    for (const name of before.indices.keys()) {
      if (!after.indices.has(name)) this.events.push({ kind: 'deleted', time, index: name });
    }
    return created;
  }

  /** Retries still under way at the end are shown: where each index stands matters. */
  finish(): void {
    for (const { retry } of this.#retrying.values()) this.#move(retry);
    this.#retrying.clear();
    this.events.sort((a, b) => a.time - b.time);
  }

  record(event: TimelineEvent): void {
    this.events.push(event);
  }

  get firstError(): ErrorEvent | undefined {
    return this.events.find((e): e is ErrorEvent => e.kind === 'error');
  }
}

/** A copy (shrunk, mounted) names its source and the action that made it; a rollover names the alias or data stream it moved. */
function origin(index: IndexMetadata, after: ClusterState, before: ClusterState): Pick<Extract<TimelineEvent, { kind: 'created' }>, 'cause' | 'from' | 'alias' | 'dataStream' | 'action'> {
  if (index.copiedFrom !== undefined) {
    const source = before.indices.get(index.copiedFrom);
    const action = source && readExecution(source).action;
    return { cause: 'copy', from: index.copiedFrom, ...(action !== undefined && { action }) };
  }
  for (const alias of Object.keys(index.aliases)) {
    const rolled = ClusterState.indicesOfAlias(after, alias).find((i) => i.rolloverInfo[alias] !== undefined && before.indices.get(i.name)?.rolloverInfo[alias] === undefined);
    if (rolled) return { cause: 'rollover', from: rolled.name, alias };
  }
  const dataStream = DataStreams.ofIndex(after, index.name);
  // The index before it in the stream is the write index it replaced, and the rollover recorded under the stream's name.
  const previous = dataStream?.indices[dataStream.indices.findIndex((i) => i.index_name === index.name) - 1];
  const rolled = (state: ClusterState) => previous !== undefined && state.indices.get(previous.index_name)?.rolloverInfo[dataStream!.name] !== undefined;
  if (dataStream && previous && rolled(after) && !rolled(before)) {
    return { cause: 'rollover', from: previous.index_name, dataStream: dataStream.name };
  }
  return { cause: 'other' };
}
