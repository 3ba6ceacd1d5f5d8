/**
 * @module The kinds of step (after ES's Step classes): an action step changes the cluster state, a wait
 * step reports whether its condition holds, a branch picks the next step. A failure is a thrown
 * ClusterError, which sends the index to ERROR with that error as `step_info`.
 */
import type { ClusterState, IndexMetadata, IndexStats } from '../../cluster/index.js';
import { codedOf, type Coded, type CodedMessage } from '../../platform/errors.js';
import type { StepKey } from '../step-key.js';

export interface StepContext {
  readonly state: ClusterState;
  readonly index: IndexMetadata;
  readonly policy: string;
  readonly now: number;
  readonly newUuid: () => string;
  /** Document count and store size of an index, for rollover conditions. */
  readonly stats: (index: string) => IndexStats;
  /** Why no new shard can be placed now (a high disk watermark), or undefined. */
  readonly allocationBlocked: () => CodedMessage | undefined;
}

export interface WaitResult {
  readonly complete: boolean;
  /** Why the step is still waiting (`{"message": …}`); shown as `step_info` in explain. */
  readonly info?: Readonly<Record<string, unknown>>;
  /** The code of the wait's message, for its remedy. */
  readonly cause?: Coded;
}

/** A wait that reports `report`: its message as step_info, its code beside it. */
export function waiting(report: CodedMessage): WaitResult {
  return { complete: false, info: { message: report.message }, cause: codedOf(report) };
}

interface StepBase {
  readonly key: StepKey;
  readonly nextKey: StepKey | undefined;
  /** Whether a failure here is retried automatically on the next poll. */
  readonly retryable: boolean;
  /**
   * The Elasticsearch action the step performs on its index, authorized as the policy's last modifier
   * (LifecyclePolicySecurityClient); absent when it only reads or edits ILM's own state.
   */
  readonly privilege?: string;
  /** Whether ES's request behind the step refuses a closed index (see closed-index-steps.ts). */
  readonly refusesClosedIndex?: boolean;
}

export interface ActionStep extends StepBase {
  readonly kind: 'action';
  perform(ctx: StepContext): ClusterState;
}

export interface WaitStep extends StepBase {
  readonly kind: 'wait';
  /** Async wait steps (check-rollover-ready) are evaluated only on poll ticks, as in ES. */
  readonly periodic: boolean;
  evaluate(ctx: StepContext): WaitResult;
}

export interface BranchStep extends StepBase {
  readonly kind: 'branch';
  readonly nextKeyIfTrue: StepKey | undefined;
  predicate(ctx: StepContext): boolean;
}

export type Step = ActionStep | WaitStep | BranchStep;

export function actionStep(key: StepKey, nextKey: StepKey | undefined, perform: ActionStep['perform']): ActionStep {
  return { kind: 'action', key, nextKey, retryable: true, perform };
}

export function waitStep(key: StepKey, nextKey: StepKey | undefined, evaluate: WaitStep['evaluate'], periodic = false): WaitStep {
  return { kind: 'wait', key, nextKey, retryable: true, periodic, evaluate };
}

/** A branch goes to `nextKeyIfTrue` when the predicate holds, else to `nextKey`. */
export function branchStep(key: StepKey, nextKey: StepKey | undefined, nextKeyIfTrue: StepKey | undefined, predicate: BranchStep['predicate']): BranchStep {
  return { kind: 'branch', key, nextKey, nextKeyIfTrue, retryable: true, predicate };
}

/** The step, needing `privilege` on its index. */
export function needs<S extends Step>(privilege: string, step: S): S {
  return { ...step, privilege };
}

/** The step, failing with index_closed_exception on a closed index. */
export function refusedOnClosed<S extends Step>(step: S): S {
  return { ...step, refusesClosedIndex: true };
}

/**
 * The condition of waits a single node meets at once. The steps ES runs as async waits (check-ts-end-time-passed,
 * wait-for-shard-history-leases, segment-count) are periodic here too: evaluated on poll ticks only, so actions
 * take ES's time.
 */
export const ALWAYS_COMPLETE: WaitStep['evaluate'] = () => ({ complete: true });

/** Waits that need new shards placed: they hold while a high disk watermark is exceeded, with ES's reason. */
export const SHARDS_PLACED: WaitStep['evaluate'] = (ctx) => {
  const reason = ctx.allocationBlocked();
  return reason ? waiting(reason) : { complete: true };
};
