/**
 * @module Rollover of a data stream (MetadataRolloverService.rolloverDataStream): the next generation's backing index
 * becomes the write index, from the stream's template as it is now; `lazy` only marks the stream to roll over on its
 * next write.
 */
import { ClusterErrors } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { floodStageBlock } from '../cluster-errors-blocks.js';
import { DataStream, DataStreams } from '../data-stream.js';
import { IndexMetadata } from '../index-metadata.js';
import { createIndex } from './create-index.js';
import { templateForDataStream } from './data-streams.js';
import { conditionsMet, evaluateConditions, type RolloverRequest, type RolloverResult } from './rollover-request.js';

/** DataStream.nextWriteIndexAndGeneration: the next generation whose name no index has taken. */
function nextWriteIndex(state: ClusterState, dataStream: DataStream, now: number): { name: string; generation: number } {
  let generation = dataStream.generation;
  let name: string;
  do {
    generation += 1;
    name = DataStream.backingIndexName(dataStream.name, generation, now);
  } while (state.indices.has(name));
  return { name, generation };
}

function isEmptyBody(body: unknown): boolean {
  return body === undefined || (typeof body === 'object' && body !== null && Object.values(body).every((part) => part === undefined || (typeof part === 'object' && part !== null && Object.keys(part).length === 0)));
}

export function rolloverDataStream(state: ClusterState, dataStream: DataStream, request: RolloverRequest): { state: ClusterState; result: RolloverResult } {
  const { now } = request;
  // MetadataRolloverService.validate, for a data stream target.
  if (request.newIndexName !== undefined) throw ClusterErrors.illegalArgument('new index name may not be specified when rolling over a data stream');
  if (!isEmptyBody(request.createBody)) throw ClusterErrors.illegalArgument('aliases, mappings, and index settings may not be specified when rolling over a data stream');
  const hasConditions = Object.keys(request.conditions).length > 0;
  if (request.lazy && hasConditions) {
    throw ClusterErrors.illegalArgument("Lazy rollover can be used only without any conditions. Please remove the conditions from the request body or the query parameter 'lazy'.");
  }
  const source = state.indices.get(DataStream.writeIndex(dataStream))!;
  const next = nextWriteIndex(state, dataStream, now);
  const trial = { acknowledged: false, shards_acknowledged: false, old_index: source.name, new_index: next.name, rolled_over: false, dry_run: request.dryRun, lazy: request.lazy === true, conditions: {} as Record<string, boolean> };
  if (request.lazy && !request.dryRun) {
    const marked = dataStream.rollover_on_write ? state : DataStreams.with(state, { ...dataStream, rollover_on_write: true });
    return { state: marked, result: { ...trial, acknowledged: true, lazy: true } };
  }
  const results = evaluateConditions(source, request.conditions, request.stats(source.name), now);
  const result = { ...trial, conditions: results };
  if (request.dryRun || !conditionsMet(request.conditions, results)) return { state, result };
  const blocked = floodStageBlock(source);
  if (blocked) throw blocked;
  const template = templateForDataStream(state, dataStream.name);
  const created = createIndex(state, { name: next.name, body: { settings: { 'index.hidden': 'true' } }, now, uuid: request.uuid, dataStream: { name: dataStream.name, template } });
  const metConditions = Object.fromEntries(Object.entries(request.conditions).filter(([name, value]) => results[`[${name}: ${String(value)}]`]));
  const oldIndex = IndexMetadata.with(source, { rolloverInfo: Object.freeze({ ...source.rolloverInfo, [dataStream.name]: { met_conditions: metConditions, time: now } }) });
  let rolled = ClusterState.withIndex(created.state, oldIndex);
  rolled = DataStreams.with(rolled, {
    ...dataStream,
    indices: [...dataStream.indices, { index_name: created.index.name, index_uuid: created.index.uuid }],
    generation: next.generation,
    rollover_on_write: false,
  });
  return { state: rolled, result: { ...result, acknowledged: true, shards_acknowledged: true, rolled_over: true } };
}
