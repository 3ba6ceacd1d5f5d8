/**
 * @module Runs every managed index: after each cluster-state change (cluster-state steps and phase
 * moves) and on each poll tick (also periodic waits and automatic retries), as IndexLifecycleService does.
 */
import { clusterSetting, ClusterState, POLL_INTERVAL, type ClusterError, type ClusterService, type IndexStats } from '../../cluster/index.js';
import type { Clock } from '../../platform/clock.js';
import type { CodedMessage } from '../../platform/errors.js';
import { compilePhase } from '../compile-phase.js';
import { currentKey, readExecution, type ExecutionState } from '../execution-state.js';
import { readPhaseExecution } from '../phase-execution.js';
import { minAgeMillis } from '../policy/lifecycle-policy.js';
import { PHASES } from '../policy/timeseries-lifecycle-type.js';
import { lifecyclePolicy } from '../policy/lifecycle-metadata.js';
import type { PolicyService } from '../policy/policy-service.js';
import { ERROR_STEP, StepKey } from '../step-key.js';
import { checkOriginationDate } from './origination-date.js';
import { lifecycleDate, runIndex, type Trigger } from './run-index.js';

export interface RunnerDeps {
  readonly cluster: ClusterService;
  readonly policies: PolicyService;
  readonly clock: Clock;
  readonly newUuid: () => string;
  /** Document count and store size of an index; none without a document store. */
  readonly stats?: (index: string) => IndexStats;
  /** Why shards cannot be placed in `state` (a high disk watermark); none without a disk model. */
  readonly allocationBlocked?: (state: ClusterState) => CodedMessage | undefined;
  /** Authorizes a step's action as the policy's last modifier; none without security. */
  readonly authorize?: (user: string, action: string, index: string) => ClusterError | undefined;
  /** Brings what the pass reads from memory up to date first (other instances' policies and document counts). */
  readonly prepare?: () => Promise<void>;
  /** Which managed indices this runner runs; all of them by default (a simulation runs only the ones it follows). */
  readonly manages?: (index: string) => boolean;
  /** Told of every execution state an index moves to, in order (a simulation records its timeline). */
  readonly observe?: (index: string, execution: ExecutionState) => void;
  /** Told about a pass that failed as a whole (a bug, or the store failing); the next trigger tries again. */
  readonly onError?: (error: unknown) => void;
}

export class LifecycleRunner {
  #pending: Promise<void> | undefined;
  #again = false;
  #unsubscribe: (() => void)[] = [];

  constructor(private readonly deps: RunnerDeps) {
    // Every instance refuses such an index, whether or not it runs the runner.
    deps.cluster.addIndexCreationCheck(checkOriginationDate);
  }

  /** Reacts to cluster-state changes (policies and the operation mode included) from now on (on the instance that leads). */
  start(): void {
    if (this.#unsubscribe.length > 0) return;
    const schedule = () => void this.#schedule();
    this.#unsubscribe = [this.deps.cluster.onChange(schedule)];
    schedule();
  }

  stop(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#unsubscribe = [];
  }

  pollInterval(): number {
    return clusterSetting(this.deps.cluster.state, POLL_INTERVAL);
  }

  /** Coalesces bursts of changes into passes that run one after another. */
  #schedule(): Promise<void> {
    if (this.#pending) {
      this.#again = true;
      return this.#pending;
    }
    this.#pending = (async () => {
      do {
        this.#again = false;
        await new Promise<void>((resolve) => setImmediate(resolve));
        await this.#guarded('cluster');
      } while (this.#again);
      this.#pending = undefined;
    })();
    return this.#pending;
  }

  async #guarded(trigger: Trigger): Promise<void> {
    try {
      await this.pass(trigger);
    } catch (error) {
      (this.deps.onError ?? ((e) => console.error('lifecycle pass failed', e)))(error);
    }
  }

  /** A poll tick's pass; never throws. */
  tick(): Promise<void> {
    return this.#guarded('poll');
  }

  /** Waits until the passes triggered so far have run. */
  async settle(): Promise<void> {
    while (this.#pending) await this.#pending;
  }

  #manages(index: string, policyName: string | undefined): boolean {
    return policyName !== undefined && policyName !== '' && (this.deps.manages?.(index) ?? true);
  }

  /** One pass over every managed index, as one cluster-state change. */
  async pass(trigger: Trigger): Promise<void> {
    const { policies, clock, newUuid } = this.deps;
    await this.deps.prepare?.();
    if (policies.mode === 'STOPPING') await policies.setMode('STOPPED');
    if (policies.mode !== 'RUNNING') return;
    await this.deps.cluster.update((start) => {
      let state = start;
      const now = clock.now();
      const managed = [...start.indices.values()].filter((i) => this.#manages(i.name, i.settings['index.lifecycle.name'])).map((i) => i.name).sort();
      const stats = this.deps.stats ?? (() => ({ docs: 0, sizeBytes: 0 }));
      const allocationBlocked = this.deps.allocationBlocked ?? (() => undefined);
      const authorize = this.deps.authorize ?? (() => undefined);
      const observe = this.deps.observe;
      // One copy of the indices for the whole pass, each index's turn folded in before the next.
      let changed = false;
      state = ClusterState.draft(start);
      for (const name of managed) {
        const after = runIndex(state, name, { now, trigger, policy: (p) => lifecyclePolicy(start, p), newUuid, stats, allocationBlocked, authorize, ...(observe && { observe }) });
        if (after === state) continue;
        changed = true;
        state = ClusterState.fold(after);
      }
      return { state: changed ? ClusterState.finish(state) : start, result: undefined };
    });
  }

  /**
   * The earliest time a poll could change anything without outside help: a phase whose `min_age` falls due,
   * or (at once) a periodic wait or a retryable error. Undefined when only an outside change can.
   */
  nextDue(lastTick: number): number | undefined {
    const state = this.deps.cluster.state;
    if (this.deps.policies.mode !== 'RUNNING') return undefined;
    let due: number | undefined;
    const consider = (time: number) => {
      due = due === undefined ? time : Math.min(due, time);
    };
    for (const index of state.indices.values()) {
      const policyName = index.settings['index.lifecycle.name'];
      if (!this.#manages(index.name, policyName)) continue;
      const policy = lifecyclePolicy(state, policyName!);
      if (!policy) continue;
      const execution = readExecution(index);
      const key = currentKey(execution);
      if (!key) {
        consider(lastTick);
        continue;
      }
      if (key.name === ERROR_STEP) {
        if (execution.is_auto_retryable_error === 'true') consider(lastTick);
        continue;
      }
      if (key.action === 'complete' && key.name === 'complete') {
        const start = key.phase === 'new' ? 0 : PHASES.indexOf(key.phase as (typeof PHASES)[number]) + 1;
        const next = start === 0 && key.phase !== 'new' ? undefined : PHASES.slice(start).find((p) => policy.policy.phases[p]);
        const date = lifecycleDate(state, index.name);
        if (next) consider(date === undefined ? lastTick : date + minAgeMillis(policy.policy.phases[next]!));
        continue;
      }
      const definition = readPhaseExecution(execution)?.phase_definition ?? policy.policy.phases[key.phase];
      const step = definition && compilePhase(key.phase, definition.actions).find((s) => StepKey.equals(s.key, key));
      if (step?.kind === 'wait' && step.periodic) consider(lastTick);
    }
    return due;
  }
}
