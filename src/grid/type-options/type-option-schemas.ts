/** @module Which type-option message each field type carries in `type_option_data`. */
import type { DescMessage } from '@bufbuild/protobuf';
import { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import {
  CheckboxTypeOptionSchema,
  DateTypeOptionSchema,
  MultiSelectTypeOptionSchema,
  NumberTypeOptionSchema,
  RichTextTypeOptionSchema,
  SingleSelectTypeOptionSchema,
  URLTypeOptionSchema,
} from '../../gen/tessera/grid/v1/type_option_pb.js';

export const TYPE_OPTION_SCHEMAS: Readonly<Record<FieldType, DescMessage>> = Object.freeze({
  [FieldType.RichText]: RichTextTypeOptionSchema,
  [FieldType.Number]: NumberTypeOptionSchema,
  [FieldType.DateTime]: DateTypeOptionSchema,
  [FieldType.SingleSelect]: SingleSelectTypeOptionSchema,
  [FieldType.MultiSelect]: MultiSelectTypeOptionSchema,
  [FieldType.Checkbox]: CheckboxTypeOptionSchema,
  [FieldType.URL]: URLTypeOptionSchema,
});

export function isSelectType(type: FieldType): type is FieldType.SingleSelect | FieldType.MultiSelect {
  return type === FieldType.SingleSelect || type === FieldType.MultiSelect;
}

export function fieldTypeName(type: FieldType): string {
  return FieldType[type] ?? String(type);
}
