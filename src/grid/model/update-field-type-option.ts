/** @module UpdateFieldTypeOption: replaces the option of the field's current type; empty bytes mean its proto3 zero value. */
import type { UpdateFieldTypeOptionPayload } from '../../gen/tessera/grid/v1/field_pb.js';
import { canonicalTypeOption } from '../type-options/type-option-codec.js';
import { requireFieldId } from '../validation.js';
import { updatedChangeset } from './changeset.js';
import { replaceAt, requireFieldIndex, withTypeOption, type FieldRecord } from './field-record.js';
import type { EditContext, GridEdit } from './grid-edit.js';

export function updateFieldTypeOption(
  fields: readonly FieldRecord[],
  payload: UpdateFieldTypeOptionPayload,
  ctx: EditContext,
): GridEdit {
  requireFieldId(payload.fieldId);
  const index = requireFieldIndex(fields, payload.fieldId);
  const current = fields[index]!;
  const type = current.field.fieldType;
  const record = withTypeOption(current, type, canonicalTypeOption(type, payload.typeOptionData));
  return { fields: replaceAt(fields, index, record), changeset: updatedChangeset(ctx.gridId, record.field), reply: undefined };
}
