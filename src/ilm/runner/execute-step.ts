/**
 * @module One step of a policy, run once: the single executor behind the runner (and so the simulator, which drives
 * the runner) and lint's dry run. What each does with the outcome (an ERROR step, a recorded problem) is its own;
 * how a step runs is decided here only, so a dry run meets exactly the failures the runner would.
 */
import { ClusterError, type ClusterState } from '../../cluster/index.js';
import type { Coded } from '../../platform/errors.js';
import type { PhaseActions } from '../actions/index.js';
import { compilePhase } from '../compile-phase.js';
import type { ExecutionState } from '../execution-state.js';
import { readPhaseExecution } from '../phase-execution.js';
import { PHASES } from '../policy/timeseries-lifecycle-type.js';
import type { PolicyMetadata } from '../policy/policy-metadata.js';
import type { StepKey } from '../step-key.js';
import { checkStepOnClosedIndex } from '../steps/closed-index-steps.js';
import type { Step, StepContext } from '../steps/step.js';
import { moveToStep, phaseExecution } from './transitions.js';

/** Why a wait holds: its message and, when it has one, its code. */
export interface WaitReport {
  readonly message: string;
  readonly cause?: Coded;
}

export interface ExecuteOptions {
  /**
   * Lint's dry run: a wait that only time or data would end counts as over (the reason it waits comes back as
   * `waitsFor`), and closed indices are not refused, as the dry run has always done.
   */
  readonly dryRun?: boolean;
}

export type StepOutcome =
  /** The step is done; `next` is where the index goes (undefined: nowhere, the step ended the policy). */
  | { readonly kind: 'done'; readonly state: ClusterState; readonly next: StepKey | undefined; readonly waitsFor?: WaitReport }
  | { readonly kind: 'waiting'; readonly info: Readonly<Record<string, unknown>> | undefined; readonly cause?: Coded }
  | { readonly kind: 'failed'; readonly error: ClusterError };

export function asClusterError(error: unknown): ClusterError {
  if (error instanceof ClusterError) return error;
  return new ClusterError('exception', 500, error instanceof Error ? error.message : String(error));
}

/**
 * The steps of `phase` as the index runs them: its cached phase definition, else the policy's. `only` narrows the
 * actions (lint's policies may hold actions no step exists for); the runner's stored policies need none, and keep
 * the compiled steps cached by the actions' identity.
 */
export function stepsOf(execution: ExecutionState, policy: PolicyMetadata, phase: string, only?: (actions: PhaseActions) => PhaseActions): Step[] {
  const definition = readPhaseExecution(execution)?.phase_definition ?? policy.policy.phases[phase];
  if (!definition) return [];
  return compilePhase(phase, only ? only(definition.actions) : definition.actions);
}

/** The phase after `phase` in the stored policy (new counts as before every phase). */
export function nextPhase(policy: PolicyMetadata, phase: string): string | undefined {
  const start = phase === 'new' ? 0 : PHASES.indexOf(phase as (typeof PHASES)[number]) + 1;
  if (start <= 0 && phase !== 'new') return undefined;
  return PHASES.slice(start).find((p) => policy.policy.phases[p] !== undefined);
}

/** The index entering `phase` at its step `first`, with the phase's definition cached as ES caches it. */
export function enterPhase(execution: ExecutionState, policy: PolicyMetadata, phase: string, first: StepKey, now: number): ExecutionState {
  return { ...moveToStep(execution, first, now), phase_definition: phaseExecution(policy, phase) };
}

/** Runs `step` once; a thrown error is the step's failure. */
export function executeStep(step: Step, ctx: StepContext, options: ExecuteOptions = {}): StepOutcome {
  try {
    switch (step.kind) {
      case 'branch':
        return { kind: 'done', state: ctx.state, next: step.predicate(ctx) ? step.nextKeyIfTrue : step.nextKey };
      case 'wait': {
        if (!options.dryRun) checkStepOnClosedIndex(step, ctx.index);
        const result = step.evaluate(ctx);
        if (result.complete) return { kind: 'done', state: ctx.state, next: step.nextKey };
        if (!options.dryRun) return { kind: 'waiting', info: result.info, ...(result.cause && { cause: result.cause }) };
        const message = result.info?.message;
        const waitsFor: WaitReport | undefined = message === undefined ? undefined : { message: String(message), ...(result.cause && { cause: result.cause }) };
        return { kind: 'done', state: ctx.state, next: step.nextKey, ...(waitsFor && { waitsFor }) };
      }
      case 'action':
        if (!options.dryRun) checkStepOnClosedIndex(step, ctx.index);
        return { kind: 'done', state: step.perform(ctx), next: step.nextKey };
    }
  } catch (error) {
    return { kind: 'failed', error: asClusterError(error) };
  }
}
