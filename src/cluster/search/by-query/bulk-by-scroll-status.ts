/**
 * @module The progress of a delete/update by query or a reindex (BulkByScrollTask.Status) and its final answer
 * (BulkByScrollResponse), written as ES writes them: the task's status while it runs, the response once it is done.
 */
import type { ClusterError } from '../../cluster-error.js';
import { humanDuration } from '../../../platform/units/index.js';

/** A write that failed (BulkItemResponse.Failure) or an index the search failed on (ScrollableHitSource.SearchFailure). */
export type BulkByScrollFailure =
  | { readonly kind: 'bulk'; readonly index: string; readonly id: string; readonly error: ClusterError }
  | { readonly kind: 'search'; readonly index: string; readonly node: string; readonly error: ClusterError };

/** The counts a task's status shows; mutated by the runner as batches complete. */
export interface BulkByScrollCounts {
  total: number;
  updated: number;
  created: number;
  deleted: number;
  batches: number;
  versionConflicts: number;
  noops: number;
  /** Milliseconds spent waiting on `requests_per_second`, not counting a wait under way. */
  throttledMillis: number;
  /** Infinity when unthrottled (written as -1). */
  requestsPerSecond: number;
  /** When the wait under way ends (epoch milliseconds), 0 when none. */
  throttledUntil: number;
  canceled?: string;
}

export function newCounts(requestsPerSecond: number): BulkByScrollCounts {
  return { total: 0, updated: 0, created: 0, deleted: 0, batches: 0, versionConflicts: 0, noops: 0, throttledMillis: 0, requestsPerSecond, throttledUntil: 0 };
}

/** Which counts an answer shows: `_delete_by_query` answers neither created nor updated, `_update_by_query` no created (RestDeleteByQueryAction and friends). */
export interface CountFields {
  readonly created: boolean;
  readonly updated: boolean;
}

export const ALL_COUNTS: CountFields = Object.freeze({ created: true, updated: true });

/** TimeValue.toString, as `human` writes a duration just before its raw field (humanReadableField). */
export const timeText = (millis: number) => humanDuration(millis, 1);

/** Status.innerXContent; `now` turns the wait under way into the milliseconds left of it. */
export function statusJson(counts: BulkByScrollCounts, now: number, fields: CountFields = ALL_COUNTS, human = false): Record<string, unknown> {
  const until = counts.throttledUntil === 0 ? 0 : Math.max(0, counts.throttledUntil - now);
  return {
    total: counts.total,
    ...(fields.updated && { updated: counts.updated }),
    ...(fields.created && { created: counts.created }),
    deleted: counts.deleted,
    batches: counts.batches,
    version_conflicts: counts.versionConflicts,
    noops: counts.noops,
    retries: { bulk: 0, search: 0 },
    ...(human && { throttled: timeText(counts.throttledMillis) }),
    throttled_millis: counts.throttledMillis,
    requests_per_second: counts.requestsPerSecond === Infinity ? -1 : counts.requestsPerSecond,
    ...(counts.canceled !== undefined && { canceled: counts.canceled }),
    ...(human && { throttled_until: timeText(until) }),
    throttled_until_millis: until,
  };
}

/** The finished task's answer. */
export interface BulkByScrollResult {
  readonly tookMillis: number;
  readonly counts: BulkByScrollCounts;
  readonly failures: readonly BulkByScrollFailure[];
}

type RenderError = (error: ClusterError) => Record<string, unknown>;

/** BulkByScrollResponse.toXContent: took, timed_out, the status's fields, then the failures (writes first, then searches). */
export function responseJson(result: BulkByScrollResult, fields: CountFields, render: RenderError, human = false): Record<string, unknown> {
  const bulk = result.failures.filter((f) => f.kind === 'bulk');
  const search = result.failures.filter((f) => f.kind === 'search');
  return {
    took: result.tookMillis,
    timed_out: false,
    ...statusJson({ ...result.counts, throttledUntil: 0 }, 0, fields, human),
    failures: [
      ...bulk.map((f) => ({ index: f.index, id: f.id, cause: render(f.error), status: f.error.status })),
      ...search.map((f) => ({ index: f.index, shard: 0, node: f.node, status: f.error.status, reason: render(f.error) })),
    ],
  };
}

/** BulkIndexByScrollResponseContentListener.getStatus: the highest status among the failures, else 200. */
export function responseStatus(result: BulkByScrollResult): number {
  return result.failures.reduce((status, f) => Math.max(status, f.error.status), 200);
}
