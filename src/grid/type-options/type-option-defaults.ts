/**
 * @module Each field type's default option: AppFlowy 0.0.4's Rust `Default` values, except the plain
 * number's currency symbol, which AppFlowy set to "RUB" by mistake and Tessera leaves empty.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import {
  CheckboxTypeOptionSchema,
  DateFormat,
  DateTypeOptionSchema,
  MultiSelectTypeOptionSchema,
  NumberTypeOption_NumberFormat,
  NumberTypeOptionSchema,
  RichTextTypeOptionSchema,
  SingleSelectTypeOptionSchema,
  TimeFormat,
  URLTypeOptionSchema,
} from '../../gen/tessera/grid/v1/type_option_pb.js';

const DEFAULTS: Readonly<Record<FieldType, Uint8Array>> = Object.freeze({
  [FieldType.RichText]: toBinary(RichTextTypeOptionSchema, create(RichTextTypeOptionSchema)),
  [FieldType.Number]: toBinary(
    NumberTypeOptionSchema,
    create(NumberTypeOptionSchema, {
      format: NumberTypeOption_NumberFormat.Number,
      scale: 0,
      symbol: '',
      signPositive: true,
      name: 'Number',
    }),
  ),
  [FieldType.DateTime]: toBinary(
    DateTypeOptionSchema,
    create(DateTypeOptionSchema, {
      dateFormat: DateFormat.Friendly,
      timeFormat: TimeFormat.TwentyFourHour,
      includeTime: false,
    }),
  ),
  [FieldType.SingleSelect]: toBinary(SingleSelectTypeOptionSchema, create(SingleSelectTypeOptionSchema)),
  [FieldType.MultiSelect]: toBinary(MultiSelectTypeOptionSchema, create(MultiSelectTypeOptionSchema)),
  [FieldType.Checkbox]: toBinary(CheckboxTypeOptionSchema, create(CheckboxTypeOptionSchema)),
  [FieldType.URL]: toBinary(URLTypeOptionSchema, create(URLTypeOptionSchema)),
});

/** The encoded default option; callers get a copy they may keep. */
export function defaultTypeOption(type: FieldType): Uint8Array {
  return DEFAULTS[type].slice();
}
