/**
 * @module Typed cells over Connect: each field type's value checked, stored and shown (display content with the
 * field's formats), AppFlowy's string content parsed per type, clearing, many cells in one call, the select and
 * date cell RPCs, GetCell, and the limits, with the exact refusals.
 */
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType } from '../../../src/gen/tessera/grid/v1/field_pb.js';
import { CellDataSchema, type CellData } from '../../../src/gen/tessera/grid/v1/row_pb.js';
import {
  DateFormat,
  DateTypeOptionSchema,
  MultiSelectTypeOptionSchema,
  NumberTypeOption_NumberFormat,
  NumberTypeOptionSchema,
  SingleSelectTypeOptionSchema,
  TimeFormat,
} from '../../../src/gen/tessera/grid/v1/type_option_pb.js';
import { encode, fieldInit, useServer } from '../../helpers/fixtures.js';
import { CONNECT_PROTOCOLS, expectGridError, gridClient, type GridClient } from '../../helpers/grid-clients.js';

const OPTIONS = [
  { id: 'open', name: 'Open' },
  { id: 'done', name: 'Done' },
  { id: 'late', name: 'Late' },
];

/** A grid with one field of each type, named by its type. */
async function typedGrid(client: GridClient): Promise<string> {
  const { id: gridId } = await client.createGrid({ name: 'typed', bare: true });
  const add = (id: string, type: FieldType, typeOptionData?: Uint8Array) =>
    client.insertField({ gridId, field: fieldInit(id, id, type, id === 'text' ? { isPrimary: true } : {}), ...(typeOptionData && { typeOptionData }) });
  await add('text', FieldType.RichText);
  await add('usd', FieldType.Number, encode(NumberTypeOptionSchema, { format: NumberTypeOption_NumberFormat.USD, name: 'USD' }));
  await add('percent', FieldType.Number, encode(NumberTypeOptionSchema, { format: NumberTypeOption_NumberFormat.Percent, name: 'P' }));
  await add('date', FieldType.DateTime, encode(DateTypeOptionSchema, { dateFormat: DateFormat.Friendly, timeFormat: TimeFormat.TwelveHour, includeTime: true, timeZone: 'Asia/Tokyo' }));
  await add('single', FieldType.SingleSelect, encode(SingleSelectTypeOptionSchema, { options: OPTIONS }));
  await add('multi', FieldType.MultiSelect, encode(MultiSelectTypeOptionSchema, { options: OPTIONS }));
  await add('check', FieldType.Checkbox);
  await add('url', FieldType.URL);
  return gridId;
}

const data = (value: MessageInitShape<typeof CellDataSchema>['value']): CellData => create(CellDataSchema, { value } as MessageInitShape<typeof CellDataSchema>);

for (const protocol of CONNECT_PROTOCOLS) {
  describe(`cells over ${protocol}`, () => {
    const ctx = useServer({ maxRowsPerGrid: 3 });
    const client = () => gridClient(ctx.url, protocol);
    const newRow = async (gridId: string) => (await client().createRow({ gridId })).insertedRows[0]!.row!.id;
    const set = (gridId: string, rowId: string, fieldId: string, value: CellData) =>
      client().updateCell({ gridId, rowId, fieldId, oneOfCellContentChangeset: { case: 'data', value } });
    const setText = (gridId: string, rowId: string, fieldId: string, value: string) =>
      client().updateCell({ gridId, rowId, fieldId, oneOfCellContentChangeset: { case: 'cellContentChangeset', value } });
    const shown = async (gridId: string, rowId: string) => {
      const row = await client().getRow({ gridId, rowId });
      return Object.fromEntries(Object.entries(row.cellByFieldId).map(([id, cell]) => [id, cell.content]));
    };

    it('stores each type as written and shows it with the field’s formats', async () => {
      const gridId = await typedGrid(client());
      const rowId = await newRow(gridId);
      const changeset = await client().updateCells({
        gridId,
        changesets: [
          { rowId, fieldId: 'text', oneOfCellContentChangeset: { case: 'data', value: data({ case: 'text', value: 'Hello' }) } },
          { rowId, fieldId: 'usd', oneOfCellContentChangeset: { case: 'data', value: data({ case: 'number', value: '-0001234.5' }) } },
          { rowId, fieldId: 'percent', oneOfCellContentChangeset: { case: 'data', value: data({ case: 'number', value: '12.50' }) } },
          { rowId, fieldId: 'date', oneOfCellContentChangeset: { case: 'data', value: data({ case: 'date', value: { timestamp: 1647302400n } }) } },
          { rowId, fieldId: 'single', oneOfCellContentChangeset: { case: 'data', value: data({ case: 'selectOptionIds', value: { optionIds: ['done'] } }) } },
          { rowId, fieldId: 'multi', oneOfCellContentChangeset: { case: 'data', value: data({ case: 'selectOptionIds', value: { optionIds: ['late', 'open'] } }) } },
          { rowId, fieldId: 'check', oneOfCellContentChangeset: { case: 'data', value: data({ case: 'checkbox', value: true }) } },
          { rowId, fieldId: 'url', oneOfCellContentChangeset: { case: 'data', value: data({ case: 'url', value: { url: 'example.com/a b'.replace(' ', ''), content: '' } }) } },
        ],
      });
      // One call, one revision, every cell in the changeset as shown.
      assert.equal(changeset.updatedCells.length, 8);
      assert.deepEqual(
        changeset.updatedCells.map((u) => [u.rowId, u.cell!.fieldId, u.cell!.content]),
        [
          [rowId, 'text', 'Hello'],
          [rowId, 'usd', '-$1,234.50'],
          [rowId, 'percent', '12.50%'],
          [rowId, 'date', 'Mar 15,2022 09:00 AM'],
          [rowId, 'single', 'Done'],
          [rowId, 'multi', 'Late, Open'],
          [rowId, 'check', 'Yes'],
          [rowId, 'url', 'example.com/ab'],
        ],
      );
      const row = await client().getRow({ gridId, rowId });
      assert.deepEqual(row.cellByFieldId.usd!.data!.value, { case: 'number', value: '-1234.5' });
      assert.deepEqual(row.cellByFieldId.date!.date, { $typeName: 'tessera.grid.v1.DateCellData', date: 'Mar 15,2022', time: '09:00 AM', timestamp: 1647302400n });
      assert.deepEqual(row.cellByFieldId.url!.data!.value.case, 'url');
      assert.equal((row.cellByFieldId.url!.data!.value.value as { url: string }).url, 'https://example.com/ab');
      assert.deepEqual((row.cellByFieldId.multi!.data!.value.value as { optionIds: string[] }).optionIds, ['late', 'open']);
      const cell = await client().getCell({ gridId, rowId, fieldId: 'percent' });
      assert.equal(cell.content, '12.50%');
      const empty = await client().getCell({ gridId, rowId: await newRow(gridId), fieldId: 'percent' });
      assert.equal(empty.fieldId, 'percent');
      assert.equal(empty.content, '');
      assert.equal(empty.data, undefined);
    });

    it('parses AppFlowy’s string content per type, and an empty string clears the cell', async () => {
      const gridId = await typedGrid(client());
      const rowId = await newRow(gridId);
      for (const [fieldId, content] of [
        ['text', 'plain'],
        ['usd', '$1,000'],
        ['date', '1647302400'],
        ['single', 'open'],
        ['multi', 'open, done'],
        ['check', 'No'],
        ['url', 'https://tessera.example/x?y=1'],
      ] as const) {
        await setText(gridId, rowId, fieldId, content);
      }
      assert.deepEqual(await shown(gridId, rowId), {
        text: 'plain',
        usd: '$1,000.00',
        date: 'Mar 15,2022 09:00 AM',
        single: 'Open',
        multi: 'Open, Done',
        check: 'No',
        url: 'https://tessera.example/x?y=1',
      });
      const cleared = await setText(gridId, rowId, 'usd', '');
      assert.equal(cleared.updatedCells[0]!.cell!.content, '');
      assert.equal(cleared.updatedCells[0]!.cell!.data, undefined);
      await set(gridId, rowId, 'multi', create(CellDataSchema));
      await set(gridId, rowId, 'text', data({ case: 'text', value: '' }));
      const left = await shown(gridId, rowId);
      assert.equal(left.usd, undefined);
      assert.equal(left.multi, undefined);
      assert.equal(left.text, undefined);
    });

    it('refuses a value the field does not take, with the exact reason, and changes nothing', async () => {
      const gridId = await typedGrid(client());
      const rowId = await newRow(gridId);
      await setText(gridId, rowId, 'usd', '5');
      const revision = (await client().getGrid({ value: gridId })).revision;
      const refusals: [() => Promise<unknown>, Code, string, number][] = [
        [() => set(gridId, rowId, 'text', data({ case: 'number', value: '1' })), Code.InvalidArgument, 'changeset is a number value, but field "text" is a RichText field, which takes text', 1000],
        [() => setText(gridId, rowId, 'usd', 'twelve'), Code.InvalidArgument, 'changeset.cell_content_changeset "twelve" is not a decimal number', 1000],
        [() => set(gridId, rowId, 'usd', data({ case: 'number', value: '1e5' })), Code.InvalidArgument, 'changeset.number "1e5" is not a decimal number', 1000],
        [() => setText(gridId, rowId, 'date', 'yesterday'), Code.InvalidArgument, 'changeset.cell_content_changeset "yesterday" is not a timestamp in seconds', 500],
        [() => set(gridId, rowId, 'single', data({ case: 'selectOptionIds', value: { optionIds: ['open', 'done'] } })), Code.InvalidArgument, 'changeset.select_option_ids.option_ids has 2 options, but field "single" is a SingleSelect field, which holds one', 1000],
        [() => set(gridId, rowId, 'multi', data({ case: 'selectOptionIds', value: { optionIds: ['open', 'nope'] } })), Code.InvalidArgument, 'changeset.select_option_ids.option_ids[1] "nope" is not an option of field "multi"', 10013],
        [() => set(gridId, rowId, 'multi', data({ case: 'selectOptionIds', value: { optionIds: ['open', 'open'] } })), Code.InvalidArgument, 'changeset.select_option_ids.option_ids[1] "open" is given twice', 1000],
        [() => setText(gridId, rowId, 'check', 'maybe'), Code.InvalidArgument, 'changeset.cell_content_changeset "maybe" is not a checkbox value: use Yes or No', 1000],
        [() => set(gridId, rowId, 'url', data({ case: 'url', value: { url: 'javascript:alert(1)' } })), Code.InvalidArgument, 'changeset.url.url "javascript:alert(1)" is not a URL (http, https, mailto, ftp or tel)', 1000],
        [() => set(gridId, rowId, 'text', data({ case: 'text', value: 'x'.repeat(64 * 1024) })), Code.ResourceExhausted, 'changeset is 65540 bytes encoded; the limit for one cell is 65536', 400],
        [() => set(gridId, rowId, 'text', data({ case: 'text', value: 'a\u0000b' })), Code.InvalidArgument, 'changeset contains the null character U+0000', 1000],
        [() => client().updateCell({ gridId, rowId, fieldId: 'text' }), Code.InvalidArgument, 'changeset has no value: set cell_content_changeset or data (an empty data clears the cell)', 1000],
        [() => setText(gridId, 'ghost', 'text', 'x'), Code.NotFound, 'row "ghost" does not exist in this grid', 10012],
        [() => setText(gridId, rowId, 'ghost', 'x'), Code.NotFound, 'changeset.field_id "ghost" does not exist in this grid', 441],
        [() => setText(gridId, rowId, '', 'x'), Code.InvalidArgument, 'changeset.field_id is empty', 440],
        [() => setText(gridId, '', 'text', 'x'), Code.InvalidArgument, 'changeset.row_id is empty', 430],
      ];
      // One at a time, each checked against the grid as the previous refusal left it.
      for (const [call, code, message, gridError] of refusals) await expectGridError(call(), { code, message, gridError });
      assert.equal((await client().getGrid({ value: gridId })).revision, revision);
      assert.deepEqual(await shown(gridId, rowId), { usd: '$5.00' });
    });

    it('refuses a date field’s unknown time zone and a number field’s scale past 30', async () => {
      const gridId = await typedGrid(client());
      await expectGridError(client().updateFieldTypeOption({ gridId, fieldId: 'date', typeOptionData: encode(DateTypeOptionSchema, { timeZone: 'Mars/Base' }) }), {
        code: Code.InvalidArgument,
        message: 'type_option_data.time_zone "Mars/Base" is not an IANA time zone such as "Europe/Paris" (empty: UTC)',
        gridError: 1000,
      });
      await expectGridError(client().updateFieldTypeOption({ gridId, fieldId: 'usd', typeOptionData: encode(NumberTypeOptionSchema, { scale: 31 }) }), {
        code: Code.InvalidArgument,
        message: 'type_option_data.scale 31 is out of range: it must be between 0 and 30',
        gridError: 1000,
      });
      await client().updateFieldTypeOption({ gridId, fieldId: 'usd', typeOptionData: encode(NumberTypeOptionSchema, { scale: 30, format: NumberTypeOption_NumberFormat.USD }) });
    });

    it('UpdateCells commits all of its cells or none', async () => {
      const gridId = await typedGrid(client());
      const a = await newRow(gridId);
      const b = await newRow(gridId);
      const change = (rowId: string, fieldId: string, value: string) => ({ rowId, fieldId, oneOfCellContentChangeset: { case: 'cellContentChangeset' as const, value } });
      await expectGridError(client().updateCells({ gridId, changesets: [change(a, 'text', 'A'), change(b, 'usd', 'bad')] }), {
        code: Code.InvalidArgument,
        message: 'changesets[1].cell_content_changeset "bad" is not a decimal number',
        gridError: 1000,
      });
      assert.deepEqual(await shown(gridId, a), {});
      await expectGridError(client().updateCells({ gridId, changesets: [change(a, 'text', 'A'), change(a, 'text', 'B')] }), {
        code: Code.InvalidArgument,
        message: 'changesets[1] changes the same cell as changesets[0]',
        gridError: 1000,
      });
      await expectGridError(client().updateCells({ gridId, changesets: [{ ...change(a, 'text', 'A'), gridId: 'other' }] }), {
        code: Code.InvalidArgument,
        message: `changesets[0].grid_id "other" is not the grid of the call (${JSON.stringify(gridId)})`,
        gridError: 1000,
      });
      await expectGridError(client().updateCells({ gridId, changesets: [] }), { code: Code.InvalidArgument, message: 'changesets is empty', gridError: 1000 });
      const many = Array.from({ length: 1001 }, () => change(a, 'text', 'x'));
      await expectGridError(client().updateCells({ gridId, changesets: many }), {
        code: Code.ResourceExhausted,
        message: 'changesets has 1001 entries; the limit is 1000 cells per call',
        gridError: 10016,
      });
      const done = await client().updateCells({ gridId, changesets: [change(a, 'text', 'A'), change(b, 'text', 'B'), change(b, 'check', 'yes')] });
      assert.equal(done.updatedCells.length, 3);
      assert.deepEqual(await shown(gridId, b), { text: 'B', check: 'Yes' });
    });

    it('UpdateSelectOptionCell puts options in and takes them out', async () => {
      const gridId = await typedGrid(client());
      const rowId = await newRow(gridId);
      const cell = (fieldId: string) => ({ gridId, rowId, fieldId });
      await client().updateSelectOptionCell({ cellIdentifier: cell('multi'), oneOfInsertOptionId: { case: 'insertOptionId', value: 'open' } });
      await client().updateSelectOptionCell({ cellIdentifier: cell('multi'), oneOfInsertOptionId: { case: 'insertOptionId', value: 'late' } });
      assert.equal((await shown(gridId, rowId)).multi, 'Open, Late');
      await client().updateSelectOptionCell({ cellIdentifier: cell('multi'), oneOfDeleteOptionId: { case: 'deleteOptionId', value: 'open' } });
      assert.equal((await shown(gridId, rowId)).multi, 'Late');
      // A single select holds one: inserting replaces.
      await client().updateSelectOptionCell({ cellIdentifier: cell('single'), oneOfInsertOptionId: { case: 'insertOptionId', value: 'open' } });
      await client().updateSelectOptionCell({ cellIdentifier: cell('single'), oneOfInsertOptionId: { case: 'insertOptionId', value: 'done' } });
      assert.equal((await shown(gridId, rowId)).single, 'Done');
      await client().updateSelectOptionCell({ cellIdentifier: cell('single'), oneOfDeleteOptionId: { case: 'deleteOptionId', value: 'done' } });
      assert.equal((await shown(gridId, rowId)).single, undefined);
      await expectGridError(client().updateSelectOptionCell({ cellIdentifier: cell('multi'), oneOfInsertOptionId: { case: 'insertOptionId', value: 'nope' } }), {
        code: Code.InvalidArgument,
        message: 'cell.select_option_ids.option_ids[1] "nope" is not an option of field "multi"',
        gridError: 10013,
      });
      await expectGridError(client().updateSelectOptionCell({ cellIdentifier: cell('multi'), oneOfDeleteOptionId: { case: 'deleteOptionId', value: 'nope' } }), {
        code: Code.InvalidArgument,
        message: 'delete_option_id "nope" is not an option of field "multi"',
        gridError: 10013,
      });
      await expectGridError(client().updateSelectOptionCell({ cellIdentifier: cell('multi') }), { code: Code.InvalidArgument, message: 'insert_option_id or delete_option_id is required', gridError: 1000 });
      await expectGridError(client().updateSelectOptionCell({ cellIdentifier: cell('text'), oneOfInsertOptionId: { case: 'insertOptionId', value: 'open' } }), {
        code: Code.FailedPrecondition,
        message: 'field "text" is a RichText field; select options belong to SingleSelect and MultiSelect fields',
        gridError: 444,
      });
      await expectGridError(client().updateSelectOptionCell({}), { code: Code.InvalidArgument, message: 'cell_identifier is missing', gridError: 1000 });
    });

    it('UpdateDateCell sets the date, the time of day in the field’s zone, or both', async () => {
      const gridId = await typedGrid(client());
      const rowId = await newRow(gridId);
      const cellIdentifier = { gridId, rowId, fieldId: 'date' };
      await expectGridError(client().updateDateCell({ cellIdentifier, oneOfTime: { case: 'time', value: '01:30 PM' } }), {
        code: Code.InvalidArgument,
        message: 'the cell holds no date to set the time of; send date too',
        gridError: 1000,
      });
      // 2022-03-15 09:00 in Tokyo, then 13:30 the same Tokyo day.
      await client().updateDateCell({ cellIdentifier, oneOfDate: { case: 'date', value: '1647302400' } });
      const changeset = await client().updateDateCell({ cellIdentifier, oneOfTime: { case: 'time', value: '01:30 PM' } });
      const cell = changeset.updatedCells[0]!.cell!;
      assert.equal(cell.content, 'Mar 15,2022 01:30 PM');
      assert.equal(cell.date!.timestamp, 1647302400n + 4n * 3600n + 30n * 60n);
      await expectGridError(client().updateDateCell({ cellIdentifier, oneOfTime: { case: 'time', value: '13:30' } }), {
        code: Code.InvalidArgument,
        message: 'time "13:30" is not a time in the field\'s 12-hour format ("01:05 PM")',
        gridError: 500,
      });
      await expectGridError(client().updateDateCell({ cellIdentifier }), { code: Code.InvalidArgument, message: 'date or time is required', gridError: 1000 });
      await expectGridError(client().updateDateCell({ cellIdentifier: { gridId, rowId, fieldId: 'usd' }, oneOfDate: { case: 'date', value: '0' } }), {
        code: Code.FailedPrecondition,
        message: 'field "usd" is a Number field; dates belong to DateTime fields',
        gridError: 444,
      });
    });

    it('refuses a row past the grid’s row limit, and a row whose cells are too large together', async () => {
      const gridId = await typedGrid(client());
      for (let i = 0; i < 3; i++) await newRow(gridId);
      await expectGridError(client().createRow({ gridId }), { code: Code.ResourceExhausted, message: 'the grid already has 3 rows; the limit is 3', gridError: 10014 });
      const [first] = (await client().listRows({ gridId })).items;
      await expectGridError(client().duplicateRow({ gridId, rowId: first!.id }), { code: Code.ResourceExhausted, message: 'the grid already has 3 rows; the limit is 3', gridError: 10014 });
      await client().deleteRow({ gridId, rowId: first!.id });
      await client().createRow({ gridId });

      // 17 text fields of 63 KiB each make a row past 1 MiB.
      const { id: wide } = await client().createGrid({ name: 'wide', bare: true });
      const changes = [];
      const rowId = await newRow(wide);
      for (let i = 0; i < 17; i++) {
        await client().insertField({ gridId: wide, field: fieldInit(`f${i}`, `F${i}`) });
        changes.push({ rowId, fieldId: `f${i}`, oneOfCellContentChangeset: { case: 'data' as const, value: data({ case: 'text', value: 'y'.repeat(63 * 1024) }) } });
      }
      await expectGridError(client().updateCells({ gridId: wide, changesets: changes }), {
        code: Code.ResourceExhausted,
        message: `row "${rowId}" would hold ${17 * (63 * 1024 + 4)} bytes of cells; the limit is 1048576`,
        gridError: 10015,
      });
    });
  });
}
