/**
 * @module Every row and cell RPC over each protocol the server speaks (Connect binary and JSON, gRPC-Web binary and
 * JSON, gRPC over h2c): one scenario, the same answers on each.
 */
import { create } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType } from '../../../src/gen/tessera/grid/v1/field_pb.js';
import { CellDataSchema, MoveItemType, type GridChange } from '../../../src/gen/tessera/grid/v1/row_pb.js';
import { DateTypeOptionSchema, SingleSelectTypeOptionSchema } from '../../../src/gen/tessera/grid/v1/type_option_pb.js';
import { encode, fieldInit, useServer } from '../../helpers/fixtures.js';
import { ALL_PROTOCOLS, expectGridError, gridClient } from '../../helpers/grid-clients.js';

describe('row and cell RPCs over every protocol', () => {
  const ctx = useServer();

  for (const protocol of ALL_PROTOCOLS) {
    it(`answers each of them over ${protocol}`, { timeout: 20_000 }, async () => {
      const client = gridClient(ctx.url, protocol);
      const { id: gridId } = await client.createGrid({ name: protocol, bare: true });
      await client.insertField({ gridId, field: fieldInit('t', 'T', FieldType.RichText, { isPrimary: true }) });
      await client.insertField({ gridId, field: fieldInit('s', 'S', FieldType.SingleSelect), typeOptionData: encode(SingleSelectTypeOptionSchema, { options: [{ id: 'o', name: 'On' }] }) });
      await client.insertField({ gridId, field: fieldInit('d', 'D', FieldType.DateTime), typeOptionData: encode(DateTypeOptionSchema, { dateFormat: 2, includeTime: true, timeFormat: 1 }) });

      const a = (await client.createRow({ gridId, cells: { t: create(CellDataSchema, { value: { case: 'text', value: 'a' } }) } })).insertedRows[0]!.row!;
      const b = (await client.duplicateRow({ gridId, rowId: a.id })).insertedRows[0]!.row!;
      await client.updateCell({ gridId, rowId: b.id, fieldId: 't', oneOfCellContentChangeset: { case: 'cellContentChangeset', value: 'b' } });
      await client.updateCells({ gridId, changesets: [{ rowId: a.id, fieldId: 'd', oneOfCellContentChangeset: { case: 'cellContentChangeset', value: '86400' } }] });
      await client.updateSelectOptionCell({ cellIdentifier: { gridId, rowId: a.id, fieldId: 's' }, oneOfInsertOptionId: { case: 'insertOptionId', value: 'o' } });
      await client.updateDateCell({ cellIdentifier: { gridId, rowId: a.id, fieldId: 'd' }, oneOfTime: { case: 'time', value: '07:45' } });
      const moved = await client.moveItem({ gridId, itemId: b.id, toIndex: 0, ty: MoveItemType.MoveRow });
      assert.equal(moved.change.case, 'rows');

      const page = await client.listRows({ gridId, sorts: [{ fieldId: 't' }], pageSize: 1 });
      assert.deepEqual(page.items.map((r) => r.id), [a.id]);
      assert.notEqual(page.nextPageToken, '');
      const rest = await client.listRows({ gridId, sorts: [{ fieldId: 't' }], pageSize: 1, pageToken: page.nextPageToken });
      assert.deepEqual(rest.items.map((r) => r.id), [b.id]);
      assert.equal(rest.nextPageToken, '');

      const row = await client.getRow({ gridId, rowId: a.id });
      assert.deepEqual(Object.fromEntries(Object.entries(row.cellByFieldId).map(([id, c]) => [id, c.content])), { t: 'a', s: 'On', d: '1970-01-02 07:45' });
      assert.equal((await client.getCell({ gridId, rowId: a.id, fieldId: 'd' })).date!.timestamp, 86400n + 7n * 3600n + 45n * 60n);
      assert.deepEqual((await client.getGridBlocks({ gridId })).items[0]!.rowOrders.map((o) => o.rowId), [b.id, a.id]);

      const changes: GridChange[] = [];
      const controller = new AbortController();
      for await (const change of client.watchGrid({ gridId, afterRevision: 3n }, { signal: controller.signal })) {
        changes.push(change);
        if (changes.length === 7) break;
      }
      controller.abort();
      assert.deepEqual(changes.map((c) => [c.revision, c.change.case]), [4n, 5n, 6n, 7n, 8n, 9n, 10n].map((r) => [r, 'rows']));

      await client.deleteRow({ gridId, rowId: b.id });
      await expectGridError(client.getRow({ gridId, rowId: b.id }), { code: Code.NotFound, message: `row "${b.id}" does not exist in this grid`, gridError: 10012 });
    });
  }
});
