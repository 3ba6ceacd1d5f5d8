/**
 * @module The shrink action (ShrinkAction): its settings, and its steps with ES's names. The shrunken index `shrink-<random>-<index>` takes the
 * source's documents, settings and aliases (plus the source's name as an alias), or for a backing index the source's
 * place in its data stream; the source is deleted.
 * Decided (design.md): a target shard count not below the source's fails at `shrink` with
 * illegal_argument_exception, instead of waiting at check-target-shards-count as modern ES does.
 */
import { checkBreakers, ClusterErrors, ClusterState, IndexMetadata } from '../../cluster/index.js';
import { byteSizeStringRep } from '../../platform/units/index.js';
import { readExecution, writeExecution } from '../execution-state.js';
import { IlmErrors, ilmMessage } from '../ilm-error.js';
import { StepKey } from '../step-key.js';
import { addDerivedIndex, setReadOnly, swapAliasesAndDeleteSource, withSettings } from '../steps/cluster-edits.js';
import { checkNotWriteIndex, deleteManagedIndex, parentDataStream, replaceBackingIndex } from '../steps/data-stream-steps.js';
import { actionStep, ALWAYS_COMPLETE, branchStep, needs, refusedOnClosed, SHARDS_PLACED, waiting, waitStep, type Step, type StepContext } from '../steps/step.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { boolean, fields, illegal, integer } from './settings-parser.js';
import { StepPrivileges } from './step-privileges.js';

/** One of the two targets, as the user gave it; writes stay blocked after the shrink unless allowed. */
export type ShrinkSettings = {
  readonly number_of_shards?: number;
  readonly max_primary_shard_size?: string;
  readonly allow_write_after_shrink: boolean;
};

function parse(config: unknown): ShrinkSettings {
  const c = fields('shrink', config, ['number_of_shards', 'max_primary_shard_size', 'allow_write_after_shrink']);
  if (c.number_of_shards !== undefined && c.max_primary_shard_size !== undefined) throw illegal('Cannot set both [number_of_shards] and [max_primary_shard_size]');
  if (c.number_of_shards === undefined && c.max_primary_shard_size === undefined) throw illegal('Either [number_of_shards] or [max_primary_shard_size] must be set');
  const target: { number_of_shards: number } | { max_primary_shard_size: string } =
    c.number_of_shards !== undefined ? { number_of_shards: positiveShards(c.number_of_shards) } : { max_primary_shard_size: byteSizeStringRep(String(c.max_primary_shard_size), 'max_primary_shard_size', illegal) };
  return { ...target, allow_write_after_shrink: boolean('shrink', 'allow_write_after_shrink', c.allow_write_after_shrink, false) };
}

function positiveShards(value: unknown): number {
  const n = integer('shrink', 'number_of_shards', value);
  if (n <= 0) throw illegal('[number_of_shards] must be greater than 0');
  return n;
}

const NODE_ID = 'tessera-0';

function targetShards(config: ShrinkSettings): number {
  // Without documents every primary is below any max_primary_shard_size: one shard suffices.
  return config.number_of_shards ?? 1;
}

function shrinkIndexName(ctx: StepContext): string {
  const name = readExecution(ctx.index).shrink_index_name;
  if (!name) throw ClusterErrors.illegalState(`no shrink index name was generated for index [${ctx.index.name}]`);
  return name;
}

function createShrunkenIndex(ctx: StepContext, config: ShrinkSettings): ClusterState {
  const source = ctx.index;
  // Shrinking reads the whole index: its size is the memory it asks the breakers for.
  checkBreakers(ctx.state, `<shrink [${source.name}]>`, ctx.stats(source.name).sizeBytes);
  const sourceShards = IndexMetadata.primaryShards(source);
  const target = targetShards(config);
  if (target >= sourceShards) {
    throw IlmErrors.shrinkTargetNotSmaller(target, sourceShards);
  }
  if (sourceShards % target !== 0) {
    throw IlmErrors.shrinkSourceNotMultiple(sourceShards, target);
  }
  const name = shrinkIndexName(ctx);
  const existing = ctx.state.indices.get(name);
  if (existing) throw ClusterErrors.indexAlreadyExists(name, existing.uuid);
  const uuid = ctx.newUuid();
  const settings: Record<string, string> = { ...source.settings };
  delete settings['index.routing.allocation.require._id'];
  Object.assign(settings, {
    'index.number_of_shards': String(target),
    'index.resize.source.name': source.name,
    'index.resize.source.uuid': source.uuid,
  });
  return addDerivedIndex(ctx.state, source, name, uuid, ctx.now, settings);
}

function toSteps(phase: string, config: ShrinkSettings, nextKey: StepKey | undefined): Step[] {
  const key = (name: string) => StepKey.create(phase, 'shrink', name);
  const afterShrunken = config.allow_write_after_shrink ? key('update-settings') : nextKey;
  const steps: Step[] = [
    branchStep(key('branch-check-prerequisites'), key('check-not-write-index'), nextKey, () => false),
    checkNotWriteIndex(key('check-not-write-index'), key('wait-for-shard-history-leases')),
    needs(StepPrivileges.monitorStats, refusedOnClosed(waitStep(key('wait-for-shard-history-leases'), key('check-ts-end-time-passed'), ALWAYS_COMPLETE, true))),
    waitStep(key('check-ts-end-time-passed'), key('readonly'), ALWAYS_COMPLETE, true),
    needs(StepPrivileges.updateSettings, actionStep(key('readonly'), key('check-target-shards-count'), setReadOnly)),
    waitStep(key('check-target-shards-count'), key('cleanup-shrink-index'), (ctx) => {
      const source = IndexMetadata.primaryShards(ctx.index);
      const target = targetShards(config);
      if (target < source && source % target !== 0) {
        return waiting(
          ilmMessage(
            'shrink_target_not_factor',
            `lifecycle action of policy [${ctx.policy}] for index [${ctx.index.name}] cannot make progress because the target shards count [${target}] must be a factor of the source index's shards count [${source}]`,
            { target, source },
          ),
        );
      }
      return { complete: true };
    }),
    actionStep(key('cleanup-shrink-index'), key('generate-index-name'), (ctx) => {
      // A shrunken index left by an earlier, failed attempt is removed before trying again.
      const previous = readExecution(ctx.index).shrink_index_name;
      return previous && ctx.state.indices.has(previous) ? ClusterState.withoutIndex(ctx.state, previous) : ctx.state;
    }),
    actionStep(key('generate-index-name'), key('set-single-node-allocation'), (ctx) => {
      const random = ctx.newUuid().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 4).padEnd(4, 'x');
      const execution = readExecution(ctx.index);
      return ClusterState.withIndex(ctx.state, writeExecution(ctx.index, { ...execution, shrink_index_name: `shrink-${random}-${ctx.index.name}` }));
    }),
    needs(
      StepPrivileges.updateSettings,
      actionStep(key('set-single-node-allocation'), key('check-shrink-allocation'), (ctx) =>
        withSettings(ctx.state, ctx.index.name, { 'index.routing.allocation.require._id': NODE_ID }),
      ),
    ),
    waitStep(key('check-shrink-allocation'), key('shrink'), SHARDS_PLACED),
    needs(StepPrivileges.resize, refusedOnClosed(actionStep(key('shrink'), key('shrunk-shards-allocated'), (ctx) => createShrunkenIndex(ctx, config)))),
    waitStep(key('shrunk-shards-allocated'), key('copy-execution-state'), (ctx) => ({ complete: ctx.state.indices.has(shrinkIndexName(ctx)) })),
    actionStep(key('copy-execution-state'), key('branch-on-datastream-check'), (ctx) => {
      const target = ctx.state.indices.get(shrinkIndexName(ctx))!;
      const isShrunken = key('is-shrunken-index');
      const execution = readExecution(ctx.index);
      const copied = { ...execution, phase: isShrunken.phase, action: isShrunken.action, step: isShrunken.name, step_time: String(ctx.now) };
      return ClusterState.withIndex(ctx.state, writeExecution(target, copied));
    }),
    // The shrunken index takes the source's place: inside its data stream, or through the source's aliases.
    branchStep(key('branch-on-datastream-check'), key('aliases'), key('replace-datastream-backing-index'), (ctx) => parentDataStream(ctx) !== undefined),
    needs(StepPrivileges.aliases, actionStep(key('aliases'), key('is-shrunken-index'), (ctx) => swapAliasesAndDeleteSource(ctx.state, ctx.index, shrinkIndexName(ctx)))),
    // ShrinkIndexNameSupplier: without a generated name (an index moved here by hand), the name shrink once gave.
    actionStep(key('replace-datastream-backing-index'), key('delete'), (ctx) => replaceBackingIndex(ctx, readExecution(ctx.index).shrink_index_name ?? `shrink-${ctx.index.name}`)),
    needs(StepPrivileges.delete, actionStep(key('delete'), key('is-shrunken-index'), deleteManagedIndex)),
    // Listed last (ES lists it before the data stream steps): both paths meet here, and it leads on to the next action.
    waitStep(key('is-shrunken-index'), afterShrunken, (ctx) => ({ complete: ctx.index.settings['index.resize.source.name'] !== undefined })),
  ];
  if (config.allow_write_after_shrink) {
    steps.push(needs(StepPrivileges.updateSettings, actionStep(key('update-settings'), nextKey, (ctx) => withSettings(ctx.state, ctx.index.name, { 'index.blocks.write': null }))));
  }
  return steps;
}

export const ShrinkAction: LifecycleAction<ShrinkSettings> = Object.freeze({ name: 'shrink', parse, toSteps });
