/**
 * @module A cell as the store keeps it: its value (an encoded CellData) tagged with the field type it was written
 * under, and the keys the store filters and sorts by, worked out once when it is written.
 */
import type { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';

export interface StoredCell {
  readonly fieldId: string;
  /** The field's type when the cell was written; the member of `data` that is set. */
  readonly fieldType: FieldType;
  readonly data: Uint8Array;
  /** Lower-cased text, for text filters and sorts (RichText, Number, URL and Checkbox cells). */
  readonly textKey: string | null;
  /**
   * The number, the date's timestamp, the checkbox's 0/1, a select cell's first option's place among the field's
   * options (rekeyed when they are reordered: rows/option-order.ts), and a RichText cell's text when it is a number.
   */
  readonly numKey: number | null;
  /** A select cell's first option, which it sorts by. */
  readonly firstOption: string | null;
  /** A select cell's options, which its filters match. */
  readonly optionIds: readonly string[];
}

export interface StoredRow {
  readonly id: string;
  /** The fractional key rows sort by. */
  readonly position: string;
  readonly cells: readonly StoredCell[];
}

export function cellBytes(cells: readonly StoredCell[]): number {
  let bytes = 0;
  for (const cell of cells) bytes += cell.data.byteLength;
  return bytes;
}
