/**
 * @module One index's turn of the lifecycle (IndexLifecycleRunner): initialise, run steps until one waits
 * or fails, move to the next phase when its `min_age` has passed, and on poll ticks retry retryable errors.
 * Pure: it takes the cluster state and returns the next one.
 */
import { ClusterState, DataStreams, LIFECYCLE_ORIGINATION_DATE, type ClusterError, type IndexMetadata, type IndexStats } from '../../cluster/index.js';
import type { CodedMessage } from '../../platform/errors.js';
import { firstStepKey } from '../compile-phase.js';
import { IlmErrors } from '../ilm-error.js';
import { causeString, currentKey, readExecution, writeExecution, type ExecutionState } from '../execution-state.js';
import { minAgeMillis } from '../policy/lifecycle-policy.js';
import { stepRunnerOf, type PolicyMetadata, type StepRunner } from '../policy/policy-metadata.js';
import { ERROR_STEP, INIT_KEY, NEW_COMPLETE_KEY, StepKey } from '../step-key.js';
import type { StepContext } from '../steps/step.js';
import { asClusterError, enterPhase, executeStep, nextPhase, stepsOf } from './execute-step.js';
import { parseOriginationDate } from './origination-date.js';
import { errorInfo, moveToError, moveToFailedStep, moveToStep, phaseExecution, stepInfoString } from './transitions.js';

export type Trigger = 'cluster' | 'poll';

export interface RunContext {
  readonly now: number;
  readonly trigger: Trigger;
  readonly policy: (name: string) => PolicyMetadata | undefined;
  readonly newUuid: () => string;
  readonly stats: (index: string) => IndexStats;
  readonly allocationBlocked: (state: ClusterState) => CodedMessage | undefined;
  /** The denial of `action` on `index` for `runner`, or undefined when allowed (or when security is off). */
  readonly authorize: (runner: StepRunner, action: string, index: string) => ClusterError | undefined;
  /** Told of every execution state an index moves to, as it moves (a simulation's timeline records each step). */
  readonly observe?: (index: string, execution: ExecutionState) => void;
}

/** Enough for any policy; a loop longer than this means a bug, not a long policy. */
const MAX_STEPS_PER_TURN = 200;

function setExecution(state: ClusterState, name: string, execution: ExecutionState, ctx: RunContext): ClusterState {
  ctx.observe?.(name, execution);
  return ClusterState.withIndex(state, writeExecution(state.indices.get(name)!, execution));
}

/** The date `min_age` counts from: the origination date if set, else the creation or rollover date. */
export function lifecycleDate(state: ClusterState, name: string): number | undefined {
  return lifecycleDateOf(state.indices.get(name)!);
}

export function lifecycleDateOf(index: IndexMetadata): number | undefined {
  const origination = LIFECYCLE_ORIGINATION_DATE.get(index.settings);
  if (origination !== -1) return origination;
  const date = readExecution(index).creation_date;
  return date === undefined ? undefined : Number(date);
}

function init(state: ClusterState, name: string, policy: PolicyMetadata, ctx: RunContext): ClusterState {
  const index = state.indices.get(name)!;
  const execution: ExecutionState = moveToStep({}, INIT_KEY, ctx.now);
  try {
    const origination = index.settings['index.lifecycle.origination_date'];
    let next = state;
    // Parsed once and written into the settings, where it stays even if parsing is later turned off (as in ES).
    if (index.settings['index.lifecycle.parse_origination_date'] === 'true' && (origination === undefined || origination === '-1')) {
      const parsed = parseOriginationDate(name);
      next = ClusterState.withIndex(next, { ...index, settings: Object.freeze({ ...index.settings, 'index.lifecycle.origination_date': String(parsed) }) });
    }
    // The new phase caches the policy's version too, without a phase definition (ES's PhaseExecutionInfo).
    return setExecution(
      next,
      name,
      { ...moveToStep(execution, NEW_COMPLETE_KEY, ctx.now), creation_date: String(index.creationDate), phase_definition: phaseExecution(policy, 'new') },
      ctx,
    );
  } catch (error) {
    const policyName = index.settings['index.lifecycle.name']!;
    const wrapped = IlmErrors.initializeFailed(policyName, name, asClusterError(error));
    return setExecution(state, name, moveToError(execution, INIT_KEY.name, wrapped, true, ctx.now), ctx);
  }
}

/** Runs `name` as far as it can go now. */
export function runIndex(start: ClusterState, name: string, runContext: RunContext): ClusterState {
  let ctx = runContext;
  let state = start;
  for (let moves = 0; moves < MAX_STEPS_PER_TURN; moves++) {
    const index = state.indices.get(name);
    if (!index) return state;
    const policyName = index.settings['index.lifecycle.name'];
    if (!policyName) return state;
    const policy = ctx.policy(policyName);
    let execution = readExecution(index);
    if (!policy) {
      const missing = IlmErrors.policyMissing(policyName);
      const info = stepInfoString(errorInfo(missing));
      return execution.step_info === info ? state : setExecution(state, name, { ...execution, step_info: info, step_info_cause: causeString(missing) }, ctx);
    }
    const key = currentKey(execution);
    if (!key) {
      state = init(state, name, policy, ctx);
      continue;
    }
    if (key.name === ERROR_STEP) {
      if (ctx.trigger !== 'poll' || execution.is_auto_retryable_error !== 'true') return state;
      state = setExecution(state, name, refreshPhase(moveToFailedStep(execution, ctx.now, true), policy, ctx.now), ctx);
      // A retried step that fails again waits for the next poll.
      const retried = runStepOnce(state, name, policy, ctx);
      return retried.state === state ? state : runIndex(retried.state, name, { ...ctx, trigger: 'cluster' });
    }
    if (key.action === 'complete' && key.name === 'complete') {
      const phase = nextPhase(policy, key.phase);
      if (!phase) return state;
      const date = lifecycleDate(state, name);
      if (date !== undefined && ctx.now < date + minAgeMillis(policy.policy.phases[phase]!)) return state;
      const definition = policy.policy.phases[phase]!;
      execution = enterPhase(execution, policy, phase, firstStepKey(phase, definition.actions), ctx.now);
      state = setExecution(state, name, execution, ctx);
      // Entering the phase is a cluster-state change; its async waits are first evaluated on the next poll.
      ctx = { ...ctx, trigger: 'cluster' };
      continue;
    }
    const result = runStepOnce(state, name, policy, ctx);
    if (result.state === state || !result.advanced) return result.state;
    if (result.polled) ctx = { ...ctx, trigger: 'cluster' };
    state = result.state;
  }
  return state;
}

/**
 * The cached phase is refreshed from the stored policy when that phase still has the failed action;
 * reloading it starts a new phase time, as in ES.
 */
function refreshPhase(execution: ExecutionState, policy: PolicyMetadata, now: number): ExecutionState {
  const phase = execution.phase;
  const definition = phase ? policy.policy.phases[phase] : undefined;
  if (!definition || !execution.action || !(execution.action in definition.actions || execution.action === 'unfollow' || execution.action === 'migrate')) return execution;
  return { ...execution, phase_definition: phaseExecution(policy, phase!), phase_time: String(now) };
}

export { refreshPhase };

/**
 * Whether `runner` may not perform `privilege` on `name`. As ES's IndicesPermission does, a privilege granted on a data
 * stream's name covers its backing indices, so a role on `logs-*` runs the steps of `.ds-logs-…`; the denial names
 * the index.
 */
function stepDenial(state: ClusterState, name: string, runner: StepRunner, privilege: string, ctx: RunContext): ClusterError | undefined {
  const denied = ctx.authorize(runner, privilege, name);
  const dataStream = denied && DataStreams.ofIndex(state, name);
  return dataStream && ctx.authorize(runner, privilege, dataStream.name) === undefined ? undefined : denied;
}

/** `advanced`: the index moved to another step; `polled`: that took a periodic (async) wait's evaluation. */
function runStepOnce(state: ClusterState, name: string, policy: PolicyMetadata, ctx: RunContext): { state: ClusterState; advanced: boolean; polled?: boolean } {
  const index = state.indices.get(name)!;
  const execution = readExecution(index);
  const key = currentKey(execution)!;
  const step = stepsOf(execution, policy, key.phase).find((s) => StepKey.equals(s.key, key));
  if (!step) {
    const error = IlmErrors.stepNotRecognized(StepKey.toJson(key), name, policy.name);
    return { state: setExecution(state, name, moveToError(execution, key.name, error, false, ctx.now), ctx), advanced: false };
  }
  // An async wait is evaluated on poll ticks only, whoever the steps run as.
  if (step.kind === 'wait' && step.periodic && ctx.trigger !== 'poll') return { state, advanced: false };
  // Steps run with the roles the policy's last modifier held when it PUT the policy.
  const runner = step.privilege === undefined ? undefined : stepRunnerOf(policy);
  const denied = runner === undefined ? undefined : stepDenial(state, name, runner, step.privilege!, ctx);
  if (denied) return { state: setExecution(state, name, moveToError(execution, key.name, denied, step.retryable, ctx.now), ctx), advanced: false };
  const stepCtx: StepContext = { state, index, policy: policy.name, now: ctx.now, newUuid: ctx.newUuid, stats: ctx.stats, allocationBlocked: () => ctx.allocationBlocked(state) };
  const outcome = executeStep(step, stepCtx);
  switch (outcome.kind) {
    case 'done':
      return { state: moveOn(outcome.state, name, outcome.next, ctx), advanced: true, ...(step.kind === 'wait' && { polled: step.periodic }) };
    case 'waiting': {
      const info = outcome.info ? stepInfoString(outcome.info) : undefined;
      if (info === execution.step_info) return { state, advanced: false };
      return { state: setExecution(state, name, { ...execution, step_info: info, step_info_cause: causeString(outcome.cause) }, ctx), advanced: false };
    }
    case 'failed':
      return { state: setExecution(state, name, moveToError(execution, key.name, outcome.error, step.retryable, ctx.now), ctx), advanced: false };
  }
}

function moveOn(state: ClusterState, name: string, next: StepKey | undefined, ctx: RunContext): ClusterState {
  const index = state.indices.get(name);
  // The step may have deleted its own index (delete, or shrink's alias swap).
  if (!index || next === undefined) return state;
  return setExecution(state, name, moveToStep(readExecution(index), next, ctx.now), ctx);
}
