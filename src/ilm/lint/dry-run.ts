/**
 * @module A dry run of a policy on one index: the runner's own compiled steps, run one after another on a copy
 * of the cluster state, without waiting for time, documents or poll ticks. A failure is recorded at the step
 * where the runner would meet it, with the error that step itself raised; the walk then skips the rest of the
 * failed action, as if it had been fixed, so one run also finds the problems of the actions after it.
 */
import { ClusterState, type ClusterError, type IndexMetadata } from '../../cluster/index.js';
import type { Coded } from '../../platform/errors.js';
import { isRunnable, type PhaseActions } from '../actions/index.js';
import { compilePhase } from '../compile-phase.js';
import { currentKey, readExecution, writeExecution, type ExecutionState } from '../execution-state.js';
import type { PolicyMetadata } from '../policy/policy-metadata.js';
import { enterPhase, executeStep, nextPhase, stepsOf, type ExecuteOptions } from '../runner/execute-step.js';
import { refreshPhase } from '../runner/run-index.js';
import { moveToFailedStep, moveToStep } from '../runner/transitions.js';
import { ERROR_STEP, NEW_COMPLETE_KEY, phaseCompleteKey, StepKey } from '../step-key.js';
import type { Step, StepContext } from '../steps/step.js';

/** Run as the runner runs it, except that a wait nothing but time or data would end counts as over. */
const DRY_RUN: ExecuteOptions = { dryRun: true };

interface Observed {
  readonly key: StepKey;
  /** The index and the cluster as the step saw them. */
  readonly index: IndexMetadata;
  readonly state: ClusterState;
}

export type DryRunEvent =
  | { readonly kind: 'phase'; readonly phase: string }
  | (Observed & { readonly kind: 'error'; readonly error: ClusterError })
  | (Observed & { readonly kind: 'stuck'; readonly message: string; readonly cause?: Coded });

export interface DryRunInput {
  readonly state: ClusterState;
  readonly index: string;
  readonly policy: PolicyMetadata;
  readonly now: number;
  /** The denial of `action` on `index` for the user the steps run as; absent when steps are not authorized. */
  readonly authorize?: (action: string, index: string) => ClusterError | undefined;
}

/** A policy has at most five phases of a few dozen steps each; more moves than this would be a loop. */
const MAX_MOVES = 1_000;

/** Names Tessera draws at random (a shrunken index's four characters, a snapshot's suffix) come out as this. */
const PLACEHOLDER_UUID = 'xxxx';

/** Only documents, time and disk space could end these waits; lint assumes they will. */
const NO_DOCUMENTS = { docs: 0, sizeBytes: 0 };

/** A policy PUT refuses may hold actions no step exists for; the rest of it still runs. */
function runnable(actions: PhaseActions): PhaseActions {
  return Object.fromEntries(Object.entries(actions).filter(([action]) => isRunnable(action)));
}

function withExecution(state: ClusterState, name: string, execution: ExecutionState): ClusterState {
  return ClusterState.withIndex(state, writeExecution(state.indices.get(name)!, execution));
}

/** Where the index stands: a failed step is where a retry resumes, with the phase a retry reloads. */
function startingPoint(state: ClusterState, name: string, policy: PolicyMetadata, now: number): { state: ClusterState; key: StepKey } {
  let execution = readExecution(state.indices.get(name)!);
  if (execution.step === ERROR_STEP && execution.failed_step !== undefined) {
    execution = refreshPhase(moveToFailedStep(execution, now, false), policy, now);
    state = withExecution(state, name, execution);
  }
  const key = currentKey(execution);
  return { state, key: key === undefined || key.phase === 'new' ? NEW_COMPLETE_KEY : key };
}

/** The first step of the action after `step`'s, where the runner goes once the failed action is fixed. */
function afterAction(steps: readonly Step[], step: Step): StepKey {
  const at = steps.indexOf(step);
  return steps.slice(at + 1).find((s) => s.key.action !== step.key.action)?.key ?? phaseCompleteKey(step.key.phase);
}

/** Runs the policy on `index` from where it stands to its end, and returns what would go wrong, in order. */
export function dryRun(input: DryRunInput): DryRunEvent[] {
  const { policy, now } = input;
  const events: DryRunEvent[] = [];
  let name = input.index;
  // Each step's change copies only the changes before it, not every index of the cluster.
  let { state, key } = startingPoint(ClusterState.overlay(input.state), name, policy, now);
  let steps = stepsOf(readExecution(state.indices.get(name)!), policy, key.phase, runnable);
  for (let moves = 0; moves < MAX_MOVES; moves++) {
    if (key.action === 'complete' && key.name === 'complete') {
      const phase = nextPhase(policy, key.phase);
      if (!phase) break;
      events.push({ kind: 'phase', phase });
      steps = compilePhase(phase, runnable(policy.policy.phases[phase]!.actions));
      key = steps[0]?.key ?? phaseCompleteKey(phase);
      state = withExecution(state, name, enterPhase(readExecution(state.indices.get(name)!), policy, phase, key, now));
      continue;
    }
    const current = key;
    const step = steps.find((s) => StepKey.equals(s.key, current));
    if (!step) break;
    const index = state.indices.get(name)!;
    const seen = { key: step.key, index, state };
    const denied = input.authorize && step.privilege ? input.authorize(step.privilege, name) : undefined;
    if (denied) events.push({ ...seen, kind: 'error', error: denied });
    const ctx: StepContext = { state, index, policy: policy.name, now, newUuid: () => PLACEHOLDER_UUID, stats: () => NO_DOCUMENTS, allocationBlocked: () => undefined };
    let next: StepKey | undefined;
    const outcome = executeStep(step, ctx, DRY_RUN);
    if (outcome.kind === 'failed') {
      events.push({ ...seen, kind: 'error', error: outcome.error });
      next = afterAction(steps, step);
    } else if (outcome.kind === 'done') {
      // ('waiting' never comes back from a dry run.)
      state = outcome.state;
      next = outcome.next;
      if (outcome.waitsFor !== undefined) {
        events.push({ ...seen, kind: 'stuck', message: outcome.waitsFor.message, ...(outcome.waitsFor.cause && { cause: outcome.waitsFor.cause }) });
        next = afterAction(steps, step);
      }
    }
    if (!state.indices.has(name)) {
      // Deleted, or handed over (shrink, searchable_snapshot) to the index that now carries its name as an alias: one
      // this run created, so only what the run changed is searched, not every index of the cluster.
      const successor = ClusterState.changedIndices(state).find((index) => name in index.aliases);
      if (!successor) break;
      name = successor.name;
      const execution = readExecution(successor);
      key = currentKey(execution) ?? NEW_COMPLETE_KEY;
      steps = stepsOf(execution, policy, key.phase, runnable);
      continue;
    }
    if (next === undefined) break;
    state = withExecution(state, name, moveToStep(readExecution(state.indices.get(name)!), next, now));
    key = next;
  }
  return events;
}
