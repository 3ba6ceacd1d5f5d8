/**
 * @module The stored size of a grid: its fields as encoded `Field` messages plus every type option they keep. A
 * mutation may not take it past MAX_GRID_BYTES, so reading a grid (every field with its options) stays bounded
 * however its fields were built, one small DuplicateField at a time included.
 */
import { toBinary } from '@bufbuild/protobuf';
import { FieldSchema } from '../../gen/tessera/grid/v1/field_pb.js';
import { GridError } from '../grid-error.js';
import { MAX_GRID_BYTES } from '../limits.js';
import type { FieldRecord } from './field-record.js';

/** Records never change, so each one's size is measured once. */
const SIZES = new WeakMap<FieldRecord, number>();

export function recordBytes(record: FieldRecord): number {
  let size = SIZES.get(record);
  if (size === undefined) {
    size = toBinary(FieldSchema, record.field).length;
    for (const option of record.typeOptions.values()) size += option.length;
    SIZES.set(record, size);
  }
  return size;
}

export function gridBytes(fields: readonly FieldRecord[]): number {
  let total = 0;
  for (const record of fields) total += recordBytes(record);
  return total;
}

/** Refuses `after` when it is over the limit and larger than `before` (a grid already over it may still shrink). */
export function checkGridSize(before: readonly FieldRecord[], after: readonly FieldRecord[]): void {
  const size = gridBytes(after);
  if (size > MAX_GRID_BYTES && size > gridBytes(before)) {
    throw new GridError('GridTooLarge', `the grid's fields and type options would take ${size} bytes; the limit is ${MAX_GRID_BYTES}`);
  }
}
