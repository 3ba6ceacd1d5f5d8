/** @module NewSelectOption: an unsaved option with a fresh id whose colour cycles through all nine. */
import { create } from '@bufbuild/protobuf';
import { SelectOptionSchema, type SelectOption } from '../../gen/tessera/grid/v1/type_option_pb.js';
import { uniqueId, type IdGenerator } from '../../platform/ids.js';
import { GridError } from '../grid-error.js';
import { SELECT_OPTION_ID_LENGTH } from '../limits.js';
import { readSelectTypeOption } from '../type-options/type-option-codec.js';
import { defaultTypeOption } from '../type-options/type-option-defaults.js';
import { fieldTypeName, isSelectType } from '../type-options/type-option-schemas.js';
import type { FieldRecord } from './field-record.js';

const COLOR_COUNT = 9;

export function newSelectOption(record: FieldRecord, name: string, newId: IdGenerator): SelectOption {
  const type = record.field.fieldType;
  if (!isSelectType(type)) {
    throw new GridError(
      'FieldInvalidOperation',
      `field ${JSON.stringify(record.field.id)} is a ${fieldTypeName(type)} field; select options belong to SingleSelect and MultiSelect fields`,
    );
  }
  const option = readSelectTypeOption(type, record.typeOptions.get(type) ?? defaultTypeOption(type));
  const id = uniqueId(newId, SELECT_OPTION_ID_LENGTH, (c) => option.options.some((o) => o.id === c));
  return create(SelectOptionSchema, { id, name, color: option.options.length % COLOR_COUNT });
}
