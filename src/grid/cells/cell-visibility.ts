/**
 * @module Which cells a field shows under its current type. A cell keeps the type it was written under; a field of
 * another type reads it only where the value means the same thing (Tessera's decision; AppFlowy decodes more pairs
 * for display only). Display, filters and sorts all follow this one table, so what a filter matches is what is shown.
 */
import { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';

const READS: Readonly<Record<FieldType, readonly FieldType[]>> = Object.freeze({
  // Text, and the values that are text already: a number's decimal, a URL, a checkbox's Yes/No.
  [FieldType.RichText]: [FieldType.RichText, FieldType.Number, FieldType.URL, FieldType.Checkbox],
  // Numbers, and text that is a decimal number.
  [FieldType.Number]: [FieldType.Number, FieldType.RichText],
  [FieldType.DateTime]: [FieldType.DateTime],
  // Option ids, whichever select type wrote them (the two keep the same options: type-option-conversion.ts).
  [FieldType.SingleSelect]: [FieldType.SingleSelect, FieldType.MultiSelect],
  [FieldType.MultiSelect]: [FieldType.SingleSelect, FieldType.MultiSelect],
  [FieldType.Checkbox]: [FieldType.Checkbox],
  // Addresses, and text (shown as the address it spells).
  [FieldType.URL]: [FieldType.URL, FieldType.RichText],
});

/** The written types a field of `current` type reads. */
export function typesReadBy(current: FieldType): readonly FieldType[] {
  return READS[current];
}

export function reads(current: FieldType, written: FieldType): boolean {
  return READS[current].includes(written);
}
