/** @module The storage the grid domain needs, declared by the domain; adapters implement it. */
import type { Field } from '../gen/tessera/grid/v1/field_pb.js';
import type { FieldRecord } from './model/field-record.js';
import type { RowReader, RowWriter } from './rows/row-repository.js';

export interface GridRow {
  readonly id: string;
  readonly name: string;
  readonly revision: bigint;
  readonly createdAt: number;
}

/** What a stored changeset holds: a `GridFieldChangeset` or a `RowChangeset`. */
export type ChangesetKind = 'fields' | 'rows';

export interface StoredChangeset {
  readonly revision: bigint;
  /** The committed changeset, encoded once so every watcher receives the same bytes. */
  readonly data: Uint8Array;
  /** Absent: fields. */
  readonly kind?: ChangesetKind;
}

/** A grid with its field ids in order, read in one statement so the ids belong to exactly that revision. */
export interface GridSnapshot extends GridRow {
  readonly fieldIds: readonly string[];
}

export interface FieldsAtRevision {
  readonly revision: bigint;
  readonly createdAt: number;
  readonly fields: readonly Field[];
}

export interface GridReader {
  readonly rows: RowReader;
  getGrid(gridId: string): Promise<GridRow | undefined>;
  /** One grid with its field order, consistent with its revision; undefined if it does not exist. */
  snapshotGrid(gridId: string): Promise<GridSnapshot | undefined>;
  /** Every grid with its field order, in creation order. */
  snapshotGrids(): Promise<GridSnapshot[]>;
  /** Fields in grid order, without their type options. */
  listFields(gridId: string): Promise<Field[]>;
  /** The grid's fields and the revision they are at, read in one statement; undefined if the grid does not exist. */
  fieldsAtRevision(gridId: string): Promise<FieldsAtRevision | undefined>;
  /** Fields in grid order with every type option they keep. */
  loadFieldRecords(gridId: string): Promise<FieldRecord[]>;
  changesetsAfter(gridId: string, after: bigint, limit: number): Promise<StoredChangeset[]>;
  oldestRetainedRevision(gridId: string): Promise<bigint | undefined>;
}

export interface GridWriter extends GridReader {
  readonly rows: RowWriter;
  insertGrid(row: GridRow): Promise<void>;
  /**
   * Adds `count` (1 unless given) to the grid's revision and returns the new one, or undefined if the grid does not
   * exist. Writers of one grid call it first: it also makes them wait their turn.
   */
  bumpRevision(gridId: string, count?: number): Promise<bigint | undefined>;
  /** Sets the revision back, when fewer changes than it was bumped for are committed. */
  setRevision(gridId: string, revision: bigint): Promise<void>;
  /** Persists the difference between two field lists; unchanged records are recognised by identity. */
  saveFields(gridId: string, before: readonly FieldRecord[], after: readonly FieldRecord[]): Promise<void>;
  /** Appends changesets (in revision order) and drops those older than the `retain` most recent. */
  appendChangesets(gridId: string, changesets: readonly StoredChangeset[], committedAt: number, retain: number): Promise<void>;
  deleteGrid(gridId: string): Promise<boolean>;
}

export interface GridRepository extends GridReader {
  /** Runs `work` in one transaction: all of it commits, or none of it. */
  transaction<T>(work: (tx: GridWriter) => Promise<T>): Promise<T>;
}
