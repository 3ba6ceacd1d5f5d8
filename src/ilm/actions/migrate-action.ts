/** @module The migrate action (MigrateAction): the phase's data tier preference; ES injects it in warm and cold. */
import { StepKey } from '../step-key.js';
import { withSettings } from '../steps/cluster-edits.js';
import { actionStep, branchStep, needs, SHARDS_PLACED, waitStep, type Step } from '../steps/step.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { booleanSettings } from './settings-parser.js';
import { StepPrivileges } from './step-privileges.js';

export type MigrateSettings = { readonly enabled: boolean };

/** Sets the tier preference (`data_warm,data_hot` in warm); skipped when disabled. */
function toSteps(phase: string, config: MigrateSettings, nextKey: StepKey | undefined): Step[] {
  const key = (name: string) => StepKey.create(phase, 'migrate', name);
  const tiers = phase === 'warm' ? 'data_warm,data_hot' : phase === 'cold' ? 'data_cold,data_warm,data_hot' : `data_${phase}`;
  return [
    branchStep(key('branch-check-skip-action'), key('migrate'), nextKey, () => config.enabled === false),
    needs(
      StepPrivileges.updateSettings,
      actionStep(key('migrate'), key('check-migration'), (ctx) => withSettings(ctx.state, ctx.index.name, { 'index.routing.allocation.include._tier_preference': tiers })),
    ),
    waitStep(key('check-migration'), nextKey, SHARDS_PLACED),
  ];
}

export const MigrateAction: LifecycleAction<MigrateSettings> = Object.freeze({ name: 'migrate', parse: booleanSettings('migrate', 'enabled', true), toSteps });
