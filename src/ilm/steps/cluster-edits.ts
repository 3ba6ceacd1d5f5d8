/** @module Small cluster-state edits the steps share. */
import { ClusterErrors, ClusterState, floodStageBlock, IndexMetadata, type AliasMetadata } from '../../cluster/index.js';
import type { StepContext } from './step.js';

/** A settings update, which ES refuses on an index under the flood-stage block. */
export function withSettings(state: ClusterState, index: string, changes: Readonly<Record<string, string | null>>): ClusterState {
  const current = state.indices.get(index)!;
  const blocked = floodStageBlock(current);
  if (blocked) throw blocked;
  const settings: Record<string, string> = { ...current.settings };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete settings[key];
    else settings[key] = value;
  }
  return ClusterState.withIndex(state, IndexMetadata.with(current, { settings: Object.freeze(settings) }));
}

/** The write block the readonly steps of readonly, forcemerge and shrink set. */
export function setReadOnly(ctx: StepContext): ClusterState {
  return withSettings(ctx.state, ctx.index.name, { 'index.blocks.write': 'true' });
}

/** A new index made from `source` (shrink's target, a mounted snapshot): its documents' shape, no aliases, no ILM state. */
export function addDerivedIndex(state: ClusterState, source: IndexMetadata, name: string, uuid: string, now: number, settings: Record<string, string>): ClusterState {
  const derived: IndexMetadata = Object.freeze({
    name,
    uuid,
    creationDate: now,
    settings: Object.freeze({ ...settings, 'index.uuid': uuid, 'index.creation_date': String(now), 'index.provided_name': name }),
    mappings: source.mappings,
    aliases: Object.freeze({}),
    rolloverInfo: source.rolloverInfo,
    customs: Object.freeze({}),
    copiedFrom: source.name,
  });
  return ClusterState.withIndex(state, derived);
}

/**
 * Moves the source's aliases to the target (which is read-only, so none as the write index), adds the source's
 * name as an alias of the target, and deletes the source (ShrinkSetAliasStep, SwapAliasesAndDeleteSourceIndexStep).
 */
export function swapAliasesAndDeleteSource(state: ClusterState, source: IndexMetadata, targetName: string): ClusterState {
  const target = state.indices.get(targetName);
  // The aliases request's own refusal (ShrinkSetAliasStep sends it without looking first).
  if (!target) throw ClusterErrors.indexNotFound(targetName);
  const aliases: Record<string, AliasMetadata> = { ...target.aliases };
  for (const [alias, meta] of Object.entries(source.aliases)) {
    const { is_write_index: _ignored, ...rest } = meta;
    aliases[alias] = rest;
  }
  aliases[source.name] = {};
  const next = ClusterState.withoutIndex(state, source.name);
  return ClusterState.withIndex(next, IndexMetadata.with(target, { aliases: Object.freeze(aliases) }));
}
