/** @module The errors of search contexts, as ES words and wraps them. */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { humanDuration } from '../../platform/units/time-value.js';

/**
 * A failure of the context itself (SearchContextMissingException, TooManyScrollContextsException, a keep-alive
 * refused) is raised on each shard, so ES answers with the phase's failure: "all shards failed", the shard unknown.
 */
export function contextPhaseFailure(cause: ClusterError): ClusterError {
  const reason = { type: cause.type, reason: cause.reason };
  const error = new ClusterError('search_phase_execution_exception', cause.status, 'all shards failed', { phase: 'query', grouped: true, failed_shards: [{ shard: -1, index: null, reason }] }, cause);
  error.rootCauses = [cause];
  return error;
}

export const contextMissing = (id: string) => contextPhaseFailure(new ClusterError('search_context_missing_exception', 404, `No search context found for id [${id}]`));

export const tooManyScrolls = (max: number) =>
  contextPhaseFailure(
    new ClusterError('too_many_scroll_contexts_exception', 429, `Trying to create too many scroll contexts. Must be less than or equal to: [${max}]. This limit can be set by changing the [search.max_open_scroll_context] setting.`),
  );

/** TimeValue.toString (one decimal) for both durations, as SearchService.checkKeepAliveLimit writes them. */
export const keepAliveTooLarge = (keepAlive: number, max: number) =>
  contextPhaseFailure(
    ClusterErrors.illegalArgument(
      `Keep alive for request (${humanDuration(keepAlive, 1)}) is too large. It must be less than (${humanDuration(max, 1)}). This limit can be set by changing the [search.max_keep_alive] cluster level setting.`,
    ),
  );

/** An id that is not one of ours (ES fails decoding it). */
export const badScrollId = () => ClusterErrors.illegalArgument('Cannot parse scroll id');
export const badPitId = (id: string) => ClusterErrors.illegalArgument(`invalid id: [${id}]`);
