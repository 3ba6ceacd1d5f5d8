import { create } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldSchema, FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import {
  DateFormat,
  DateTypeOptionSchema,
  NumberTypeOption_NumberFormat,
  NumberTypeOptionSchema,
  TimeFormat,
} from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { decode, encode, fieldInit, useServer } from '../helpers/fixtures.js';
import { CONNECT_PROTOCOLS, expectGridError, gridClient } from '../helpers/grid-clients.js';

for (const protocol of CONNECT_PROTOCOLS) {
  describe(`InsertField over ${protocol}`, () => {
    const ctx = useServer();
    const client = () => gridClient(ctx.url, protocol);
    const names = async (gridId: string) => (await client().getFields({ gridId })).items.map((f) => f.name);

    it('appends without start_field_id and returns the committed changeset', async () => {
      const grid = await client().createGrid({ name: 'g' });
      const changeset = await client().insertField({ gridId: grid.id, field: fieldInit('price', 'Price', FieldType.Number) });
      assert.equal(changeset.gridId, grid.id);
      assert.equal(changeset.revision, 2n);
      assert.equal(changeset.insertedFields.length, 1);
      assert.equal(changeset.insertedFields[0]!.index, 3);
      assert.equal(changeset.insertedFields[0]!.field!.id, 'price');
      assert.deepEqual(changeset.deletedFields, []);
      assert.deepEqual(changeset.updatedFields, []);
      assert.deepEqual(await names(grid.id), ['Name', 'Type', 'Done', 'Price']);
      assert.equal((await client().getGrid({ value: grid.id })).revision, 2n);
    });

    it('inserts before start_field_id', async () => {
      const grid = await client().createGrid({ name: 'g' });
      const typeId = grid.fieldOrders[1]!.fieldId;
      const changeset = await client().insertField({
        gridId: grid.id,
        field: fieldInit('due', 'Due', FieldType.DateTime),
        oneOfStartFieldId: { case: 'startFieldId', value: typeId },
      });
      assert.equal(changeset.insertedFields[0]!.index, 1);
      assert.deepEqual(await names(grid.id), ['Name', 'Due', 'Type', 'Done']);
    });

    it('applies defaults: width 0 becomes 150 (180 for DateTime), empty type_option_data the type default, empty id a server id', async () => {
      const grid = await client().createGrid({ name: 'g', bare: true });
      const date = await client().insertField({ gridId: grid.id, field: fieldInit('', 'When', FieldType.DateTime) });
      const field = date.insertedFields[0]!.field!;
      assert.match(field.id, /^[A-Za-z0-9_-]{6}$/);
      assert.equal(field.width, 180);
      const option = await client().getFieldTypeOption({ gridId: grid.id, fieldId: field.id, fieldType: FieldType.DateTime });
      const decoded = decode(DateTypeOptionSchema, option.typeOptionData);
      assert.equal(decoded.dateFormat, DateFormat.Friendly);
      assert.equal(decoded.timeFormat, TimeFormat.TwentyFourHour);
      assert.equal(decoded.includeTime, false);
      const num = await client().insertField({ gridId: grid.id, field: fieldInit('n', 'N', FieldType.Number) });
      assert.equal(num.insertedFields[0]!.field!.width, 150);
      const n = decode(NumberTypeOptionSchema, (await client().getFieldTypeOption({ gridId: grid.id, fieldId: 'n', fieldType: FieldType.Number })).typeOptionData);
      assert.deepEqual([n.format, n.scale, n.symbol, n.signPositive, n.name], [NumberTypeOption_NumberFormat.Number, 0, '', true, 'Number']);
    });

    it('stores the given type_option_data and keeps the given attributes', async () => {
      const grid = await client().createGrid({ name: 'g', bare: true });
      const typeOptionData = encode(NumberTypeOptionSchema, { format: NumberTypeOption_NumberFormat.EUR, scale: 2, symbol: '€', signPositive: true, name: 'Euro' });
      const field = create(FieldSchema, { id: 'cost', name: 'Cost', desc: 'in euro', fieldType: FieldType.Number, frozen: true, visibility: false, width: 99 });
      const changeset = await client().insertField({ gridId: grid.id, field, typeOptionData });
      assert.deepEqual(changeset.insertedFields[0]!.field, field);
      const stored = await client().getFieldTypeOption({ gridId: grid.id, fieldId: 'cost', fieldType: FieldType.Number });
      assert.deepEqual(stored.typeOptionData, typeOptionData);
    });

    it('an existing id is a full update in place: start_field_id and is_primary ignored, other type options kept', async () => {
      const grid = await client().createGrid({ name: 'g' });
      const nameId = grid.fieldOrders[0]!.fieldId;
      await client().insertField({ gridId: grid.id, field: fieldInit('x', 'X', FieldType.Number) });
      const euro = encode(NumberTypeOptionSchema, { format: NumberTypeOption_NumberFormat.EUR, name: 'Euro' });
      await client().updateFieldTypeOption({ gridId: grid.id, fieldId: 'x', typeOptionData: euro });
      const changeset = await client().insertField({
        gridId: grid.id,
        field: fieldInit('x', 'X renamed', FieldType.RichText, { isPrimary: true, width: 300, desc: 'd' }),
        oneOfStartFieldId: { case: 'startFieldId', value: nameId },
      });
      assert.deepEqual(changeset.insertedFields, []);
      assert.equal(changeset.updatedFields.length, 1);
      const updated = changeset.updatedFields[0]!;
      assert.deepEqual([updated.name, updated.fieldType, updated.isPrimary, updated.width, updated.desc], ['X renamed', FieldType.RichText, false, 300, 'd']);
      assert.deepEqual(await names(grid.id), ['Name', 'Type', 'Done', 'X renamed']);
      const number = await client().getFieldTypeOption({ gridId: grid.id, fieldId: 'x', fieldType: FieldType.Number });
      assert.deepEqual(number.typeOptionData, euro);
    });

    it('errors: missing field, bad ids, unknown start field, second primary, hidden primary, bad name/desc/width, bad options', async () => {
      const grid = await client().createGrid({ name: 'g' });
      const cases: [Parameters<ReturnType<typeof client>['insertField']>[0], Code, string, number][] = [
        [{ gridId: '', field: fieldInit('a', 'A') }, Code.InvalidArgument, 'grid_id is empty', 410],
        [{ gridId: grid.id }, Code.InvalidArgument, 'field is missing', 1000],
        [{ gridId: grid.id, field: fieldInit('a b', 'A') }, Code.InvalidArgument, 'field.id "a b" is not a valid id: use 1 to 64 characters from A-Z a-z 0-9 _ -', 1000],
        [{ gridId: grid.id, field: fieldInit('  ', 'A') }, Code.InvalidArgument, 'field.id is empty', 440],
        [
          { gridId: grid.id, field: fieldInit('a', 'A'), oneOfStartFieldId: { case: 'startFieldId', value: '' } },
          Code.InvalidArgument,
          'start_field_id is empty',
          440,
        ],
        [
          { gridId: grid.id, field: fieldInit('a', 'A'), oneOfStartFieldId: { case: 'startFieldId', value: 'ghost' } },
          Code.NotFound,
          'field "ghost" does not exist in this grid',
          441,
        ],
        [
          { gridId: grid.id, field: fieldInit('p2', 'P2', FieldType.RichText, { isPrimary: true }) },
          Code.FailedPrecondition,
          `the grid already has a primary field ("${grid.fieldOrders[0]!.fieldId}"); a grid has one`,
          10007,
        ],
        [{ gridId: grid.id, field: fieldInit('a', '   ') }, Code.InvalidArgument, 'field.name is blank', 1000],
        [{ gridId: grid.id, field: fieldInit('a', 'n'.repeat(257)) }, Code.InvalidArgument, 'field.name is 257 characters long; the limit is 256', 1000],
        [{ gridId: grid.id, field: fieldInit('a', 'A', FieldType.RichText, { desc: 'd'.repeat(20_001) }) }, Code.InvalidArgument, 'field.desc is 20001 characters long; the limit is 20000', 1000],
        [{ gridId: grid.id, field: fieldInit('a', 'A', FieldType.RichText, { width: 9 }) }, Code.InvalidArgument, 'field.width 9 is out of range: it must be between 10 and 10000', 1000],
        [{ gridId: grid.id, field: fieldInit('a', 'A', FieldType.RichText, { width: 10_001 }) }, Code.InvalidArgument, 'field.width 10001 is out of range: it must be between 10 and 10000', 1000],
        [{ gridId: grid.id, field: fieldInit('a', 'A', 7 as FieldType) }, Code.InvalidArgument, 'field.field_type: 7 is not a declared FieldType value', 1000],
        [
          { gridId: grid.id, field: fieldInit('a', 'A', FieldType.Number), typeOptionData: Uint8Array.of(0x08, 0x03) },
          Code.InvalidArgument,
          'type_option_data.format: 3 is not a declared NumberFormat value',
          1000,
        ],
        [
          { gridId: grid.id, field: fieldInit('a', 'A', FieldType.Checkbox), typeOptionData: Uint8Array.of(0x0a, 0x05, 0x61) },
          Code.InvalidArgument,
          'type_option_data does not decode as CheckboxTypeOption (the option of Checkbox fields): premature EOF',
          1000,
        ],
      ];
      for (const [payload, code, message, gridError] of cases) {
        await expectGridError(client().insertField(payload), { code, message, gridError });
      }
      const after = await client().getGrid({ value: grid.id });
      assert.equal(after.revision, grid.revision, 'no failed call moved the revision');
      assert.deepEqual(after.fieldOrders, grid.fieldOrders);
    });

    it('a bare grid may get its one primary field, which cannot be hidden', async () => {
      const grid = await client().createGrid({ name: 'g', bare: true });
      await expectGridError(
        client().insertField({ gridId: grid.id, field: fieldInit('p', 'P', FieldType.RichText, { isPrimary: true, visibility: false }) }),
        { code: Code.FailedPrecondition, message: 'field "p" is the primary field and cannot be hidden', gridError: 444 },
      );
      const changeset = await client().insertField({ gridId: grid.id, field: fieldInit('p', 'P', FieldType.RichText, { isPrimary: true }) });
      assert.equal(changeset.insertedFields[0]!.field!.isPrimary, true);
    });
  });
}
