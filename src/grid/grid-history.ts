/**
 * @module A grid's history as watchers follow it: the stored changes after a revision, then live ones, in
 * revision order with no gap and no duplicate. Field and row changes share the one revision sequence. Notifications
 * are only hints; whenever one is missing or out of order the watcher re-reads the store, which is the truth.
 * WatchFields streams the field changes of it, WatchGrid all of it.
 */
import { create, fromBinary } from '@bufbuild/protobuf';
import { GridFieldChangesetSchema, type GridFieldChangeset } from '../gen/tessera/grid/v1/field_pb.js';
import type { WatchFieldsPayload } from '../gen/tessera/grid/v1/grid_service_pb.js';
import { GridChangeSchema, RowChangesetSchema, type GridChange, type RowChangeset, type WatchGridPayload } from '../gen/tessera/grid/v1/row_pb.js';
import type { Notifier } from '../platform/notifier.js';
import { EventQueue } from './event-queue.js';
import { GridError } from './grid-error.js';
import { gridTopic, type GridEvent } from './grid-events.js';
import type { GridReader } from './grid-repository.js';
import { requireGridId } from './validation.js';

const REPLAY_BATCH = 256;
const QUEUE_CAPACITY = 1_024;

export interface WatchDeps {
  readonly repository: GridReader;
  readonly notifier: Notifier<GridEvent>;
}

export type HistoryEntry = { readonly revision: bigint; readonly fields: GridFieldChangeset; readonly rows?: undefined } | { readonly revision: bigint; readonly rows: RowChangeset; readonly fields?: undefined };

/** The field changes only: a row change between two of them is a gap in revisions, not a lost change. */
export async function* watchFields(deps: WatchDeps, payload: WatchFieldsPayload, signal: AbortSignal): AsyncGenerator<GridFieldChangeset> {
  for await (const entry of watchHistory(deps, payload.gridId, payload.afterRevision, signal, false)) {
    if (entry.fields) yield entry.fields;
  }
}

/**
 * A live change reaches every watcher as the same changeset object, so each is wrapped once: the streams then share the
 * wrapper, and with it its encoding (server-stream-fast-lane.ts), as WatchFields' streams share the changeset's.
 */
const WRAPPED = new WeakMap<GridFieldChangeset | RowChangeset, GridChange>();

function wrapped(entry: HistoryEntry): GridChange {
  const inner = entry.fields ?? entry.rows;
  let change = WRAPPED.get(inner);
  if (!change) {
    change = create(GridChangeSchema, { revision: entry.revision, change: entry.fields ? { case: 'fields', value: entry.fields } : { case: 'rows', value: entry.rows } });
    WRAPPED.set(inner, change);
  }
  return change;
}

export async function* watchGrid(deps: WatchDeps, payload: WatchGridPayload, signal: AbortSignal): AsyncGenerator<GridChange> {
  for await (const entry of watchHistory(deps, payload.gridId, payload.afterRevision, signal, true)) yield wrapped(entry);
}

/** `rows`: whether row changes are wanted (decoded); otherwise they only advance the revision. */
async function* watchHistory(deps: WatchDeps, grid: string, afterRevision: bigint | undefined, signal: AbortSignal, rows: boolean): AsyncGenerator<HistoryEntry> {
  const gridId = requireGridId(grid);
  const queue = new EventQueue(QUEUE_CAPACITY);
  // Subscribe before the first read, so nothing committed after that read can slip past.
  const unsubscribe = deps.notifier.subscribe(gridTopic(gridId), (event) => queue.push(event));
  try {
    const grid = await deps.repository.getGrid(gridId);
    if (!grid) throw new GridError('GridDoesNotExist', `grid ${JSON.stringify(gridId)} does not exist`);
    let last = afterRevision ?? grid.revision;
    await checkReplayable(deps.repository, gridId, last, grid.revision);

    for (;;) {
      // Catch up from the store.
      for (;;) {
        const batch = await deps.repository.changesetsAfter(gridId, last, REPLAY_BATCH);
        for (const stored of batch) {
          if (stored.revision !== last + 1n) throw historyGap(gridId, last);
          last = stored.revision;
          if (stored.kind === 'rows') {
            if (rows) yield { revision: last, rows: fromBinary(RowChangesetSchema, stored.data) };
          } else {
            yield { revision: last, fields: fromBinary(GridFieldChangesetSchema, stored.data) };
          }
        }
        if (batch.length < REPLAY_BATCH) break;
      }
      // Then follow live events while they arrive in order.
      for (;;) {
        const event = await queue.next(signal);
        // Ending cleanly means "grid deleted", so a stream cut by shutdown must fail and tell where to resume.
        if (event === undefined) {
          throw new GridError('ServerShuttingDown', `the server is shutting down; watch again with after_revision ${last}`);
        }
        if (event === 'overflow' || event.kind === 'resync') break;
        if (event.kind === 'deleted') return;
        if (event.revision <= last) continue;
        // A commit of another instance, or one out of order: the store has it.
        if (event.kind === 'committed' || event.revision !== last + 1n) break;
        last = event.revision;
        if (event.kind === 'rows') {
          if (rows) yield { revision: last, rows: event.changeset };
        } else {
          yield { revision: last, fields: event.changeset };
        }
      }
      if (!(await deps.repository.getGrid(gridId))) return;
    }
  } finally {
    unsubscribe();
  }
}

async function checkReplayable(repository: GridReader, gridId: string, after: bigint, current: bigint): Promise<void> {
  if (after < 0n || after > current) {
    throw new GridError(
      'RevisionOutOfRange',
      `after_revision ${after} is out of range: grid ${JSON.stringify(gridId)} is at revision ${current}`,
    );
  }
  if (after === current) return;
  const oldest = await repository.oldestRetainedRevision(gridId);
  if (oldest === undefined || oldest > after + 1n) throw historyGap(gridId, after);
}

function historyGap(gridId: string, after: bigint): GridError {
  return new GridError(
    'RevisionOutOfRange',
    `after_revision ${after} is older than the history grid ${JSON.stringify(gridId)} retains; fetch the fields again and watch from the grid's current revision`,
  );
}
