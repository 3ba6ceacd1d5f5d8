/**
 * @module Select cells sort by their first option's place among the field's options, stored in each cell's num_key so
 * the store's index orders them. When a field's options change order (reordered, deleted, or the field switches
 * between single and multi select, whose option lists may differ), its cells are keyed again in one pass.
 */
import { selectOptions } from '../cells/field-options.js';
import type { FieldRecord } from '../model/field-record.js';
import { isSelectType } from '../type-options/type-option-schemas.js';
import type { RowWriter } from './row-repository.js';

export async function rekeyReorderedOptions(rows: RowWriter, gridId: string, before: readonly FieldRecord[], after: readonly FieldRecord[]): Promise<void> {
  const previous = new Map(before.map((r) => [r.field.id, r]));
  for (const record of after) {
    const old = previous.get(record.field.id);
    // A new field's cells, if any, are copies keyed by the same options.
    if (!old || old === record || !isSelectType(record.field.fieldType)) continue;
    const order = selectOptions(record).map((o) => o.id);
    if (old.field.fieldType === record.field.fieldType && sameOrder(selectOptions(old).map((o) => o.id), order)) continue;
    await rows.rekeyOptionOrder(gridId, record.field.id, order);
  }
}

function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
