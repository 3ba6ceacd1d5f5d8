/**
 * @module What ILM's steps do differently on a data stream's backing index (CheckNotDataStreamWriteIndexStep,
 * ReplaceDataStreamBackingIndexStep, DeleteStep): the stream must always keep its write index, and an index that
 * takes another's place (shrunken, mounted) takes it inside the stream instead of through aliases.
 */
import { ClusterErrors, ClusterState, DataStream, DataStreams, deleteDataStreams } from '../../cluster/index.js';
import { dataStreamWriteIndexPause, IlmErrors } from '../ilm-error.js';
import type { StepKey } from '../step-key.js';
import { waiting, waitStep, type StepContext, type WaitStep } from './step.js';

/** The data stream the step's index backs, if any (ES's IndexAbstraction.getParentDataStream). */
export function parentDataStream(ctx: Pick<StepContext, 'state' | 'index'>): DataStream | undefined {
  return DataStreams.ofIndex(ctx.state, ctx.index.name);
}

/** check-not-write-index: waits, with ES's words, while the index is its data stream's write index; a plain index passes. */
export function checkNotWriteIndex(key: StepKey, nextKey: StepKey): WaitStep {
  return waitStep(key, nextKey, (ctx) => {
    const dataStream = parentDataStream(ctx);
    if (dataStream && DataStream.isWriteIndex(dataStream, ctx.index.name)) {
      return waiting(dataStreamWriteIndexPause(ctx.index.name, dataStream.name, ctx.policy));
    }
    return { complete: true };
  });
}

/** The state without `name`, which leaves its data stream too (MetadataDeleteIndexService). */
function withoutIndex(state: ClusterState, name: string): ClusterState {
  const dataStream = DataStreams.ofIndex(state, name);
  const next = dataStream ? DataStreams.with(state, { ...dataStream, indices: dataStream.indices.filter((i) => i.index_name !== name) }) : state;
  return ClusterState.withoutIndex(next, name);
}

/**
 * DeleteStep: a backing index is deleted out of its stream, except the write index, which fails the step until a
 * rollover gives the stream another; the stream's only index takes the whole stream with it, as a stream cannot be empty.
 */
export function deleteManagedIndex(ctx: StepContext): ClusterState {
  const name = ctx.index.name;
  if (!ctx.state.indices.has(name)) throw ClusterErrors.indexNotFound(name);
  const dataStream = parentDataStream(ctx);
  if (dataStream && DataStream.isWriteIndex(dataStream, name)) {
    if (dataStream.indices.length === 1) return deleteDataStreams(ctx.state, [dataStream.name]);
    throw IlmErrors.dataStreamWriteIndexNotDeletable(name, dataStream.name, ctx.policy);
  }
  return withoutIndex(ctx.state, name);
}

/**
 * replace-datastream-backing-index: `target` takes the index's place (and generation slot) in its data stream; the
 * index itself stays until the delete step after this one.
 */
export function replaceBackingIndex(ctx: StepContext, target: string): ClusterState {
  const name = ctx.index.name;
  const dataStream = parentDataStream(ctx);
  if (!dataStream) throw IlmErrors.notInDataStream(name, ctx.policy);
  if (DataStream.isWriteIndex(dataStream, name)) throw IlmErrors.dataStreamWriteIndexNotReplaceable(name, dataStream.name, ctx.policy);
  const replacement = ctx.state.indices.get(target);
  if (!replacement) throw IlmErrors.targetIndexMissing(target, ctx.policy, name);
  const indices = dataStream.indices.map((i) => (i.index_name === name ? { index_name: replacement.name, index_uuid: replacement.uuid } : i));
  return DataStreams.with(ctx.state, { ...dataStream, indices });
}
