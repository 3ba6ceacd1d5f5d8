/** @module DeleteField: removes the field and every type option it kept; the primary field stays. */
import { requireFieldId } from '../validation.js';
import { deletedChangeset } from './changeset.js';
import { requireFieldIndex, type FieldRecord } from './field-record.js';
import type { EditContext, GridEdit } from './grid-edit.js';
import { checkNotPrimaryForDelete } from './primary-field.js';

export function deleteField(fields: readonly FieldRecord[], fieldId: string, ctx: EditContext): GridEdit {
  requireFieldId(fieldId);
  const index = requireFieldIndex(fields, fieldId);
  checkNotPrimaryForDelete(fields[index]!.field);
  const next = fields.filter((_, i) => i !== index);
  return { fields: next, changeset: deletedChangeset(ctx.gridId, fieldId), reply: undefined };
}
