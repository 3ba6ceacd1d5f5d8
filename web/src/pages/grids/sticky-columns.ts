/**
 * Which columns stay in view while the grid scrolls sideways, and where each one sticks. The primary field is
 * always pinned (it names the row, as Airtable's and NocoDB's first column does); frozen fields are pinned too.
 * Offsets add up in display order, so a frozen field in the middle sticks right after the pinned columns before
 * it — never on top of the primary field.
 */
import type { Field } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';

export function isPinned(field: Field): boolean {
  return field.isPrimary || field.frozen;
}

/** The left offset of every pinned column among `shown`, in display order. */
export function stickyOffsets(shown: readonly Field[], widthOf: (field: Field) => number): ReadonlyMap<string, number> {
  const offsets = new Map<string, number>();
  let left = 0;
  for (const field of shown) {
    if (!isPinned(field)) continue;
    offsets.set(field.id, left);
    left += widthOf(field);
  }
  return offsets;
}
