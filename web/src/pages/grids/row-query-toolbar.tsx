/**
 * The rows' filters and sort, as a draft applied with one button: each filter names a field, a condition of the kind
 * its type takes and a value; the sort names a field and a direction. ListRows applies them on the server, which
 * says why when it refuses one.
 */
import { useState } from 'react';
import { FieldType, type Field } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import {
  CheckboxFilterCondition,
  DateFilterCondition,
  NumberFilterCondition,
  SelectFilterCondition,
  SortCondition,
  TextFilterCondition,
} from '../../../../src/gen/tessera/grid/v1/row_pb.ts';
import { Labelled } from './labelled.tsx';
import { NO_QUERY, type RowQuery } from './row-mirror.ts';
import type { CellOptions } from './use-type-options.ts';
import { zonedSeconds } from './zoned-time.ts';

type Kind = 'text' | 'number' | 'date' | 'select' | 'checkbox';

/** Each kind's conditions; those that take no value are marked. */
const CONDITIONS: Record<Kind, readonly { value: number; label: string; noValue?: boolean; range?: boolean }[]> = {
  text: [
    { value: TextFilterCondition.Contains, label: 'contains' },
    { value: TextFilterCondition.DoesNotContain, label: 'does not contain' },
    { value: TextFilterCondition.Is, label: 'is' },
    { value: TextFilterCondition.IsNot, label: 'is not' },
    { value: TextFilterCondition.StartsWith, label: 'starts with' },
    { value: TextFilterCondition.EndsWith, label: 'ends with' },
    { value: TextFilterCondition.TextIsEmpty, label: 'is empty', noValue: true },
    { value: TextFilterCondition.TextIsNotEmpty, label: 'is not empty', noValue: true },
  ],
  number: [
    { value: NumberFilterCondition.Equal, label: '=' },
    { value: NumberFilterCondition.NotEqual, label: '≠' },
    { value: NumberFilterCondition.GreaterThan, label: '>' },
    { value: NumberFilterCondition.LessThan, label: '<' },
    { value: NumberFilterCondition.GreaterThanOrEqualTo, label: '≥' },
    { value: NumberFilterCondition.LessThanOrEqualTo, label: '≤' },
    { value: NumberFilterCondition.NumberIsEmpty, label: 'is empty', noValue: true },
    { value: NumberFilterCondition.NumberIsNotEmpty, label: 'is not empty', noValue: true },
  ],
  date: [
    { value: DateFilterCondition.DateIs, label: 'is on' },
    { value: DateFilterCondition.DateBefore, label: 'is before' },
    { value: DateFilterCondition.DateAfter, label: 'is after' },
    { value: DateFilterCondition.DateWithIn, label: 'is between', range: true },
    { value: DateFilterCondition.DateIsEmpty, label: 'is empty', noValue: true },
    { value: DateFilterCondition.DateIsNotEmpty, label: 'is not empty', noValue: true },
  ],
  select: [
    { value: SelectFilterCondition.HasAnyOf, label: 'has' },
    { value: SelectFilterCondition.HasNoneOf, label: 'has not' },
    { value: SelectFilterCondition.HasAllOf, label: 'has all of' },
    { value: SelectFilterCondition.SelectIsEmpty, label: 'is empty', noValue: true },
    { value: SelectFilterCondition.SelectIsNotEmpty, label: 'is not empty', noValue: true },
  ],
  checkbox: [
    { value: CheckboxFilterCondition.IsChecked, label: 'is checked', noValue: true },
    { value: CheckboxFilterCondition.IsUnChecked, label: 'is unchecked', noValue: true },
  ],
};

function kindOf(type: FieldType): Kind {
  switch (type) {
    case FieldType.Number:
      return 'number';
    case FieldType.DateTime:
      return 'date';
    case FieldType.SingleSelect:
    case FieldType.MultiSelect:
      return 'select';
    case FieldType.Checkbox:
      return 'checkbox';
    default:
      return 'text';
  }
}

interface FilterDraft {
  readonly key: number;
  readonly fieldId: string;
  readonly condition: number;
  readonly value: string;
  readonly end: string;
}

interface SortDraft {
  readonly fieldId: string;
  readonly condition: SortCondition;
}

function toQuery(filters: readonly FilterDraft[], sort: SortDraft, fields: readonly Field[], options: ReadonlyMap<string, CellOptions>): RowQuery {
  return {
    filters: filters.flatMap((f): RowQuery['filters'][number][] => {
      const field = fields.find((x) => x.id === f.fieldId);
      if (!field) return [];
      const kind = kindOf(field.fieldType);
      const meta = CONDITIONS[kind].find((c) => c.value === f.condition);
      const value = meta?.noValue ? '' : f.value;
      const zone = options.get(field.id)?.date?.timeZone ?? '';
      switch (kind) {
        case 'text':
          return [{ fieldId: f.fieldId, condition: { case: 'text' as const, value: { condition: f.condition, content: value } } }];
        case 'number':
          return [{ fieldId: f.fieldId, condition: { case: 'number' as const, value: { condition: f.condition, content: value } } }];
        case 'date': {
          // The day's start in the field's time zone; a range runs to the end day's last second.
          const start = value ? zonedSeconds(value, '', zone) : undefined;
          const endDay = meta?.range && f.end ? zonedSeconds(f.end, '', zone) : undefined;
          const end = endDay === undefined ? undefined : zonedSeconds(f.end, '23:59', zone)! + 59n;
          return [{ fieldId: f.fieldId, condition: { case: 'date' as const, value: { condition: f.condition, start, end } } }];
        }
        case 'select':
          return [{ fieldId: f.fieldId, condition: { case: 'select' as const, value: { condition: f.condition, optionIds: value ? [value] : [] } } }];
        case 'checkbox':
          return [{ fieldId: f.fieldId, condition: { case: 'checkbox' as const, value: { condition: f.condition } } }];
      }
    }),
    sorts: sort.fieldId ? [{ fieldId: sort.fieldId, condition: sort.condition }] : [],
  };
}

export function RowQueryToolbar({
  fields,
  options,
  onApply,
}: {
  fields: readonly Field[];
  options: ReadonlyMap<string, CellOptions>;
  onApply: (query: RowQuery) => void;
}) {
  const [filters, setFilters] = useState<readonly FilterDraft[]>([]);
  const [sort, setSort] = useState<SortDraft>({ fieldId: '', condition: SortCondition.Ascending });
  const [nextKey, setNextKey] = useState(1);

  const edit = (key: number, patch: Partial<FilterDraft>) => setFilters((all) => all.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  const add = () => {
    const field = fields[0];
    if (!field) return;
    setFilters((all) => [...all, { key: nextKey, fieldId: field.id, condition: CONDITIONS[kindOf(field.fieldType)][0]!.value, value: '', end: '' }]);
    setNextKey((k) => k + 1);
  };

  return (
    <form
      className="row-query"
      role="search"
      aria-label="Filter and sort rows"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(toQuery(filters, sort, fields, options));
      }}
    >
      {filters.map((f, i) => {
        const field = fields.find((x) => x.id === f.fieldId);
        const kind = field ? kindOf(field.fieldType) : 'text';
        const meta = CONDITIONS[kind].find((c) => c.value === f.condition);
        const n = i + 1;
        return (
          <fieldset key={f.key} className="row-filter" aria-label={`Filter ${n}`}>
            <Labelled label={`Filter ${n} field`}>
              {(id) => (
                <select
                  id={id}
                  value={f.fieldId}
                  onChange={(e) => {
                    const next = fields.find((x) => x.id === e.target.value);
                    edit(f.key, { fieldId: e.target.value, condition: next ? CONDITIONS[kindOf(next.fieldType)][0]!.value : 0, value: '', end: '' });
                  }}
                >
                  {fields.map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.name}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled label={`Filter ${n} condition`}>
              {(id) => (
                <select id={id} value={f.condition} onChange={(e) => edit(f.key, { condition: Number(e.target.value) })}>
                  {CONDITIONS[kind].map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            {!meta?.noValue && (
              <Labelled label={`Filter ${n} value`}>
                {(id) =>
                  kind === 'select' ? (
                    <select id={id} value={f.value} onChange={(e) => edit(f.key, { value: e.target.value })}>
                      <option value="">(choose)</option>
                      {options.get(f.fieldId)?.selectOptions?.map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.name}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input id={id} type={kind === 'date' ? 'date' : 'text'} value={f.value} onChange={(e) => edit(f.key, { value: e.target.value })} />
                  )
                }
              </Labelled>
            )}
            {meta?.range && (
              <Labelled label={`Filter ${n} until`}>
                {(id) => <input id={id} type="date" value={f.end} onChange={(e) => edit(f.key, { end: e.target.value })} />}
              </Labelled>
            )}
            <button type="button" aria-label={`Remove filter ${n}`} onClick={() => setFilters((all) => all.filter((x) => x.key !== f.key))}>
              ✕
            </button>
          </fieldset>
        );
      })}
      <div className="row-query-buttons">
        <button type="button" onClick={add} disabled={fields.length === 0}>
          Add filter
        </button>
        <Labelled label="Sort by">
          {(id) => (
            <select id={id} value={sort.fieldId} onChange={(e) => setSort((s) => ({ ...s, fieldId: e.target.value }))}>
              <option value="">(grid order)</option>
              {fields.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Direction">
          {(id) => (
            <select id={id} value={sort.condition} onChange={(e) => setSort((s) => ({ ...s, condition: Number(e.target.value) }))}>
              <option value={SortCondition.Ascending}>Ascending</option>
              <option value={SortCondition.Descending}>Descending</option>
            </select>
          )}
        </Labelled>
        <button type="submit">Apply</button>
        <button
          type="button"
          onClick={() => {
            setFilters([]);
            setSort({ fieldId: '', condition: SortCondition.Ascending });
            onApply(NO_QUERY);
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
