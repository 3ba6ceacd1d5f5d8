import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { CheckboxTypeOptionSchema, SingleSelectTypeOptionSchema } from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { useServer, decode } from '../helpers/fixtures.js';
import { CONNECT_PROTOCOLS, expectGridError, gridClient } from '../helpers/grid-clients.js';

for (const protocol of CONNECT_PROTOCOLS) {
  describe(`grids over ${protocol}`, () => {
    const ctx = useServer();
    const client = () => gridClient(ctx.url, protocol);

    it('CreateGrid makes Name (primary RichText), Type (SingleSelect) and Done (Checkbox) at revision 1', async () => {
      const grid = await client().createGrid({ name: 'Tasks' });
      assert.match(grid.id, /^[A-Za-z0-9_-]{10}$/);
      assert.equal(grid.name, 'Tasks');
      assert.equal(grid.revision, 1n);
      const { items } = await client().getFields({ gridId: grid.id });
      assert.deepEqual(
        items.map((f) => [f.name, f.fieldType, f.isPrimary, f.visibility, f.frozen, f.width, f.desc]),
        [
          ['Name', FieldType.RichText, true, true, false, 150, ''],
          ['Type', FieldType.SingleSelect, false, true, false, 150, ''],
          ['Done', FieldType.Checkbox, false, true, false, 150, ''],
        ],
      );
      assert.deepEqual(grid.fieldOrders.map((o) => o.fieldId), items.map((f) => f.id));
      const type = await client().getFieldTypeOption({ gridId: grid.id, fieldId: items[1]!.id, fieldType: FieldType.SingleSelect });
      assert.deepEqual(decode(SingleSelectTypeOptionSchema, type.typeOptionData).options, []);
      const done = await client().getFieldTypeOption({ gridId: grid.id, fieldId: items[2]!.id, fieldType: FieldType.Checkbox });
      assert.equal(decode(CheckboxTypeOptionSchema, done.typeOptionData).isSelected, false);
    });

    it('CreateGrid with bare makes an empty grid at revision 0', async () => {
      const grid = await client().createGrid({ name: 'Empty', bare: true });
      assert.equal(grid.revision, 0n);
      assert.deepEqual(grid.fieldOrders, []);
      assert.deepEqual((await client().getFields({ gridId: grid.id })).items, []);
    });

    it('CreateGrid refuses a blank or overlong name', async () => {
      await expectGridError(client().createGrid({ name: '  ' }), { code: Code.InvalidArgument, message: 'name is blank', gridError: 1000 });
      await expectGridError(client().createGrid({ name: 'x'.repeat(257) }), {
        code: Code.InvalidArgument,
        message: 'name is 257 characters long; the limit is 256',
        gridError: 1000,
      });
    });

    it('name limits count characters, not UTF-16 units: 256 emoji are fine, 257 are not', async () => {
      const grid = await client().createGrid({ name: '😀'.repeat(256), bare: true });
      assert.equal(grid.name, '😀'.repeat(256));
      await expectGridError(client().createGrid({ name: '😀'.repeat(257) }), {
        code: Code.InvalidArgument,
        message: 'name is 257 characters long; the limit is 256',
        gridError: 1000,
      });
    });

    it('GetGrid returns the grid with every field id in order and its revision', async () => {
      const created = await client().createGrid({ name: 'Read me' });
      const grid = await client().getGrid({ value: created.id });
      assert.deepEqual(grid, created);
    });

    it('GetGrid errors: empty id, malformed id, unknown id', async () => {
      await expectGridError(client().getGrid({ value: '' }), { code: Code.InvalidArgument, message: 'value is empty', gridError: 410 });
      await expectGridError(client().getGrid({ value: 'a/b' }), {
        code: Code.InvalidArgument,
        message: 'value "a/b" is not a valid id: use 1 to 64 characters from A-Z a-z 0-9 _ -',
        gridError: 1000,
      });
      await expectGridError(client().getGrid({ value: 'nope' }), { code: Code.NotFound, message: 'grid "nope" does not exist', gridError: 10001 });
    });

    it('ListGrids lists every grid in creation order', async () => {
      const a = await client().createGrid({ name: 'List A' });
      const b = await client().createGrid({ name: 'List B', bare: true });
      const { items } = await client().listGrids({});
      const ids = items.map((g) => g.id);
      assert.ok(ids.indexOf(a.id) >= 0 && ids.indexOf(a.id) < ids.indexOf(b.id));
      assert.deepEqual(items.find((g) => g.id === b.id), b);
    });

    it('DeleteGrid returns the deleted grid, and then it is gone everywhere', async () => {
      const grid = await client().createGrid({ name: 'Doomed' });
      const deleted = await client().deleteGrid({ value: grid.id });
      assert.deepEqual(deleted, grid);
      await expectGridError(client().getGrid({ value: grid.id }), { code: Code.NotFound, message: `grid "${grid.id}" does not exist`, gridError: 10001 });
      await expectGridError(client().getFields({ gridId: grid.id }), { code: Code.NotFound, message: `grid "${grid.id}" does not exist`, gridError: 10001 });
      await expectGridError(client().deleteGrid({ value: grid.id }), { code: Code.NotFound, message: `grid "${grid.id}" does not exist`, gridError: 10001 });
      assert.ok(!(await client().listGrids({})).items.some((g) => g.id === grid.id));
    });

    it('a mutation on an unknown grid is NOT_FOUND', async () => {
      await expectGridError(client().deleteField({ gridId: 'missing', fieldId: 'f1' }), {
        code: Code.NotFound,
        message: 'grid "missing" does not exist',
        gridError: 10001,
      });
    });
  });
}
