/** @module What a row operation takes and gives: it runs inside the grid's write transaction, after the fields. */
import type { RowChangeset } from '../../gen/tessera/grid/v1/row_pb.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { FieldRecord } from '../model/field-record.js';
import type { RowWriter } from './row-repository.js';

export interface RowContext {
  readonly gridId: string;
  readonly newId: IdGenerator;
  /** Epoch milliseconds, from the injected clock. */
  now(): number;
  /** Rows the grid may hold. */
  readonly maxRows: number;
}

export interface RowEdit<Reply = void> {
  readonly changeset: RowChangeset;
  readonly reply: Reply;
}

/**
 * A change to rows and cells, given the grid's fields as they are at that point of the group. It reads and checks
 * everything before its first write, so a GridError it throws leaves the transaction as it found it.
 */
export type RowOperation<Reply = void> = (fields: readonly FieldRecord[], rows: RowWriter, ctx: RowContext) => Promise<RowEdit<Reply>>;
