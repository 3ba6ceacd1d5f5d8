/** @module Fields the server creates itself: a grid's default fields and `Property N` fields. */
import { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import { uniqueId, type IdGenerator } from '../../platform/ids.js';
import { FIELD_ID_LENGTH } from '../limits.js';
import { defaultTypeOption } from '../type-options/type-option-defaults.js';
import { insertedChangeset } from './changeset.js';
import { checkRoomForField, indexOfField, newField, nextPropertyName, type FieldRecord } from './field-record.js';
import type { EditContext, GridEdit } from './grid-edit.js';

function defaultRecord(id: string, name: string, type: FieldType): FieldRecord {
  return { field: newField(id, name, type), typeOptions: new Map([[type, defaultTypeOption(type)]]) };
}

/** `Name` (RichText, primary), `Type` (SingleSelect) and `Done` (Checkbox), as AppFlowy's default grid. */
export function defaultGridFields(newId: IdGenerator): FieldRecord[] {
  const taken = new Set<string>();
  const id = () => {
    const fresh = uniqueId(newId, FIELD_ID_LENGTH, (c) => taken.has(c));
    taken.add(fresh);
    return fresh;
  };
  const name = defaultRecord(id(), 'Name', FieldType.RichText);
  name.field.isPrimary = true;
  return [name, defaultRecord(id(), 'Type', FieldType.SingleSelect), defaultRecord(id(), 'Done', FieldType.Checkbox)];
}

/** An unsaved `Property N` field of `type` with its default option (GetEditFieldContext's new field). */
export function transientField(fields: readonly FieldRecord[], type: FieldType, newId: IdGenerator): FieldRecord {
  const id = uniqueId(newId, FIELD_ID_LENGTH, (c) => indexOfField(fields, c) >= 0);
  return defaultRecord(id, nextPropertyName(fields), type);
}

/** Appends a new `Property N` field; `fieldId` may name it, else one is drawn. */
export function appendPropertyField(
  fields: readonly FieldRecord[],
  type: FieldType,
  fieldId: string | undefined,
  ctx: EditContext,
): GridEdit<FieldRecord> {
  checkRoomForField(fields);
  const id = fieldId ?? uniqueId(ctx.newId, FIELD_ID_LENGTH, (c) => indexOfField(fields, c) >= 0);
  const record = defaultRecord(id, nextPropertyName(fields), type);
  return { fields: [...fields, record], changeset: insertedChangeset(ctx.gridId, record.field, fields.length), reply: record };
}
