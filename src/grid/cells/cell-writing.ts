/**
 * @module Turning a requested value into a stored cell: checked against the field's current type and options,
 * canonicalised, tagged with that type and keyed. AppFlowy's string content is parsed into the same typed value.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import { CellDataSchema, DateCellValueSchema, SelectOptionIdsSchema, URLCellDataSchema, type CellData } from '../../gen/tessera/grid/v1/row_pb.js';
import { GridError } from '../grid-error.js';
import { MAX_CELL_BYTES } from '../limits.js';
import type { FieldRecord } from '../model/field-record.js';
import { fieldTypeName } from '../type-options/type-option-schemas.js';
import { checkId } from '../validation.js';
import { parseTimestamp, formatDateCell } from './date-format.js';
import { dateOption, selectOptions } from './field-options.js';
import { decimalToNumber, parseDecimal } from './number-format.js';
import type { StoredCell } from './stored-cell.js';

/** The CellData member each field type writes. */
const MEMBER: Readonly<Record<FieldType, CellData['value']['case']>> = Object.freeze({
  [FieldType.RichText]: 'text',
  [FieldType.Number]: 'number',
  [FieldType.DateTime]: 'date',
  [FieldType.SingleSelect]: 'selectOptionIds',
  [FieldType.MultiSelect]: 'selectOptionIds',
  [FieldType.Checkbox]: 'checkbox',
  [FieldType.URL]: 'url',
});

const MAX_URL_LENGTH = 2_048;
const URL_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'ftp:', 'tel:']);

/** The cell to store for `data` in the field as it is now; undefined when the value clears the cell. */
export function storedCell(record: FieldRecord, data: CellData, label: string): StoredCell | undefined {
  const type = record.field.fieldType;
  const value = data.value;
  if (value.case === undefined) return undefined;
  if (value.case !== MEMBER[type]) {
    throw new GridError(
      'InvalidData',
      `${label} is a ${value.case} value, but field ${JSON.stringify(record.field.id)} is a ${fieldTypeName(type)} field, which takes ${MEMBER[type]}`,
    );
  }
  switch (value.case) {
    case 'text':
      return value.value === '' ? undefined : keyed(record, type, create(CellDataSchema, { value }), label, textKeys(value.value, label));
    case 'number': {
      const decimal = parseDecimal(value.value, `${label}.number`);
      return keyed(record, type, create(CellDataSchema, { value: { case: 'number', value: decimal } }), label, {
        textKey: decimal,
        numKey: decimalToNumber(decimal),
      });
    }
    case 'date': {
      const timestamp = value.value.timestamp;
      // Refuses a timestamp the field could not show.
      formatDateCell(timestamp, dateOption(record));
      const date = create(DateCellValueSchema, { timestamp });
      return keyed(record, type, create(CellDataSchema, { value: { case: 'date', value: date } }), label, { numKey: Number(timestamp) });
    }
    case 'selectOptionIds': {
      const ids = checkOptionIds(record, value.value.optionIds, `${label}.select_option_ids.option_ids`);
      if (ids.length === 0) return undefined;
      const message = create(CellDataSchema, { value: { case: 'selectOptionIds', value: create(SelectOptionIdsSchema, { optionIds: ids }) } });
      const place = selectOptions(record).findIndex((o) => o.id === ids[0]);
      return keyed(record, type, message, label, { firstOption: ids[0]!, optionIds: ids, numKey: place });
    }
    case 'checkbox':
      return keyed(record, type, create(CellDataSchema, { value }), label, { textKey: value.value ? 'yes' : 'no', numKey: value.value ? 1 : 0 });
    case 'url': {
      const url = checkUrl(value.value.url, `${label}.url.url`);
      const content = value.value.content === '' ? value.value.url.trim() : value.value.content;
      checkNoNul(content, `${label}.url.content`);
      const message = create(CellDataSchema, { value: { case: 'url', value: create(URLCellDataSchema, { url, content }) } });
      return keyed(record, type, message, label, { textKey: url.toLowerCase() });
    }
  }
}

/** AppFlowy's string content, read as the field's current type takes it; an empty string clears the cell. */
export function cellDataFromContent(record: FieldRecord, content: string, label: string): CellData {
  if (content === '') return create(CellDataSchema);
  switch (record.field.fieldType) {
    case FieldType.RichText:
      return create(CellDataSchema, { value: { case: 'text', value: content } });
    case FieldType.Number:
      return create(CellDataSchema, { value: { case: 'number', value: parseDecimal(content, label) } });
    case FieldType.DateTime:
      return create(CellDataSchema, { value: { case: 'date', value: create(DateCellValueSchema, { timestamp: parseTimestamp(content, label) }) } });
    case FieldType.SingleSelect:
    case FieldType.MultiSelect: {
      // AppFlowy's SelectOptionIds string: ids joined by commas.
      const optionIds = content.split(',').map((id) => id.trim());
      return create(CellDataSchema, { value: { case: 'selectOptionIds', value: create(SelectOptionIdsSchema, { optionIds }) } });
    }
    case FieldType.Checkbox:
      return create(CellDataSchema, { value: { case: 'checkbox', value: parseCheckbox(content, label) } });
    case FieldType.URL:
      return create(CellDataSchema, { value: { case: 'url', value: create(URLCellDataSchema, { url: content }) } });
  }
}

function textKeys(text: string, label: string): Keys {
  checkNoNul(text, label);
  let numKey: number | null = null;
  try {
    // A RichText cell that is a number reads as one in a Number field (cell-visibility.ts).
    numKey = decimalToNumber(parseDecimal(text, label));
  } catch {
    numKey = null;
  }
  return { textKey: text.toLowerCase(), numKey };
}

interface Keys {
  readonly textKey?: string;
  readonly numKey?: number | null;
  readonly firstOption?: string;
  readonly optionIds?: readonly string[];
}

function keyed(record: FieldRecord, fieldType: FieldType, data: CellData, label: string, keys: Keys): StoredCell {
  const bytes = toBinary(CellDataSchema, data);
  if (bytes.byteLength > MAX_CELL_BYTES) {
    throw new GridError('TextTooLong', `${label} is ${bytes.byteLength} bytes encoded; the limit for one cell is ${MAX_CELL_BYTES}`);
  }
  return {
    fieldId: record.field.id,
    fieldType,
    data: bytes,
    textKey: keys.textKey ?? null,
    numKey: keys.numKey ?? null,
    firstOption: keys.firstOption ?? null,
    optionIds: keys.optionIds ?? [],
  };
}

function checkOptionIds(record: FieldRecord, ids: readonly string[], label: string): string[] {
  const known = new Set(selectOptions(record).map((o) => o.id));
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (id.trim() === '') throw new GridError('OptionIdIsEmpty', `${label}[${i}] is empty`);
    checkId(id, `${label}[${i}]`);
    if (!known.has(id)) {
      throw new GridError('SelectOptionDoesNotExist', `${label}[${i}] ${JSON.stringify(id)} is not an option of field ${JSON.stringify(record.field.id)}`);
    }
    if (seen.has(id)) throw new GridError('InvalidData', `${label}[${i}] ${JSON.stringify(id)} is given twice`);
    seen.add(id);
  });
  if (record.field.fieldType === FieldType.SingleSelect && ids.length > 1) {
    throw new GridError('InvalidData', `${label} has ${ids.length} options, but field ${JSON.stringify(record.field.id)} is a SingleSelect field, which holds one`);
  }
  return [...ids];
}

/** An absolute address with a scheme people click safely; a bare host such as "example.com/a" becomes https. */
function checkUrl(input: string, label: string): string {
  const text = input.trim();
  const refused = new GridError('InvalidData', `${label} ${JSON.stringify(text.length > 70 ? `${text.slice(0, 67)}...` : text)} is not a URL (http, https, mailto, ftp or tel)`);
  if (text === '' || text.length > MAX_URL_LENGTH || /\s/.test(text)) {
    if (text.length > MAX_URL_LENGTH) throw new GridError('InvalidData', `${label} is ${text.length} characters long; the limit is ${MAX_URL_LENGTH}`);
    throw refused;
  }
  let url = URL.parse(text);
  if (!url && /^[^/:]+\.[^/:]+(?:[/:?#].*)?$/.test(text)) url = URL.parse(`https://${text}`);
  if (!url || !URL_SCHEMES.has(url.protocol)) throw refused;
  return url.href;
}

function parseCheckbox(content: string, label: string): boolean {
  switch (content.trim().toLowerCase()) {
    case 'yes':
    case 'true':
    case '1':
      return true;
    case 'no':
    case 'false':
    case '0':
      return false;
  }
  throw new GridError('InvalidData', `${label} ${JSON.stringify(content)} is not a checkbox value: use Yes or No`);
}

function checkNoNul(value: string, label: string): void {
  if (value.includes('\u0000')) throw new GridError('InvalidData', `${label} contains the null character U+0000`);
}
