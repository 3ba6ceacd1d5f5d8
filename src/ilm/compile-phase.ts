/**
 * @module Compiles one phase into ES's step list (LifecyclePolicy.toSteps): its actions in
 * TimeseriesLifecycleType order, with unfollow and migrate injected as ES injects them, each action's
 * steps wired to the next action's first step, ending at `<phase>/complete/complete`.
 */
import { actionSteps, hasAllocationRules, isRunnable, type ActionSettings, type PhaseActions, type RunnableAction } from './actions/index.js';
import { PHASE_ACTIONS, type PhaseName } from './policy/timeseries-lifecycle-type.js';
import { phaseCompleteKey, type StepKey } from './step-key.js';
import type { Step } from './steps/step.js';

/** An action of the phase with its settings, the action's name and settings type going together. */
type OrderedAction = { [A in RunnableAction]: readonly [A, ActionSettings[A]] }[RunnableAction];

/** The phase's actions in execution order, with the ones ES injects. */
export function orderedActions(phase: string, actions: PhaseActions): OrderedAction[] {
  const withInjected: Record<string, unknown> = { ...actions };
  if (['rollover', 'shrink', 'searchable_snapshot', 'downsample'].some((a) => a in actions) && !('unfollow' in actions)) withInjected.unfollow = {};
  const injectMigrate = (phase === 'warm' || phase === 'cold') && !('migrate' in actions) && !('searchable_snapshot' in actions) && !hasAllocationRules(actions.allocate);
  if (injectMigrate) withInjected.migrate = { enabled: true };
  const order = PHASE_ACTIONS[phase as PhaseName] ?? [];
  return order.filter((a) => a in withInjected).map((a) => {
    // A stored policy holds only actions PUT accepted, which all run.
    if (!isRunnable(a)) throw new Error(`no steps for action [${a}]`);
    return [a, withInjected[a]] as OrderedAction;
  });
}

/**
 * Compiled phases by the identity of their parsed actions: a stored policy's phase, or a cached phase
 * definition (see readPhaseExecution), is compiled once and dropped with it.
 */
const COMPILED = new WeakMap<PhaseActions, Map<string, Step[]>>();

/** Every step of the phase, in order; the last one leads to `<phase>/complete/complete`. */
export function compilePhase(phase: string, actions: PhaseActions): Step[] {
  let byPhase = COMPILED.get(actions);
  if (!byPhase) COMPILED.set(actions, (byPhase = new Map()));
  let steps = byPhase.get(phase);
  if (!steps) byPhase.set(phase, (steps = compileUncached(phase, actions)));
  return steps;
}

function compileUncached(phase: string, actions: PhaseActions): Step[] {
  const steps: Step[] = [];
  let next: StepKey | undefined = phaseCompleteKey(phase);
  for (const [action, settings] of orderedActions(phase, actions).reverse()) {
    const built: Step[] = actionSteps(action, phase, settings, next);
    steps.unshift(...built);
    next = built[0]!.key;
  }
  return steps;
}

export function firstStepKey(phase: string, actions: PhaseActions): StepKey {
  return compilePhase(phase, actions)[0]?.key ?? phaseCompleteKey(phase);
}
