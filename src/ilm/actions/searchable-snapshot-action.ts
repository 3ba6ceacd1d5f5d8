/**
 * @module The searchable_snapshot action, its settings and ES's step names (SearchableSnapshotAction.toSteps): the index
 * is snapshotted into the policy's repository and mounted as `restored-<index>` (a full copy) or, in the
 * frozen phase, `partial-<index>`; the mounted index takes over the policy and the aliases (or, for a backing index,
 * its place in the data stream), the source goes.
 */
import { addSnapshot, ClusterErrors, ClusterState, IndexMetadata } from '../../cluster/index.js';
import { readExecution, writeExecution } from '../execution-state.js';
import { IlmErrors, ilmMessage } from '../ilm-error.js';
import { StepKey } from '../step-key.js';
import { addDerivedIndex, swapAliasesAndDeleteSource } from '../steps/cluster-edits.js';
import { checkNotWriteIndex, deleteManagedIndex, parentDataStream, replaceBackingIndex } from '../steps/data-stream-steps.js';
import { actionStep, ALWAYS_COMPLETE, branchStep, needs, refusedOnClosed, waiting, waitStep, type Step, type StepContext } from '../steps/step.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { boolean, fields, illegal } from './settings-parser.js';
import { StepPrivileges } from './step-privileges.js';

const ACTION = 'searchable_snapshot';

export type SearchableSnapshotSettings = { readonly snapshot_repository: string; readonly force_merge_index: boolean };

function parse(config: unknown): SearchableSnapshotSettings {
  const c = fields(ACTION, config, ['snapshot_repository', 'force_merge_index']);
  if (typeof c.snapshot_repository !== 'string' || c.snapshot_repository.trim() === '') throw illegal('the snapshot repository must be specified');
  return { snapshot_repository: c.snapshot_repository, force_merge_index: boolean(ACTION, 'force_merge_index', c.force_merge_index, true) };
}

function prefix(phase: string): string {
  return phase === 'frozen' ? 'partial-' : 'restored-';
}

function snapshotDate(now: number): string {
  return new Date(now).toISOString().slice(0, 10).replaceAll('-', '.');
}

/** A mounted index is named after the original index, so cold's `restored-x` becomes frozen's `partial-x`. */
function mountedName(ctx: StepContext, phase: string): string {
  return `${prefix(phase)}${ctx.index.settings['index.store.snapshot.index_name'] ?? ctx.index.name}`;
}

function mount(ctx: StepContext, phase: string, repository: string): ClusterState {
  const source = ctx.index;
  const execution = readExecution(source);
  const name = mountedName(ctx, phase);
  const existing = ctx.state.indices.get(name);
  if (existing) throw ClusterErrors.indexAlreadyExists(name, existing.uuid);
  const partial = phase === 'frozen';
  const uuid = ctx.newUuid();
  const settings: Record<string, string> = {};
  // The mount keeps the index's own settings but not its lifecycle, which copy-settings brings over afterwards.
  for (const [key, value] of Object.entries(source.settings)) if (!key.startsWith('index.lifecycle.')) settings[key] = value;
  delete settings['index.blocks.write'];
  Object.assign(settings, {
    'index.store.type': 'snapshot',
    'index.store.snapshot.repository_name': repository,
    'index.store.snapshot.snapshot_name': execution.snapshot_name!,
    'index.store.snapshot.index_name': source.settings['index.store.snapshot.index_name'] ?? source.name,
    'index.routing.allocation.include._tier_preference': partial ? 'data_frozen' : phase === 'cold' ? 'data_cold,data_warm,data_hot' : 'data_hot',
  });
  if (partial) Object.assign(settings, { 'index.store.snapshot.partial': 'true', 'index.number_of_replicas': '0' });
  return addDerivedIndex(ctx.state, source, name, uuid, ctx.now, settings);
}

function toSteps(phase: string, config: SearchableSnapshotSettings, nextKey: StepKey | undefined): Step[] {
  const key = (name: string) => StepKey.create(phase, ACTION, name);
  const repository = config.snapshot_repository;
  const forceMerge = config.force_merge_index;
  const steps: Step[] = [
    // Skips the whole action for an index already mounted from this repository in this phase's storage type.
    branchStep(key('branch-check-prerequisites'), key('check-not-write-index'), nextKey, (ctx) => {
      const settings = ctx.index.settings;
      if (settings['index.store.snapshot.snapshot_name'] === undefined) return false;
      if (settings['index.store.snapshot.repository_name'] !== repository) return false;
      return (settings['index.store.snapshot.partial'] === 'true') === (phase === 'frozen');
    }),
    checkNotWriteIndex(key('check-not-write-index'), key('wait-for-shard-history-leases')),
    needs(StepPrivileges.monitorStats, refusedOnClosed(waitStep(key('wait-for-shard-history-leases'), key('check-ts-end-time-passed'), ALWAYS_COMPLETE, true))),
    waitStep(key('check-ts-end-time-passed'), key('branch-check-existing-snapshot'), ALWAYS_COMPLETE, true),
    branchStep(key('branch-check-existing-snapshot'), forceMerge ? key('forcemerge') : key('generate-snapshot-name'), key('wait-for-data-tier'), (ctx) => {
      const execution = readExecution(ctx.index);
      if (execution.snapshot_name === undefined) return false;
      if (execution.snapshot_repository !== repository) {
        throw ClusterErrors.illegalArgument('searchable snapshot indices may be converted only within the same repository');
      }
      return true;
    }),
  ];
  if (forceMerge) {
    steps.push(
      needs(StepPrivileges.forcemerge, refusedOnClosed(actionStep(key('forcemerge'), key('segment-count'), (ctx) => ctx.state))),
      refusedOnClosed(waitStep(key('segment-count'), key('generate-snapshot-name'), ALWAYS_COMPLETE, true)),
    );
  }
  steps.push(
    actionStep(key('generate-snapshot-name'), key('cleanup-snapshot'), (ctx) => {
      if (!ctx.state.repositories.has(repository)) {
        throw IlmErrors.snapshotRepositoryMissing(repository, ctx.policy, ctx.index.name);
      }
      const random = ctx.newUuid().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 22);
      const execution = readExecution(ctx.index);
      const snapshotName = `${snapshotDate(ctx.now)}-${ctx.index.name}-${ctx.policy}-${random}`;
      return ClusterState.withIndex(ctx.state, writeExecution(ctx.index, { ...execution, snapshot_repository: repository, snapshot_name: snapshotName }));
    }),
    // A snapshot of the same name left by an earlier attempt is replaced by the next step.
    actionStep(key('cleanup-snapshot'), key('create-snapshot'), (ctx) => ctx.state),
    actionStep(key('create-snapshot'), key('wait-for-data-tier'), (ctx) => {
      const execution = readExecution(ctx.index);
      return addSnapshot(ctx.state, repository, { snapshot: execution.snapshot_name!, uuid: ctx.newUuid(), indices: [ctx.index.name], start_time_in_millis: ctx.now });
    }),
    // One node holds every data tier.
    waitStep(key('wait-for-data-tier'), key('mount-snapshot'), ALWAYS_COMPLETE),
    actionStep(key('mount-snapshot'), key('wait-for-index-color'), (ctx) => mount(ctx, phase, repository)),
    // GREEN needs every replica assigned, which one node can give only to an index without replicas.
    waitStep(key('wait-for-index-color'), key('copy-execution-state'), (ctx) => {
      const mounted = ctx.state.indices.get(mountedName(ctx, phase));
      if (!mounted) return { complete: false, info: { message: `index [${mountedName(ctx, phase)}] is not yet available` } };
      const green = IndexMetadata.replicas(mounted) === 0;
      return green ? { complete: true } : waiting(ilmMessage('mounted_index_not_green', 'index is not green; not all shards are active'));
    }),
    actionStep(key('copy-execution-state'), key('copy-settings'), (ctx) => {
      const target = ctx.state.indices.get(mountedName(ctx, phase))!;
      const execution = readExecution(ctx.index);
      const after = nextKey ?? StepKey.create(phase, 'complete', 'complete');
      return ClusterState.withIndex(ctx.state, writeExecution(target, { ...execution, phase: after.phase, action: after.action, step: after.name, step_time: String(ctx.now) }));
    }),
    actionStep(key('copy-settings'), key('branch-on-datastream-check'), (ctx) => {
      const target = ctx.state.indices.get(mountedName(ctx, phase))!;
      const policyName = ctx.index.settings['index.lifecycle.name']!;
      return ClusterState.withIndex(ctx.state, IndexMetadata.with(target, { settings: Object.freeze({ ...target.settings, 'index.lifecycle.name': policyName }) }));
    }),
    // The mounted index takes the source's place: inside its data stream, or through the source's aliases.
    branchStep(key('branch-on-datastream-check'), key('swap-aliases'), key('replace-datastream-backing-index'), (ctx) => parentDataStream(ctx) !== undefined),
    actionStep(key('replace-datastream-backing-index'), key('delete'), (ctx) => replaceBackingIndex(ctx, mountedName(ctx, phase))),
    needs(StepPrivileges.delete, actionStep(key('delete'), undefined, deleteManagedIndex)),
    needs(
      StepPrivileges.aliases,
      actionStep(key('swap-aliases'), undefined, (ctx) => {
        const target = mountedName(ctx, phase);
        // SwapAliasesAndDeleteSourceIndexStep looks for the mounted index before it sends anything.
        if (!ctx.state.indices.has(target)) throw IlmErrors.targetIndexMissing(target, ctx.policy, ctx.index.name);
        return swapAliasesAndDeleteSource(ctx.state, ctx.index, target);
      }),
    ),
  );
  return steps;
}

export const SearchableSnapshotAction: LifecycleAction<SearchableSnapshotSettings> = Object.freeze({ name: ACTION, parse, toSteps });
