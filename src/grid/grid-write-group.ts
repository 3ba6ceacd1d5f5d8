/**
 * @module A group of grid writes committed in one transaction (see platform/store/group-commit.ts). Each grid's
 * writes apply in arrival order to the fields as the previous write left them, exactly as if each had committed
 * alone: each gets the next revision and its own changeset, and one that fails answers its own error and takes no
 * revision. The grid's revision is bumped, its fields read and written, and its changesets appended once per group.
 */
import { toBinary } from '@bufbuild/protobuf';
import { GridFieldChangesetSchema, type GridFieldChangeset } from '../gen/tessera/grid/v1/field_pb.js';
import { RowChangesetSchema, type RowChangeset } from '../gen/tessera/grid/v1/row_pb.js';
import type { IdGenerator } from '../platform/ids.js';
import type { JobOutcome } from '../platform/store/group-commit.js';
import { GridError } from './grid-error.js';
import type { GridRepository, GridWriter, StoredChangeset } from './grid-repository.js';
import type { CommittedRecords } from './committed-records.js';
import type { FieldRecord } from './model/field-record.js';
import type { GridOperation } from './model/grid-edit.js';
import { checkGridSize } from './model/grid-size.js';
import type { RowOperation } from './rows/row-edit.js';
import { rekeyReorderedOptions } from './rows/option-order.js';
import { removeDeletedOptions } from './rows/removed-options.js';

/** A change to the grid's fields (pure), or to its rows and cells (against the store, after the fields). */
export type GridWrite<Reply = unknown> =
  | { readonly gridId: string; readonly operation: GridOperation<Reply>; readonly rowOperation?: undefined }
  | { readonly gridId: string; readonly rowOperation: RowOperation<Reply>; readonly operation?: undefined };

export interface CommittedWrite<Reply = unknown> {
  readonly changeset: GridFieldChangeset | RowChangeset;
  readonly reply: Reply;
}

export interface GridWriteDeps {
  readonly repository: GridRepository;
  readonly newId: IdGenerator;
  /** When the changesets are committed, in epoch milliseconds (the injected clock). */
  now(): number;
  readonly historyRetention: number;
  readonly maxRowsPerGrid: number;
  /** Only where this instance is the store's sole writer: the records each grid's last commit left. */
  readonly committed?: CommittedRecords;
}

export function gridNotFound(gridId: string): GridError {
  return new GridError('GridDoesNotExist', `grid ${JSON.stringify(gridId)} does not exist`);
}

/**
 * Commits `writes` in one transaction. Should a statement fail (the store, not a write's own checks), the
 * transaction rolls back and each write is tried again in a transaction of its own, so that only the write that
 * cannot commit fails. A failed commit is not retried: it may have committed after all, and a retry would apply
 * the writes twice; every write of the group answers its error, as a lone write did.
 */
export async function commitGridWrites(deps: GridWriteDeps, writes: readonly GridWrite[]): Promise<JobOutcome<CommittedWrite>[]> {
  let rolledBack = false;
  const left: Left[] = [];
  try {
    const outcomes = await deps.repository.transaction(async (tx) => {
      const outcomes: JobOutcome<CommittedWrite>[] = new Array(writes.length);
      try {
        for (const [gridId, indices] of byGrid(writes)) left.push(await applyToGrid(deps, tx, gridId, indices, writes, outcomes));
      } catch (error) {
        rolledBack = true;
        throw error;
      }
      return outcomes;
    });
    for (const grid of left) {
      if (grid.records) deps.committed?.remember(grid.gridId, grid.revision, grid.records);
      else deps.committed?.forget(grid.gridId);
    }
    return outcomes;
  } catch (error) {
    for (const write of writes) deps.committed?.forget(write.gridId);
    if (!rolledBack || writes.length === 1) return writes.map(() => ({ ok: false, error }));
    const outcomes: JobOutcome<CommittedWrite>[] = [];
    for (const write of writes) outcomes.push(...(await commitGridWrites(deps, [write])));
    return outcomes;
  }
}

/** A grid as a group's writes left it: its records at its revision, unless the grid was not found. */
type Left = { readonly gridId: string; readonly revision?: undefined; readonly records?: undefined } | { readonly gridId: string; readonly revision: bigint; readonly records: readonly FieldRecord[] };

/** The indices of each grid's writes, in arrival order. */
function byGrid(writes: readonly GridWrite[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  writes.forEach((write, i) => {
    const indices = groups.get(write.gridId);
    if (indices) indices.push(i);
    else groups.set(write.gridId, [i]);
  });
  return groups;
}

async function applyToGrid(
  deps: GridWriteDeps,
  tx: GridWriter,
  gridId: string,
  indices: readonly number[],
  writes: readonly GridWrite[],
  outcomes: JobOutcome<CommittedWrite>[],
): Promise<Left> {
  // Bumped before anything is read: on a store with row locks this is what makes other writers of the grid wait.
  const bumped = await tx.bumpRevision(gridId, indices.length);
  if (bumped === undefined) {
    for (const i of indices) outcomes[i] = { ok: false, error: gridNotFound(gridId) };
    return { gridId };
  }
  let revision = bumped - BigInt(indices.length);
  const before = deps.committed?.at(gridId, revision) ?? (await tx.loadFieldRecords(gridId));
  let fields: readonly FieldRecord[] = before;
  // The fields as the store holds them: row writes need them there (cells refer to them), so they are saved first.
  let saved = before;
  const persist = async (copied?: { readonly from: string; readonly to: string }) => {
    if (fields === saved) return;
    await tx.saveFields(gridId, saved, fields);
    if (copied) await tx.rows.copyFieldCells(gridId, copied.from, copied.to);
    await removeDeletedOptions(tx.rows, gridId, saved, fields);
    await rekeyReorderedOptions(tx.rows, gridId, saved, fields);
    saved = fields;
  };
  const stored: StoredChangeset[] = [];
  const ctx = { gridId, newId: deps.newId, now: deps.now, maxRows: deps.maxRowsPerGrid };
  for (const i of indices) {
    const write = writes[i]!;
    let changeset: GridFieldChangeset | RowChangeset;
    let reply: unknown;
    if (write.rowOperation) {
      await persist();
      try {
        ({ changeset, reply } = await write.rowOperation(fields, tx.rows, ctx));
      } catch (error) {
        // The operation's own refusal comes before its first write; anything else is the store's, and ends the group.
        if (!(error instanceof GridError)) throw error;
        outcomes[i] = { ok: false, error };
        continue;
      }
    } else {
      let edit;
      try {
        edit = write.operation(fields, ctx);
        checkGridSize(fields, edit.fields);
      } catch (error) {
        outcomes[i] = { ok: false, error };
        continue;
      }
      fields = edit.fields;
      ({ changeset, reply } = edit);
      // The copy is of the source's cells as they are now, before a later write of the group changes them.
      if (edit.copiedCells) await persist(edit.copiedCells);
    }
    revision += 1n;
    changeset.gridId = gridId;
    changeset.revision = revision;
    stored.push(
      changeset.$typeName === RowChangesetSchema.typeName
        ? { revision, data: toBinary(RowChangesetSchema, changeset), kind: 'rows' }
        : { revision, data: toBinary(GridFieldChangesetSchema, changeset as GridFieldChangeset) },
    );
    outcomes[i] = { ok: true, value: { changeset, reply } };
  }
  if (revision !== bumped) await tx.setRevision(gridId, revision);
  if (stored.length > 0) {
    await persist();
    await tx.appendChangesets(gridId, stored, deps.now(), deps.historyRetention);
  }
  return { gridId, revision, records: fields };
}
