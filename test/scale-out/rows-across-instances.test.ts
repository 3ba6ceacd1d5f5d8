/**
 * Rows on three instances sharing one PostgreSQL database: writers on every instance create rows, change cells and
 * fields at once; a WatchGrid watcher on each instance sees every change in one revision order with no gap and no
 * duplicate, and the rows end in one consistent order.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toBinary } from '@bufbuild/protobuf';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { GridChangeSchema, type GridChange } from '../../src/gen/tessera/grid/v1/row_pb.js';
import { gridClient, type GridClient, type ProtocolName } from '../helpers/grid-clients.js';
import { startInstance, type Instance } from '../helpers/instances.js';
import { removeTestData, TEST_DATABASE_URL, tempDataDir } from '../helpers/server.js';

const skip = TEST_DATABASE_URL ? false : 'needs PostgreSQL: set TESSERA_TEST_DATABASE_URL';

function collect(client: GridClient, gridId: string, count: number, signal: AbortSignal): Promise<GridChange[]> {
  return (async () => {
    const out: GridChange[] = [];
    for await (const change of client.watchGrid({ gridId, afterRevision: 0n }, { signal })) {
      out.push(change);
      if (out.length === count) break;
    }
    return out;
  })();
}

describe('rows across instances', { skip }, () => {
  const dataDir = tempDataDir();
  const instances: Instance[] = [];

  before(async () => {
    for (let i = 0; i < 3; i++) instances.push(await startInstance(dataDir));
  });

  after(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await removeTestData(dataDir);
  });

  it('orders every instance’s field and row changes in one revision sequence that every watcher sees', { timeout: 60_000 }, async () => {
    const clients = instances.map((i) => gridClient(i.url));
    const grid = await clients[0]!.createGrid({ name: 'Shared rows', bare: true });
    await clients[0]!.insertField({ gridId: grid.id, field: { id: 'title', name: 'Title', fieldType: FieldType.RichText, isPrimary: true, visibility: true } });
    const rowsPerWriter = 12;
    // Per writer: a row, a cell of it, every fourth time a field.
    const total = 1 + 3 * (rowsPerWriter * 2 + rowsPerWriter / 4);
    const controller = new AbortController();
    const protocols: ProtocolName[] = ['connect+proto', 'connect+json', 'grpc (h2c)'];
    const watchers = instances.map((instance, i) => collect(gridClient(instance.url, protocols[i]!), grid.id, total, controller.signal));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const acknowledged = await Promise.all(
      clients.map(async (client, writer) => {
        const revisions: bigint[] = [];
        for (let i = 0; i < rowsPerWriter; i++) {
          const created = await client.createRow({ gridId: grid.id });
          revisions.push(created.revision);
          const rowId = created.insertedRows[0]!.row!.id;
          const updated = await client.updateCell({ gridId: grid.id, rowId, fieldId: 'title', oneOfCellContentChangeset: { case: 'cellContentChangeset', value: `w${writer}-${i}` } });
          revisions.push(updated.revision);
          if (i % 4 === 3) revisions.push((await client.insertField({ gridId: grid.id, field: { name: `f${writer}-${i}`, fieldType: FieldType.Number } })).revision);
        }
        return revisions;
      }),
    );
    const seen = await Promise.all(watchers);
    controller.abort();

    const expected = Array.from({ length: total }, (_, i) => BigInt(i + 1));
    assert.deepEqual([1n, ...acknowledged.flat()].sort((a, b) => (a < b ? -1 : 1)), expected, 'every write got its own revision');
    const bytes = seen.map((changes) => changes.map((c) => Buffer.from(toBinary(GridChangeSchema, c)).toString('base64')));
    for (const [i, changes] of seen.entries()) assert.deepEqual(changes.map((c) => c.revision), expected, `watcher on instance ${i}`);
    assert.deepEqual(bytes[1], bytes[0]);
    assert.deepEqual(bytes[2], bytes[0]);

    // Each writer's rows were appended in its own order, interleaved with the others'.
    const listed = await clients[2]!.listRows({ gridId: grid.id, pageSize: 1000 });
    const titles = listed.items.map((r) => r.cellByFieldId.title!.content);
    assert.equal(titles.length, 3 * rowsPerWriter);
    for (let writer = 0; writer < 3; writer++) {
      assert.deepEqual(titles.filter((t) => t.startsWith(`w${writer}-`)), Array.from({ length: rowsPerWriter }, (_, i) => `w${writer}-${i}`));
    }
    assert.equal(listed.revision, BigInt(total));
    const blocks = await clients[1]!.getGridBlocks({ gridId: grid.id });
    assert.deepEqual(blocks.items[0]!.rowOrders.map((o) => o.rowId), listed.items.map((r) => r.id));
  });
});
