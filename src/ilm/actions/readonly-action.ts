/** @module The readonly action (ReadOnlyAction): a write block once the index is no write index and its time series has ended. */
import { StepKey } from '../step-key.js';
import { setReadOnly } from '../steps/cluster-edits.js';
import { checkNotWriteIndex } from '../steps/data-stream-steps.js';
import { actionStep, ALWAYS_COMPLETE, needs, waitStep, type Step } from '../steps/step.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { emptySettings, type EmptySettings } from './settings-parser.js';
import { StepPrivileges } from './step-privileges.js';

function toSteps(phase: string, _config: EmptySettings, nextKey: StepKey | undefined): Step[] {
  const key = (name: string) => StepKey.create(phase, 'readonly', name);
  return [
    checkNotWriteIndex(key('check-not-write-index'), key('check-ts-end-time-passed')),
    waitStep(key('check-ts-end-time-passed'), key('readonly'), ALWAYS_COMPLETE, true),
    needs(StepPrivileges.updateSettings, actionStep(key('readonly'), nextKey, setReadOnly)),
  ];
}

export const ReadonlyAction: LifecycleAction<EmptySettings> = Object.freeze({
  name: 'readonly',
  parse: emptySettings('readonly'),
  toSteps,
});
