/**
 * @module ListRows' filters and sorts turned into conditions on stored cells, which the store evaluates with its
 * indexes. Each condition reads only the cells the field shows under its current type (cells/cell-visibility.ts).
 * A negative condition (is not, does not contain, has none of, unchecked) also holds for a row with no value.
 */
import { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import {
  CheckboxFilterCondition,
  DateFilterCondition,
  NumberFilterCondition,
  SelectFilterCondition,
  SortCondition,
  TextFilterCondition,
  type DateFilter,
  type NumberFilter,
  type RowFilter,
  type RowSort,
  type SelectFilter,
  type TextFilter,
} from '../../gen/tessera/grid/v1/row_pb.js';
import { dayBounds } from '../cells/date-format.js';
import { dateOption, selectOptions } from '../cells/field-options.js';
import { typesReadBy } from '../cells/cell-visibility.js';
import { decimalToNumber, parseDecimal } from '../cells/number-format.js';
import { GridError } from '../grid-error.js';
import { MAX_FILTERS, MAX_SORTS } from '../limits.js';
import type { FieldRecord } from '../model/field-record.js';
import { fieldTypeName } from '../type-options/type-option-schemas.js';
import { requireFieldId } from '../validation.js';

export type CellPredicate =
  | { readonly column: 'text_key'; readonly op: '=' | 'like'; readonly value: string }
  | { readonly column: 'num_key'; readonly op: '=' | '>' | '<' | '>=' | '<='; readonly value: number }
  | { readonly column: 'num_key'; readonly op: 'between'; readonly from: number; readonly to: number }
  | { readonly column: 'num_key'; readonly op: 'not null' };

export type RowCondition =
  /** The row has a cell of `fieldId` the field reads (and that matches `predicate`), or, negated, has none. */
  | { readonly kind: 'cell'; readonly fieldId: string; readonly types: readonly FieldType[]; readonly predicate?: CellPredicate; readonly negate: boolean }
  /** The row's cell of `fieldId` holds any, all or none of `optionIds`. */
  | { readonly kind: 'options'; readonly fieldId: string; readonly optionIds: readonly string[]; readonly mode: 'any' | 'all' | 'none' };

export interface SortKey {
  readonly fieldId: string;
  readonly types: readonly FieldType[];
  /** Text sorts by `text_sort`; numbers, dates, checkboxes and select options by `num_key`. */
  readonly key: 'text' | 'num';
  readonly descending: boolean;
}

export interface RowQueryShape {
  readonly conditions: readonly RowCondition[];
  readonly sorts: readonly SortKey[];
}

/** Checks the filters and sorts against the fields as they are and plans them. */
export function planRowQuery(fields: readonly FieldRecord[], filters: readonly RowFilter[], sorts: readonly RowSort[]): RowQueryShape {
  if (filters.length > MAX_FILTERS) throw new GridError('TooManyChanges', `filters has ${filters.length} entries; the limit is ${MAX_FILTERS}`);
  if (sorts.length > MAX_SORTS) throw new GridError('TooManyChanges', `sorts has ${sorts.length} entries; the limit is ${MAX_SORTS}`);
  const byId = new Map(fields.map((r) => [r.field.id, r]));
  const field = (fieldId: string, label: string): FieldRecord => {
    requireFieldId(fieldId, label);
    const record = byId.get(fieldId);
    if (!record) throw new GridError('FieldDoesNotExist', `${label} ${JSON.stringify(fieldId)} does not exist in this grid`);
    return record;
  };
  const conditions = filters.flatMap((filter, i) => condition(field(filter.fieldId, `filters[${i}].field_id`), filter, `filters[${i}]`));
  const seen = new Set<string>();
  const keys = sorts.map((sort, i) => {
    const record = field(sort.fieldId, `sorts[${i}].field_id`);
    if (seen.has(sort.fieldId)) throw new GridError('InvalidData', `sorts[${i}].field_id ${JSON.stringify(sort.fieldId)} is sorted by twice`);
    seen.add(sort.fieldId);
    return sortKey(record, sort);
  });
  return { conditions, sorts: keys };
}

function sortKey(record: FieldRecord, sort: RowSort): SortKey {
  const type = record.field.fieldType;
  // A select cell's num_key is its first option's place among the field's options.
  const key = type === FieldType.RichText || type === FieldType.URL ? 'text' : 'num';
  return { fieldId: record.field.id, types: typesReadBy(type), key, descending: sort.condition === SortCondition.Descending };
}

function condition(record: FieldRecord, filter: RowFilter, label: string): RowCondition[] {
  const type = record.field.fieldType;
  const c = filter.condition;
  const expected = expectedFilter(type);
  if (c.case === undefined) throw new GridError('InvalidData', `${label} has no condition: set ${expected}`);
  if (c.case !== expected) {
    throw new GridError(
      'FilterDoesNotSuitField',
      `${label} is a ${c.case} filter, but field ${JSON.stringify(record.field.id)} is a ${fieldTypeName(type)} field, which takes a ${expected} filter`,
    );
  }
  switch (c.case) {
    case 'text':
      return [textCondition(record, c.value, `${label}.text`)];
    case 'number':
      return [numberCondition(record, c.value, `${label}.number`)];
    case 'date':
      return [dateCondition(record, c.value, `${label}.date`)];
    case 'select':
      return [selectCondition(record, c.value, `${label}.select`)];
    case 'checkbox': {
      const checked: CellPredicate = { column: 'num_key', op: '=', value: 1 };
      return [cellCondition(record, checked, c.value.condition === CheckboxFilterCondition.IsUnChecked)];
    }
  }
}

function expectedFilter(type: FieldType): 'text' | 'number' | 'date' | 'select' | 'checkbox' {
  switch (type) {
    case FieldType.RichText:
    case FieldType.URL:
      return 'text';
    case FieldType.Number:
      return 'number';
    case FieldType.DateTime:
      return 'date';
    case FieldType.SingleSelect:
    case FieldType.MultiSelect:
      return 'select';
    case FieldType.Checkbox:
      return 'checkbox';
  }
}

function cellCondition(record: FieldRecord, predicate: CellPredicate | undefined, negate: boolean): RowCondition {
  return { kind: 'cell', fieldId: record.field.id, types: typesReadBy(record.field.fieldType), ...(predicate && { predicate }), negate };
}

/** `value` taken literally inside a LIKE pattern (escape character `\`). */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function textCondition(record: FieldRecord, filter: TextFilter, label: string): RowCondition {
  const emptiness = filter.condition === TextFilterCondition.TextIsEmpty || filter.condition === TextFilterCondition.TextIsNotEmpty;
  if (emptiness) {
    if (filter.content !== '') throw new GridError('InvalidData', `${label}.content must be empty for ${TextFilterCondition[filter.condition]}`);
    return cellCondition(record, undefined, filter.condition === TextFilterCondition.TextIsEmpty);
  }
  if (filter.content === '') throw new GridError('InvalidData', `${label}.content is empty; to find empty cells use TextIsEmpty`);
  const text = filter.content.toLowerCase();
  const like = likeLiteral(text);
  switch (filter.condition) {
    case TextFilterCondition.Is:
    case TextFilterCondition.IsNot:
      return cellCondition(record, { column: 'text_key', op: '=', value: text }, filter.condition === TextFilterCondition.IsNot);
    case TextFilterCondition.Contains:
    case TextFilterCondition.DoesNotContain:
      return cellCondition(record, { column: 'text_key', op: 'like', value: `%${like}%` }, filter.condition === TextFilterCondition.DoesNotContain);
    case TextFilterCondition.StartsWith:
      return cellCondition(record, { column: 'text_key', op: 'like', value: `${like}%` }, false);
    default:
      return cellCondition(record, { column: 'text_key', op: 'like', value: `%${like}` }, false);
  }
}

const NUMBER_OPS: Partial<Record<NumberFilterCondition, readonly ['=' | '>' | '<' | '>=' | '<=', boolean]>> = {
  [NumberFilterCondition.Equal]: ['=', false],
  [NumberFilterCondition.NotEqual]: ['=', true],
  [NumberFilterCondition.GreaterThan]: ['>', false],
  [NumberFilterCondition.LessThan]: ['<', false],
  [NumberFilterCondition.GreaterThanOrEqualTo]: ['>=', false],
  [NumberFilterCondition.LessThanOrEqualTo]: ['<=', false],
};

function numberCondition(record: FieldRecord, filter: NumberFilter, label: string): RowCondition {
  const present: CellPredicate = { column: 'num_key', op: 'not null' };
  const op = NUMBER_OPS[filter.condition];
  if (!op) {
    if (filter.content !== '') throw new GridError('InvalidData', `${label}.content must be empty for ${NumberFilterCondition[filter.condition]}`);
    return cellCondition(record, present, filter.condition === NumberFilterCondition.NumberIsEmpty);
  }
  const value = decimalToNumber(parseDecimal(filter.content, `${label}.content`));
  return cellCondition(record, { column: 'num_key', op: op[0], value }, op[1]);
}

function dateCondition(record: FieldRecord, filter: DateFilter, label: string): RowCondition {
  const condition = filter.condition;
  if (condition === DateFilterCondition.DateIsEmpty || condition === DateFilterCondition.DateIsNotEmpty) {
    if (filter.start !== undefined || filter.end !== undefined) {
      throw new GridError('InvalidData', `${label}: start and end must be absent for ${DateFilterCondition[condition]}`);
    }
    return cellCondition(record, undefined, condition === DateFilterCondition.DateIsEmpty);
  }
  if (filter.start === undefined) throw new GridError('InvalidData', `${label}.start is required for ${DateFilterCondition[condition]}`);
  const withIn = condition === DateFilterCondition.DateWithIn;
  if (withIn && filter.end === undefined) throw new GridError('InvalidData', `${label}.end is required for DateWithIn`);
  if (!withIn && filter.end !== undefined) throw new GridError('InvalidData', `${label}.end is only for DateWithIn`);
  if (withIn) {
    if (filter.end! < filter.start) throw new GridError('InvalidData', `${label}.end ${filter.end} is before start ${filter.start}`);
    return cellCondition(record, { column: 'num_key', op: 'between', from: Number(filter.start), to: Number(filter.end) }, false);
  }
  const day = dayBounds(filter.start, dateOption(record).timeZone);
  if (condition === DateFilterCondition.DateIs) {
    return cellCondition(record, { column: 'num_key', op: 'between', from: Number(day.start), to: Number(day.end) }, false);
  }
  return condition === DateFilterCondition.DateBefore
    ? cellCondition(record, { column: 'num_key', op: '<', value: Number(day.start) }, false)
    : cellCondition(record, { column: 'num_key', op: '>', value: Number(day.end) }, false);
}

function selectCondition(record: FieldRecord, filter: SelectFilter, label: string): RowCondition {
  const condition = filter.condition;
  if (condition === SelectFilterCondition.SelectIsEmpty || condition === SelectFilterCondition.SelectIsNotEmpty) {
    if (filter.optionIds.length > 0) throw new GridError('InvalidData', `${label}.option_ids must be empty for ${SelectFilterCondition[condition]}`);
    return cellCondition(record, undefined, condition === SelectFilterCondition.SelectIsEmpty);
  }
  if (filter.optionIds.length === 0) throw new GridError('InvalidData', `${label}.option_ids is empty; ${SelectFilterCondition[condition]} needs at least one`);
  const known = new Set(selectOptions(record).map((o) => o.id));
  filter.optionIds.forEach((id, i) => {
    if (!known.has(id)) {
      throw new GridError('SelectOptionDoesNotExist', `${label}.option_ids[${i}] ${JSON.stringify(id)} is not an option of field ${JSON.stringify(record.field.id)}`);
    }
  });
  const mode = condition === SelectFilterCondition.HasAllOf ? 'all' : condition === SelectFilterCondition.HasNoneOf ? 'none' : 'any';
  return { kind: 'options', fieldId: record.field.id, optionIds: [...new Set(filter.optionIds)], mode };
}
