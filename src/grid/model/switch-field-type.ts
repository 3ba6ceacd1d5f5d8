/** @module SwitchToField: set the type, creating its option (default or converted) only if it has none. */
import type { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import type { IdGenerator } from '../../platform/ids.js';
import { typeOptionForSwitch } from '../type-options/type-option-conversion.js';
import { updatedChangeset } from './changeset.js';
import { replaceAt, requireFieldIndex, withField, withTypeOption, type FieldRecord } from './field-record.js';
import type { EditContext, GridEdit } from './grid-edit.js';

export function switchRecordType(record: FieldRecord, target: FieldType, newId: IdGenerator): FieldRecord {
  const option = typeOptionForSwitch(record, target, newId);
  return withTypeOption(withField(record, { fieldType: target }), target, option);
}

/** Replies with the switched record so the caller can answer with its option for the new type. */
export function switchFieldType(
  fields: readonly FieldRecord[],
  fieldId: string,
  target: FieldType,
  ctx: EditContext,
): GridEdit<FieldRecord> {
  const index = requireFieldIndex(fields, fieldId);
  const record = switchRecordType(fields[index]!, target, ctx.newId);
  return { fields: replaceAt(fields, index, record), changeset: updatedChangeset(ctx.gridId, record.field), reply: record };
}
