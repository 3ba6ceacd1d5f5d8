/** @module Decoding, validating and canonicalising `type_option_data` for a field type. */
import { fromBinary, toBinary, type Message } from '@bufbuild/protobuf';
import { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import type { DateTypeOption, NumberTypeOption, SelectOption } from '../../gen/tessera/grid/v1/type_option_pb.js';
import { isTimeZone } from '../cells/date-format.js';
import { GridError } from '../grid-error.js';
import { MAX_TYPE_OPTION_BYTES } from '../limits.js';
import { checkDeclaredEnums, checkId, checkName } from '../validation.js';
import { fieldTypeName, isSelectType, TYPE_OPTION_SCHEMAS } from './type-option-schemas.js';

/** A select type's option message, the same layout for single and multi. */
export interface SelectTypeOption extends Message {
  options: SelectOption[];
  disableColor: boolean;
}

/**
 * Decodes `bytes` as `type`'s option message and returns its canonical encoding. Rejects oversize data,
 * bytes that do not parse, tags the message does not define, undeclared enum numbers and bad select options.
 */
export function canonicalTypeOption(type: FieldType, bytes: Uint8Array, label = 'type_option_data'): Uint8Array {
  if (bytes.byteLength > MAX_TYPE_OPTION_BYTES) {
    throw new GridError(
      'TypeOptionDataTooLarge',
      `${label} is ${bytes.byteLength} bytes; the limit is ${MAX_TYPE_OPTION_BYTES}`,
    );
  }
  const schema = TYPE_OPTION_SCHEMAS[type];
  const expected = `${label} does not decode as ${schema.name} (the option of ${fieldTypeName(type)} fields)`;
  let message: Message;
  try {
    message = fromBinary(schema, bytes, { readUnknownFields: true });
  } catch (e) {
    throw new GridError('InvalidData', `${expected}: ${(e as Error).message}`);
  }
  const unknown = (message as { $unknown?: { no: number }[] }).$unknown;
  if (unknown && unknown.length > 0) {
    const tags = unknown.map((u) => u.no).join(', ');
    throw new GridError('InvalidData', `${expected}: it has field tag(s) ${tags}, which ${schema.name} does not define`);
  }
  checkDeclaredEnums(schema, message, label);
  if (isSelectType(type)) checkSelectOptions((message as SelectTypeOption).options, label);
  if (type === FieldType.DateTime) checkTimeZone((message as DateTypeOption).timeZone, `${label}.time_zone`);
  if (type === FieldType.Number) checkScale((message as NumberTypeOption).scale, `${label}.scale`);
  return toBinary(schema, message);
}

export function checkSelectOptions(options: readonly SelectOption[], label: string): void {
  const seen = new Set<string>();
  options.forEach((option, i) => {
    checkId(option.id, `${label}.options[${i}].id`);
    checkName(option.name, `${label}.options[${i}].name`);
    if (seen.has(option.id)) throw new GridError('InvalidData', `${label}.options[${i}].id ${JSON.stringify(option.id)} is used twice`);
    seen.add(option.id);
  });
}

/** Numbers are shown with at most this many fraction digits. */
const MAX_SCALE = 30;

function checkScale(scale: number, label: string): void {
  if (scale > MAX_SCALE) throw new GridError('InvalidData', `${label} ${scale} is out of range: it must be between 0 and ${MAX_SCALE}`);
}

function checkTimeZone(timeZone: string, label: string): void {
  if (!isTimeZone(timeZone)) throw new GridError('InvalidData', `${label} ${JSON.stringify(timeZone)} is not an IANA time zone such as "Europe/Paris" (empty: UTC)`);
}

/** Decodes stored (already canonical) bytes. */
export function readSelectTypeOption(type: FieldType.SingleSelect | FieldType.MultiSelect, bytes: Uint8Array): SelectTypeOption {
  return fromBinary(TYPE_OPTION_SCHEMAS[type], bytes) as SelectTypeOption;
}

export function writeTypeOption(type: FieldType, message: Message): Uint8Array {
  return toBinary(TYPE_OPTION_SCHEMAS[type], message);
}
