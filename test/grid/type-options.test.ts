import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import {
  CheckboxTypeOptionSchema,
  MultiSelectTypeOptionSchema,
  NumberTypeOption_NumberFormat,
  NumberTypeOptionSchema,
  RichTextTypeOptionSchema,
  SelectOptionColor,
  SingleSelectTypeOptionSchema,
  URLTypeOptionSchema,
} from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { decode, encode, fieldInit, useServer } from '../helpers/fixtures.js';
import { CONNECT_PROTOCOLS, expectGridError, gridClient } from '../helpers/grid-clients.js';

for (const protocol of CONNECT_PROTOCOLS) {
  describe(`type options over ${protocol}`, () => {
    const ctx = useServer();
    const client = () => gridClient(ctx.url, protocol);
    const bareGridWith = async (id: string, type: FieldType) => {
      const grid = await client().createGrid({ name: 'g', bare: true });
      await client().insertField({ gridId: grid.id, field: fieldInit(id, id, type) });
      return grid.id;
    };

    it('UpdateFieldTypeOption replaces the option of the current type and commits an update', async () => {
      const gridId = await bareGridWith('n', FieldType.Number);
      const usd = encode(NumberTypeOptionSchema, { format: NumberTypeOption_NumberFormat.USD, scale: 2, symbol: '$', signPositive: true, name: 'Dollars' });
      const changeset = await client().updateFieldTypeOption({ gridId, fieldId: 'n', typeOptionData: usd });
      assert.equal(changeset.revision, 2n);
      assert.equal(changeset.updatedFields[0]!.id, 'n');
      assert.deepEqual((await client().getFieldTypeOption({ gridId, fieldId: 'n', fieldType: FieldType.Number })).typeOptionData, usd);
      // Empty bytes are the message's proto3 zero value (AppFlowy 0.0.4).
      await client().updateFieldTypeOption({ gridId, fieldId: 'n', typeOptionData: new Uint8Array() });
      const zero = decode(NumberTypeOptionSchema, (await client().getFieldTypeOption({ gridId, fieldId: 'n', fieldType: FieldType.Number })).typeOptionData);
      assert.deepEqual([zero.format, zero.symbol, zero.signPositive, zero.name], [NumberTypeOption_NumberFormat.Number, '', false, '']);
    });

    it('UpdateFieldTypeOption errors', async () => {
      const gridId = await bareGridWith('n', FieldType.Number);
      await expectGridError(client().updateFieldTypeOption({ gridId, fieldId: '', typeOptionData: new Uint8Array() }), {
        code: Code.InvalidArgument,
        message: 'field_id is empty',
        gridError: 440,
      });
      await expectGridError(client().updateFieldTypeOption({ gridId, fieldId: 'ghost', typeOptionData: new Uint8Array() }), {
        code: Code.NotFound,
        message: 'field "ghost" does not exist in this grid',
        gridError: 441,
      });
      await expectGridError(client().updateFieldTypeOption({ gridId, fieldId: 'n', typeOptionData: Uint8Array.of(0x50, 0x01) }), {
        code: Code.InvalidArgument,
        message: 'type_option_data does not decode as NumberTypeOption (the option of Number fields): it has field tag(s) 10, which NumberTypeOption does not define',
        gridError: 1000,
      });
      await expectGridError(client().updateFieldTypeOption({ gridId, fieldId: 'n', typeOptionData: new Uint8Array(1024 * 1024 + 1) }), {
        code: Code.ResourceExhausted,
        message: 'type_option_data is 1048577 bytes; the limit is 1048576',
        gridError: 10006,
      });
      assert.equal((await client().getGrid({ value: gridId })).revision, 1n);
    });

    it('SwitchToField sets the type, creates the default option once, and switching back restores the old one', async () => {
      const gridId = await bareGridWith('f', FieldType.URL);
      const url = encode(URLTypeOptionSchema, { data: 'kept' });
      await client().updateFieldTypeOption({ gridId, fieldId: 'f', typeOptionData: url });
      const switched = await client().switchToField({ gridId, fieldId: 'f', fieldType: FieldType.Number });
      assert.equal(switched.gridId, gridId);
      assert.equal(switched.field!.fieldType, FieldType.Number);
      assert.equal(decode(NumberTypeOptionSchema, switched.typeOptionData).name, 'Number');
      assert.equal((await client().getGrid({ value: gridId })).revision, 3n);
      const back = await client().switchToField({ gridId, fieldId: 'f', fieldType: FieldType.URL });
      assert.deepEqual(back.typeOptionData, url);
    });

    it('Checkbox to a select type adds Yes (Green) and No (Yellow)', async () => {
      for (const target of [FieldType.SingleSelect, FieldType.MultiSelect]) {
        const gridId = await bareGridWith('c', FieldType.Checkbox);
        const switched = await client().switchToField({ gridId, fieldId: 'c', fieldType: target });
        const schema = target === FieldType.SingleSelect ? SingleSelectTypeOptionSchema : MultiSelectTypeOptionSchema;
        const options = decode(schema, switched.typeOptionData).options;
        assert.deepEqual(options.map((o) => [o.name, o.color]), [['Yes', SelectOptionColor.Green], ['No', SelectOptionColor.Yellow]]);
        assert.notEqual(options[0]!.id, options[1]!.id);
      }
    });

    it('SingleSelect and MultiSelect copy each other\'s options when the target has none', async () => {
      const gridId = await bareGridWith('s', FieldType.SingleSelect);
      const single = encode(SingleSelectTypeOptionSchema, { options: [{ id: 'a', name: 'A', color: SelectOptionColor.Pink }], disableColor: true });
      await client().updateFieldTypeOption({ gridId, fieldId: 's', typeOptionData: single });
      const multi = await client().switchToField({ gridId, fieldId: 's', fieldType: FieldType.MultiSelect });
      assert.deepEqual(multi.typeOptionData, encode(MultiSelectTypeOptionSchema, { options: [{ id: 'a', name: 'A', color: SelectOptionColor.Pink }], disableColor: true }));
      // The multi option now exists, so later switches keep each type's own entry.
      const multiChanged = encode(MultiSelectTypeOptionSchema, { options: [{ id: 'b', name: 'B' }] });
      await client().updateFieldTypeOption({ gridId, fieldId: 's', typeOptionData: multiChanged });
      assert.deepEqual((await client().switchToField({ gridId, fieldId: 's', fieldType: FieldType.SingleSelect })).typeOptionData, single);
      assert.deepEqual((await client().switchToField({ gridId, fieldId: 's', fieldType: FieldType.MultiSelect })).typeOptionData, multiChanged);
    });

    it('SwitchToField errors', async () => {
      const gridId = await bareGridWith('f', FieldType.RichText);
      await expectGridError(client().switchToField({ gridId, fieldId: '', fieldType: FieldType.Number }), { code: Code.InvalidArgument, message: 'field_id is empty', gridError: 440 });
      await expectGridError(client().switchToField({ gridId, fieldId: 'ghost', fieldType: FieldType.Number }), {
        code: Code.NotFound,
        message: 'field "ghost" does not exist in this grid',
        gridError: 441,
      });
      await expectGridError(client().switchToField({ gridId, fieldId: 'f', fieldType: 8 as FieldType }), {
        code: Code.InvalidArgument,
        message: 'field_type: 8 is not a declared FieldType value',
        gridError: 1000,
      });
      assert.equal((await client().getGrid({ value: gridId })).revision, 1n);
    });

    it('GetFieldTypeOption returns the option stored for the requested type, or its default, without side effects', async () => {
      const gridId = await bareGridWith('f', FieldType.RichText);
      const text = await client().getFieldTypeOption({ gridId, fieldId: 'f', fieldType: FieldType.RichText });
      assert.equal(text.field!.id, 'f');
      assert.deepEqual(decode(RichTextTypeOptionSchema, text.typeOptionData).data, '');
      const checkbox = await client().getFieldTypeOption({ gridId, fieldId: 'f', fieldType: FieldType.Checkbox });
      assert.equal(checkbox.field!.fieldType, FieldType.RichText);
      assert.equal(decode(CheckboxTypeOptionSchema, checkbox.typeOptionData).isSelected, false);
      assert.equal((await client().getGrid({ value: gridId })).revision, 1n);
    });

    it('GetFieldTypeOption: unknown field is NOT_FOUND, unless create_if_not_exist appends Property N', async () => {
      const grid = await client().createGrid({ name: 'g' });
      await expectGridError(client().getFieldTypeOption({ gridId: grid.id, fieldId: 'ghost', fieldType: FieldType.Number }), {
        code: Code.NotFound,
        message: 'field "ghost" does not exist in this grid',
        gridError: 3,
      });
      await expectGridError(client().getFieldTypeOption({ gridId: grid.id, fieldId: '', fieldType: FieldType.Number }), {
        code: Code.InvalidArgument,
        message: 'field_id is empty',
        gridError: 440,
      });
      const created = await client().getFieldTypeOption({ gridId: grid.id, fieldId: 'ghost', fieldType: FieldType.DateTime, createIfNotExist: true });
      assert.deepEqual([created.field!.id, created.field!.name, created.field!.fieldType, created.field!.width, created.field!.visibility], ['ghost', 'Property 4', FieldType.DateTime, 180, true]);
      const again = await client().getFieldTypeOption({ gridId: grid.id, fieldId: 'ghost', fieldType: FieldType.DateTime, createIfNotExist: true });
      assert.deepEqual(again.field, created.field, 'an existing field is returned, not created twice');
      const fresh = await client().getFieldTypeOption({ gridId: grid.id, fieldId: '', fieldType: FieldType.Number, createIfNotExist: true });
      assert.equal(fresh.field!.name, 'Property 5');
      const fields = (await client().getFields({ gridId: grid.id })).items;
      assert.deepEqual(fields.map((f) => f.name), ['Name', 'Type', 'Done', 'Property 4', 'Property 5']);
      assert.equal((await client().getGrid({ value: grid.id })).revision, 3n);
    });

    it('GetEditFieldContext: a transient Property N for no or an unknown field_id, the stored field otherwise; never a change', async () => {
      const grid = await client().createGrid({ name: 'g' });
      const none = await client().getEditFieldContext({ gridId: grid.id, fieldType: FieldType.DateTime });
      assert.equal(none.gridId, grid.id);
      assert.deepEqual([none.gridField!.name, none.gridField!.fieldType, none.gridField!.width, none.gridField!.visibility, none.gridField!.isPrimary], ['Property 4', FieldType.DateTime, 180, true, false]);
      assert.match(none.gridField!.id, /^[A-Za-z0-9_-]{6}$/);
      const unknown = await client().getEditFieldContext({ gridId: grid.id, oneOfFieldId: { case: 'fieldId', value: 'ghost' }, fieldType: FieldType.URL });
      assert.equal(unknown.gridField!.name, 'Property 4');
      assert.notEqual(unknown.gridField!.id, 'ghost');
      const typeId = grid.fieldOrders[1]!.fieldId;
      const existing = await client().getEditFieldContext({ gridId: grid.id, oneOfFieldId: { case: 'fieldId', value: typeId }, fieldType: FieldType.Number });
      assert.equal(existing.gridField!.name, 'Type');
      assert.equal(decode(NumberTypeOptionSchema, existing.typeOptionData).name, 'Number');
      const after = await client().getGrid({ value: grid.id });
      assert.equal(after.revision, grid.revision);
      assert.deepEqual(after.fieldOrders, grid.fieldOrders);
      await expectGridError(client().getEditFieldContext({ gridId: '', fieldType: FieldType.Number }), { code: Code.InvalidArgument, message: 'grid_id is empty', gridError: 410 });
      await expectGridError(client().getEditFieldContext({ gridId: 'nope', fieldType: FieldType.Number }), { code: Code.NotFound, message: 'grid "nope" does not exist', gridError: 10001 });
    });
  });
}
