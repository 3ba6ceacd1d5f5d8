/**
 * @module WatchGrid: field and row changes in one revision order, replayed from a revision then live, with no gap
 * and no duplicate, over Connect and gRPC; WatchFields keeps its contract beside it (row changes are skipped, so its
 * revisions jump); deleting the grid ends both. And field changes reaching cells: deleted options, deleted and
 * duplicated fields.
 */
import { create } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType } from '../../../src/gen/tessera/grid/v1/field_pb.js';
import { CellDataSchema, type GridChange } from '../../../src/gen/tessera/grid/v1/row_pb.js';
import { MultiSelectTypeOptionSchema, SingleSelectTypeOptionSchema } from '../../../src/gen/tessera/grid/v1/type_option_pb.js';
import { encode, fieldInit, useServer } from '../../helpers/fixtures.js';
import { expectGridError, gridClient, type GridClient, type ProtocolName } from '../../helpers/grid-clients.js';

const TEST_OPTIONS = { timeout: 20_000 };
const PROTOCOLS: readonly ProtocolName[] = ['connect+proto', 'connect+json', 'grpc (h2c)'];

/** Reads `count` changes of a WatchGrid call, then ends it. */
async function take(client: GridClient, request: { gridId: string; afterRevision?: bigint }, count: number): Promise<GridChange[]> {
  const controller = new AbortController();
  const out: GridChange[] = [];
  try {
    for await (const change of client.watchGrid(request, { signal: controller.signal })) {
      out.push(change);
      if (out.length === count) break;
    }
  } finally {
    controller.abort();
  }
  return out;
}

function summary(change: GridChange): string {
  if (change.change.case === 'fields') {
    const f = change.change.value;
    return `${change.revision} fields +${f.insertedFields.map((i) => i.field!.id).join(',')} -${f.deletedFields.map((d) => d.fieldId).join(',')} ~${f.updatedFields.map((u) => u.id).join(',')}`;
  }
  const r = change.change.value!;
  return `${change.revision} rows +${r.insertedRows.length} -${r.deletedRows.length} ~${r.updatedCells.map((u) => `${u.cell!.fieldId}=${u.cell!.content}`).join(',')} >${r.movedRows.length}`;
}

for (const protocol of PROTOCOLS) {
  describe(`WatchGrid over ${protocol}`, () => {
    const ctx = useServer();
    const client = () => gridClient(ctx.url, protocol);

    it('replays field and row changes in one revision order from 0, then streams live ones', TEST_OPTIONS, async () => {
      const { id: gridId } = await client().createGrid({ name: 'w', bare: true });
      await client().insertField({ gridId, field: fieldInit('t', 'T', FieldType.RichText, { isPrimary: true }) });
      const row = (await client().createRow({ gridId })).insertedRows[0]!.row!.id;
      await client().updateCell({ gridId, rowId: row, fieldId: 't', oneOfCellContentChangeset: { case: 'cellContentChangeset', value: 'hi' } });
      await client().insertField({ gridId, field: fieldInit('n', 'N', FieldType.Number) });
      const replayed = await take(client(), { gridId, afterRevision: 0n }, 4);
      assert.deepEqual(replayed.map(summary), ['1 fields +t - ~', '2 rows +1 -0 ~ >0', '3 rows +0 -0 ~t=hi >0', '4 fields +n - ~']);
      assert.equal(replayed[1]!.change.value!.revision, 2n);

      // Live: a watcher from revision 4 sees the next changes as they commit.
      const live = take(client(), { gridId, afterRevision: 4n }, 3);
      const second = (await client().createRow({ gridId, cells: { n: create(CellDataSchema, { value: { case: 'number', value: '3' } }) } })).insertedRows[0]!.row!.id;
      await client().moveItem({ gridId, itemId: second, toIndex: 0, ty: 1 });
      await client().deleteRow({ gridId, rowId: row });
      assert.deepEqual((await live).map(summary), ['5 rows +1 -0 ~ >0', '6 rows +0 -0 ~ >1', '7 rows +0 -1 ~ >0']);
    });

    it('WatchFields keeps its contract beside row changes: only field changes, revisions jumping over rows', TEST_OPTIONS, async () => {
      const { id: gridId } = await client().createGrid({ name: 'w', bare: true });
      await client().insertField({ gridId, field: fieldInit('t', 'T') });
      await client().createRow({ gridId });
      await client().createRow({ gridId });
      await client().insertField({ gridId, field: fieldInit('u', 'U') });
      const controller = new AbortController();
      const seen: bigint[] = [];
      for await (const changeset of client().watchFields({ gridId, afterRevision: 0n }, { signal: controller.signal })) {
        seen.push(changeset.revision);
        if (seen.length === 2) break;
      }
      controller.abort();
      assert.deepEqual(seen, [1n, 4n]);
    });

    it('ends when the grid is deleted, and refuses revisions it cannot replay', TEST_OPTIONS, async () => {
      const { id: gridId } = await client().createGrid({ name: 'w', bare: true });
      await client().createRow({ gridId });
      const controller = new AbortController();
      const stream = (async () => {
        const out: GridChange[] = [];
        for await (const change of client().watchGrid({ gridId, afterRevision: 0n }, { signal: controller.signal })) out.push(change);
        return out;
      })();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await client().deleteGrid({ value: gridId });
      assert.equal((await stream).length, 1);
      await expectGridError(take(client(), { gridId, afterRevision: 0n }, 1), { code: Code.NotFound, message: `grid "${gridId}" does not exist`, gridError: 10001 });
      const { id: other } = await client().createGrid({ name: 'w', bare: true });
      await expectGridError(take(client(), { gridId: other, afterRevision: 5n }, 1), {
        code: Code.OutOfRange,
        message: `after_revision 5 is out of range: grid "${other}" is at revision 0`,
        gridError: 10004,
      });
    });
  });
}

describe('field changes reach cells', () => {
  const ctx = useServer();
  const client = () => gridClient(ctx.url);
  const options = [
    { id: 'a', name: 'A' },
    { id: 'b', name: 'B' },
  ];

  async function grid(): Promise<{ gridId: string; rows: string[] }> {
    const { id: gridId } = await client().createGrid({ name: 'c', bare: true });
    await client().insertField({ gridId, field: fieldInit('t', 'T', FieldType.RichText, { isPrimary: true }) });
    await client().insertField({ gridId, field: fieldInit('m', 'M', FieldType.MultiSelect), typeOptionData: encode(MultiSelectTypeOptionSchema, { options }) });
    await client().insertField({ gridId, field: fieldInit('s', 'S', FieldType.SingleSelect), typeOptionData: encode(SingleSelectTypeOptionSchema, { options }) });
    const rows = [];
    for (const [t, m, s] of [['x', 'a,b', 'a'], ['y', 'a', 'b'], ['z', 'b', 'a']]) {
      const row = (await client().createRow({ gridId })).insertedRows[0]!.row!.id;
      for (const [fieldId, value] of [['t', t], ['m', m], ['s', s]] as const) {
        await client().updateCell({ gridId, rowId: row, fieldId, oneOfCellContentChangeset: { case: 'cellContentChangeset', value: value! } });
      }
      rows.push(row);
    }
    return { gridId, rows };
  }

  const contents = async (gridId: string, fieldId: string) => (await client().listRows({ gridId })).items.map((r) => r.cellByFieldId[fieldId]?.content);

  it('deleting a select option removes it from every cell; a cell left with none is empty', async () => {
    const { gridId } = await grid();
    await client().updateFieldTypeOption({ gridId, fieldId: 'm', typeOptionData: encode(MultiSelectTypeOptionSchema, { options: [options[1]!] }) });
    assert.deepEqual(await contents(gridId, 'm'), ['B', undefined, 'B']);
    // Filters agree: no cell holds the deleted option any more, and the emptied one is empty.
    const empty = await client().listRows({ gridId, filters: [{ fieldId: 'm', condition: { case: 'select', value: { condition: 3 } } }] });
    assert.equal(empty.items.length, 1);
    // Another field's options and cells are its own.
    assert.deepEqual(await contents(gridId, 's'), ['A', 'B', 'A']);
  });

  it('deleting a field drops its cells; a new field with the same id starts empty', async () => {
    const { gridId } = await grid();
    await client().deleteField({ gridId, fieldId: 'm' });
    await client().insertField({ gridId, field: fieldInit('m', 'M again', FieldType.MultiSelect), typeOptionData: encode(MultiSelectTypeOptionSchema, { options }) });
    assert.deepEqual(await contents(gridId, 'm'), [undefined, undefined, undefined]);
    assert.deepEqual(await contents(gridId, 't'), ['x', 'y', 'z']);
  });

  it('duplicating a field copies its cells to the copy, which then changes on its own', async () => {
    const { gridId, rows } = await grid();
    const changeset = await client().duplicateField({ gridId, fieldId: 'm' });
    const copy = changeset.insertedFields[0]!.field!.id;
    assert.deepEqual(await contents(gridId, copy), ['A, B', 'A', 'B']);
    await client().updateCell({ gridId, rowId: rows[0]!, fieldId: copy, oneOfCellContentChangeset: { case: 'cellContentChangeset', value: 'b' } });
    assert.deepEqual(await contents(gridId, copy), ['B', 'A', 'B']);
    assert.deepEqual(await contents(gridId, 'm'), ['A, B', 'A', 'B']);
    // Filters see the copy's own options.
    const holdingA = await client().listRows({ gridId, filters: [{ fieldId: copy, condition: { case: 'select', value: { condition: 0, optionIds: ['a'] } } }] });
    assert.deepEqual(holdingA.items.map((r) => r.id), [rows[1]]);
  });
});
