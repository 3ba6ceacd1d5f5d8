/**
 * A grid holds at most 8 MiB of fields: the encoded `Field` messages plus every type option they keep. Each
 * mutation that would grow a grid past it (InsertField, UpdateField, UpdateFieldTypeOption, DuplicateField,
 * SwitchToField, GetFieldTypeOption with `create_if_not_exist`) is refused with RESOURCE_EXHAUSTED and GridError
 * 10011 GridTooLarge, and commits nothing: the revision, the fields and their options stay as they were. A
 * mutation that does not grow the grid (DeleteField, a shorter name) is still allowed at the limit.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldSchema, FieldType, type Field } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { RichTextTypeOptionSchema } from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { defaultTypeOption } from '../../src/grid/type-options/type-option-defaults.js';
import { encode, fieldInit, useServer } from '../helpers/fixtures.js';
import { expectGridError, gridClient, type GridClient } from '../helpers/grid-clients.js';

const LIMIT = 8 * 1024 * 1024;
const MiB = 1024 * 1024;
const GRID_TOO_LARGE = 10011;

/** A RichText option of exactly `bytes` encoded bytes: a tag byte, the data's length as a varint, the data. */
function richText(bytes: number): Uint8Array {
  const varint = (n: number) => (n < 2 ** 7 ? 1 : n < 2 ** 14 ? 2 : n < 2 ** 21 ? 3 : 4);
  let data = bytes - 2;
  while (1 + varint(data) + data > bytes) data--;
  const option = encode(RichTextTypeOptionSchema, { data: 'x'.repeat(data) });
  assert.equal(option.length, bytes);
  return option;
}

function fieldBytes(field: Field): number {
  return toBinary(FieldSchema, field).length;
}

function tooLarge(bytes: number): string {
  return `the grid's fields and type options would take ${bytes} bytes; the limit is ${LIMIT}`;
}

/** Everything a client can read of a grid: its revision, fields and each field's RichText and Number options. */
async function snapshot(client: GridClient, gridId: string) {
  const grid = await client.getGrid({ value: gridId });
  const fields = (await client.getFields({ gridId })).items;
  const options: string[] = [];
  for (const field of fields) {
    for (const fieldType of [FieldType.RichText, FieldType.Number]) {
      const data = await client.getFieldTypeOption({ gridId, fieldId: field.id, fieldType });
      options.push(Buffer.from(data.typeOptionData).toString('base64'));
    }
  }
  return { revision: grid.revision, fields: fields.map((f) => toBinary(FieldSchema, f)), options };
}

describe('the total size of a grid', () => {
  const ctx = useServer();
  const client = () => gridClient(ctx.url);

  it('DuplicateField of a 1 MiB-option field stops at 8 MiB with RESOURCE_EXHAUSTED, and the grid is unchanged', async () => {
    const grid = await client().createGrid({ name: 'big', bare: true });
    const gridId = grid.id;
    const big = richText(MiB);
    await client().insertField({ gridId, field: fieldInit('big', 'Big'), typeOptionData: big });
    let copies = 0;
    for (;;) {
      const fields = (await client().getFields({ gridId })).items;
      const total = fields.reduce((sum, f) => sum + fieldBytes(f), 0) + fields.length * MiB;
      // The copy DuplicateField would add: the source with a fresh 6-character id and " (copy)" after its name.
      const source = fields.find((f) => f.id === 'big')!;
      const copy = create(FieldSchema, { ...source, id: 'xxxxxx', name: 'Big (copy)', isPrimary: false });
      const after = total + fieldBytes(copy) + MiB;
      if (after <= LIMIT) {
        await client().duplicateField({ gridId, fieldId: 'big' });
        copies++;
        continue;
      }
      const before = await snapshot(client(), gridId);
      await expectGridError(client().duplicateField({ gridId, fieldId: 'big' }), { code: Code.ResourceExhausted, message: tooLarge(after), gridError: GRID_TOO_LARGE });
      assert.deepEqual(await snapshot(client(), gridId), before, 'the refused duplicate committed nothing');
      break;
    }
    assert.equal(copies, 6, 'the source and six copies fit in 8 MiB, a seventh copy does not');
  });

  it('refuses every mutation that grows a full grid, and still allows those that do not', async () => {
    const c = client();
    const grid = await c.createGrid({ name: 'full', bare: true });
    const gridId = grid.id;
    await c.insertField({ gridId, field: fieldInit('big', 'Big'), typeOptionData: richText(MiB) });
    for (let i = 0; i < 6; i++) await c.duplicateField({ gridId, fieldId: 'big' });
    await c.insertField({ gridId, field: fieldInit('small', 'S') });
    // Fill the grid to 5 bytes short of the limit with one more field.
    const fields = (await c.getFields({ gridId })).items;
    const used = fields.reduce((sum, f) => sum + fieldBytes(f), 0) + 7 * MiB;
    const filler = fieldInit('fill', 'F');
    const stored = create(FieldSchema, { ...filler, width: 150 });
    const optionBytes = LIMIT - 5 - used - fieldBytes(stored);
    await c.insertField({ gridId, field: filler, typeOptionData: richText(optionBytes) });
    const total = LIMIT - 5;
    const small = (await c.getFields({ gridId, fieldOrders: { items: [{ fieldId: 'small' }] } })).items[0]!;
    const before = await snapshot(c, gridId);
    const refusal = (bytes: number) => ({ code: Code.ResourceExhausted, message: tooLarge(bytes), gridError: GRID_TOO_LARGE });

    const inserted = create(FieldSchema, { ...fieldInit('more', 'More'), width: 150 });
    await expectGridError(c.insertField({ gridId, field: fieldInit('more', 'More') }), refusal(total + fieldBytes(inserted)));
    const copy = create(FieldSchema, { ...small, id: 'xxxxxx', name: 'S (copy)' });
    await expectGridError(c.duplicateField({ gridId, fieldId: 'small' }), refusal(total + fieldBytes(copy)));
    const renamed = create(FieldSchema, { ...small, name: 'S with a longer name' });
    await expectGridError(c.updateField({ gridId, fieldId: 'small', oneOfName: { case: 'name', value: 'S with a longer name' } }), refusal(total - fieldBytes(small) + fieldBytes(renamed)));
    await expectGridError(c.updateFieldTypeOption({ gridId, fieldId: 'small', typeOptionData: richText(100) }), refusal(total + 100));
    const switched = create(FieldSchema, { ...small, fieldType: FieldType.Number });
    const numberDefault = defaultTypeOption(FieldType.Number).length;
    await expectGridError(c.switchToField({ gridId, fieldId: 'small', fieldType: FieldType.Number }), refusal(total - fieldBytes(small) + fieldBytes(switched) + numberDefault));
    const property = create(FieldSchema, { id: 'newone', name: `Property ${fields.length + 2}`, fieldType: FieldType.Number, visibility: true, width: 150 });
    await expectGridError(c.getFieldTypeOption({ gridId, fieldId: 'newone', fieldType: FieldType.Number, createIfNotExist: true }), refusal(total + fieldBytes(property) + numberDefault));
    assert.deepEqual(await snapshot(c, gridId), before, 'no refused mutation committed anything');

    // What does not grow the grid is allowed.
    await c.updateField({ gridId, fieldId: 'fill', oneOfName: { case: 'name', value: 'G' } });
    await c.deleteField({ gridId, fieldId: 'small' });
    assert.equal((await c.getGrid({ value: gridId })).revision, before.revision + 2n);
  });
});
