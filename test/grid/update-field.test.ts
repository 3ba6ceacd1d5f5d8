import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType, type FieldChangesetPayload } from '../../src/gen/tessera/grid/v1/field_pb.js';
import {
  DateFormat,
  DateTypeOptionSchema,
  NumberTypeOption_NumberFormat,
  NumberTypeOptionSchema,
  SelectOptionColor,
  SingleSelectTypeOptionSchema,
} from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { decode, encode, fieldInit, useServer } from '../helpers/fixtures.js';
import { CONNECT_PROTOCOLS, expectGridError, gridClient } from '../helpers/grid-clients.js';

type Init = Omit<Partial<FieldChangesetPayload>, '$typeName'>;

for (const protocol of CONNECT_PROTOCOLS) {
  describe(`UpdateField over ${protocol}`, () => {
    const ctx = useServer();
    const client = () => gridClient(ctx.url, protocol);
    const field = async (gridId: string, id: string) => (await client().getFields({ gridId, fieldOrders: { items: [{ fieldId: id }] } })).items[0]!;

    it('applies only the members present, including members set to their zero value', async () => {
      const grid = await client().createGrid({ name: 'g', bare: true });
      await client().insertField({ gridId: grid.id, field: fieldInit('f', 'Title', FieldType.RichText, { desc: 'about', frozen: true, width: 200 }) });
      const changeset = await client().updateField({ gridId: grid.id, fieldId: 'f', oneOfName: { case: 'name', value: 'Headline' } });
      assert.equal(changeset.revision, 2n);
      assert.equal(changeset.updatedFields.length, 1);
      const after = await field(grid.id, 'f');
      assert.deepEqual([after.name, after.desc, after.frozen, after.visibility, after.width], ['Headline', 'about', true, true, 200]);
      assert.deepEqual(changeset.updatedFields[0], after);
      await client().updateField({
        gridId: grid.id,
        fieldId: 'f',
        oneOfDesc: { case: 'desc', value: '' },
        oneOfFrozen: { case: 'frozen', value: false },
        oneOfVisibility: { case: 'visibility', value: false },
        oneOfWidth: { case: 'width', value: 10 },
      });
      const zeroed = await field(grid.id, 'f');
      assert.deepEqual([zeroed.name, zeroed.desc, zeroed.frozen, zeroed.visibility, zeroed.width], ['Headline', '', false, false, 10]);
    });

    it('an empty changeset still commits a revision with the unchanged field', async () => {
      const grid = await client().createGrid({ name: 'g' });
      const id = grid.fieldOrders[1]!.fieldId;
      const changeset = await client().updateField({ gridId: grid.id, fieldId: id });
      assert.equal(changeset.revision, 2n);
      assert.deepEqual(changeset.updatedFields[0], await field(grid.id, id));
    });

    it('a field_type change behaves like SwitchToField: default created if missing, kept otherwise', async () => {
      const grid = await client().createGrid({ name: 'g', bare: true });
      const euro = encode(NumberTypeOptionSchema, { format: NumberTypeOption_NumberFormat.EUR, name: 'Euro' });
      await client().insertField({ gridId: grid.id, field: fieldInit('f', 'Amount', FieldType.Number), typeOptionData: euro });
      await client().updateField({ gridId: grid.id, fieldId: 'f', oneOfFieldType: { case: 'fieldType', value: FieldType.DateTime } });
      assert.equal((await field(grid.id, 'f')).fieldType, FieldType.DateTime);
      const date = await client().getFieldTypeOption({ gridId: grid.id, fieldId: 'f', fieldType: FieldType.DateTime });
      assert.equal(decode(DateTypeOptionSchema, date.typeOptionData).dateFormat, DateFormat.Friendly);
      await client().updateField({ gridId: grid.id, fieldId: 'f', oneOfFieldType: { case: 'fieldType', value: FieldType.Number } });
      const back = await client().getFieldTypeOption({ gridId: grid.id, fieldId: 'f', fieldType: FieldType.Number });
      assert.deepEqual(back.typeOptionData, euro, 'switching back restores the option');
    });

    it('type_option_data is decoded as the type after the change', async () => {
      const grid = await client().createGrid({ name: 'g', bare: true });
      await client().insertField({ gridId: grid.id, field: fieldInit('f', 'Status', FieldType.RichText) });
      const select = encode(SingleSelectTypeOptionSchema, { options: [{ id: 'o1', name: 'Open', color: SelectOptionColor.Aqua }] });
      await client().updateField({
        gridId: grid.id,
        fieldId: 'f',
        oneOfFieldType: { case: 'fieldType', value: FieldType.SingleSelect },
        oneOfTypeOptionData: { case: 'typeOptionData', value: select },
      });
      const stored = await client().getFieldTypeOption({ gridId: grid.id, fieldId: 'f', fieldType: FieldType.SingleSelect });
      assert.deepEqual(stored.typeOptionData, select);
    });

    it('errors change nothing and carry the AppFlowy number', async () => {
      const grid = await client().createGrid({ name: 'g' });
      const [nameId, typeId] = grid.fieldOrders.map((o) => o.fieldId);
      const cases: [Init, Code, string, number][] = [
        [{ gridId: '', fieldId: typeId }, Code.InvalidArgument, 'grid_id is empty', 410],
        [{ gridId: grid.id, fieldId: '' }, Code.InvalidArgument, 'field_id is empty', 440],
        [{ gridId: grid.id, fieldId: 'ghost' }, Code.NotFound, 'field "ghost" does not exist in this grid', 441],
        [
          { gridId: grid.id, fieldId: typeId, oneOfTypeOptionData: { case: 'typeOptionData', value: new Uint8Array() } },
          Code.InvalidArgument,
          'type_option_data is present but empty',
          450,
        ],
        [{ gridId: grid.id, fieldId: typeId, oneOfName: { case: 'name', value: '' } }, Code.InvalidArgument, 'name is blank', 1000],
        [{ gridId: grid.id, fieldId: typeId, oneOfWidth: { case: 'width', value: 0 } }, Code.InvalidArgument, 'width 0 is out of range: it must be between 10 and 10000', 1000],
        [{ gridId: grid.id, fieldId: typeId, oneOfDesc: { case: 'desc', value: 'x'.repeat(20_001) } }, Code.InvalidArgument, 'desc is 20001 characters long; the limit is 20000', 1000],
        [{ gridId: grid.id, fieldId: typeId, oneOfFieldType: { case: 'fieldType', value: 42 as FieldType } }, Code.InvalidArgument, 'field_type: 42 is not a declared FieldType value', 1000],
        [
          { gridId: grid.id, fieldId: nameId, oneOfVisibility: { case: 'visibility', value: false } },
          Code.FailedPrecondition,
          `field "${nameId}" is the primary field and cannot be hidden`,
          444,
        ],
        [
          {
            gridId: grid.id,
            fieldId: typeId,
            oneOfTypeOptionData: { case: 'typeOptionData', value: encode(SingleSelectTypeOptionSchema, { options: [{ id: 'a', name: 'A' }, { id: 'a', name: 'B' }] }) },
          },
          Code.InvalidArgument,
          'type_option_data.options[1].id "a" is used twice',
          1000,
        ],
        [
          {
            gridId: grid.id,
            fieldId: typeId,
            oneOfTypeOptionData: { case: 'typeOptionData', value: encode(SingleSelectTypeOptionSchema, { options: [{ id: 'a', name: ' ' }] }) },
          },
          Code.InvalidArgument,
          'type_option_data.options[0].name is blank',
          1000,
        ],
        [
          {
            gridId: grid.id,
            fieldId: typeId,
            oneOfTypeOptionData: { case: 'typeOptionData', value: encode(SingleSelectTypeOptionSchema, { options: [{ id: 'a', name: 'A', color: 9 as SelectOptionColor }] }) },
          },
          Code.InvalidArgument,
          'type_option_data.options[0].color: 9 is not a declared SelectOptionColor value',
          1000,
        ],
      ];
      for (const [payload, code, message, gridError] of cases) {
        await expectGridError(client().updateField(payload), { code, message, gridError });
      }
      const after = await client().getGrid({ value: grid.id });
      assert.equal(after.revision, grid.revision);
    });
  });
}
