/** @module The delete action (DeleteAction): deletes the index, and the searchable snapshot it was mounted from unless told not to. */
import { removeSnapshot } from '../../cluster/index.js';
import { StepKey } from '../step-key.js';
import { deleteManagedIndex } from '../steps/data-stream-steps.js';
import { actionStep, ALWAYS_COMPLETE, needs, refusedOnClosed, waitStep, type Step } from '../steps/step.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { booleanSettings } from './settings-parser.js';
import { StepPrivileges } from './step-privileges.js';

export type DeleteSettings = { readonly delete_searchable_snapshot: boolean };

function toSteps(phase: string, config: DeleteSettings, nextKey: StepKey | undefined): Step[] {
  const key = (name: string) => StepKey.create(phase, 'delete', name);
  const afterLeases = config.delete_searchable_snapshot ? key('cleanup-snapshot') : key('delete');
  const steps: Step[] = [needs(StepPrivileges.monitorStats, refusedOnClosed(waitStep(key('wait-for-shard-history-leases'), afterLeases, ALWAYS_COMPLETE, true)))];
  if (config.delete_searchable_snapshot) {
    // A mounted searchable snapshot takes its snapshot with it.
    steps.push(
      actionStep(key('cleanup-snapshot'), key('delete'), (ctx) => {
        const repository = ctx.index.settings['index.store.snapshot.repository_name'];
        const snapshot = ctx.index.settings['index.store.snapshot.snapshot_name'];
        return repository && snapshot ? removeSnapshot(ctx.state, repository, snapshot) : ctx.state;
      }),
    );
  }
  steps.push(
    needs(
      StepPrivileges.delete,
      actionStep(key('delete'), nextKey, deleteManagedIndex),
    ),
  );
  return steps;
}

export const DeleteAction: LifecycleAction<DeleteSettings> = Object.freeze({
  name: 'delete',
  parse: booleanSettings('delete', 'delete_searchable_snapshot', true),
  toSteps,
});
