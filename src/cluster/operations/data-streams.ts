/**
 * @module Creating and deleting data streams (MetadataCreateDataStreamService, MetadataDataStreamsService): the
 * stream's template, its first backing index, and the names it may not share with an index or alias.
 */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { BACKING_INDEX_PREFIX, DataStream, DataStreams } from '../data-stream.js';
import { IndexMetadata } from '../index-metadata.js';
import { validateIndexName } from '../index-name.js';
import { findTemplate, type ComposableTemplate } from '../index-template.js';
import { resolveAliases } from '../template-composition.js';
import { createIndex } from './create-index.js';

export interface CreateDataStreamRequest {
  readonly name: string;
  readonly now: number;
  /** The first backing index's uuid. */
  readonly uuid: string;
}

/** lookupTemplateForDataStream: the composable template the name matches, which must declare `data_stream`. */
export function templateForDataStream(state: ClusterState, name: string): ComposableTemplate {
  const template = findTemplate(state.templates.values(), name);
  if (!template) throw ClusterErrors.illegalArgument(`no matching index template found for data stream [${name}]`);
  if (!template.data_stream) throw ClusterErrors.illegalArgument(`matching index template [${template.name}] for data stream [${name}] has no data stream template`);
  return template;
}

/** validateIndexOrAliasName with the data stream's wording, then the two rules only data streams have. */
function validateDataStreamName(name: string): void {
  try {
    validateIndexName(name);
  } catch (error) {
    // validateIndexName words it for an index; the rule is the same, the subject is a data stream.
    if (!(error instanceof ClusterError) || error.type !== 'invalid_index_name_exception') throw error;
    const why = error.reason.replace(`Invalid index name [${name}], `, '');
    if (why !== 'must be lowercase') throw ClusterErrors.illegalArgument(`data_stream [${name}] ${why}`);
  }
  if (name.toLowerCase() !== name) throw ClusterErrors.illegalArgument(`data_stream [${name}] must be lowercase`);
  if (name.startsWith(BACKING_INDEX_PREFIX)) throw ClusterErrors.illegalArgument(`data_stream [${name}] must not start with '${BACKING_INDEX_PREFIX}'`);
}

/** Metadata.Builder's name check: an index, an alias and a data stream may not share a name (ES fails it as a state error). */
export function checkDataStreamNameFree(state: ClusterState, name: string): void {
  const duplicates: string[] = [];
  for (const index of ClusterState.indicesOfAlias(state, name)) duplicates.push(`${name} (alias of [${index.name}/${index.uuid}]) conflicts with data stream`);
  if (state.indices.has(name)) duplicates.push(`data stream [${name}] conflicts with index`);
  if (duplicates.length > 0) {
    throw ClusterErrors.illegalState(`index, alias, and data stream names need to be unique, but the following duplicates were found [${duplicates.join(',')}]`);
  }
}

export function createDataStream(state: ClusterState, request: CreateDataStreamRequest): { state: ClusterState; dataStream: DataStream } {
  const { name, now, uuid } = request;
  if (DataStreams.get(state, name)) throw new ClusterError('resource_already_exists_exception', 400, `data_stream [${name}] already exists`);
  validateDataStreamName(name);
  const template = templateForDataStream(state, name);
  const aliases = Object.keys(resolveAliases(state, template));
  if (aliases.length > 0) {
    // ES would make them data stream aliases, which Tessera does not have: refused rather than dropped.
    throw ClusterErrors.illegalArgument(`index template [${template.name}] gives data stream [${name}] the aliases [${aliases.join(', ')}]; Tessera does not support data stream aliases: remove them from the template`);
  }
  checkDataStreamNameFree(state, name);
  const backing = DataStream.backingIndexName(name, 1, now);
  let created: { state: ClusterState; index: IndexMetadata };
  try {
    created = createIndex(state, { name: backing, body: { settings: { 'index.hidden': 'true' } }, now, uuid, dataStream: { name, template } });
  } catch (error) {
    if (error instanceof ClusterError && error.type === 'resource_already_exists_exception') {
      throw new ClusterError('status_exception', 400, `data stream could not be created because backing index [${backing}] already exists`, {}, error);
    }
    throw error;
  }
  const dataStream = DataStream.create(name, template, [created.index]);
  return { state: DataStreams.with(created.state, dataStream), dataStream };
}

/** MetadataDataStreamsService.removeDataStream: each stream and every one of its backing indices. */
export function deleteDataStreams(state: ClusterState, names: readonly string[]): ClusterState {
  let next = state;
  for (const name of names) {
    const dataStream = DataStreams.get(next, name);
    if (!dataStream) continue;
    for (const index of dataStream.indices) next = ClusterState.withoutIndex(next, index.index_name);
    next = DataStreams.without(next, name);
  }
  return next;
}
