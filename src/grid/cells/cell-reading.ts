/**
 * @module A stored cell as a field shows it now: decoded against the field's current type and options
 * (cell-visibility.ts), with its display content. A cell the field does not read shows as empty and is kept as it
 * was, so switching back restores it.
 */
import { create, fromBinary } from '@bufbuild/protobuf';
import { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import {
  CellDataSchema,
  CellSchema,
  DateCellDataSchema,
  SelectOptionIdsSchema,
  URLCellDataSchema,
  type Cell,
  type CellData,
} from '../../gen/tessera/grid/v1/row_pb.js';
import type { FieldRecord } from '../model/field-record.js';
import { reads } from './cell-visibility.js';
import { dateOption, numberOption, selectOptions } from './field-options.js';
import { formatDateCell } from './date-format.js';
import { formatNumber, parseDecimal } from './number-format.js';
import type { StoredCell } from './stored-cell.js';

/** The cell as `record` shows it, or undefined when it shows nothing. */
export function readCell(record: FieldRecord, stored: StoredCell): Cell | undefined {
  const type = record.field.fieldType;
  if (!reads(type, stored.fieldType)) return undefined;
  const written = fromBinary(CellDataSchema, stored.data).value;
  const fieldId = record.field.id;
  switch (type) {
    case FieldType.RichText: {
      const text = plainText(written);
      return text === undefined ? undefined : textCell(fieldId, text);
    }
    case FieldType.Number: {
      const decimal = written.case === 'number' ? written.value : written.case === 'text' ? decimalOf(written.value) : undefined;
      if (decimal === undefined) return undefined;
      return create(CellSchema, {
        fieldId,
        content: formatNumber(decimal, numberOption(record)),
        data: create(CellDataSchema, { value: { case: 'number', value: decimal } }),
      });
    }
    case FieldType.DateTime: {
      if (written.case !== 'date') return undefined;
      const timestamp = written.value.timestamp;
      const option = dateOption(record);
      const { date, time } = formatDateCell(timestamp, option);
      return create(CellSchema, {
        fieldId,
        content: option.includeTime ? `${date} ${time}` : date,
        data: create(CellDataSchema, { value: written }),
        date: create(DateCellDataSchema, { date, time, timestamp }),
      });
    }
    case FieldType.SingleSelect:
    case FieldType.MultiSelect: {
      if (written.case !== 'selectOptionIds') return undefined;
      const byId = new Map(selectOptions(record).map((o) => [o.id, o]));
      let chosen = written.value.optionIds.flatMap((id) => byId.get(id) ?? []);
      if (type === FieldType.SingleSelect) chosen = chosen.slice(0, 1);
      if (chosen.length === 0) return undefined;
      return create(CellSchema, {
        fieldId,
        content: chosen.map((o) => o.name).join(', '),
        data: create(CellDataSchema, { value: { case: 'selectOptionIds', value: create(SelectOptionIdsSchema, { optionIds: chosen.map((o) => o.id) }) } }),
      });
    }
    case FieldType.Checkbox:
      if (written.case !== 'checkbox') return undefined;
      return create(CellSchema, { fieldId, content: written.value ? 'Yes' : 'No', data: create(CellDataSchema, { value: written }) });
    case FieldType.URL: {
      const url = written.case === 'url' ? written.value : written.case === 'text' ? create(URLCellDataSchema, { url: written.value, content: written.value }) : undefined;
      if (!url) return undefined;
      return create(CellSchema, { fieldId, content: url.content || url.url, data: create(CellDataSchema, { value: { case: 'url', value: url } }) });
    }
  }
}

/** The text a RichText field shows for a value written as text, a number, a URL or a checkbox. */
function plainText(written: CellData['value']): string | undefined {
  switch (written.case) {
    case 'text':
    case 'number':
      return written.value;
    case 'url':
      return written.value.url;
    case 'checkbox':
      return written.value ? 'Yes' : 'No';
    default:
      return undefined;
  }
}

function textCell(fieldId: string, text: string): Cell {
  return create(CellSchema, { fieldId, content: text, data: create(CellDataSchema, { value: { case: 'text', value: text } }) });
}

function decimalOf(text: string): string | undefined {
  try {
    return parseDecimal(text, 'text');
  } catch {
    return undefined;
  }
}
