import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { NumberTypeOption_NumberFormat, NumberTypeOptionSchema, SelectOptionColor, SingleSelectTypeOptionSchema } from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { encode, fieldInit, useServer } from '../helpers/fixtures.js';
import { CONNECT_PROTOCOLS, expectGridError, gridClient } from '../helpers/grid-clients.js';

for (const protocol of CONNECT_PROTOCOLS) {
  describe(`field operations over ${protocol}`, () => {
    const ctx = useServer();
    const client = () => gridClient(ctx.url, protocol);
    const names = async (gridId: string) => (await client().getFields({ gridId })).items.map((f) => f.name);
    const gridWith = async (...ids: string[]) => {
      const grid = await client().createGrid({ name: 'g', bare: true });
      for (const id of ids) await client().insertField({ gridId: grid.id, field: fieldInit(id, id.toUpperCase()) });
      return grid.id;
    };

    it('GetFields: given orders in request order with unknown ids skipped; none given means all in grid order', async () => {
      const gridId = await gridWith('a', 'b', 'c');
      assert.deepEqual(await names(gridId), ['A', 'B', 'C']);
      const picked = await client().getFields({ gridId, fieldOrders: { items: [{ fieldId: 'c' }, { fieldId: 'zz' }, { fieldId: 'a' }] } });
      assert.deepEqual(picked.items.map((f) => f.id), ['c', 'a']);
      await expectGridError(client().getFields({ gridId: '' }), { code: Code.InvalidArgument, message: 'grid_id is empty', gridError: 410 });
    });

    it('DeleteField removes the field and returns a deleted changeset', async () => {
      const gridId = await gridWith('a', 'b');
      const changeset = await client().deleteField({ gridId, fieldId: 'a' });
      assert.deepEqual(changeset.deletedFields.map((o) => o.fieldId), ['a']);
      assert.deepEqual(changeset.insertedFields, []);
      assert.equal(changeset.revision, 3n);
      assert.deepEqual(await names(gridId), ['B']);
      // Re-inserting the same id starts from scratch: its old type options went with it.
      await client().insertField({ gridId, field: fieldInit('a', 'A again', FieldType.Number) });
      const option = await client().getFieldTypeOption({ gridId, fieldId: 'a', fieldType: FieldType.RichText });
      assert.equal(option.field!.name, 'A again');
    });

    it('DeleteField errors: unknown field, the primary field, empty ids', async () => {
      const grid = await client().createGrid({ name: 'g' });
      const nameId = grid.fieldOrders[0]!.fieldId;
      await expectGridError(client().deleteField({ gridId: grid.id, fieldId: 'ghost' }), { code: Code.NotFound, message: 'field "ghost" does not exist in this grid', gridError: 441 });
      await expectGridError(client().deleteField({ gridId: grid.id, fieldId: nameId }), {
        code: Code.FailedPrecondition,
        message: `field "${nameId}" is the primary field and cannot be deleted`,
        gridError: 444,
      });
      await expectGridError(client().deleteField({ gridId: grid.id, fieldId: '' }), { code: Code.InvalidArgument, message: 'field_id is empty', gridError: 440 });
      await expectGridError(client().deleteField({ gridId: '', fieldId: nameId }), { code: Code.InvalidArgument, message: 'grid_id is empty', gridError: 410 });
      assert.equal((await client().getGrid({ value: grid.id })).revision, grid.revision);
    });

    it('DuplicateField deep-copies right after the source as "<name> (copy)", never primary', async () => {
      const grid = await client().createGrid({ name: 'g' });
      const [nameId, typeId] = grid.fieldOrders.map((o) => o.fieldId) as [string, string];
      const select = encode(SingleSelectTypeOptionSchema, { options: [{ id: 'o', name: 'Open', color: SelectOptionColor.Lime }] });
      const number = encode(NumberTypeOptionSchema, { format: NumberTypeOption_NumberFormat.Yen, name: 'Yen' });
      await client().updateFieldTypeOption({ gridId: grid.id, fieldId: typeId, typeOptionData: select });
      await client().switchToField({ gridId: grid.id, fieldId: typeId, fieldType: FieldType.Number });
      await client().updateFieldTypeOption({ gridId: grid.id, fieldId: typeId, typeOptionData: number });
      await client().updateField({ gridId: grid.id, fieldId: typeId, oneOfWidth: { case: 'width', value: 321 }, oneOfFrozen: { case: 'frozen', value: true } });
      const changeset = await client().duplicateField({ gridId: grid.id, fieldId: typeId });
      const copy = changeset.insertedFields[0]!;
      assert.equal(copy.index, 2);
      assert.notEqual(copy.field!.id, typeId);
      assert.deepEqual([copy.field!.name, copy.field!.fieldType, copy.field!.width, copy.field!.frozen, copy.field!.isPrimary], ['Type (copy)', FieldType.Number, 321, true, false]);
      assert.deepEqual(await names(grid.id), ['Name', 'Type', 'Type (copy)', 'Done']);
      assert.deepEqual((await client().getFieldTypeOption({ gridId: grid.id, fieldId: copy.field!.id, fieldType: FieldType.Number })).typeOptionData, number);
      assert.deepEqual((await client().getFieldTypeOption({ gridId: grid.id, fieldId: copy.field!.id, fieldType: FieldType.SingleSelect })).typeOptionData, select);
      const primaryCopy = await client().duplicateField({ gridId: grid.id, fieldId: nameId });
      assert.equal(primaryCopy.insertedFields[0]!.field!.isPrimary, false);
      await expectGridError(client().duplicateField({ gridId: grid.id, fieldId: 'ghost' }), { code: Code.NotFound, message: 'field "ghost" does not exist in this grid', gridError: 441 });
    });

    it('DuplicateField keeps a long name within the limit, cutting whole characters', async () => {
      const gridId = await gridWith();
      await client().insertField({ gridId, field: fieldInit('long', '😀'.repeat(256)) });
      const copy = (await client().duplicateField({ gridId, fieldId: 'long' })).insertedFields[0]!.field!;
      assert.equal(copy.name, `${'😀'.repeat(249)} (copy)`);
    });

    it('MoveField moves within the full list and reports delete + insert at the new index', async () => {
      const gridId = await gridWith('a', 'b', 'c', 'd');
      await client().updateField({ gridId, fieldId: 'b', oneOfVisibility: { case: 'visibility', value: false } });
      const changeset = await client().moveField({ gridId, fieldId: 'a', toIndex: 2 });
      assert.deepEqual(changeset.deletedFields.map((o) => o.fieldId), ['a']);
      assert.deepEqual(changeset.insertedFields.map((i) => [i.field!.id, i.index]), [['a', 2]]);
      assert.deepEqual(await names(gridId), ['B', 'C', 'A', 'D']);
      await client().moveField({ gridId, fieldId: 'd', fromIndex: 3, toIndex: 0 });
      assert.deepEqual(await names(gridId), ['D', 'B', 'C', 'A']);
    });

    it('MoveField errors: stale from_index, out-of-range to_index, unknown field', async () => {
      const gridId = await gridWith('a', 'b', 'c');
      await expectGridError(client().moveField({ gridId, fieldId: 'a', fromIndex: 1, toIndex: 2 }), {
        code: Code.FailedPrecondition,
        message: 'field "a" is at index 0, not at from_index 1; refetch the fields and retry',
        gridError: 10002,
      });
      await expectGridError(client().moveField({ gridId, fieldId: 'a', toIndex: 3 }), {
        code: Code.OutOfRange,
        message: 'to_index 3 is out of range: the grid has 3 fields (0 to 2)',
        gridError: 10003,
      });
      await expectGridError(client().moveField({ gridId, fieldId: 'a', toIndex: -1 }), {
        code: Code.OutOfRange,
        message: 'to_index -1 is out of range: the grid has 3 fields (0 to 2)',
        gridError: 10003,
      });
      await expectGridError(client().moveField({ gridId, fieldId: 'ghost', toIndex: 0 }), { code: Code.NotFound, message: 'field "ghost" does not exist in this grid', gridError: 441 });
      assert.deepEqual(await names(gridId), ['A', 'B', 'C']);
      assert.equal((await client().getGrid({ value: gridId })).revision, 3n);
    });

    it('NewSelectOption returns an unsaved option with a fresh id, colours cycling through all nine', async () => {
      const grid = await client().createGrid({ name: 'g' });
      const typeId = grid.fieldOrders[1]!.fieldId;
      const identifier = { gridId: grid.id, fieldId: typeId };
      const colors: SelectOptionColor[] = [];
      let options: { id: string; name: string; color: SelectOptionColor }[] = [];
      for (let i = 0; i < 10; i++) {
        const option = await client().newSelectOption({ fieldIdentifier: identifier, optionName: `O${i}` });
        assert.equal(option.name, `O${i}`);
        assert.match(option.id, /^[A-Za-z0-9_-]{4}$/);
        colors.push(option.color);
        options = [...options, { id: option.id, name: option.name, color: option.color }];
        await client().updateFieldTypeOption({ gridId: grid.id, fieldId: typeId, typeOptionData: encode(SingleSelectTypeOptionSchema, { options }) });
      }
      assert.deepEqual(colors, [0, 1, 2, 3, 4, 5, 6, 7, 8, 0]);
      assert.equal(new Set(options.map((o) => o.id)).size, 10);
      const before = await client().getGrid({ value: grid.id });
      await client().newSelectOption({ fieldIdentifier: identifier, optionName: 'unsaved' });
      assert.equal((await client().getGrid({ value: grid.id })).revision, before.revision, 'nothing is saved');
    });

    it('NewSelectOption errors', async () => {
      const grid = await client().createGrid({ name: 'g' });
      const [nameId, typeId] = grid.fieldOrders.map((o) => o.fieldId) as [string, string];
      await expectGridError(client().newSelectOption({ fieldIdentifier: { gridId: grid.id, fieldId: typeId }, optionName: ' ' }), {
        code: Code.InvalidArgument,
        message: 'option_name is empty',
        gridError: 442,
      });
      await expectGridError(client().newSelectOption({ fieldIdentifier: { gridId: grid.id, fieldId: nameId }, optionName: 'x' }), {
        code: Code.FailedPrecondition,
        message: `field "${nameId}" is a RichText field; select options belong to SingleSelect and MultiSelect fields`,
        gridError: 444,
      });
      await expectGridError(client().newSelectOption({ fieldIdentifier: { gridId: grid.id, fieldId: 'ghost' }, optionName: 'x' }), {
        code: Code.NotFound,
        message: 'field "ghost" does not exist in this grid',
        gridError: 441,
      });
      await expectGridError(client().newSelectOption({ optionName: 'x' }), { code: Code.InvalidArgument, message: 'field_identifier is missing', gridError: 1000 });
      await expectGridError(client().newSelectOption({ fieldIdentifier: { gridId: '', fieldId: typeId }, optionName: 'x' }), {
        code: Code.InvalidArgument,
        message: 'field_identifier.grid_id is empty',
        gridError: 410,
      });
    });
  });
}

describe('the per-grid field limit', () => {
  const ctx = useServer();

  it('refuses the 1,025th field with RESOURCE_EXHAUSTED, by insert, duplicate or create_if_not_exist', async () => {
    const client = gridClient(ctx.url);
    const grid = await client.createGrid({ name: 'big', bare: true });
    for (let i = 0; i < 1024; i++) await client.insertField({ gridId: grid.id, field: fieldInit(`f${i}`, `F${i}`) });
    const expected = { code: Code.ResourceExhausted, message: 'the grid already has 1024 fields; the limit is 1024', gridError: 10005 };
    await expectGridError(client.insertField({ gridId: grid.id, field: fieldInit('one-more', 'One more') }), expected);
    await expectGridError(client.duplicateField({ gridId: grid.id, fieldId: 'f0' }), expected);
    await expectGridError(client.getFieldTypeOption({ gridId: grid.id, fieldId: 'new', fieldType: FieldType.RichText, createIfNotExist: true }), expected);
    // An upsert of an existing field is not an insert and still works.
    await client.insertField({ gridId: grid.id, field: fieldInit('f0', 'Renamed') });
    assert.equal((await client.getGrid({ value: grid.id })).fieldOrders.length, 1024);
  });
});
