/**
 * @module The option a field gets when it switches to a type it has no entry for (design.md, decided):
 * Checkbox to a select type adds Yes and No; SingleSelect and MultiSelect copy each other's options.
 */
import { create } from '@bufbuild/protobuf';
import { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import { SelectOptionColor, SelectOptionSchema } from '../../gen/tessera/grid/v1/type_option_pb.js';
import { uniqueId, type IdGenerator } from '../../platform/ids.js';
import { SELECT_OPTION_ID_LENGTH } from '../limits.js';
import type { FieldRecord } from '../model/field-record.js';
import { readSelectTypeOption, writeTypeOption } from './type-option-codec.js';
import { defaultTypeOption } from './type-option-defaults.js';
import { isSelectType } from './type-option-schemas.js';

/** The stored entry for `target`, else a converted one, else the default. */
export function typeOptionForSwitch(record: FieldRecord, target: FieldType, newId: IdGenerator): Uint8Array {
  const stored = record.typeOptions.get(target);
  if (stored) return stored;
  const source = record.field.fieldType;
  if (!isSelectType(target)) return defaultTypeOption(target);
  const option = readSelectTypeOption(target, defaultTypeOption(target));
  if (source === FieldType.Checkbox) {
    const yes = newId(SELECT_OPTION_ID_LENGTH);
    const no = uniqueId(newId, SELECT_OPTION_ID_LENGTH, (id) => id === yes);
    option.options.push(
      create(SelectOptionSchema, { id: yes, name: 'Yes', color: SelectOptionColor.Green }),
      create(SelectOptionSchema, { id: no, name: 'No', color: SelectOptionColor.Yellow }),
    );
  } else if (isSelectType(source) && source !== target) {
    const sourceBytes = record.typeOptions.get(source);
    if (sourceBytes) {
      const from = readSelectTypeOption(source, sourceBytes);
      option.options = from.options;
      option.disableColor = from.disableColor;
    }
  }
  return writeTypeOption(target, option);
}
