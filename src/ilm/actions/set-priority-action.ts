/** @module The set_priority action (SetPriorityAction): one step setting `index.priority`, or removing it for a null priority. */
import { StepKey } from '../step-key.js';
import { withSettings } from '../steps/cluster-edits.js';
import { actionStep, needs, type Step } from '../steps/step.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { fields, illegal, integer } from './settings-parser.js';
import { StepPrivileges } from './step-privileges.js';

export type SetPrioritySettings = { readonly priority: number | null };

function parse(config: unknown): SetPrioritySettings {
  const c = fields('set_priority', config, ['priority']);
  if (c.priority === null || c.priority === undefined) return { priority: null };
  const n = integer('set_priority', 'priority', c.priority);
  if (n < 0) throw illegal('[priority] must be 0 or greater');
  return { priority: n };
}

function toSteps(phase: string, config: SetPrioritySettings, nextKey: StepKey | undefined): Step[] {
  const priority = config.priority === null ? null : String(config.priority);
  return [
    needs(
      StepPrivileges.updateSettings,
      actionStep(StepKey.create(phase, 'set_priority', 'set_priority'), nextKey, (ctx) => withSettings(ctx.state, ctx.index.name, { 'index.priority': priority })),
    ),
  ];
}

export const SetPriorityAction: LifecycleAction<SetPrioritySettings> = Object.freeze({ name: 'set_priority', parse, toSteps });
