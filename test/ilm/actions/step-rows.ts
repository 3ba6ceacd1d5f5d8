/**
 * Compiled steps as table rows, as ES's `testToSteps` pins them: each step's name, kind, the step it leads to
 * (its name when inside the same action, else `phase/action/name`), for a branch the step it leads to when true,
 * the privilege it needs, and whether a closed index refuses it.
 */
import type { LifecycleAction } from '../../../src/ilm/actions/lifecycle-action.js';
import { StepKey } from '../../../src/ilm/step-key.js';
import type { Step } from '../../../src/ilm/steps/step.js';

/** Where the action under test leads: ES's tests use a random key; a fixed one reads better in a table. */
export const NEXT = StepKey.create('hot', 'next_action', 'next_step');

function target(step: Step, key: StepKey | undefined): string {
  if (key === undefined) return '(none)';
  return key.phase === step.key.phase && key.action === step.key.action ? key.name : StepKey.format(key);
}

export function stepRows(steps: readonly Step[]): string[] {
  return steps.map((step) => {
    const ifTrue = step.kind === 'branch' ? ` | true: ${target(step, step.nextKeyIfTrue)}` : '';
    const periodic = step.kind === 'wait' && step.periodic ? ' periodic' : '';
    const privilege = step.privilege ? ` | needs ${step.privilege}` : '';
    const closed = step.refusesClosedIndex ? ' | refused on closed' : '';
    return `${step.key.name}: ${step.kind}${periodic} -> ${target(step, step.nextKey)}${ifTrue}${privilege}${closed}`;
  });
}

/** The steps an action compiles to from a request body, in phase `phase`, leading to NEXT. */
export function compiled<S>(action: LifecycleAction<S>, body: unknown, phase = 'hot'): string[] {
  const steps = action.toSteps(phase, action.parse(body), StepKey.create(phase, NEXT.action, NEXT.name));
  for (const step of steps) {
    if (step.key.phase !== phase || step.key.action !== action.name) throw new Error(`step ${StepKey.format(step.key)} outside ${phase}/${action.name}`);
  }
  return stepRows(steps);
}
