/** @module The unfollow action (UnfollowAction): ES injects it before rollover, shrink and searchable_snapshot. */
import { StepKey } from '../step-key.js';
import { branchStep, type Step } from '../steps/step.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { emptySettings, type EmptySettings } from './settings-parser.js';

/** Tessera has no cross-cluster replication, so no index is a follower: the branch skips the action. */
function toSteps(phase: string, _config: EmptySettings, nextKey: StepKey | undefined): Step[] {
  return [branchStep(StepKey.create(phase, 'unfollow', 'branch-check-unfollow-prerequisites'), nextKey, nextKey, () => true)];
}

export const UnfollowAction: LifecycleAction<EmptySettings> = Object.freeze({
  name: 'unfollow',
  parse: emptySettings('unfollow'),
  toSteps,
});
