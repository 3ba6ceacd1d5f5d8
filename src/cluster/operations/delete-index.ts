/**
 * @module `DELETE /<index>`: which indices an expression deletes (MetadataDeleteIndexService, with
 * DeleteIndexRequest's IndicesOptions), and the state without them.
 */
import { ClusterErrors } from '../cluster-error.js';
import { checkBlocks } from '../cluster-errors-blocks.js';
import { ClusterState } from '../cluster-state.js';
import { DataStream, DataStreams } from '../data-stream.js';
import { failDestructive } from '../destructive-operations.js';
import { resolveIndices } from '../index-expression.js';

export interface DeleteIndexOptions {
  readonly ignoreUnavailable: boolean;
  readonly allowNoIndices: boolean;
}

/**
 * `options` is read only once the expression itself may be deleted, so the refusal of a wildcard or an alias comes
 * before any complaint about the options' values.
 */
export function deleteIndices(state: ClusterState, expression: string, options: () => DeleteIndexOptions): ClusterState {
  failDestructive(state, expression);
  for (const part of expression.split(',')) {
    if (!part.includes('*') && !state.indices.has(part) && ClusterState.aliasExists(state, part)) {
      throw ClusterErrors.illegalArgument(`The provided expression [${part}] matches an alias, specify the corresponding concrete indices instead.`);
    }
    if (!part.includes('*') && !state.indices.has(part) && DataStreams.get(state, part)) {
      throw ClusterErrors.illegalArgument(`The provided expression [${part}] matches a data stream, specify the corresponding concrete indices instead.`);
    }
  }
  const { ignoreUnavailable, allowNoIndices } = options();
  const names = resolveIndices(state, expression, {
    resolveAliases: false,
    ignoreUnavailable,
    allowNoIndices,
    // DeleteIndexRequest's IndicesOptions reach closed indices too.
    expandClosed: true,
  });
  // ClusterBlocks.indicesAllowReleaseResources: the read-only and metadata blocks keep an index from deletion.
  checkBlocks(names.map((name) => state.indices.get(name)!), 'metadata_write');
  let next = state;
  for (const name of names) {
    const dataStream = DataStreams.ofIndex(next, name);
    if (dataStream) {
      // MetadataDeleteIndexService: a backing index leaves its stream, except the one the stream writes to.
      if (DataStream.isWriteIndex(dataStream, name)) throw ClusterErrors.illegalArgument(`index [${name}] is the write index for data stream [${dataStream.name}] and cannot be deleted`);
      next = DataStreams.with(next, { ...dataStream, indices: dataStream.indices.filter((i) => i.index_name !== name) });
    }
    next = ClusterState.withoutIndex(next, name);
  }
  return next;
}
