/**
 * @module Compiles one phase into ES's step list (LifecyclePolicy.toSteps): its actions in
 * TimeseriesLifecycleType order, with unfollow and migrate injected as ES injects them, each action's
 * steps wired to the next action's first step, ending at `<phase>/complete/complete`.
 */
import { PHASE_ACTIONS, type ActionConfig, type PhaseName } from './policy/actions.js';
import { phaseCompleteKey, type StepKey } from './step-key.js';
import { rolloverSteps } from './steps/rollover-steps.js';
import { searchableSnapshotSteps } from './steps/searchable-snapshot-steps.js';
import { shrinkSteps } from './steps/shrink-steps.js';
import {
  allocateSteps,
  deleteSteps,
  forcemergeSteps,
  migrateSteps,
  readonlySteps,
  setPrioritySteps,
  unfollowSteps,
} from './steps/simple-action-steps.js';
import type { Step } from './steps/step.js';

type Builder = (phase: string, config: ActionConfig, nextKey: StepKey | undefined) => Step[];

const BUILDERS: Readonly<Record<string, Builder>> = {
  set_priority: setPrioritySteps,
  unfollow: unfollowSteps,
  rollover: rolloverSteps,
  readonly: readonlySteps,
  shrink: shrinkSteps,
  forcemerge: forcemergeSteps,
  allocate: allocateSteps,
  migrate: migrateSteps,
  delete: deleteSteps,
  searchable_snapshot: searchableSnapshotSteps,
};

function hasAllocationRules(actions: Readonly<Record<string, ActionConfig>>): boolean {
  const allocate = actions.allocate as Record<string, Record<string, unknown>> | undefined;
  return allocate !== undefined && ['include', 'exclude', 'require'].some((rule) => Object.keys(allocate[rule] ?? {}).length > 0);
}

/** The phase's actions in execution order, with the ones ES injects. */
export function orderedActions(phase: string, actions: Readonly<Record<string, ActionConfig>>): [string, ActionConfig][] {
  const withInjected: Record<string, ActionConfig> = { ...actions };
  if (['rollover', 'shrink', 'searchable_snapshot', 'downsample'].some((a) => a in actions) && !('unfollow' in actions)) withInjected.unfollow = {};
  const injectMigrate = (phase === 'warm' || phase === 'cold') && !('migrate' in actions) && !('searchable_snapshot' in actions) && !hasAllocationRules(actions);
  if (injectMigrate) withInjected.migrate = { enabled: true };
  const order = PHASE_ACTIONS[phase as PhaseName] ?? [];
  return order.filter((a) => a in withInjected).map((a) => [a, withInjected[a]!]);
}

/** Compiled phases by definition: the runner asks for the same few phases on every tick. */
const COMPILED = new Map<string, Step[]>();
const COMPILED_LIMIT = 1_000;

/** Every step of the phase, in order; the last one leads to `<phase>/complete/complete`. */
export function compilePhase(phase: string, actions: Readonly<Record<string, ActionConfig>>): Step[] {
  const cacheKey = `${phase}\u0000${JSON.stringify(actions)}`;
  const cached = COMPILED.get(cacheKey);
  if (cached) return cached;
  const steps = compileUncached(phase, actions);
  if (COMPILED.size >= COMPILED_LIMIT) COMPILED.clear();
  COMPILED.set(cacheKey, steps);
  return steps;
}

function compileUncached(phase: string, actions: Readonly<Record<string, ActionConfig>>): Step[] {
  const ordered = orderedActions(phase, actions);
  const steps: Step[] = [];
  let next: StepKey | undefined = phaseCompleteKey(phase);
  for (const [action, config] of [...ordered].reverse()) {
    const built = BUILDERS[action]!(phase, config, next);
    steps.unshift(...built);
    next = built[0]!.key;
  }
  return steps;
}

export function firstStepKey(phase: string, actions: Readonly<Record<string, ActionConfig>>): StepKey {
  return compilePhase(phase, actions)[0]?.key ?? phaseCompleteKey(phase);
}
