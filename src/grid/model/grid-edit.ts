/** @module What a grid operation takes and gives: the fields before, the fields after and the changeset. */
import type { GridFieldChangeset } from '../../gen/tessera/grid/v1/field_pb.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { FieldRecord } from './field-record.js';

export interface EditContext {
  readonly gridId: string;
  readonly newId: IdGenerator;
}

export interface GridEdit<Reply = void> {
  readonly fields: readonly FieldRecord[];
  readonly changeset: GridFieldChangeset;
  readonly reply: Reply;
  /** The new field `to` starts with a copy of every cell of field `from` (DuplicateField; Tessera's decision). */
  readonly copiedCells?: { readonly from: string; readonly to: string };
}

/** A pure operation on a grid's fields; throws GridError when the payload or state forbids it. */
export type GridOperation<Reply = void> = (fields: readonly FieldRecord[], ctx: EditContext) => GridEdit<Reply>;
