/** @module A field's type options decoded for cell work, once per stored entry (records never change). */
import { fromBinary, type Message } from '@bufbuild/protobuf';
import { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import type { DateTypeOption, NumberTypeOption, SelectOption } from '../../gen/tessera/grid/v1/type_option_pb.js';
import type { FieldRecord } from '../model/field-record.js';
import type { SelectTypeOption } from '../type-options/type-option-codec.js';
import { defaultTypeOption } from '../type-options/type-option-defaults.js';
import { isSelectType, TYPE_OPTION_SCHEMAS } from '../type-options/type-option-schemas.js';

const DECODED = new WeakMap<Uint8Array, Message>();
const DEFAULTS = new Map<FieldType, Message>();

function decoded(record: FieldRecord, type: FieldType): Message {
  const bytes = record.typeOptions.get(type);
  if (!bytes) {
    let message = DEFAULTS.get(type);
    if (!message) DEFAULTS.set(type, (message = fromBinary(TYPE_OPTION_SCHEMAS[type], defaultTypeOption(type))));
    return message;
  }
  let message = DECODED.get(bytes);
  if (!message) DECODED.set(bytes, (message = fromBinary(TYPE_OPTION_SCHEMAS[type], bytes)));
  return message;
}

export function numberOption(record: FieldRecord): NumberTypeOption {
  return decoded(record, FieldType.Number) as NumberTypeOption;
}

export function dateOption(record: FieldRecord): DateTypeOption {
  return decoded(record, FieldType.DateTime) as DateTypeOption;
}

/** The options of the field's current select type; none when it is not a select field. */
export function selectOptions(record: FieldRecord): readonly SelectOption[] {
  const type = record.field.fieldType;
  return isSelectType(type) ? (decoded(record, type) as SelectTypeOption).options : [];
}

/** Option ids this record's select entries (single and multi) hold. */
export function allSelectOptionIds(record: FieldRecord): Set<string> {
  const ids = new Set<string>();
  for (const type of [FieldType.SingleSelect, FieldType.MultiSelect]) {
    if (!record.typeOptions.has(type)) continue;
    for (const option of (decoded(record, type) as SelectTypeOption).options) ids.add(option.id);
  }
  return ids;
}
