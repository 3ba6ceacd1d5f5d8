/**
 * @module The rollover action (RolloverAction): its conditions, and its steps check-rollover-ready (a periodic
 * wait running a dry-run rollover), attempt-rollover, wait-for-active-shards, update-rollover-lifecycle-date,
 * set-indexing-complete. A data stream's backing index rolls over its stream, with no rollover alias.
 */
import { ClusterErrors, ClusterState, DataStream, clusterSetting, conditionsMet, evaluateConditions, generateRolloverIndexName, rollover, ROLLOVER_ONLY_IF_HAS_DOCUMENTS, writeIndexOf } from '../../cluster/index.js';
import { byteSizeStringRep, parseTimeValue } from '../../platform/units/index.js';
import { readExecution, writeExecution } from '../execution-state.js';
import { IlmErrors } from '../ilm-error.js';
import { StepKey } from '../step-key.js';
import { withSettings } from '../steps/cluster-edits.js';
import { parentDataStream } from '../steps/data-stream-steps.js';
import { actionStep, needs, SHARDS_PLACED, waitStep, type Step, type StepContext, type WaitResult } from '../steps/step.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { fields, illegal, integer } from './settings-parser.js';
import { StepPrivileges } from './step-privileges.js';

const CONDITIONS = ['max_size', 'max_primary_shard_size', 'max_age', 'max_docs', 'max_primary_shard_docs', 'min_size', 'min_primary_shard_size', 'min_age', 'min_docs', 'min_primary_shard_docs'] as const;
type Condition = (typeof CONDITIONS)[number];

/** Ages as the user wrote them, sizes as ES shows a ByteSizeValue (unit kept, lowercased), document counts as numbers. */
export type RolloverSettings = { readonly [C in Condition]?: C extends `${string}_docs` ? number : string };

function parse(config: unknown): RolloverSettings {
  const c = fields('rollover', config, CONDITIONS);
  const out: Record<string, unknown> = {};
  for (const key of CONDITIONS) {
    if (c[key] === undefined) continue;
    if (key.endsWith('_docs')) out[key] = integer('rollover', key, c[key], 'long');
    else if (key.endsWith('_age')) {
      parseTimeValue(String(c[key]), key, illegal);
      out[key] = String(c[key]);
    } else out[key] = byteSizeStringRep(String(c[key]), key, illegal);
  }
  if (!Object.keys(out).some((k) => k.startsWith('max_'))) throw illegal('At least one max_* rollover condition must be set.');
  return out as RolloverSettings;
}

const ALIAS_SETTING = 'index.lifecycle.rollover_alias';

/** ES adds `min_docs: 1` unless told otherwise (WaitForRolloverReadyStep.applyDefaultConditions). */
export function effectiveConditions(config: RolloverSettings, state: ClusterState): Record<string, unknown> {
  const conditions: Record<string, unknown> = { ...config };
  const onlyIfDocs = clusterSetting(state, ROLLOVER_ONLY_IF_HAS_DOCUMENTS);
  if (onlyIfDocs && conditions.min_docs === undefined && conditions.min_primary_shard_docs === undefined) conditions.min_docs = 1;
  const maxShardDocs = Number(conditions.max_primary_shard_docs ?? Infinity);
  conditions.max_primary_shard_docs = Math.min(maxShardDocs, 200_000_000);
  return conditions;
}

function rolloverAlias(ctx: StepContext, stepSuffix = ''): string {
  const alias = ctx.index.settings[ALIAS_SETTING];
  if (!alias) throw IlmErrors.rolloverAliasUnset(ctx.index.name, stepSuffix);
  return alias;
}

/** The checks both rollover steps make before touching anything, in ES's order. */
function checkAlias(ctx: StepContext, alias: string): void {
  const meta = ctx.index.aliases[alias];
  if (!meta) throw IlmErrors.rolloverAliasNotPointing(alias, ctx.index.name);
  if (meta.is_write_index === false) throw IlmErrors.rolloverNotWriteIndex(ctx.index.name, alias);
}

/**
 * The data stream a backing index rolls over through (ES asks this before any alias setting, which a backing index
 * may still carry): `skip` when the index is no longer the stream's write index, so ILM leaves the rollover to
 * whoever did it (by hand, lazily).
 */
function dataStreamTarget(ctx: StepContext): { stream: string; skip: boolean } | undefined {
  const dataStream = parentDataStream(ctx);
  return dataStream && { stream: dataStream.name, skip: !DataStream.isWriteIndex(dataStream, ctx.index.name) };
}

function conditionsHold(ctx: StepContext, config: RolloverSettings): WaitResult {
  const conditions = effectiveConditions(config, ctx.state);
  const results = evaluateConditions(ctx.index, conditions, ctx.stats(ctx.index.name), ctx.now);
  return conditionsMet(conditions, results) ? { complete: true } : { complete: false };
}

/** check-rollover-ready: a dry-run rollover against the conditions. */
function readyToRollOver(ctx: StepContext, config: RolloverSettings): WaitResult {
  // ES does not look at indexing_complete for a data stream here: its write index is ready when its conditions are.
  const dataStream = dataStreamTarget(ctx);
  if (dataStream) return dataStream.skip ? { complete: true } : conditionsHold(ctx, config);
  const alias = rolloverAlias(ctx);
  // Already rolled over with this alias (a retry after the rollover itself succeeded): move on.
  if (ctx.index.rolloverInfo[alias]) return { complete: true };
  if (ctx.index.settings['index.lifecycle.indexing_complete'] === 'true') return { complete: true };
  checkAlias(ctx, alias);
  // ES checks the name the index was created with (index.provided_name), date math and all, and names it so.
  generateRolloverIndexName(ctx.index.settings['index.provided_name'] ?? ctx.index.name, ctx.now);
  return conditionsHold(ctx, config);
}

/** attempt-rollover: the conditions were met at check-rollover-ready, so the rollover itself is unconditional. */
function attemptRollover(ctx: StepContext): ClusterState {
  if (ctx.index.settings['index.lifecycle.indexing_complete'] === 'true') return ctx.state;
  const dataStream = dataStreamTarget(ctx);
  if (dataStream?.skip) return ctx.state;
  const target = dataStream ? dataStream.stream : aliasToRollOver(ctx);
  if (target === undefined) return ctx.state;
  return rollover(ctx.state, { alias: target, conditions: {}, dryRun: false, now: ctx.now, uuid: ctx.newUuid(), stats: ctx.stats }).state;
}

/** The alias attempt-rollover rolls over, after ES's checks; undefined when the index already rolled over with it. */
function aliasToRollOver(ctx: StepContext): string | undefined {
  const alias = rolloverAlias(ctx, ', it must be set to the name of the alias pointing to the group of indices being rolled over');
  if (ctx.index.rolloverInfo[alias]) return undefined;
  checkAlias(ctx, alias);
  if (writeIndexOf(ctx.state, alias).name !== ctx.index.name) {
    throw IlmErrors.rolloverNotWriteIndex(ctx.index.name, alias);
  }
  return alias;
}

/** update-rollover-lifecycle-date: the lifecycle date becomes the rollover's time. */
function updateLifecycleDate(ctx: StepContext): ClusterState {
  const execution = readExecution(ctx.index);
  // With indexing_complete set (no rollover happened, or it does not count), the step's own time is the date.
  if (ctx.index.settings['index.lifecycle.indexing_complete'] === 'true') {
    return ClusterState.withIndex(ctx.state, writeExecution(ctx.index, { ...execution, creation_date: String(ctx.now) }));
  }
  // A backing index rolled over with its stream, whoever rolled it.
  const target = dataStreamTarget(ctx)?.stream ?? ctx.index.settings[ALIAS_SETTING];
  if (!target) throw ClusterErrors.illegalState(`setting [${ALIAS_SETTING}] is not set on index [${ctx.index.name}]`);
  const info = ctx.index.rolloverInfo[target];
  if (!info) {
    throw ClusterErrors.illegalState(
      `no rollover info found for [${ctx.index.name}] with rollover target [${target}], the index has not yet rolled over with that target`,
    );
  }
  return ClusterState.withIndex(ctx.state, writeExecution(ctx.index, { ...execution, creation_date: String(info.time) }));
}

function toSteps(phase: string, config: RolloverSettings, nextKey: StepKey | undefined): Step[] {
  const key = (name: string) => StepKey.create(phase, 'rollover', name);
  const [ready, attempt, active, updateDate, complete] = [
    key('check-rollover-ready'),
    key('attempt-rollover'),
    key('wait-for-active-shards'),
    key('update-rollover-lifecycle-date'),
    key('set-indexing-complete'),
  ];
  return [
    needs(StepPrivileges.rollover, waitStep(ready, attempt, (ctx) => readyToRollOver(ctx, config), true)),
    needs(StepPrivileges.rollover, actionStep(attempt, active, attemptRollover)),
    waitStep(active, updateDate, SHARDS_PLACED),
    actionStep(updateDate, complete, updateLifecycleDate),
    needs(
      StepPrivileges.updateSettings,
      actionStep(complete, nextKey, (ctx) => withSettings(ctx.state, ctx.index.name, { 'index.lifecycle.indexing_complete': 'true' })),
    ),
  ];
}

export const RolloverAction: LifecycleAction<RolloverSettings> = Object.freeze({ name: 'rollover', parse, toSteps });
