/**
 * @module DuplicateField: a deep copy named `<name> (copy)` right after its source, never primary, holding a copy of
 * the source's cells (AppFlowy copies none; a duplicated column that arrives empty surprises people).
 */
import { uniqueId } from '../../platform/ids.js';
import { FIELD_ID_LENGTH, MAX_NAME_LENGTH } from '../limits.js';
import { requireFieldId } from '../validation.js';
import { insertedChangeset } from './changeset.js';
import { checkRoomForField, indexOfField, requireFieldIndex, withField, type FieldRecord } from './field-record.js';
import type { EditContext, GridEdit } from './grid-edit.js';

const COPY_SUFFIX = ' (copy)';

export function duplicateField(fields: readonly FieldRecord[], fieldId: string, ctx: EditContext): GridEdit {
  requireFieldId(fieldId);
  const index = requireFieldIndex(fields, fieldId);
  checkRoomForField(fields);
  const source = fields[index]!;
  // The copy's name stays within the name limit however long the source's is.
  const name = Array.from(source.field.name).slice(0, MAX_NAME_LENGTH - COPY_SUFFIX.length).join('') + COPY_SUFFIX;
  const id = uniqueId(ctx.newId, FIELD_ID_LENGTH, (candidate) => indexOfField(fields, candidate) >= 0);
  const copy = withField({ field: source.field, typeOptions: new Map(source.typeOptions) }, { id, name, isPrimary: false });
  const next = [...fields];
  next.splice(index + 1, 0, copy);
  return { fields: next, changeset: insertedChangeset(ctx.gridId, copy.field, index + 1), reply: undefined, copiedCells: { from: fieldId, to: id } };
}
