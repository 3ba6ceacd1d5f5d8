/**
 * Concurrent writers share commits (group commit): fired at once, their writes still get distinct consecutive
 * revisions, each answered with the changeset a watcher then sees exactly once and in order; a write that fails
 * among them answers its own error and takes no revision, while the others commit.
 */
import { toBinary } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GridFieldChangesetSchema, type GridFieldChangeset } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { replayChangesets } from '../helpers/field-mirror.js';
import { fieldInit, useServer } from '../helpers/fixtures.js';
import { expectGridError, gridClient, type GridClient, type ProtocolName } from '../helpers/grid-clients.js';

const WRITERS = 40;
/** HTTP/1.1 (a connection per call in flight) and HTTP/2 (every call on one connection). */
const PROTOCOLS: readonly ProtocolName[] = ['connect+proto', 'grpc (h2c)'];

function bytes(changeset: GridFieldChangeset): string {
  return Buffer.from(toBinary(GridFieldChangesetSchema, changeset)).toString('hex');
}

/** The grid's next `count` changesets after `afterRevision`, as a watcher receives them. */
async function watchNext(client: GridClient, gridId: string, afterRevision: bigint, count: number): Promise<GridFieldChangeset[]> {
  const controller = new AbortController();
  const seen: GridFieldChangeset[] = [];
  try {
    for await (const changeset of client.watchFields({ gridId, afterRevision }, { signal: controller.signal })) {
      seen.push(changeset);
      if (seen.length === count) break;
    }
  } finally {
    controller.abort();
  }
  return seen;
}

/** The whole history of a grid, read back from revision 0. */
async function history(client: GridClient, gridId: string): Promise<GridFieldChangeset[]> {
  const { revision } = await client.getGrid({ value: gridId });
  return watchNext(client, gridId, 0n, Number(revision));
}

/**
 * Opens a connection per call about to be made at once (HTTP/1.1 runs one call per connection), so that the calls
 * reach the server together rather than one connection set-up apart.
 */
async function warm(client: GridClient, gridId: string, calls: number): Promise<void> {
  await Promise.all(Array.from({ length: calls }, () => client.getGrid({ value: gridId })));
}

function consecutive(from: bigint, count: number): bigint[] {
  return Array.from({ length: count }, (_, i) => from + BigInt(i) + 1n);
}

for (const protocol of PROTOCOLS) {
  describe(`concurrent writes over ${protocol}`, () => {
    const ctx = useServer();
    const client = () => gridClient(ctx.url, protocol);

    it('writers of one grid get distinct consecutive revisions, and a watcher sees each answer once, in order', async () => {
      const c = client();
      const grid = await c.createGrid({ name: 'busy' });
      const [primary, second] = grid.fieldOrders.map((o) => o.fieldId);
      // Watching from the start, so the stream is live while the writes commit.
      const watched = watchNext(client(), grid.id, grid.revision, WRITERS);
      await warm(c, grid.id, WRITERS);
      const answers = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) => {
          switch (i % 4) {
            case 0:
              return c.insertField({ gridId: grid.id, field: fieldInit(`f${i}`, `Field ${i}`) });
            case 1:
              return c.updateField({ gridId: grid.id, fieldId: second!, oneOfName: { case: 'name', value: `renamed ${i}` } });
            case 2:
              return c.duplicateField({ gridId: grid.id, fieldId: primary! });
            default:
              return c.moveField({ gridId: grid.id, fieldId: second!, toIndex: i % 3 });
          }
        }),
      );
      const revisions = answers.map((a) => a.revision).sort((a, b) => (a < b ? -1 : 1));
      assert.deepEqual(revisions, consecutive(grid.revision, WRITERS));
      const stream = await watched;
      assert.deepEqual(stream.map((c) => c.revision), consecutive(grid.revision, WRITERS));
      const answered = new Map(answers.map((a) => [a.revision, bytes(a)]));
      for (const changeset of stream) assert.equal(bytes(changeset), answered.get(changeset.revision), `revision ${changeset.revision}`);
      assert.equal((await client().getGrid({ value: grid.id })).revision, grid.revision + BigInt(WRITERS));
      assert.deepEqual(replayChangesets(await history(client(), grid.id)), (await client().getFields({ gridId: grid.id })).items);
    });

    it('a write that fails among concurrent ones answers its own error and takes no revision; the others commit', async () => {
      const c = client();
      const grid = await c.createGrid({ name: 'mixed' });
      const [primary, second] = grid.fieldOrders.map((o) => o.fieldId);
      const watched = watchNext(client(), grid.id, grid.revision, WRITERS);
      await warm(c, grid.id, WRITERS + 3);
      const rename = (i: number) => c.updateField({ gridId: grid.id, fieldId: second!, oneOfName: { case: 'name', value: `name ${i}` } });
      const renames: Promise<GridFieldChangeset>[] = [];
      const failures: Promise<unknown>[] = [];
      // The failing writes go out among the others, so they share their groups.
      for (let i = 0; i < WRITERS; i++) {
        renames.push(rename(i));
        if (i === 5) {
          failures.push(
            expectGridError(c.updateField({ gridId: grid.id, fieldId: 'missing', oneOfName: { case: 'name', value: 'x' } }), {
              code: Code.NotFound,
              message: 'field "missing" does not exist in this grid',
            }),
          );
        }
        if (i === 20) failures.push(expectGridError(c.deleteField({ gridId: grid.id, fieldId: primary! }), { code: Code.FailedPrecondition, message: /primary/ }));
        if (i === 35) {
          failures.push(
            expectGridError(c.insertField({ gridId: grid.id, field: fieldInit('p2', 'Second primary', undefined, { isPrimary: true }) }), {
              code: Code.FailedPrecondition,
              message: /already has a primary field/,
            }),
          );
        }
      }
      const [answers] = await Promise.all([Promise.all(renames), Promise.all(failures)]);
      assert.deepEqual(answers.map((a) => a.revision).sort((a, b) => (a < b ? -1 : 1)), consecutive(grid.revision, WRITERS));
      const stream = await watched;
      assert.deepEqual(stream.map((c) => c.revision), consecutive(grid.revision, WRITERS));
      const after = await client().getGrid({ value: grid.id });
      assert.equal(after.revision, grid.revision + BigInt(WRITERS));
      assert.deepEqual(after.fieldOrders.map((o) => o.fieldId), grid.fieldOrders.map((o) => o.fieldId));
      // The field's name is the one the last revision gave it.
      const last = stream.at(-1)!.updatedFields[0]!;
      assert.equal((await client().getFields({ gridId: grid.id, fieldOrders: { items: [{ fieldId: second! }] } })).items[0]!.name, last.name);
    });

    it('writes to several grids at once each follow their own grid’s revisions; a missing grid fails alone', async () => {
      const c = client();
      const grids = await Promise.all([0, 1, 2].map((g) => c.createGrid({ name: `g${g}` })));
      await warm(c, grids[0]!.id, WRITERS + 1);
      const writes = Array.from({ length: WRITERS }, (_, i) => {
        const grid = grids[i % grids.length]!;
        return c.insertField({ gridId: grid.id, field: fieldInit(`f${i}`, `Field ${i}`) });
      });
      const missing = expectGridError(c.insertField({ gridId: 'no-such-grid', field: fieldInit('x', 'X') }), {
        code: Code.NotFound,
        message: 'grid "no-such-grid" does not exist',
      });
      const [answers] = await Promise.all([Promise.all(writes), missing]);
      for (const grid of grids) {
        const own = answers.filter((a) => a.gridId === grid.id).map((a) => a.revision).sort((a, b) => (a < b ? -1 : 1));
        assert.deepEqual(own, consecutive(grid.revision, own.length));
        const stored = await history(client(), grid.id);
        assert.deepEqual(replayChangesets(stored), (await client().getFields({ gridId: grid.id })).items);
        assert.equal(stored.length, 1 + own.length);
      }
    });
  });
}
