/**
 * @module UpdateField: applies only the members present. A type change behaves like SwitchToField and
 * `type_option_data` is decoded as the type after the change (design.md, decided).
 */
import type { FieldChangesetPayload } from '../../gen/tessera/grid/v1/field_pb.js';
import { GridError } from '../grid-error.js';
import { canonicalTypeOption } from '../type-options/type-option-codec.js';
import { checkDesc, checkName, checkWidth, requireFieldId } from '../validation.js';
import { updatedChangeset } from './changeset.js';
import { replaceAt, requireFieldIndex, withField, withTypeOption, type FieldRecord } from './field-record.js';
import type { EditContext, GridEdit } from './grid-edit.js';
import { checkPrimaryVisible } from './primary-field.js';
import { switchRecordType } from './switch-field-type.js';

/** The checks that need no grid state, so a bad payload is refused before anything is read. */
export function checkFieldChangeset(payload: FieldChangesetPayload): void {
  requireFieldId(payload.fieldId);
  if (payload.oneOfTypeOptionData.case === 'typeOptionData' && payload.oneOfTypeOptionData.value.byteLength === 0) {
    throw new GridError('TypeOptionDataIsEmpty', 'type_option_data is present but empty');
  }
  if (payload.oneOfName.case === 'name') checkName(payload.oneOfName.value, 'name');
  if (payload.oneOfDesc.case === 'desc') checkDesc(payload.oneOfDesc.value);
  if (payload.oneOfWidth.case === 'width') checkWidth(payload.oneOfWidth.value);
}

export function updateField(fields: readonly FieldRecord[], payload: FieldChangesetPayload, ctx: EditContext): GridEdit {
  checkFieldChangeset(payload);
  const index = requireFieldIndex(fields, payload.fieldId);
  let record = fields[index]!;
  if (payload.oneOfFieldType.case === 'fieldType') record = switchRecordType(record, payload.oneOfFieldType.value, ctx.newId);
  record = withField(record, {
    ...(payload.oneOfName.case === 'name' && { name: payload.oneOfName.value }),
    ...(payload.oneOfDesc.case === 'desc' && { desc: payload.oneOfDesc.value }),
    ...(payload.oneOfFrozen.case === 'frozen' && { frozen: payload.oneOfFrozen.value }),
    ...(payload.oneOfVisibility.case === 'visibility' && { visibility: payload.oneOfVisibility.value }),
    ...(payload.oneOfWidth.case === 'width' && { width: payload.oneOfWidth.value }),
  });
  checkPrimaryVisible(record.field);
  if (payload.oneOfTypeOptionData.case === 'typeOptionData') {
    const type = record.field.fieldType;
    record = withTypeOption(record, type, canonicalTypeOption(type, payload.oneOfTypeOptionData.value));
  }
  return { fields: replaceAt(fields, index, record), changeset: updatedChangeset(ctx.gridId, record.field), reply: undefined };
}
