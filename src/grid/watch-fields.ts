/**
 * @module WatchFields: replays the stored changesets after a revision, then streams live ones, in
 * revision order with no gap and no duplicate. Notifications are only hints; whenever one is missing or
 * out of order the watcher re-reads the store, which is the truth.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { GridFieldChangesetSchema, type GridFieldChangeset } from '../gen/tessera/grid/v1/field_pb.js';
import type { WatchFieldsPayload } from '../gen/tessera/grid/v1/grid_service_pb.js';
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

export async function* watchFields(deps: WatchDeps, payload: WatchFieldsPayload, signal: AbortSignal): AsyncGenerator<GridFieldChangeset> {
  const gridId = requireGridId(payload.gridId);
  const queue = new EventQueue(QUEUE_CAPACITY);
  // Subscribe before the first read, so nothing committed after that read can slip past.
  const unsubscribe = deps.notifier.subscribe(gridTopic(gridId), (event) => queue.push(event));
  try {
    const grid = await deps.repository.getGrid(gridId);
    if (!grid) throw new GridError('GridDoesNotExist', `grid ${JSON.stringify(gridId)} does not exist`);
    let last = payload.afterRevision ?? grid.revision;
    await checkReplayable(deps.repository, gridId, last, grid.revision);

    for (;;) {
      // Catch up from the store.
      for (;;) {
        const batch = await deps.repository.changesetsAfter(gridId, last, REPLAY_BATCH);
        for (const stored of batch) {
          if (stored.revision !== last + 1n) throw historyGap(gridId, last);
          last = stored.revision;
          yield fromBinary(GridFieldChangesetSchema, stored.data);
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
        yield event.changeset;
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
