/**
 * @module The loop under delete/update by query and reindex (AbstractAsyncBulkByScrollAction): read a batch of
 * matching documents, wait as `requests_per_second` asks, write the batch in one bulk, count what each item did,
 * and go on until the matches run out, `max_docs` documents were processed, or a write failed. A version conflict
 * is a failure that stops the run under `conflicts=abort`, and only a count under `conflicts=proceed`. Each write
 * names the sequence number (or version) the scan read, so a document changed since the scan is a conflict.
 */
import type { Clock } from '../../../platform/clock.js';
import { ClusterError } from '../../cluster-error.js';
import type { AutoCreateCheck, WriteOptions, WriteRequest, WriteResult } from '../../documents/document-requests.js';
import type { ScanHit, ScanSource } from '../search-service.js';
import type { BulkByScrollCounts, BulkByScrollFailure, BulkByScrollResult } from './bulk-by-scroll-status.js';
import type { BulkByScrollOptions } from './by-query-request.js';

/** WorkerBulkByScrollTaskState.MAX_THROTTLE_WAIT_TIME. */
const MAX_THROTTLE_WAIT_MILLIS = 60 * 60 * 1000;

export interface BulkByScrollWork {
  readonly scan: ScanSource;
  /** The write for one document read. */
  readonly write: (hit: ScanHit) => WriteRequest;
  readonly options: BulkByScrollOptions;
  /** The writes' authorization, index by index, as ES authorizes each bulk item as the caller: the refusal, or undefined. */
  readonly authorize?: (index: string) => ClusterError | undefined;
  readonly mayCreate?: AutoCreateCheck;
  readonly writeOptions?: WriteOptions;
  /** The node search failures name. */
  readonly nodeId: string;
}

export interface BulkByScrollDeps {
  readonly bulk: (requests: readonly WriteRequest[], mayCreate?: AutoCreateCheck, options?: WriteOptions) => Promise<{ result: WriteResult | ClusterError; id: string | undefined }[]>;
  readonly clock: Clock;
  /** Resolves once the clock reaches `until` (or the run is told to stop). */
  readonly waitUntil: (until: number) => Promise<void>;
  /** True once the run should stop between batches (the server is closing). */
  readonly stopping: () => boolean;
}

/** WorkerBulkByScrollTaskState.throttleWaitTime: the last batch's size spread over `requests_per_second`, from its start. */
function throttleDelay(lastBatchStart: number, lastBatchSize: number, now: number, requestsPerSecond: number): number {
  if (requestsPerSecond === Infinity || lastBatchSize === 0) return 0;
  const earliest = lastBatchStart + (lastBatchSize / requestsPerSecond) * 1000;
  return Math.min(MAX_THROTTLE_WAIT_MILLIS, Math.max(0, Math.ceil(earliest - now)));
}

/** Up to `size` documents after the cursor, across the indices in turn (one scroll page). */
async function nextBatch(scan: ScanSource, cursor: { position: number; after: number }, size: number): Promise<ScanHit[]> {
  const hits: ScanHit[] = [];
  while (hits.length < size) {
    const page = await scan.page(cursor.position, cursor.after, size - hits.length);
    if (page === undefined) break;
    if (page.length === 0) {
      cursor.position++;
      cursor.after = -1;
      continue;
    }
    hits.push(...page);
    cursor.after = page.at(-1)!.seqNo;
  }
  return hits;
}

const successful = (c: BulkByScrollCounts) => c.created + c.updated + c.deleted;

/** Runs the work to its end, updating `counts` as it goes (a running task's status reads them). */
export async function runBulkByScroll(work: BulkByScrollWork, deps: BulkByScrollDeps, counts: BulkByScrollCounts): Promise<BulkByScrollResult> {
  const started = deps.clock.now();
  const { scan, options } = work;
  const finish = (failures: BulkByScrollFailure[]): BulkByScrollResult => ({ tookMillis: Math.max(0, deps.clock.now() - started), counts, failures });
  counts.total = options.maxDocs === undefined ? scan.total : Math.min(scan.total, options.maxDocs);
  if (scan.failures.length > 0) return finish(scan.failures.map((f) => ({ kind: 'search', index: f.index, node: work.nodeId, error: f.error })));
  const cursor = { position: 0, after: -1 };
  let lastBatchStart = started;
  let lastBatchSize = 0;
  for (;;) {
    if (deps.stopping()) return finish([]);
    // A batch never reads past max_docs, so no document is read and then left unprocessed.
    const left = options.maxDocs === undefined ? Infinity : options.maxDocs - successful(counts);
    const hits = await nextBatch(scan, cursor, Math.min(options.scrollSize, left));
    if (hits.length === 0) return finish([]);
    // ES waits after the search and before the bulk (delayPrepareBulkRequest), so a throttled run holds a read batch.
    const delay = throttleDelay(lastBatchStart, lastBatchSize, deps.clock.now(), options.requestsPerSecond);
    if (delay > 0) {
      counts.throttledUntil = deps.clock.now() + delay;
      await deps.waitUntil(counts.throttledUntil);
      counts.throttledUntil = 0;
      counts.throttledMillis += delay;
      if (deps.stopping()) return finish([]);
    }
    const batchStart = deps.clock.now();
    counts.batches++;
    const requests = hits.map((hit) => {
      const request = work.write(hit);
      const refusal = work.authorize?.(request.target);
      return refusal ? { ...request, refusal } : request;
    });
    const answers = await deps.bulk(requests, work.mayCreate, work.writeOptions);
    const failures: BulkByScrollFailure[] = [];
    answers.forEach(({ result, id }, i) => {
      if (result instanceof ClusterError) {
        // recordFailure: a conflict is counted, and under `proceed` nothing more.
        if (result.status === 409) {
          counts.versionConflicts++;
          if (!options.abortOnConflict) return;
        }
        failures.push({ kind: 'bulk', index: requests[i]!.target, id: id ?? hits[i]!.id, error: result });
        return;
      }
      if (result.result === 'created') counts.created++;
      else if (result.result === 'updated') counts.updated++;
      else if (result.result === 'deleted') counts.deleted++;
      else if (result.result === 'noop') counts.noops++;
    });
    if (failures.length > 0) return finish(failures);
    if (options.maxDocs !== undefined && successful(counts) >= options.maxDocs) return finish([]);
    lastBatchStart = batchStart;
    lastBatchSize = requests.length;
  }
}
