/**
 * @module `POST /_data_stream/_migrate/<alias>` (MetadataMigrateToDataStreamService): an alias with a write index
 * becomes a data stream of the same name, its indices the backing indices (the write index last), each hidden and
 * given `_data_stream_timestamp`; the stream takes its settings from the data stream template its name matches.
 */
import { ClusterErrors } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { DataStream, DataStreams } from '../data-stream.js';
import type { IndexMetadata } from '../index-metadata.js';
import { prepareBackingIndex } from './backing-index.js';
import { templateForDataStream } from './data-streams.js';

/** IndexAbstraction.Alias.getWriteIndex: the index marked as such, or the only one unless it is marked otherwise. */
function writeIndexOf(indices: readonly IndexMetadata[], alias: string): IndexMetadata | undefined {
  const marked = indices.find((index) => index.aliases[alias]!.is_write_index === true);
  if (marked) return marked;
  return indices.length === 1 && indices[0]!.aliases[alias]!.is_write_index !== false ? indices[0] : undefined;
}

export function migrateToDataStream(state: ClusterState, alias: string): ClusterState {
  const indices = state.indices.has(alias) ? [] : ClusterState.indicesOfAlias(state, alias);
  if (indices.length === 0) throw ClusterErrors.illegalArgument(`alias [${alias}] does not exist`);
  const writeIndex = writeIndexOf(indices, alias);
  if (!writeIndex) throw ClusterErrors.illegalArgument(`alias [${alias}] must specify a write index`);
  // AliasMetadata.getFirstAliasMetadata: the alias as the first of its indices holds it.
  const first = indices[0]!.aliases[alias]!;
  if (first.index_routing !== undefined || first.search_routing !== undefined || first.filter !== undefined) {
    throw ClusterErrors.illegalArgument(`alias [${alias}] may not have custom filtering or routing`);
  }
  const withOtherAliases = indices.filter((index) => Object.keys(index.aliases).length > 1).map((index) => index.name);
  if (withOtherAliases.length > 0) throw ClusterErrors.illegalArgument(`other aliases referencing indices [${withOtherAliases.join(',')}] must be removed before migrating to a data stream`);
  let next = state;
  for (const index of indices) next = ClusterState.withIndex(next, prepareBackingIndex(index, alias));
  // MetadataCreateDataStreamService.createDataStream, with the alias's indices as the backing indices.
  const template = templateForDataStream(next, alias);
  // Oldest first, as backing indices are kept; the write index last.
  const older = indices.filter((index) => index !== writeIndex).sort((a, b) => a.creationDate - b.creationDate || (a.name < b.name ? -1 : 1));
  const backing = [...older, writeIndex];
  const dataStream = DataStream.create(alias, template, backing);
  return DataStreams.with(next, dataStream);
}
