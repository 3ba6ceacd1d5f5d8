/**
 * @module Rows over Connect (both encodings): create at the end or after a row, get, list in grid order, the one
 * block, delete, duplicate, move (MoveItem with MoveRow and MoveField), and every refusal with its exact words.
 */
import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType } from '../../../src/gen/tessera/grid/v1/field_pb.js';
import { MoveItemType } from '../../../src/gen/tessera/grid/v1/row_pb.js';
import { fieldInit, useServer } from '../../helpers/fixtures.js';
import { CONNECT_PROTOCOLS, expectGridError, gridClient, type GridClient } from '../../helpers/grid-clients.js';

async function rowIds(client: GridClient, gridId: string): Promise<string[]> {
  return (await client.listRows({ gridId })).items.map((r) => r.id);
}

async function textGrid(client: GridClient): Promise<string> {
  const grid = await client.createGrid({ name: 'g', bare: true });
  await client.insertField({ gridId: grid.id, field: fieldInit('title', 'Title', FieldType.RichText, { isPrimary: true }) });
  return grid.id;
}

async function titled(client: GridClient, gridId: string, title: string, startRowId?: string): Promise<string> {
  const changeset = await client.createRow({ gridId, cells: { title: { value: { case: 'text', value: title } } }, ...(startRowId && { oneOfStartRowId: { case: 'startRowId' as const, value: startRowId } }) });
  return changeset.insertedRows[0]!.row!.id;
}

for (const protocol of CONNECT_PROTOCOLS) {
  describe(`rows over ${protocol}`, () => {
    const ctx = useServer();
    const client = () => gridClient(ctx.url, protocol);

    it('CreateRow appends, or inserts right after start_row_id, and answers the committed changeset', async () => {
      const gridId = await textGrid(client());
      const revision = (await client().getGrid({ value: gridId })).revision;
      const first = await client().createRow({ gridId });
      assert.equal(first.revision, revision + 1n);
      assert.equal(first.gridId, gridId);
      const a = first.insertedRows[0]!;
      assert.equal(a.afterRowId, '');
      assert.equal(a.row!.height, 42);
      assert.deepEqual(a.row!.cellByFieldId, {});
      const c = await titled(client(), gridId, 'C');
      const b = await client().createRow({ gridId, oneOfStartRowId: { case: 'startRowId', value: a.row!.id }, cells: { title: { value: { case: 'text', value: 'B' } } } });
      assert.equal(b.insertedRows[0]!.afterRowId, a.row!.id);
      assert.equal(b.insertedRows[0]!.row!.cellByFieldId.title!.content, 'B');
      assert.deepEqual(await rowIds(client(), gridId), [a.row!.id, b.insertedRows[0]!.row!.id, c]);
      assert.equal((await client().getGrid({ value: gridId })).revision, revision + 3n);
    });

    it('GetRow answers the row with its cells; GetGridBlocks the one block with every row in order', async () => {
      const gridId = await textGrid(client());
      const x = await titled(client(), gridId, 'x');
      const y = await titled(client(), gridId, 'y');
      const row = await client().getRow({ gridId, rowId: y });
      assert.equal(row.id, y);
      assert.equal(row.cellByFieldId.title!.content, 'y');
      assert.equal(row.cellByFieldId.title!.data!.value.case, 'text');
      const blocks = await client().getGridBlocks({ gridId });
      assert.equal(blocks.items.length, 1);
      assert.equal(blocks.items[0]!.id, gridId);
      assert.deepEqual(blocks.items[0]!.rowOrders.map((o) => [o.rowId, o.blockId, o.height]), [
        [x, gridId, 42],
        [y, gridId, 42],
      ]);
      assert.equal((await client().getGridBlocks({ gridId, blockOrders: [{ blockId: 'other' }] })).items.length, 0);
      assert.equal((await client().getGridBlocks({ gridId, blockOrders: [{ blockId: gridId }] })).items[0]!.rowOrders.length, 2);
      await expectGridError(client().getGridBlocks({ gridId, blockOrders: [{ blockId: gridId, rowOrders: [{ rowId: x }] }] }), {
        code: Code.InvalidArgument,
        message: 'block_orders[0].row_orders must be empty: a block is read whole',
        gridError: 1000,
      });
    });

    it('DeleteRow removes the row and its cells; DuplicateRow copies the cells right after the source', async () => {
      const gridId = await textGrid(client());
      const a = await titled(client(), gridId, 'a');
      const b = await titled(client(), gridId, 'b');
      const copy = await client().duplicateRow({ gridId, rowId: a });
      const copied = copy.insertedRows[0]!;
      assert.equal(copied.afterRowId, a);
      assert.notEqual(copied.row!.id, a);
      assert.equal(copied.row!.cellByFieldId.title!.content, 'a');
      assert.deepEqual(await rowIds(client(), gridId), [a, copied.row!.id, b]);
      const deleted = await client().deleteRow({ gridId, rowId: a });
      assert.deepEqual(deleted.deletedRows, [a]);
      assert.deepEqual(await rowIds(client(), gridId), [copied.row!.id, b]);
      await expectGridError(client().getRow({ gridId, rowId: a }), { code: Code.NotFound, message: `row "${a}" does not exist in this grid`, gridError: 10012 });
      await expectGridError(client().deleteRow({ gridId, rowId: a }), { code: Code.NotFound, message: `row "${a}" does not exist in this grid`, gridError: 10012 });
    });

    it('MoveItem with MoveRow moves a row to to_index, checking from_index; with MoveField it moves a field', async () => {
      const gridId = await textGrid(client());
      const ids = [];
      for (const t of ['0', '1', '2', '3']) ids.push(await titled(client(), gridId, t));
      const moved = await client().moveItem({ gridId, itemId: ids[0]!, toIndex: 2, ty: MoveItemType.MoveRow, fromIndex: 0 });
      assert.equal(moved.change.case, 'rows');
      const rows = moved.change.value as { movedRows: { rowId: string; afterRowId: string }[]; revision: bigint };
      assert.deepEqual(rows.movedRows.map((m) => [m.rowId, m.afterRowId]), [[ids[0], ids[2]]]);
      assert.equal(moved.revision, rows.revision);
      assert.deepEqual(await rowIds(client(), gridId), [ids[1], ids[2], ids[0], ids[3]]);
      await client().moveItem({ gridId, itemId: ids[3]!, toIndex: 0, ty: MoveItemType.MoveRow });
      assert.deepEqual(await rowIds(client(), gridId), [ids[3], ids[1], ids[2], ids[0]]);
      // Moving to where it is changes nothing but still commits the (empty) move.
      await client().moveItem({ gridId, itemId: ids[0]!, toIndex: 3, ty: MoveItemType.MoveRow });
      assert.deepEqual(await rowIds(client(), gridId), [ids[3], ids[1], ids[2], ids[0]]);
      await expectGridError(client().moveItem({ gridId, itemId: ids[1]!, toIndex: 0, fromIndex: 0, ty: MoveItemType.MoveRow }), {
        code: Code.FailedPrecondition,
        message: `row "${ids[1]}" is at index 1, not at from_index 0; refetch the rows and retry`,
        gridError: 10002,
      });
      await expectGridError(client().moveItem({ gridId, itemId: ids[1]!, toIndex: 4, ty: MoveItemType.MoveRow }), {
        code: Code.OutOfRange,
        message: 'to_index 4 is out of range: the grid has 4 rows (0 to 3)',
        gridError: 10003,
      });
      await expectGridError(client().moveItem({ gridId, itemId: '', toIndex: 0, ty: MoveItemType.MoveRow }), { code: Code.InvalidArgument, message: 'item_id is empty', gridError: 1000 });

      await client().insertField({ gridId, field: fieldInit('n', 'N', FieldType.Number) });
      const field = await client().moveItem({ gridId, itemId: 'n', toIndex: 0, ty: MoveItemType.MoveField });
      assert.equal(field.change.case, 'fields');
      assert.deepEqual((await client().getFields({ gridId })).items.map((f) => f.id), ['n', 'title']);
    });

    it('refuses what names nothing: empty and malformed ids, unknown grids, rows and start rows', async () => {
      const gridId = await textGrid(client());
      await expectGridError(client().createRow({ gridId: '' }), { code: Code.InvalidArgument, message: 'grid_id is empty', gridError: 410 });
      await expectGridError(client().createRow({ gridId: 'nope' }), { code: Code.NotFound, message: 'grid "nope" does not exist', gridError: 10001 });
      await expectGridError(client().createRow({ gridId, oneOfStartRowId: { case: 'startRowId', value: 'ghost' } }), { code: Code.NotFound, message: 'row "ghost" does not exist in this grid', gridError: 10012 });
      await expectGridError(client().createRow({ gridId, oneOfStartRowId: { case: 'startRowId', value: '' } }), { code: Code.InvalidArgument, message: 'start_row_id is empty', gridError: 430 });
      await expectGridError(client().getRow({ gridId, rowId: '' }), { code: Code.InvalidArgument, message: 'row_id is empty', gridError: 430 });
      await expectGridError(client().getRow({ gridId, rowId: 'a b' }), {
        code: Code.InvalidArgument,
        message: 'row_id "a b" is not a valid id: use 1 to 64 characters from A-Z a-z 0-9 _ -',
        gridError: 1000,
      });
      await expectGridError(client().getRow({ gridId: 'nope', rowId: 'r' }), { code: Code.NotFound, message: 'grid "nope" does not exist', gridError: 10001 });
      await expectGridError(client().listRows({ gridId: 'nope' }), { code: Code.NotFound, message: 'grid "nope" does not exist', gridError: 10001 });
      await expectGridError(client().getGridBlocks({ gridId: 'nope' }), { code: Code.NotFound, message: 'grid "nope" does not exist', gridError: 10001 });
      await expectGridError(client().createRow({ gridId, cells: { ghost: { value: { case: 'text', value: 'x' } } } }), {
        code: Code.NotFound,
        message: 'cells["ghost"]: field "ghost" does not exist in this grid',
        gridError: 441,
      });
      assert.deepEqual(await rowIds(client(), gridId), []);
    });

    it('deleting the grid deletes its rows', async () => {
      const gridId = await textGrid(client());
      await titled(client(), gridId, 'a');
      await client().deleteGrid({ value: gridId });
      await expectGridError(client().listRows({ gridId }), { code: Code.NotFound, message: `grid "${gridId}" does not exist`, gridError: 10001 });
    });
  });
}
