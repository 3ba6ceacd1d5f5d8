/**
 * @module The concrete index a write lands in (TransportBulkAction's auto-creation and lazy rollover, then
 * BulkOperation's resolution): an index, an alias's write index, or a data stream's write index; a missing name is
 * created first, as a data stream when its template declares one. Every cluster change here is one commit that
 * checks the state again, so concurrent first writers create once and then all write.
 */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import type { ClusterService } from '../cluster-service.js';
import { ClusterState } from '../cluster-state.js';
import { DataStreams } from '../data-stream.js';
import type { IndexMetadata } from '../index-metadata.js';
import { findTemplate } from '../index-template.js';
import { autoCreateRefusal } from '../operations/auto-create.js';
import { createIndex } from '../operations/create-index.js';
import { createDataStream } from '../operations/data-streams.js';
import { rolloverDataStream } from '../operations/data-stream-rollover.js';
import type { IndexStats } from '../operations/rollover.js';
import { checkBackingIndexWrite, dataStreamWriteIndex } from './data-stream-writes.js';
import type { AutoCreateCheck, WriteRequest } from './document-requests.js';

export interface WriteTargetContext {
  readonly cluster: ClusterService;
  readonly now: number;
  readonly newUuid: () => string;
  readonly stats: (index: string) => IndexStats;
  /** The names (and flags) a batch failed to create, with why: TransportBulkAction creates each missing name once per batch. */
  readonly failedCreates?: Map<string, ClusterError>;
}

/** AutoCreateAction's refusal of a `require_data_stream` write whose name no data stream template matches. */
function noDataStreamTemplate(name: string): ClusterError {
  return new ClusterError(
    'index_not_found_exception',
    404,
    `no such index [${name}] and the index creation request requires a data stream, but no matching index template with data stream template was found for it`,
    { index_uuid: '_na_', index: name },
  );
}

/**
 * Creates the missing `name` for a write (AutoCreateAction): a data stream when its template has `data_stream`,
 * else an index. A single `_update` creates through the create index API instead (TransportUpdateAction), which
 * refuses a name whose template makes data streams only.
 */
async function autoCreate(context: WriteTargetContext, name: string, request: WriteRequest): Promise<ClusterState> {
  return context.cluster.update((current) => {
    if (current.indices.has(name) || DataStreams.get(current, name) || ClusterState.aliasExists(current, name)) return { state: current, result: current };
    const template = findTemplate(current.templates.values(), name);
    if (template?.data_stream && !request.singleUpdate) {
      const created = createDataStream(current, { name, now: context.now, uuid: context.newUuid() });
      return { state: created.state, result: created.state };
    }
    if (request.requireDataStream) throw noDataStreamTemplate(name);
    const created = createIndex(current, { name, body: {}, now: context.now, uuid: context.newUuid() });
    return { state: created.state, result: created.state };
  });
}

/** LazyRolloverAction: the stream rolls over once, whoever writes first; the others find it rolled. */
async function rollOverOnWrite(context: WriteTargetContext, name: string): Promise<ClusterState> {
  return context.cluster.update((current) => {
    const dataStream = DataStreams.get(current, name);
    if (!dataStream?.rollover_on_write) return { state: current, result: current };
    const rolled = rolloverDataStream(current, dataStream, { alias: name, conditions: {}, dryRun: false, now: context.now, uuid: context.newUuid(), stats: context.stats });
    return { state: rolled.state, result: rolled.state };
  });
}

/** The alias's write index: its explicit one, or its only index unless that one is marked not to be. */
function aliasWriteIndex(state: ClusterState, alias: string): IndexMetadata | undefined {
  const aliased = ClusterState.indicesOfAlias(state, alias);
  if (aliased.length === 0) return undefined;
  const explicit = aliased.filter((i) => i.aliases[alias]!.is_write_index === true);
  if (explicit.length === 1) return explicit[0]!;
  if (aliased.length === 1 && aliased[0]!.aliases[alias]!.is_write_index !== false) return aliased[0]!;
  throw ClusterErrors.illegalArgument(
    `no write index is defined for alias [${alias}]. The write index may be explicitly disabled using is_write_index=false or the alias points to multiple indices without one being designated as a write index`,
  );
}

/**
 * The concrete index a write to `name` (its date math resolved) goes to, created first if it does not exist and
 * `mayCreate` (the caller's right to create indices by writing) lets it.
 */
export async function writeTarget(context: WriteTargetContext, name: string, request: WriteRequest, mayCreate: AutoCreateCheck | undefined): Promise<IndexMetadata> {
  let state = context.cluster.state;
  if (!state.indices.has(name) && !DataStreams.get(state, name) && !ClusterState.aliasExists(state, name)) {
    if (request.op === 'delete') throw ClusterErrors.indexNotFound(name);
    const forbidden = autoCreateRefusal(state, name);
    if (forbidden) throw forbidden;
    const refused = mayCreate?.(name);
    if (refused) throw refused;
    // What a creation may do depends on the name and these two flags only.
    const key = `${name}\u0000${request.requireDataStream === true}\u0000${request.singleUpdate === true}`;
    const failed = context.failedCreates?.get(key);
    if (failed) throw failed;
    try {
      state = await autoCreate(context, name, request);
    } catch (error) {
      if (error instanceof ClusterError) context.failedCreates?.set(key, error);
      throw error;
    }
  }
  // TransportBulkAction rolls a lazily rolled-over stream over before any write to it, a delete excepted.
  if (request.op !== 'delete' && DataStreams.get(state, name)?.rollover_on_write) state = await rollOverOnWrite(context, name);
  // BulkOperation: require_data_stream is judged once the name exists.
  if (request.requireDataStream && !DataStreams.get(state, name)) {
    throw new ClusterError('resource_not_found_exception', 404, `[require_data_stream] request flag is [true] and [${name}] is not a data stream`);
  }
  const direct = state.indices.get(name);
  if (direct) {
    const parent = DataStreams.ofIndex(state, name);
    if (parent) checkBackingIndexWrite(parent, request);
    return direct;
  }
  const dataStream = DataStreams.get(state, name);
  if (dataStream) return state.indices.get(dataStreamWriteIndex(dataStream, request))!;
  const aliased = aliasWriteIndex(state, name);
  if (aliased) return aliased;
  throw ClusterErrors.indexNotFound(name);
}
