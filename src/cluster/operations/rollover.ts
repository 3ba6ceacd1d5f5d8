/**
 * @module Rollover (MetadataRolloverService): resolve the alias's write index, name the next index,
 * evaluate the conditions, create the index, swap the write alias and record rollover info.
 */
import { ClusterErrors } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { IndexMetadata } from '../index-metadata.js';
import { findTemplate } from '../index-template.js';
import { findLegacyTemplates } from '../legacy-template.js';
import { aliasLayers } from '../template-composition.js';
import { floodStageBlock } from '../cluster-errors-blocks.js';
import { createIndex } from './create-index.js';
import { DataStreams } from '../data-stream.js';
import { rolloverDataStream } from './data-stream-rollover.js';
import { conditionsMet, evaluateConditions, type RolloverRequest, type RolloverResult } from './rollover-request.js';

export { conditionsMet, evaluateConditions, type IndexStats, type RolloverRequest, type RolloverResult } from './rollover-request.js';
import { validateIndexName } from '../index-name.js';
import { resolveDateMathName } from '../date-math-name.js';

export const ROLLOVER_NAME_PATTERN = /^.*-\d+$/;

/**
 * The next name in a rollover series (MetadataRolloverService.generateRolloverIndexName): the counter after the last
 * `-` goes up by one, six digits wide. A date math name (`<logs-{now/d}-000001>`) keeps its date math, so each
 * rollover resolves it anew.
 */
export function generateRolloverIndexName(source: string, now = 0): string {
  const resolved = resolveDateMathName(source, now);
  const isDateMath = resolved !== source;
  if (!ROLLOVER_NAME_PATTERN.test(resolved)) {
    throw ClusterErrors.rolloverNameWithoutSuffix(source);
  }
  const dash = source.lastIndexOf('-');
  const counter = Number(source.slice(dash + 1, isDateMath ? -1 : undefined)) + 1;
  return `${source.slice(0, dash)}-${String(counter).padStart(6, '0')}${isDateMath ? '>' : ''}`;
}

/**
 * The index a rollover of `source` creates: `newIndexName` (date math resolved) or the next in its series, from the
 * name it was created with (`index.provided_name`); `provided` is what the new index records as its own.
 */
export function rolloverIndexName(source: IndexMetadata, newIndexName: string | undefined, now: number): { name: string; provided: string } {
  const provided = newIndexName ?? generateRolloverIndexName(source.settings['index.provided_name'] ?? source.name, now);
  return { name: resolveDateMathName(provided, now), provided };
}

/** The index an alias writes to: its explicit write index, or its only index. */
export function writeIndexOf(state: ClusterState, alias: string): IndexMetadata {
  const indices = ClusterState.indicesOfAlias(state, alias);
  if (indices.length === 0) throw ClusterErrors.illegalArgument(`rollover target [${alias}] does not exist`);
  const explicit = indices.filter((i) => i.aliases[alias]!.is_write_index === true);
  if (explicit.length === 1) return explicit[0]!;
  if (indices.length === 1 && indices[0]!.aliases[alias]!.is_write_index !== false) return indices[0]!;
  throw ClusterErrors.rolloverTargetWithoutWriteIndex(alias);
}

export function rollover(state: ClusterState, request: RolloverRequest): { state: ClusterState; result: RolloverResult } {
  const { alias, now } = request;
  // RolloverRequest.validate, before the target is looked at.
  const names = Object.keys(request.conditions);
  if (names.some((n) => n.startsWith('min_')) && !names.some((n) => n.startsWith('max_'))) {
    throw ClusterErrors.validation(['at least one max_* rollover condition must be set when using min_* conditions']);
  }
  if (state.indices.has(alias)) throw ClusterErrors.illegalArgument(`rollover target is a [concrete index] but one of [alias,data_stream] was expected`);
  const dataStream = DataStreams.get(state, alias);
  if (dataStream) return rolloverDataStream(state, dataStream, request);
  if (request.lazy) {
    throw ClusterErrors.illegalArgument(
      names.length === 0
        ? "Lazy rollover can be applied only on a data stream. Please remove the query parameter 'lazy'."
        : "Lazy rollover can be applied only on a data stream with no conditions. Please remove the query parameter 'lazy'.",
    );
  }
  const source = writeIndexOf(state, alias);
  const { name: newIndex, provided } = rolloverIndexName(source, request.newIndexName, now);
  // MetadataRolloverService validates the new name before any condition is evaluated, for a dry run too.
  validateIndexName(newIndex);
  const existing = state.indices.get(newIndex);
  if (existing) throw ClusterErrors.indexAlreadyExists(newIndex, existing.uuid);
  const results = evaluateConditions(source, request.conditions, request.stats(source.name), now);
  const met = conditionsMet(request.conditions, results);
  const result = { acknowledged: false, shards_acknowledged: false, old_index: source.name, new_index: newIndex, rolled_over: false, dry_run: request.dryRun, lazy: false, conditions: results };
  if (request.dryRun || !met) return { state, result };
  const blocked = floodStageBlock(source);
  if (blocked) throw blocked;
  const template = findTemplate(state.templates.values(), newIndex);
  // MetadataRolloverService.checkNoDuplicatedAliasInIndexTemplate names the aliases of the layer that brings the alias in.
  const layer = template && aliasLayers(state, template).find((aliases) => alias in aliases);
  if (template && layer) {
    throw ClusterErrors.rolloverAliasInTemplate(alias, Object.keys(layer), template.name);
  }
  // Without a composable template the legacy ones apply, and none of them may bring the alias in either.
  const legacy = template ? undefined : findLegacyTemplates(state.legacyTemplates.values(), newIndex, hiddenOf(request.createBody)).find((t) => alias in t.aliases);
  if (legacy) throw ClusterErrors.rolloverAliasInTemplate(alias, Object.keys(legacy.aliases), legacy.name);
  const created = createIndex(state, { name: newIndex, providedName: provided, body: request.createBody, now, uuid: request.uuid });
  const explicitWrite = source.aliases[alias]!.is_write_index === true;
  const sourceAliases = { ...source.aliases };
  if (explicitWrite) sourceAliases[alias] = { ...sourceAliases[alias], is_write_index: false };
  else delete sourceAliases[alias];
  const metConditions = Object.fromEntries(Object.entries(request.conditions).filter(([name, value]) => results[`[${name}: ${String(value)}]`]));
  const oldIndex = IndexMetadata.with(source, {
    aliases: Object.freeze(sourceAliases),
    rolloverInfo: Object.freeze({ ...source.rolloverInfo, [alias]: { met_conditions: metConditions, time: now } }),
  });
  const target = created.index;
  const targetAliases = { ...target.aliases, [alias]: explicitWrite ? { ...source.aliases[alias], is_write_index: true } : { ...source.aliases[alias] } };
  let next = ClusterState.withIndex(created.state, oldIndex);
  next = ClusterState.withIndex(next, IndexMetadata.with(target, { aliases: Object.freeze(targetAliases) }));
  return { state: next, result: { ...result, acknowledged: true, shards_acknowledged: true, rolled_over: true } };
}

/** The rollover request's own `index.hidden`, which decides whether global legacy templates apply. */
function hiddenOf(body: unknown): boolean | undefined {
  const settings = (body as { settings?: Record<string, unknown> } | undefined)?.settings;
  const value = settings?.['index.hidden'] ?? (settings?.index as Record<string, unknown> | undefined)?.hidden;
  return value === undefined || value === null ? undefined : String(value) === 'true';
}
