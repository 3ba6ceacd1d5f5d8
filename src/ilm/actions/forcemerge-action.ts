/** @module The forcemerge action (ForceMergeAction). Segments are not modelled yet, so the merge changes only the write block it needs. */
import { checkBreakers } from '../../cluster/index.js';
import { StepKey } from '../step-key.js';
import { setReadOnly } from '../steps/cluster-edits.js';
import { checkNotWriteIndex } from '../steps/data-stream-steps.js';
import { actionStep, ALWAYS_COMPLETE, branchStep, needs, refusedOnClosed, waitStep, type Step } from '../steps/step.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { fields, illegal, integer } from './settings-parser.js';
import { StepPrivileges } from './step-privileges.js';

export type ForcemergeSettings = { readonly max_num_segments: number; readonly index_codec?: 'best_compression' | 'default' };

function parse(config: unknown): ForcemergeSettings {
  const c = fields('forcemerge', config, ['max_num_segments', 'index_codec']);
  const n = integer('forcemerge', 'max_num_segments', c.max_num_segments);
  if (n <= 0) throw illegal('[max_num_segments] must be a positive integer');
  if (c.index_codec !== undefined && c.index_codec !== 'best_compression' && c.index_codec !== 'default') throw illegal(`unknown index codec: [${String(c.index_codec)}]`);
  return { max_num_segments: n, ...(c.index_codec !== undefined && { index_codec: c.index_codec }) };
}

function toSteps(phase: string, _config: ForcemergeSettings, nextKey: StepKey | undefined): Step[] {
  const key = (name: string) => StepKey.create(phase, 'forcemerge', name);
  return [
    branchStep(key('branch-forcemerge-check-prerequisites'), key('check-not-write-index'), nextKey, () => false),
    checkNotWriteIndex(key('check-not-write-index'), key('readonly')),
    needs(StepPrivileges.updateSettings, actionStep(key('readonly'), key('forcemerge'), setReadOnly)),
    needs(
      StepPrivileges.forcemerge,
      refusedOnClosed(
        actionStep(key('forcemerge'), key('segment-count'), (ctx) => {
          // Merging rewrites the index's segments: its size is the memory it asks the breakers for.
          checkBreakers(ctx.state, `<forcemerge [${ctx.index.name}]>`, ctx.stats(ctx.index.name).sizeBytes);
          return ctx.state;
        }),
      ),
    ),
    refusedOnClosed(waitStep(key('segment-count'), nextKey, ALWAYS_COMPLETE, true)),
  ];
}

export const ForcemergeAction: LifecycleAction<ForcemergeSettings> = Object.freeze({ name: 'forcemerge', parse, toSteps });
