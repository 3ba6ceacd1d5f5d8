/** @module The actions Tessera runs, by name, each with its typed settings, and a phase's actions as parsed. */
import type { StepKey } from '../step-key.js';
import type { Step } from '../steps/step.js';
import { AllocateAction, type AllocateSettings } from './allocate-action.js';
import { DeleteAction, type DeleteSettings } from './delete-action.js';
import { ForcemergeAction, type ForcemergeSettings } from './forcemerge-action.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { MigrateAction, type MigrateSettings } from './migrate-action.js';
import { ReadonlyAction } from './readonly-action.js';
import { RolloverAction, type RolloverSettings } from './rollover-action.js';
import { SearchableSnapshotAction, type SearchableSnapshotSettings } from './searchable-snapshot-action.js';
import type { EmptySettings } from './settings-parser.js';
import { SetPriorityAction, type SetPrioritySettings } from './set-priority-action.js';
import { ShrinkAction, type ShrinkSettings } from './shrink-action.js';
import { UnfollowAction } from './unfollow-action.js';

export { effectiveConditions } from './rollover-action.js';
export { hasAllocationRules } from './allocate-action.js';

export interface ActionSettings {
  set_priority: SetPrioritySettings;
  unfollow: EmptySettings;
  rollover: RolloverSettings;
  readonly: EmptySettings;
  shrink: ShrinkSettings;
  forcemerge: ForcemergeSettings;
  allocate: AllocateSettings;
  migrate: MigrateSettings;
  delete: DeleteSettings;
  searchable_snapshot: SearchableSnapshotSettings;
}

export type RunnableAction = keyof ActionSettings;

const ACTIONS: { readonly [A in RunnableAction]: LifecycleAction<ActionSettings[A]> } = Object.freeze({
  set_priority: SetPriorityAction,
  unfollow: UnfollowAction,
  rollover: RolloverAction,
  readonly: ReadonlyAction,
  shrink: ShrinkAction,
  forcemerge: ForcemergeAction,
  allocate: AllocateAction,
  migrate: MigrateAction,
  delete: DeleteAction,
  searchable_snapshot: SearchableSnapshotAction,
});

/** Actions Tessera can run; the others ES has parse but are refused as unsupported here. */
export const SUPPORTED_ACTIONS: ReadonlySet<string> = new Set(Object.keys(ACTIONS));

export function isRunnable(action: string): action is RunnableAction {
  return SUPPORTED_ACTIONS.has(action);
}

/**
 * A phase's actions as parsed: each runnable action's typed settings. An ES action Tessera does not run keeps
 * its body as given, for the validation that refuses it to name it.
 */
export type PhaseActions = { readonly [A in RunnableAction]?: ActionSettings[A] } & { readonly [action: string]: unknown };

/** Parses an action's body and returns its settings as ES writes them back, defaults included. */
export function parseAction(action: string, config: unknown): unknown {
  // An action Tessera does not run is parsed as ES would only in a later Tessera.
  return isRunnable(action) ? ACTIONS[action].parse(config) : (config ?? {});
}

/** The action's steps, wired to `nextKey`. */
export function actionSteps<A extends RunnableAction>(action: A, phase: string, settings: ActionSettings[A], nextKey: StepKey | undefined): Step[] {
  return ACTIONS[action].toSteps(phase, settings, nextKey);
}
