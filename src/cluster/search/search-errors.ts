/**
 * @module The errors a search raises while it runs, as ES words them: a query that cannot be built on an index is a
 * `query_shard_exception` naming the index ("failed to create query: <cause>"), and the search then fails with
 * `search_phase_execution_exception` ("all shards failed") listing each shard's failure.
 */
import { ClusterError, ClusterErrors } from '../cluster-error.js';

export interface ShardTarget {
  readonly name: string;
  readonly uuid: string;
}

/** A query that cannot be built on `index`, with the cause ES reports under it. */
export function queryShardError(index: ShardTarget, cause: ClusterError, prefix = 'failed to create query: '): ClusterError {
  return new ClusterError('query_shard_exception', 400, `${prefix}${cause.reason}`, { index_uuid: index.uuid, index: index.name }, cause);
}

/** The cause of a value a field cannot read (IllegalArgumentException in the field type's query builder). */
export const badValue = (reason: string) => ClusterErrors.illegalArgument(reason);

export const numberFormat = (text: string) => new ClusterError('number_format_exception', 400, `For input string: "${text}"`);

/** ElasticsearchException.toXContent of a cause, as a shard failure's `reason` holds it. */
function rendered(error: ClusterError): Record<string, unknown> {
  return { type: error.type, reason: error.reason, ...error.metadata, ...(error.causedBy && { caused_by: rendered(error.causedBy) }) };
}

/** The root ES reports as the search's own cause: the first ElasticsearchException down the chain that has a Java cause. */
const JAVA = new Set(['illegal_argument_exception', 'number_format_exception', 'illegal_state_exception']);
function rootOf(error: ClusterError): ClusterError {
  let current = error;
  while (current.causedBy && !JAVA.has(current.causedBy.type) && !current.causedBy.java) current = current.causedBy;
  return current;
}

/**
 * Every shard failed (AbstractSearchAsyncAction.onPhaseFailure): the status is the shard failures' (ExceptionsHelper
 * status of the first), and the cause the first failure's root.
 */
export function allShardsFailed(failures: readonly { index: ShardTarget; error: ClusterError }[], node: string, reason = 'all shards failed'): ClusterError {
  const first = failures[0]!.error;
  // Failures of one cause on several indices are grouped as ES groups them: one entry per distinct reason and index.
  const failedShards = failures.map(({ index, error }) => ({ shard: 0, index: index.name, node, reason: rendered(error) }));
  const error = new ClusterError('search_phase_execution_exception', first.status, reason, { phase: 'query', grouped: true, failed_shards: failedShards }, rootOf(first));
  error.rootCauses = failures.map((f) => f.error);
  return error;
}
