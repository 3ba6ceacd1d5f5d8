/**
 * @module Runs every managed index: after each cluster-state change (cluster-state steps and phase
 * moves) and on each poll tick (also periodic waits and automatic retries), as IndexLifecycleService does.
 */
import { clusterSetting, ClusterState, POLL_INTERVAL, type ClusterService, type IndexMetadata, type IndexStats } from '../../cluster/index.js';
import type { Clock } from '../../platform/clock.js';
import type { CodedMessage } from '../../platform/errors.js';
import { runAtOnce, runInTurns } from '../../platform/turns.js';
import { lifecyclePolicy } from '../policy/lifecycle-metadata.js';
import type { PolicyService } from '../policy/policy-service.js';
import type { ExecutionState } from '../execution-state.js';
import { checkOriginationDate } from './origination-date.js';
import { dueOn, dueTimes } from './due-times.js';
import { runIndex, type RunContext, type Trigger } from './run-index.js';

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
  readonly authorize?: RunContext['authorize'];
  /** Brings what the pass reads from memory up to date first (other instances' policies and document counts). */
  readonly prepare?: () => Promise<void>;
  /**
   * Which managed indices this runner runs; all of them by default (a simulation runs only the ones it follows). Its
   * answers may change only when the cluster's indices do: what the runner read over one map of indices stands.
   */
  readonly manages?: (index: string) => boolean;
  /** Told of every execution state an index moves to, in order (a simulation records its timeline). */
  readonly observe?: (index: string, execution: ExecutionState) => void;
  /** Told about a pass that failed as a whole (a bug, or the store failing); the next trigger tries again. */
  readonly onError?: (error: unknown) => void;
  /** How long a pass works before it commits and lets the event loop serve others; SLICE_MILLIS by default. */
  readonly sliceMillis?: number;
}

export class LifecycleRunner {
  #pending: Promise<void> | undefined;
  #again = false;
  #passes: Promise<void> = Promise.resolve();
  #unsubscribe: (() => void)[] = [];
  #wake: { readonly indices: ClusterState['indices']; readonly customs: ClusterState['customs']; readonly at: number } | undefined;
  /** Per map of managed names, those `manages` keeps (see #own). */
  readonly #ownNames = new WeakMap<readonly string[], readonly string[]>();

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

  /** Passes run one after another: a pass's slices let requests in between, not another pass. */
  #guarded(trigger: Trigger): Promise<void> {
    const run = this.#passes.then(async () => {
      try {
        await this.pass(trigger);
      } catch (error) {
        (this.deps.onError ?? ((e) => console.error('lifecycle pass failed', e)))(error);
      }
    });
    this.#passes = run;
    return run;
  }

  /** A poll tick's pass; never throws. */
  tick(): Promise<void> {
    return this.#guarded('poll');
  }

  /** Waits until the passes triggered so far have run. */
  async settle(): Promise<void> {
    while (this.#pending) await this.#pending;
  }

  /** Of a map's managed names, those this runner runs: a simulation's few, not the whole cluster's, at each pass. */
  #own(names: readonly string[]): readonly string[] {
    const manages = this.deps.manages;
    if (!manages) return names;
    let own = this.#ownNames.get(names);
    if (!own) this.#ownNames.set(names, (own = names.filter(manages)));
    return own;
  }

  #manages(index: string, policyName: string | undefined): boolean {
    return policyName !== undefined && policyName !== '' && (this.deps.manages?.(index) ?? true);
  }

  /**
   * One pass over every managed index, in name order, as a series of cluster-state changes of at most
   * SLICE_MILLIS of work each, with a turn of the event loop between them so that other requests are served
   * meanwhile. Each slice is an ordinary update on the state as it then is; the indices are those managed when
   * the pass began, and every slice runs them at the pass's `now`. A pass over a few thousand indices is one change.
   */
  async pass(trigger: Trigger): Promise<void> {
    const { policies, clock } = this.deps;
    await this.deps.prepare?.();
    if (policies.mode === 'STOPPING') await policies.setMode('STOPPED');
    if (policies.mode !== 'RUNNING') return;
    const now = clock.now();
    // Read over turns unless passes run whole (simulations, whose same-moment events keep their order).
    const sliced = (this.deps.sliceMillis ?? SLICE_MILLIS) !== Infinity;
    let names = sliced ? this.#own(await runInTurns(managedNames(this.deps.cluster.state.indices))) : undefined;
    let next = 0;
    for (;;) {
      // The copy was synced just above (prepare): a slice that moves nothing needs no commit.
      next = await this.deps.cluster.update(
        (start) => {
          names ??= this.#own(runAtOnce(managedNames(start.indices)));
          return this.#slice(start, names, next, now, trigger);
        },
        { skipUnchanged: true },
      );
      if (next >= names!.length) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (policies.mode !== 'RUNNING') return;
    }
  }

  /** Runs the due indices of `names` from `from` on, until the slice's time is up; returns where the next slice starts. */
  #slice(start: ClusterState, names: readonly string[], from: number, now: number, trigger: Trigger): { state: ClusterState; result: number } {
    const { newUuid, observe } = this.deps;
    const stats = this.deps.stats ?? (() => ({ docs: 0, sizeBytes: 0 }));
    const allocationBlocked = this.deps.allocationBlocked ?? (() => undefined);
    const authorize = this.deps.authorize ?? (() => undefined);
    const policy = (p: string) => lifecyclePolicy(start, p);
    const context = { now, trigger, policy, newUuid, stats, allocationBlocked, authorize, ...(observe && { observe }) };
    // An overlay copies nothing until it changes much: a slice in which (nearly) nothing moves costs what it reads.
    let state = ClusterState.overlay(start);
    let changes = 0;
    const deadline = performance.now() + (this.deps.sliceMillis ?? SLICE_MILLIS);
    let position = from;
    for (; position < names.length; position++) {
      if (position > from && performance.now() >= deadline) break;
      const name = names[position]!;
      const index = state.indices.get(name);
      const policyName = index?.settings['index.lifecycle.name'];
      if (!index || !this.#manages(name, policyName)) continue;
      if (dueOn(dueTimes(index, policy(policyName!)), trigger) > now) continue;
      const after = runIndex(state, name, context);
      if (after === state) continue;
      changes++;
      // Past a few changes, the indices are copied once and each index's changes folded in before the next.
      state = changes > OVERLAY_CHANGES ? ClusterState.fold(after) : after;
    }
    return { state: changes > 0 ? ClusterState.finish(state) : start, result: position };
  }

  /**
   * The earliest time a poll could change anything without outside help: a phase whose `min_age` falls due,
   * or (at once) a periodic wait or a retryable error. Undefined when only an outside change can. Read over turns
   * of the event loop when the indices changed (right after a start, every index's due times are read anew). Should
   * the state move on meanwhile, it is read again in one turn, mostly from the due times just cached, so the answer
   * is always the current state's.
   */
  async nextDue(lastTick: number): Promise<number | undefined> {
    if (this.deps.policies.mode !== 'RUNNING') return undefined;
    // The earliest wake of a state's indices stays what it was until they or the policies change (and with them what
    // a simulation follows: see `manages`).
    for (let inTurns = true; ; inTurns = false) {
      const state = this.deps.cluster.state;
      let wake = this.#wake?.indices === state.indices && this.#wake.customs === state.customs ? this.#wake.at : undefined;
      if (wake === undefined) {
        wake = Infinity;
        let read = 0;
        for (const index of state.indices.values()) {
          const policyName = index.settings['index.lifecycle.name'];
          if (!this.#manages(index.name, policyName)) continue;
          const policy = lifecyclePolicy(state, policyName!);
          if (policy) wake = Math.min(wake, dueTimes(index, policy).wake);
          if (inTurns && ++read % DUE_TIMES_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
        }
        const now = this.deps.cluster.state;
        if (inTurns && (now.indices !== state.indices || now.customs !== state.customs)) continue;
        this.#wake = { indices: state.indices, customs: state.customs, at: wake };
      }
      if (wake === Infinity) return undefined;
      return wake === -Infinity ? lastTick : wake;
    }
  }
}

/** Indices whose due times nextDue reads in one turn: read afresh, 100,000 of them held the loop 40–120 ms. */
const DUE_TIMES_PER_TURN = 5_000;

/** A slice's work before it commits and lets the event loop serve others: well under the 50 ms a stall may last. */
const SLICE_MILLIS = 10;
/** Changes a slice keeps in an overlay (each copying the overlay's changes) before it copies the indices once. */
const OVERLAY_CHANGES = 32;

/**
 * The names of the indices that have a policy, sorted, once per index map (a state's map never changes), read
 * NAMES_PER_TURN indices a step. Maps mostly hold names in creation order, and the sort is fast on runs already in
 * order.
 */
const managedTables = new WeakMap<ReadonlyMap<string, IndexMetadata>, readonly string[]>();
const NAMES_PER_TURN = 5_000;

function* managedNames(indices: ReadonlyMap<string, IndexMetadata>): Generator<void, readonly string[]> {
  let names = managedTables.get(indices);
  if (names) return names;
  const found: string[] = [];
  let read = 0;
  for (const index of indices.values()) {
    const policyName = index.settings['index.lifecycle.name'];
    if (policyName !== undefined && policyName !== '') found.push(index.name);
    if (++read % NAMES_PER_TURN === 0) yield;
  }
  names = found.sort();
  managedTables.set(indices, names);
  return names;
}
