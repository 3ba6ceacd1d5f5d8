/** @module The actions with few steps: set_priority, unfollow, readonly, allocate, migrate, forcemerge, delete. */
import { checkBreakers, ClusterErrors, ClusterState, removeSnapshot } from '../../cluster/index.js';
import type { ActionConfig } from '../policy/actions.js';
import { StepKey } from '../step-key.js';
import { withSettings } from './cluster-edits.js';
import { actionStep, ALWAYS_COMPLETE, branchStep, SHARDS_PLACED, waitStep, type Step, type StepContext } from './step.js';

type Builder = (phase: string, config: ActionConfig, nextKey: StepKey | undefined) => Step[];

/**
 * A plain index is never a data stream's write index, so ES's check-not-write-index passes at once.
 * The steps ES runs as async waits (check-ts-end-time-passed, wait-for-shard-history-leases,
 * segment-count) are periodic here too: evaluated on poll ticks only, so actions take ES's time.
 */
function checkNotWriteIndex(key: StepKey, nextKey: StepKey): Step {
  return waitStep(key, nextKey, ALWAYS_COMPLETE);
}

function setReadOnly(ctx: StepContext): ClusterState {
  return withSettings(ctx.state, ctx.index.name, { 'index.blocks.write': 'true' });
}

export const setPrioritySteps: Builder = (phase, config, nextKey) => [
  actionStep(StepKey.create(phase, 'set_priority', 'set_priority'), nextKey, (ctx) =>
    withSettings(ctx.state, ctx.index.name, { 'index.priority': config.priority === null ? null : String(config.priority) }),
  ),
];

/** Tessera has no cross-cluster replication, so no index is a follower: the branch skips the action. */
export const unfollowSteps: Builder = (phase, _config, nextKey) => [
  branchStep(StepKey.create(phase, 'unfollow', 'branch-check-unfollow-prerequisites'), nextKey, nextKey, () => true),
];

export const readonlySteps: Builder = (phase, _config, nextKey) => {
  const key = (name: string) => StepKey.create(phase, 'readonly', name);
  return [
    checkNotWriteIndex(key('check-not-write-index'), key('check-ts-end-time-passed')),
    waitStep(key('check-ts-end-time-passed'), key('readonly'), ALWAYS_COMPLETE, true),
    actionStep(key('readonly'), nextKey, setReadOnly),
  ];
};

export const allocateSteps: Builder = (phase, config, nextKey) => {
  const key = (name: string) => StepKey.create(phase, 'allocate', name);
  return [
    actionStep(key('allocate'), key('check-allocation'), (ctx) => {
      const changes: Record<string, string> = {};
      if (config.number_of_replicas !== undefined) changes['index.number_of_replicas'] = String(config.number_of_replicas);
      if (config.total_shards_per_node !== undefined) changes['index.routing.allocation.total_shards_per_node'] = String(config.total_shards_per_node);
      for (const rule of ['include', 'exclude', 'require'] as const) {
        for (const [attribute, value] of Object.entries((config[rule] ?? {}) as Record<string, unknown>)) {
          changes[`index.routing.allocation.${rule}.${attribute}`] = String(value);
        }
      }
      return withSettings(ctx.state, ctx.index.name, changes);
    }),
    waitStep(key('check-allocation'), nextKey, SHARDS_PLACED),
  ];
};

/** Sets the tier preference (`data_warm,data_hot` in warm); skipped when disabled. */
export const migrateSteps: Builder = (phase, config, nextKey) => {
  const key = (name: string) => StepKey.create(phase, 'migrate', name);
  const tiers = phase === 'warm' ? 'data_warm,data_hot' : phase === 'cold' ? 'data_cold,data_warm,data_hot' : `data_${phase}`;
  return [
    branchStep(key('branch-check-skip-action'), key('migrate'), nextKey, () => config.enabled === false),
    actionStep(key('migrate'), key('check-migration'), (ctx) =>
      withSettings(ctx.state, ctx.index.name, { 'index.routing.allocation.include._tier_preference': tiers }),
    ),
    waitStep(key('check-migration'), nextKey, SHARDS_PLACED),
  ];
};

/** Segments are not modelled yet, so the merge itself changes only the read-only block it needs. */
export const forcemergeSteps: Builder = (phase, _config, nextKey) => {
  const key = (name: string) => StepKey.create(phase, 'forcemerge', name);
  return [
    branchStep(key('branch-forcemerge-check-prerequisites'), key('check-not-write-index'), nextKey, () => false),
    checkNotWriteIndex(key('check-not-write-index'), key('readonly')),
    actionStep(key('readonly'), key('forcemerge'), setReadOnly),
    actionStep(key('forcemerge'), key('segment-count'), (ctx) => {
      // Merging rewrites the index's segments: its size is the memory it asks the breakers for.
      checkBreakers(ctx.state, `<forcemerge [${ctx.index.name}]>`, ctx.stats(ctx.index.name).sizeBytes);
      return ctx.state;
    }),
    waitStep(key('segment-count'), nextKey, ALWAYS_COMPLETE, true),
  ];
};

export const deleteSteps: Builder = (phase, config, nextKey) => {
  const key = (name: string) => StepKey.create(phase, 'delete', name);
  const steps: Step[] = [waitStep(key('wait-for-shard-history-leases'), config.delete_searchable_snapshot ? key('cleanup-snapshot') : key('delete'), ALWAYS_COMPLETE, true)];
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
    actionStep(key('delete'), nextKey, (ctx) => {
      if (!ctx.state.indices.has(ctx.index.name)) throw ClusterErrors.indexNotFound(ctx.index.name);
      return ClusterState.withoutIndex(ctx.state, ctx.index.name);
    }),
  );
  return steps;
};
