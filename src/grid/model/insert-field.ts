/**
 * @module InsertField: a new id is inserted before `start_field_id` (or appended); an existing id is
 * AppFlowy's upsert, a full update that ignores `start_field_id` and `is_primary`.
 */
import { clone } from '@bufbuild/protobuf';
import { FieldSchema, type Field, type InsertFieldPayload } from '../../gen/tessera/grid/v1/field_pb.js';
import { GridError } from '../grid-error.js';
import { FIELD_ID_LENGTH } from '../limits.js';
import { uniqueId } from '../../platform/ids.js';
import { canonicalTypeOption } from '../type-options/type-option-codec.js';
import { defaultTypeOption } from '../type-options/type-option-defaults.js';
import { typeOptionForSwitch } from '../type-options/type-option-conversion.js';
import { checkDesc, checkName, checkWidth, requireFieldId } from '../validation.js';
import { insertedChangeset, updatedChangeset } from './changeset.js';
import {
  checkRoomForField,
  defaultWidth,
  indexOfField,
  replaceAt,
  requireFieldIndex,
  withTypeOption,
  type FieldRecord,
} from './field-record.js';
import type { EditContext, GridEdit } from './grid-edit.js';
import { checkPrimaryVisible } from './primary-field.js';

export function insertField(fields: readonly FieldRecord[], payload: InsertFieldPayload, ctx: EditContext): GridEdit {
  if (!payload.field) throw new GridError('InvalidData', 'field is missing');
  const incoming = clone(FieldSchema, payload.field);
  checkName(incoming.name, 'field.name');
  checkDesc(incoming.desc, 'field.desc');
  incoming.width = incoming.width === 0 ? defaultWidth(incoming.fieldType) : checkWidth(incoming.width, 'field.width');

  if (incoming.id !== '') requireFieldId(incoming.id, 'field.id');
  const existing = incoming.id === '' ? -1 : indexOfField(fields, incoming.id);
  if (existing >= 0) return upsertExisting(fields, existing, incoming, payload.typeOptionData, ctx);

  if (incoming.id === '') incoming.id = uniqueId(ctx.newId, FIELD_ID_LENGTH, (id) => indexOfField(fields, id) >= 0);
  let at = fields.length;
  if (payload.oneOfStartFieldId.case === 'startFieldId') {
    const start = requireFieldId(payload.oneOfStartFieldId.value, 'start_field_id');
    at = requireFieldIndex(fields, start);
  }
  checkRoomForField(fields);
  if (incoming.isPrimary) {
    const primary = fields.find((r) => r.field.isPrimary);
    if (primary) {
      throw new GridError('PrimaryFieldExists', `the grid already has a primary field (${JSON.stringify(primary.field.id)}); a grid has one`);
    }
    checkPrimaryVisible(incoming);
  }
  const option =
    payload.typeOptionData.byteLength === 0
      ? defaultTypeOption(incoming.fieldType)
      : canonicalTypeOption(incoming.fieldType, payload.typeOptionData);
  const record: FieldRecord = { field: incoming, typeOptions: new Map([[incoming.fieldType, option]]) };
  const next = [...fields];
  next.splice(at, 0, record);
  return { fields: next, changeset: insertedChangeset(ctx.gridId, incoming, at), reply: undefined };
}

/** Every attribute is replaced except `is_primary`; other types' options are kept. */
function upsertExisting(
  fields: readonly FieldRecord[],
  index: number,
  incoming: Field,
  typeOptionData: Uint8Array,
  ctx: EditContext,
): GridEdit {
  const current = fields[index]!;
  incoming.isPrimary = current.field.isPrimary;
  checkPrimaryVisible(incoming);
  const option =
    typeOptionData.byteLength === 0
      ? typeOptionForSwitch(current, incoming.fieldType, ctx.newId)
      : canonicalTypeOption(incoming.fieldType, typeOptionData);
  const record = withTypeOption({ field: incoming, typeOptions: current.typeOptions }, incoming.fieldType, option);
  return { fields: replaceAt(fields, index, record), changeset: updatedChangeset(ctx.gridId, incoming), reply: undefined };
}
