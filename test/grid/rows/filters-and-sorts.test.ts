/**
 * @module ListRows' filters, sorts and paging, checked against the test's own evaluation of its own rows: a seeded
 * grid of every field type, many queries each paged through in small pages, and the answer compared with what the
 * documented semantics give (text case-insensitive, negative conditions matching empty cells, empty cells last,
 * ties in grid order). Then the refusals, and a cursor that neither repeats nor skips a row while rows change.
 */
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it, before } from 'node:test';
import { FieldType } from '../../../src/gen/tessera/grid/v1/field_pb.js';
import {
  CellDataSchema,
  CheckboxFilterCondition,
  DateFilterCondition,
  NumberFilterCondition,
  RowFilterSchema,
  SelectFilterCondition,
  SortCondition,
  TextFilterCondition,
  type CellData,
  type RowFilter,
  type RowSort,
} from '../../../src/gen/tessera/grid/v1/row_pb.js';
import { DateTypeOptionSchema, MultiSelectTypeOptionSchema, SingleSelectTypeOptionSchema } from '../../../src/gen/tessera/grid/v1/type_option_pb.js';
import { encode, fieldInit, useServer } from '../../helpers/fixtures.js';
import { CONNECT_PROTOCOLS, expectGridError, gridClient, type GridClient } from '../../helpers/grid-clients.js';
import { prng } from '../../helpers/prng.js';

const OPTIONS = ['red', 'green', 'blue'];
const WORDS = ['Apple', 'apple pie', 'Banana', 'cherry', 'Élan', 'zeta', '100% sure', 'under_score', 'ápple'];
const DAY = 86_400;
const BASE = 1_700_000_000 - (1_700_000_000 % DAY);

/** One row as the test wrote it; undefined members are empty cells. */
interface Model {
  id: string;
  text?: string;
  n?: number;
  d?: number;
  s?: string;
  m?: string[];
  c?: boolean;
  u?: string;
}

function randomModel(random: () => number): Omit<Model, 'id'> {
  const maybe = <T>(value: () => T): T | undefined => (random() < 0.25 ? undefined : value());
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return {
    text: maybe(() => pick(WORDS)),
    n: maybe(() => Math.round((random() * 200 - 100) * 4) / 4),
    d: maybe(() => BASE + Math.floor(random() * 6) * DAY + Math.floor(random() * DAY)),
    s: maybe(() => pick(OPTIONS)),
    m: maybe(() => OPTIONS.filter(() => random() < 0.5)),
    c: maybe(() => random() < 0.5),
    u: maybe(() => `https://${pick(['a', 'b', 'c'])}.example/${Math.floor(random() * 10)}`),
  };
}

function cells(model: Omit<Model, 'id'>): Record<string, CellData> {
  const out: Record<string, CellData> = {};
  const put = (id: string, value: MessageInitShape<typeof CellDataSchema>['value']) => (out[id] = create(CellDataSchema, { value } as MessageInitShape<typeof CellDataSchema>));
  if (model.text !== undefined) put('text', { case: 'text', value: model.text });
  if (model.n !== undefined) put('n', { case: 'number', value: String(model.n) });
  if (model.d !== undefined) put('d', { case: 'date', value: { timestamp: BigInt(model.d) } });
  if (model.s !== undefined) put('s', { case: 'selectOptionIds', value: { optionIds: [model.s] } });
  if (model.m !== undefined && model.m.length > 0) put('m', { case: 'selectOptionIds', value: { optionIds: model.m } });
  if (model.c !== undefined) put('c', { case: 'checkbox', value: model.c });
  if (model.u !== undefined) put('u', { case: 'url', value: { url: model.u } });
  return out;
}

/** The test's own evaluation of a filter over a model row. */
type Check = (row: Model) => boolean;
interface Case {
  readonly name: string;
  readonly filters: MessageInitShape<typeof RowFilterSchema>[];
  readonly sorts: { fieldId: string; condition: SortCondition }[];
  readonly expect: Check;
}

const lower = (s: string | undefined) => s?.toLowerCase();
const dayStart = (t: number) => t - (((t % DAY) + DAY) % DAY);
const multi = (row: Model) => (row.m && row.m.length > 0 ? row.m : undefined);

const CASES: Case[] = [
  { name: 'no filter', filters: [], sorts: [], expect: () => true },
  { name: 'text Is (case-insensitive)', filters: [{ fieldId: 'text', condition: { case: 'text', value: { condition: TextFilterCondition.Is, content: 'APPLE' } } }], sorts: [], expect: (r) => lower(r.text) === 'apple' },
  { name: 'text IsNot matches empty cells', filters: [{ fieldId: 'text', condition: { case: 'text', value: { condition: TextFilterCondition.IsNot, content: 'apple' } } }], sorts: [], expect: (r) => lower(r.text) !== 'apple' },
  { name: 'text Contains, LIKE characters taken literally', filters: [{ fieldId: 'text', condition: { case: 'text', value: { condition: TextFilterCondition.Contains, content: '0% s' } } }], sorts: [], expect: (r) => !!lower(r.text)?.includes('0% s') },
  { name: 'text Contains _', filters: [{ fieldId: 'text', condition: { case: 'text', value: { condition: TextFilterCondition.Contains, content: '_' } } }], sorts: [], expect: (r) => !!r.text?.includes('_') },
  { name: 'text DoesNotContain', filters: [{ fieldId: 'text', condition: { case: 'text', value: { condition: TextFilterCondition.DoesNotContain, content: 'app' } } }], sorts: [], expect: (r) => !lower(r.text)?.includes('app') },
  { name: 'text StartsWith', filters: [{ fieldId: 'text', condition: { case: 'text', value: { condition: TextFilterCondition.StartsWith, content: 'Ap' } } }], sorts: [], expect: (r) => !!lower(r.text)?.startsWith('ap') },
  { name: 'text EndsWith', filters: [{ fieldId: 'text', condition: { case: 'text', value: { condition: TextFilterCondition.EndsWith, content: 'PIE' } } }], sorts: [], expect: (r) => !!lower(r.text)?.endsWith('pie') },
  { name: 'text IsEmpty', filters: [{ fieldId: 'text', condition: { case: 'text', value: { condition: TextFilterCondition.TextIsEmpty } } }], sorts: [], expect: (r) => r.text === undefined },
  { name: 'url Contains', filters: [{ fieldId: 'u', condition: { case: 'text', value: { condition: TextFilterCondition.Contains, content: 'B.EXAMPLE' } } }], sorts: [], expect: (r) => !!r.u?.includes('b.example') },
  { name: 'number >', filters: [{ fieldId: 'n', condition: { case: 'number', value: { condition: NumberFilterCondition.GreaterThan, content: '10.5' } } }], sorts: [], expect: (r) => r.n !== undefined && r.n > 10.5 },
  { name: 'number <=', filters: [{ fieldId: 'n', condition: { case: 'number', value: { condition: NumberFilterCondition.LessThanOrEqualTo, content: '-3' } } }], sorts: [], expect: (r) => r.n !== undefined && r.n <= -3 },
  { name: 'number NotEqual matches empty cells', filters: [{ fieldId: 'n', condition: { case: 'number', value: { condition: NumberFilterCondition.NotEqual, content: '0' } } }], sorts: [], expect: (r) => r.n !== 0 },
  { name: 'number IsNotEmpty', filters: [{ fieldId: 'n', condition: { case: 'number', value: { condition: NumberFilterCondition.NumberIsNotEmpty } } }], sorts: [], expect: (r) => r.n !== undefined },
  { name: 'date Is (the calendar day, UTC field)', filters: [{ fieldId: 'd', condition: { case: 'date', value: { condition: DateFilterCondition.DateIs, start: BigInt(BASE + 2 * DAY + 500) } } }], sorts: [], expect: (r) => r.d !== undefined && dayStart(r.d) === BASE + 2 * DAY },
  { name: 'date Before', filters: [{ fieldId: 'd', condition: { case: 'date', value: { condition: DateFilterCondition.DateBefore, start: BigInt(BASE + 2 * DAY + 500) } } }], sorts: [], expect: (r) => r.d !== undefined && r.d < BASE + 2 * DAY },
  { name: 'date After', filters: [{ fieldId: 'd', condition: { case: 'date', value: { condition: DateFilterCondition.DateAfter, start: BigInt(BASE + 2 * DAY) } } }], sorts: [], expect: (r) => r.d !== undefined && r.d >= BASE + 3 * DAY },
  { name: 'date WithIn', filters: [{ fieldId: 'd', condition: { case: 'date', value: { condition: DateFilterCondition.DateWithIn, start: BigInt(BASE + DAY + 3600), end: BigInt(BASE + 3 * DAY) } } }], sorts: [], expect: (r) => r.d !== undefined && r.d >= BASE + DAY + 3600 && r.d <= BASE + 3 * DAY },
  { name: 'date IsEmpty', filters: [{ fieldId: 'd', condition: { case: 'date', value: { condition: DateFilterCondition.DateIsEmpty } } }], sorts: [], expect: (r) => r.d === undefined },
  { name: 'single HasAnyOf', filters: [{ fieldId: 's', condition: { case: 'select', value: { condition: SelectFilterCondition.HasAnyOf, optionIds: ['red', 'blue'] } } }], sorts: [], expect: (r) => r.s === 'red' || r.s === 'blue' },
  { name: 'multi HasAllOf', filters: [{ fieldId: 'm', condition: { case: 'select', value: { condition: SelectFilterCondition.HasAllOf, optionIds: ['red', 'green'] } } }], sorts: [], expect: (r) => !!multi(r)?.includes('red') && !!multi(r)?.includes('green') },
  { name: 'multi HasNoneOf matches empty cells', filters: [{ fieldId: 'm', condition: { case: 'select', value: { condition: SelectFilterCondition.HasNoneOf, optionIds: ['blue'] } } }], sorts: [], expect: (r) => !multi(r)?.includes('blue') },
  { name: 'multi IsEmpty', filters: [{ fieldId: 'm', condition: { case: 'select', value: { condition: SelectFilterCondition.SelectIsEmpty } } }], sorts: [], expect: (r) => multi(r) === undefined },
  { name: 'checkbox IsChecked', filters: [{ fieldId: 'c', condition: { case: 'checkbox', value: { condition: CheckboxFilterCondition.IsChecked } } }], sorts: [], expect: (r) => r.c === true },
  { name: 'checkbox IsUnChecked matches empty cells', filters: [{ fieldId: 'c', condition: { case: 'checkbox', value: { condition: CheckboxFilterCondition.IsUnChecked } } }], sorts: [], expect: (r) => r.c !== true },
  {
    name: 'filters together, sorted by number descending',
    filters: [
      { fieldId: 'c', condition: { case: 'checkbox', value: { condition: CheckboxFilterCondition.IsUnChecked } } },
      { fieldId: 'text', condition: { case: 'text', value: { condition: TextFilterCondition.TextIsNotEmpty } } },
    ],
    sorts: [{ fieldId: 'n', condition: SortCondition.Descending }],
    expect: (r) => r.c !== true && r.text !== undefined,
  },
  { name: 'sorted by text', filters: [], sorts: [{ fieldId: 'text', condition: SortCondition.Ascending }], expect: () => true },
  { name: 'sorted by select option order, then date descending', filters: [], sorts: [{ fieldId: 's', condition: SortCondition.Ascending }, { fieldId: 'd', condition: SortCondition.Descending }], expect: () => true },
  { name: 'sorted by checkbox descending, then url, then multi', filters: [], sorts: [{ fieldId: 'c', condition: SortCondition.Descending }, { fieldId: 'u', condition: SortCondition.Ascending }, { fieldId: 'm', condition: SortCondition.Descending }], expect: () => true },
];

type Key = string | number | undefined;

function sortKey(row: Model, fieldId: string): Key {
  switch (fieldId) {
    case 'text':
      return lower(row.text);
    case 'n':
      return row.n;
    case 'd':
      return row.d;
    case 's':
      return row.s === undefined ? undefined : OPTIONS.indexOf(row.s);
    case 'm':
      return multi(row) === undefined ? undefined : OPTIONS.indexOf(multi(row)![0]!);
    case 'c':
      return row.c === undefined ? undefined : row.c ? 1 : 0;
    case 'u':
      return lower(row.u);
  }
  throw new Error(fieldId);
}

/** Byte order for text (as both stores compare), numeric otherwise; empty keys last in either direction. */
function compareKeys(a: Key, b: Key, descending: boolean): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const order = typeof a === 'string' ? Buffer.compare(Buffer.from(a), Buffer.from(b as string)) : (a as number) - (b as number);
  return descending ? -order : order;
}

function expected(rows: readonly Model[], c: Case): string[] {
  const indexed = rows.map((row, index) => ({ row, index })).filter(({ row }) => c.expect(row));
  indexed.sort((x, y) => {
    for (const sort of c.sorts) {
      const order = compareKeys(sortKey(x.row, sort.fieldId), sortKey(y.row, sort.fieldId), sort.condition === SortCondition.Descending);
      if (order !== 0) return order;
    }
    return x.index - y.index;
  });
  return indexed.map(({ row }) => row.id);
}

async function pageThrough(client: GridClient, gridId: string, filters: RowFilter[] | MessageInitShape<typeof RowFilterSchema>[], sorts: RowSort[] | { fieldId: string; condition: SortCondition }[], pageSize: number): Promise<string[]> {
  const ids: string[] = [];
  let pageToken = '';
  for (let guard = 0; guard < 1_000; guard++) {
    const page = await client.listRows({ gridId, filters, sorts, pageSize, pageToken });
    assert.ok(page.items.length <= pageSize);
    ids.push(...page.items.map((r) => r.id));
    if (page.nextPageToken === '') return ids;
    pageToken = page.nextPageToken;
  }
  throw new Error('paging did not end');
}

for (const protocol of CONNECT_PROTOCOLS) {
  describe(`ListRows filters and sorts over ${protocol}`, () => {
    const ctx = useServer();
    const client = () => gridClient(ctx.url, protocol);
    let gridId = '';
    const rows: Model[] = [];

    before(async () => {
      const grid = await client().createGrid({ name: 'filters', bare: true });
      gridId = grid.id;
      const options = OPTIONS.map((id) => ({ id, name: id.toUpperCase() }));
      await client().insertField({ gridId, field: fieldInit('text', 'Text', FieldType.RichText, { isPrimary: true }) });
      await client().insertField({ gridId, field: fieldInit('n', 'N', FieldType.Number) });
      await client().insertField({ gridId, field: fieldInit('d', 'D', FieldType.DateTime), typeOptionData: encode(DateTypeOptionSchema, { timeZone: 'UTC' }) });
      await client().insertField({ gridId, field: fieldInit('s', 'S', FieldType.SingleSelect), typeOptionData: encode(SingleSelectTypeOptionSchema, { options }) });
      await client().insertField({ gridId, field: fieldInit('m', 'M', FieldType.MultiSelect), typeOptionData: encode(MultiSelectTypeOptionSchema, { options }) });
      await client().insertField({ gridId, field: fieldInit('c', 'C', FieldType.Checkbox) });
      await client().insertField({ gridId, field: fieldInit('u', 'U', FieldType.URL) });
      const random = prng(protocol.length * 7919);
      for (let i = 0; i < 80; i++) {
        const model = randomModel(random);
        // Every third row goes in after a random earlier row, so grid order is not creation order.
        const after = i > 0 && i % 3 === 0 ? Math.floor(random() * rows.length) : undefined;
        const changeset = await client().createRow({
          gridId,
          cells: cells(model),
          ...(after !== undefined && { oneOfStartRowId: { case: 'startRowId' as const, value: rows[after]!.id } }),
        });
        const row = { id: changeset.insertedRows[0]!.row!.id, ...model };
        if (after === undefined) rows.push(row);
        else rows.splice(after + 1, 0, row);
      }
    });

    for (const c of CASES) {
      it(`${c.name}: paged by 7 as the test's own evaluation gives`, async () => {
        const want = expected(rows, c);
        assert.deepEqual(await pageThrough(client(), gridId, c.filters, c.sorts, 7), want);
        assert.deepEqual(await pageThrough(client(), gridId, c.filters, c.sorts, 1_000), want);
      });
    }

    it('reads a cell by the field’s current type: numbers as text after a switch, numeric text as numbers, and back', async () => {
      const { id } = await client().createGrid({ name: 'switch', bare: true });
      await client().insertField({ gridId: id, field: fieldInit('t', 'T', FieldType.RichText, { isPrimary: true }) });
      await client().insertField({ gridId: id, field: fieldInit('x', 'X', FieldType.Number) });
      const values = [['12', '1'], ['abc', '2.5'], ['7.5', '30'], ['', '-4']] as const;
      const ids = [];
      for (const [t, x] of values) {
        const init: Record<string, CellData> = { x: create(CellDataSchema, { value: { case: 'number', value: x } }) };
        if (t !== '') init.t = create(CellDataSchema, { value: { case: 'text', value: t } });
        ids.push((await client().createRow({ gridId: id, cells: init })).insertedRows[0]!.row!.id);
      }
      await client().switchToField({ gridId: id, fieldId: 't', fieldType: FieldType.Number });
      await client().switchToField({ gridId: id, fieldId: 'x', fieldType: FieldType.RichText });
      const over5 = [{ fieldId: 't', condition: { case: 'number' as const, value: { condition: NumberFilterCondition.GreaterThan, content: '5' } } }];
      assert.deepEqual(await pageThrough(client(), id, over5, [{ fieldId: 't', condition: SortCondition.Ascending }], 10), [ids[2], ids[0]]);
      const contains = [{ fieldId: 'x', condition: { case: 'text' as const, value: { condition: TextFilterCondition.Contains, content: '.' } } }];
      assert.deepEqual(await pageThrough(client(), id, contains, [], 10), [ids[1]]);
      const row = await client().getRow({ gridId: id, rowId: ids[1]! });
      assert.equal(row.cellByFieldId.t, undefined, '"abc" is not a number');
      assert.equal(row.cellByFieldId.x!.content, '2.5');
      // Checkbox reads neither; switching back restores every cell as written.
      await client().switchToField({ gridId: id, fieldId: 'x', fieldType: FieldType.Checkbox });
      assert.deepEqual((await client().getRow({ gridId: id, rowId: ids[3]! })).cellByFieldId, {});
      await client().switchToField({ gridId: id, fieldId: 'x', fieldType: FieldType.Number });
      await client().switchToField({ gridId: id, fieldId: 't', fieldType: FieldType.RichText });
      const back = await client().listRows({ gridId: id });
      assert.deepEqual(back.items.map((r) => [r.cellByFieldId.t?.content, r.cellByFieldId.x?.content]), [['12', '1'], ['abc', '2.5'], ['7.5', '30'], [undefined, '-4']]);
    });

    it('sorts select cells by the field’s option order, following a reorder, a deletion and a switch to the other select type', async () => {
      const { id } = await client().createGrid({ name: 'options', bare: true });
      const options = (ids: string[]) => ids.map((o) => ({ id: o, name: o.toUpperCase() }));
      await client().insertField({ gridId: id, field: fieldInit('s', 'S', FieldType.SingleSelect, { isPrimary: true }), typeOptionData: encode(SingleSelectTypeOptionSchema, { options: options(['x', 'y', 'z']) }) });
      const rowOf = new Map<string, string>();
      for (const option of ['y', 'z', 'x', '']) {
        const init: Record<string, CellData> = option === '' ? {} : { s: create(CellDataSchema, { value: { case: 'selectOptionIds', value: { optionIds: [option] } } }) };
        rowOf.set(option, (await client().createRow({ gridId: id, cells: init })).insertedRows[0]!.row!.id);
      }
      const sorted = async () => (await client().listRows({ gridId: id, sorts: [{ fieldId: 's' }] })).items.map((r) => r.cellByFieldId.s?.content ?? '');
      assert.deepEqual(await sorted(), ['X', 'Y', 'Z', '']);
      await client().updateFieldTypeOption({ gridId: id, fieldId: 's', typeOptionData: encode(SingleSelectTypeOptionSchema, { options: options(['z', 'x', 'y']) }) });
      assert.deepEqual(await sorted(), ['Z', 'X', 'Y', '']);
      await client().updateFieldTypeOption({ gridId: id, fieldId: 's', typeOptionData: encode(SingleSelectTypeOptionSchema, { options: options(['y', 'z']) }) });
      assert.deepEqual(await sorted(), ['Y', 'Z', '', '']);
      // The multi-select entry is a copy made at the switch; reordered there, the cells follow it.
      await client().switchToField({ gridId: id, fieldId: 's', fieldType: FieldType.MultiSelect });
      await client().updateFieldTypeOption({ gridId: id, fieldId: 's', typeOptionData: encode(MultiSelectTypeOptionSchema, { options: options(['z', 'y']) }) });
      assert.deepEqual(await sorted(), ['Z', 'Y', '', '']);
      await client().switchToField({ gridId: id, fieldId: 's', fieldType: FieldType.SingleSelect });
      assert.deepEqual(await sorted(), ['Y', 'Z', '', '']);
    });

    it('sorts text by its first 256 characters, then in grid order', async () => {
      const { id } = await client().createGrid({ name: 'long', bare: true });
      await client().insertField({ gridId: id, field: fieldInit('t', 'T', FieldType.RichText, { isPrimary: true }) });
      const long = 'a'.repeat(256);
      const ids = [];
      for (const text of [`${long}z`, `${long}b`, 'b']) {
        ids.push((await client().createRow({ gridId: id, cells: { t: create(CellDataSchema, { value: { case: 'text', value: text } }) } })).insertedRows[0]!.row!.id);
      }
      assert.deepEqual((await client().listRows({ gridId: id, sorts: [{ fieldId: 't' }] })).items.map((r) => r.id), ids);
      assert.deepEqual((await client().listRows({ gridId: id, sorts: [{ fieldId: 't', condition: SortCondition.Descending }] })).items.map((r) => r.id), [ids[2], ids[0], ids[1]]);
    });

    it('a cursor neither repeats nor skips a row while rows are inserted, moved and deleted between pages', async () => {
      const sorts = [{ fieldId: 'n', condition: SortCondition.Ascending }];
      const first = await client().listRows({ gridId, sorts, pageSize: 10 });
      const seen = first.items.map((r) => r.id);
      // A new row sorting before the cursor, and the deletion of a row already read.
      const early = await client().createRow({ gridId, cells: { n: create(CellDataSchema, { value: { case: 'number', value: '-1000' } }) } });
      await client().deleteRow({ gridId, rowId: seen[0]! });
      let token = first.nextPageToken;
      while (token !== '') {
        const page = await client().listRows({ gridId, sorts, pageSize: 10, pageToken: token });
        seen.push(...page.items.map((r) => r.id));
        token = page.nextPageToken;
      }
      assert.equal(new Set(seen).size, seen.length, 'no row twice');
      assert.ok(!seen.includes(early.insertedRows[0]!.row!.id), 'a row sorting before the cursor is not read');
      const all = new Set([...rows.map((r) => r.id)]);
      assert.deepEqual(new Set(seen), all);
      // Put the grid back as the other cases expect it.
      await client().deleteRow({ gridId, rowId: early.insertedRows[0]!.row!.id });
      const deleted = rows.findIndex((r) => r.id === seen[0]);
      const restored = await client().createRow({ gridId, cells: cells(rows[deleted]!), ...(deleted > 0 && { oneOfStartRowId: { case: 'startRowId' as const, value: rows[deleted - 1]!.id } }) });
      rows[deleted] = { ...rows[deleted]!, id: restored.insertedRows[0]!.row!.id };
    });

    it('refuses filters, sorts and pages it cannot honour, with the exact reason', async () => {
      const text = (condition: TextFilterCondition, content = '') => ({ fieldId: 'text', condition: { case: 'text' as const, value: { condition, content } } });
      const refusals: [() => Promise<unknown>, Code, string, number][] = [
        [() => client().listRows({ gridId, filters: [{ fieldId: 'n', condition: { case: 'text', value: { condition: TextFilterCondition.Is, content: '1' } } }] }), Code.InvalidArgument, 'filters[0] is a text filter, but field "n" is a Number field, which takes a number filter', 10018],
        [() => client().listRows({ gridId, filters: [{ fieldId: 'n' }] }), Code.InvalidArgument, 'filters[0] has no condition: set number', 1000],
        [() => client().listRows({ gridId, filters: [{ fieldId: 'ghost', condition: { case: 'checkbox', value: {} } }] }), Code.NotFound, 'filters[0].field_id "ghost" does not exist in this grid', 441],
        [() => client().listRows({ gridId, filters: [text(TextFilterCondition.Is)] }), Code.InvalidArgument, 'filters[0].text.content is empty; to find empty cells use TextIsEmpty', 1000],
        [() => client().listRows({ gridId, filters: [text(TextFilterCondition.TextIsEmpty, 'x')] }), Code.InvalidArgument, 'filters[0].text.content must be empty for TextIsEmpty', 1000],
        [() => client().listRows({ gridId, filters: [{ fieldId: 'n', condition: { case: 'number', value: { condition: NumberFilterCondition.Equal, content: 'one' } } }] }), Code.InvalidArgument, 'filters[0].number.content "one" is not a decimal number', 1000],
        [() => client().listRows({ gridId, filters: [{ fieldId: 'd', condition: { case: 'date', value: { condition: DateFilterCondition.DateIs } } }] }), Code.InvalidArgument, 'filters[0].date.start is required for DateIs', 1000],
        [() => client().listRows({ gridId, filters: [{ fieldId: 'd', condition: { case: 'date', value: { condition: DateFilterCondition.DateWithIn, start: 10n, end: 5n } } }] }), Code.InvalidArgument, 'filters[0].date.end 5 is before start 10', 1000],
        [() => client().listRows({ gridId, filters: [{ fieldId: 'd', condition: { case: 'date', value: { condition: DateFilterCondition.DateIs, start: 10n, end: 50n } } }] }), Code.InvalidArgument, 'filters[0].date.end is only for DateWithIn', 1000],
        [() => client().listRows({ gridId, filters: [{ fieldId: 's', condition: { case: 'select', value: { condition: SelectFilterCondition.HasAnyOf, optionIds: ['pink'] } } }] }), Code.InvalidArgument, 'filters[0].select.option_ids[0] "pink" is not an option of field "s"', 10013],
        [() => client().listRows({ gridId, filters: [{ fieldId: 's', condition: { case: 'select', value: { condition: SelectFilterCondition.HasAnyOf } } }] }), Code.InvalidArgument, 'filters[0].select.option_ids is empty; HasAnyOf needs at least one', 1000],
        [() => client().listRows({ gridId, filters: [{ fieldId: 'c', condition: { case: 'checkbox', value: { condition: 7 as CheckboxFilterCondition } } }] }), Code.InvalidArgument, 'filters[0].checkbox.condition: 7 is not a declared CheckboxFilterCondition value', 1000],
        [() => client().listRows({ gridId, filters: Array.from({ length: 33 }, () => text(TextFilterCondition.TextIsEmpty)) }), Code.ResourceExhausted, 'filters has 33 entries; the limit is 32', 10016],
        [() => client().listRows({ gridId, sorts: [{ fieldId: 'n' }, { fieldId: 'n' }] }), Code.InvalidArgument, 'sorts[1].field_id "n" is sorted by twice', 1000],
        [() => client().listRows({ gridId, sorts: [{ fieldId: '' }] }), Code.InvalidArgument, 'sorts[0].field_id is empty', 440],
        [() => client().listRows({ gridId, pageSize: 1001 }), Code.InvalidArgument, 'page_size 1001 is out of range: it must be between 1 and 1000 (0: 100)', 1000],
        [() => client().listRows({ gridId, pageSize: -1 }), Code.InvalidArgument, 'page_size -1 is out of range: it must be between 1 and 1000 (0: 100)', 1000],
        [() => client().listRows({ gridId, pageToken: 'not a token' }), Code.InvalidArgument, 'page_token is not one this server gave; start again without one', 10017],
        [() => client().listRows({ gridId, pageToken: 'a'.repeat(262_145) }), Code.InvalidArgument, 'page_token is 262145 characters long, longer than any this server gives; start again without one', 10017],
        [() => client().listRows({ gridId, sorts: Array.from({ length: 9 }, () => ({ fieldId: 'n' })) }), Code.ResourceExhausted, 'sorts has 9 entries; the limit is 8', 10016],
      ];
      for (const [call, code, message, gridError] of refusals) await expectGridError(call(), { code, message, gridError });
      const page = await client().listRows({ gridId, pageSize: 2 });
      await expectGridError(client().listRows({ gridId, pageSize: 2, pageToken: page.nextPageToken, sorts: [{ fieldId: 'n' }] }), {
        code: Code.InvalidArgument,
        message: 'page_token belongs to another query: the grid, filters and sorts must be those of the page that gave it; start again without one',
        gridError: 10017,
      });
    });
  });
}
