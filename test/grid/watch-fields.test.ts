import { equals, toJson } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  FieldSchema,
  FieldType,
  GridFieldChangesetSchema,
  type Field,
  type GridFieldChangeset,
} from '../../src/gen/tessera/grid/v1/field_pb.js';
import { expectGridError, gridClient, type GridClient, type ProtocolName } from '../helpers/grid-clients.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Watchers run over both Connect encodings and over gRPC (h2c). */
const WATCH_PROTOCOLS: readonly ProtocolName[] = ['connect+proto', 'connect+json', 'grpc (h2c)'];

/** Every stream not closed yet, so the suites can close them even after a failed or timed-out test. */
const openWatches = new Set<Watch>();

async function closeAllWatches(): Promise<void> {
  await Promise.all([...openWatches].map((w) => w.close()));
}

/** A bound on each test: a regression that stalls a stream fails that test instead of hanging the run. */
const TEST_OPTIONS = { timeout: 20_000 };

/**
 * One WatchFields stream read item by item. The Connect client's iterator has no `return()`, so the
 * only way to end the call is to abort its signal, which `close()` does.
 */
class Watch {
  readonly #controller = new AbortController();
  readonly #items: AsyncIterator<GridFieldChangeset>;
  #closed = false;

  constructor(client: GridClient, request: { gridId: string; afterRevision?: bigint }) {
    this.#items = client.watchFields(request, { signal: this.#controller.signal })[Symbol.asyncIterator]();
    openWatches.add(this);
  }

  /** Exactly the next `count` changesets; fails if the stream ends first. */
  async take(count: number): Promise<GridFieldChangeset[]> {
    const out: GridFieldChangeset[] = [];
    while (out.length < count) {
      const next = await this.#items.next();
      if (next.done) assert.fail(`the stream ended after ${out.length} of ${count} changesets`);
      out.push(next.value);
    }
    return out;
  }

  /** Reads until the server ends the stream; rejects if it ends with an error. */
  async rest(): Promise<GridFieldChangeset[]> {
    const out: GridFieldChangeset[] = [];
    for (;;) {
      const next = await this.#items.next();
      if (next.done) return out;
      out.push(next.value);
    }
  }

  /** Aborts the call and waits until the client has let go of it. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    openWatches.delete(this);
    this.#controller.abort();
    for (;;) {
      try {
        if ((await this.#items.next()).done) return;
      } catch {
        return;
      }
    }
  }
}

/** Reads a whole stream; for expectGridError, which awaits the failure. */
async function drain(client: GridClient, request: { gridId: string; afterRevision?: bigint }): Promise<number> {
  const watch = new Watch(client, request);
  try {
    return (await watch.rest()).length;
  } finally {
    await watch.close();
  }
}

/** Runs `body` with watches that are always closed afterwards, even when an assertion fails. */
async function withWatches<T>(body: (open: (client: GridClient, request: { gridId: string; afterRevision?: bigint }) => Watch) => Promise<T>): Promise<T> {
  const opened: Watch[] = [];
  try {
    return await body((client, request) => {
      const watch = new Watch(client, request);
      opened.push(watch);
      return watch;
    });
  } finally {
    await Promise.all(opened.map((w) => w.close()));
  }
}

/** Applies a changeset as AppFlowy's GridFieldCache does (research §5): delete → insert at index → update by id. */
function applyChangeset(fields: readonly Field[], changeset: GridFieldChangeset): Field[] {
  const deleted = new Set(changeset.deletedFields.map((d) => d.fieldId));
  const next = fields.filter((f) => !deleted.has(f.id));
  for (const inserted of changeset.insertedFields) {
    assert.ok(inserted.field, 'an inserted field carries its field');
    if (inserted.index < next.length) next.splice(inserted.index, 0, inserted.field);
    else next.push(inserted.field);
  }
  return next.map((f) => changeset.updatedFields.find((u) => u.id === f.id) ?? f);
}

function applyAll(fields: readonly Field[], changesets: readonly GridFieldChangeset[]): Field[] {
  return changesets.reduce<Field[]>((acc, cs) => applyChangeset(acc, cs), [...fields]);
}

function assertSameFields(actual: readonly Field[], expected: readonly Field[]): void {
  assert.deepEqual(
    actual.map((f) => toJson(FieldSchema, f)),
    expected.map((f) => toJson(FieldSchema, f)),
  );
  actual.forEach((f, i) => assert.ok(equals(FieldSchema, f, expected[i]!), `field ${i} (${f.id}) is equal`));
}

function assertSameChangesets(actual: readonly GridFieldChangeset[], expected: readonly GridFieldChangeset[]): void {
  assert.deepEqual(
    actual.map((c) => c.revision),
    expected.map((c) => c.revision),
    'revisions',
  );
  actual.forEach((c, i) => {
    assert.ok(
      equals(GridFieldChangesetSchema, c, expected[i]!),
      `changeset at revision ${c.revision} is equal:\n${JSON.stringify(toJson(GridFieldChangesetSchema, c))}\n${JSON.stringify(toJson(GridFieldChangesetSchema, expected[i]!))}`,
    );
  });
}

function revisionsFrom(first: bigint, count: number): bigint[] {
  return Array.from({ length: count }, (_, i) => first + BigInt(i));
}

/** A mutation that needs no setup: appends a RichText field named `name`. */
function appendField(client: GridClient, gridId: string, name: string): Promise<GridFieldChangeset> {
  return client.insertField({ gridId, field: { name, fieldType: FieldType.RichText } });
}

describe('WatchFields', () => {
  let server: TestServer;
  let client: GridClient;
  before(async () => {
    server = await startTestServer();
    client = gridClient(server.url, 'connect+proto');
  });
  after(async () => {
    await closeAllWatches();
    await server.dispose();
  });

  it('gives concurrent watchers (Connect binary, Connect JSON, gRPC) the same changesets, in revision order, equal to what the mutations returned', TEST_OPTIONS, async () => {
    const grid = await client.createGrid({ name: 'Two watchers' });
    const [nameField, typeField, doneField] = grid.fieldOrders.map((o) => o.fieldId);
    await withWatches(async (open) => {
      // Explicit after_revision: whatever is committed before a watcher subscribes is replayed, so no timing matters.
      const watchers = [
        open(gridClient(server.url, 'connect+proto'), { gridId: grid.id, afterRevision: grid.revision }),
        open(gridClient(server.url, 'connect+json'), { gridId: grid.id, afterRevision: grid.revision }),
        open(gridClient(server.url, 'grpc (h2c)'), { gridId: grid.id, afterRevision: grid.revision }),
      ];
      const returned: GridFieldChangeset[] = [];
      returned.push(await client.insertField({ gridId: grid.id, field: { name: 'Amount', fieldType: FieldType.Number }, oneOfStartFieldId: { case: 'startFieldId', value: doneField! } }));
      returned.push(await client.updateField({ gridId: grid.id, fieldId: typeField!, oneOfName: { case: 'name', value: 'Kind' }, oneOfWidth: { case: 'width', value: 222 } }));
      returned.push(await client.moveField({ gridId: grid.id, fieldId: doneField!, toIndex: 0 }));
      const amountId = returned[0]!.insertedFields[0]!.field!.id;
      returned.push(await client.duplicateField({ gridId: grid.id, fieldId: amountId }));
      returned.push(await client.deleteField({ gridId: grid.id, fieldId: amountId }));
      await client.switchToField({ gridId: grid.id, fieldId: nameField!, fieldType: FieldType.URL });
      await client.getFieldTypeOption({ gridId: grid.id, fieldId: 'newFieldViaOption', fieldType: FieldType.DateTime, createIfNotExist: true });
      // SwitchToField and GetFieldTypeOption answer with the option, not the changeset; a replay gives theirs.
      const all = await open(client, { gridId: grid.id, afterRevision: grid.revision }).take(7);
      returned.push(all[5]!, all[6]!);
      assert.deepEqual(
        returned.map((c) => c.revision),
        revisionsFrom(2n, 7),
      );
      assert.equal(all[5]!.updatedFields[0]!.fieldType, FieldType.URL);
      assert.equal(all[6]!.insertedFields[0]!.field!.id, 'newFieldViaOption');
      assertSameChangesets(all, returned);

      const seen = await Promise.all(watchers.map((w) => w.take(returned.length)));
      for (const changesets of seen) assertSameChangesets(changesets, returned);
      for (const changeset of seen[0]!) assert.equal(changeset.gridId, grid.id);

      // Nothing extra was queued in between, not even another grid's change: the next item each watcher
      // gets is this grid's next revision.
      const other = await client.createGrid({ name: 'Someone else' });
      await appendField(client, other.id, 'Not yours');
      const next = await appendField(client, grid.id, 'Later');
      assert.equal(next.revision, 9n);
      for (const watcher of watchers) assertSameChangesets(await watcher.take(1), [next]);

      const fields = await client.getFields({ gridId: grid.id });
      const initial = await open(client, { gridId: grid.id, afterRevision: 0n }).take(1);
      assertSameFields(fields.items, applyAll([], [...initial, ...returned, next]));
    });
  });

  for (const protocol of WATCH_PROTOCOLS) {
    it(`resumes after an aborted stream with no gap and no duplicate over ${protocol}`, TEST_OPTIONS, async () => {
      const watchClient = gridClient(server.url, protocol);
      const grid = await client.createGrid({ name: `Resume over ${protocol}` });
      const returned: GridFieldChangeset[] = [];
      for (let i = 0; i < 5; i++) returned.push(await appendField(client, grid.id, `Before ${i}`));

      let lastSeen: bigint;
      await withWatches(async (open) => {
        const first = open(watchClient, { gridId: grid.id, afterRevision: grid.revision });
        const read = await first.take(3);
        assertSameChangesets(read, returned.slice(0, 3));
        lastSeen = read.at(-1)!.revision;
        // Aborted mid-way: two committed changesets are still unread on this stream.
        await first.close();
      });
      assert.equal(lastSeen!, 4n);

      for (let i = 0; i < 3; i++) returned.push(await appendField(client, grid.id, `While away ${i}`));

      await withWatches(async (open) => {
        const resumed = open(watchClient, { gridId: grid.id, afterRevision: lastSeen });
        const missed = await resumed.take(5);
        assertSameChangesets(missed, returned.slice(3));
        assert.deepEqual(
          missed.map((c) => c.revision),
          revisionsFrom(5n, 5),
        );
        // Then live ones, each as it is committed.
        for (let i = 0; i < 3; i++) {
          const live = await appendField(client, grid.id, `Live ${i}`);
          assertSameChangesets(await resumed.take(1), [live]);
          returned.push(live);
        }
      });
      assert.deepEqual(
        returned.map((c) => c.revision),
        revisionsFrom(2n, 11),
      );
      const fields = await client.getFields({ gridId: grid.id });
      assert.deepEqual(
        fields.items.map((f) => f.name),
        ['Name', 'Type', 'Done', 'Before 0', 'Before 1', 'Before 2', 'Before 3', 'Before 4', 'While away 0', 'While away 1', 'While away 2', 'Live 0', 'Live 1', 'Live 2'],
      );
    });
  }

  it('sees every revision of concurrent writers exactly once and in order, and the changesets rebuild the fields', TEST_OPTIONS, async () => {
    const grid = await client.createGrid({ name: 'Concurrent writers' });
    const [, typeField, doneField] = grid.fieldOrders.map((o) => o.fieldId);
    const writers: readonly ProtocolName[] = ['connect+proto', 'connect+json', 'grpc-web+proto', 'grpc (h2c)'];
    const callsPerWriter = 10;
    const total = writers.length * callsPerWriter;

    await withWatches(async (open) => {
      const watchers = WATCH_PROTOCOLS.map((protocol) => open(gridClient(server.url, protocol), { gridId: grid.id, afterRevision: 1n }));
      const pending = watchers.map((w) => w.take(total));

      const returned = await Promise.all(
        writers.flatMap((protocol, w) => {
          const writer = gridClient(server.url, protocol);
          return Array.from({ length: callsPerWriter }, (_, j) => {
            if (j % 2 === 0) {
              return writer.insertField({
                gridId: grid.id,
                field: { name: `W${w} #${j}`, fieldType: j % 4 === 0 ? FieldType.Number : FieldType.RichText },
                ...(j % 4 === 0 && { oneOfStartFieldId: { case: 'startFieldId' as const, value: doneField! } }),
              });
            }
            return writer.updateField({
              gridId: grid.id,
              fieldId: j % 3 === 0 ? doneField! : typeField!,
              oneOfName: { case: 'name', value: `Renamed by W${w} #${j}` },
              oneOfWidth: { case: 'width', value: 100 + w * 10 + j },
            });
          });
        }),
      );

      const byRevision = [...returned].sort((a, b) => (a.revision < b.revision ? -1 : a.revision > b.revision ? 1 : 0));
      assert.deepEqual(
        byRevision.map((c) => c.revision),
        revisionsFrom(2n, total),
        'every mutation got its own revision',
      );

      const seen = await Promise.all(pending);
      for (const changesets of seen) {
        assert.deepEqual(
          changesets.map((c) => c.revision),
          revisionsFrom(2n, total),
          'strictly consecutive, each once',
        );
        assertSameChangesets(changesets, byRevision);
      }

      // No duplicate was queued behind them.
      const next = await appendField(client, grid.id, 'After the storm');
      assert.equal(next.revision, BigInt(total + 2));
      for (const watcher of watchers) assertSameChangesets(await watcher.take(1), [next]);

      const fields = (await client.getFields({ gridId: grid.id })).items;
      const [initial] = await open(client, { gridId: grid.id, afterRevision: 0n }).take(1);
      assert.equal(initial!.revision, 1n);
      assertSameFields(fields, applyAll([], [initial!, ...seen[0]!, next]));
      assert.equal(fields.length, 3 + writers.length * (callsPerWriter / 2) + 1);
      assert.equal((await client.getGrid({ value: grid.id })).revision, BigInt(total + 2));
    });
  });

  it('replays from 0 to rebuild the default fields: revision 1 inserts Name, Type and Done', TEST_OPTIONS, async () => {
    const grid = await client.createGrid({ name: 'Replay' });
    assert.equal(grid.revision, 1n);
    await withWatches(async (open) => {
      for (const protocol of WATCH_PROTOCOLS) {
        const [first] = await open(gridClient(server.url, protocol), { gridId: grid.id, afterRevision: 0n }).take(1);
        assert.equal(first!.revision, 1n);
        assert.equal(first!.gridId, grid.id);
        assert.deepEqual(first!.deletedFields, []);
        assert.deepEqual(first!.updatedFields, []);
        assert.deepEqual(
          first!.insertedFields.map((i) => [i.index, i.field!.name, i.field!.fieldType, i.field!.isPrimary]),
          [
            [0, 'Name', FieldType.RichText, true],
            [1, 'Type', FieldType.SingleSelect, false],
            [2, 'Done', FieldType.Checkbox, false],
          ],
        );
        const fields = await client.getFields({ gridId: grid.id });
        assertSameFields(applyAll([], [first!]), fields.items);
      }
    });

    // A bare grid starts at revision 0 with no history; its first change is revision 1.
    const bare = await client.createGrid({ name: 'Bare replay', bare: true });
    assert.equal(bare.revision, 0n);
    await withWatches(async (open) => {
      const watch = open(client, { gridId: bare.id, afterRevision: 0n });
      const inserted = await appendField(client, bare.id, 'Only');
      assert.equal(inserted.revision, 1n);
      assertSameChangesets(await watch.take(1), [inserted]);
    });
  });

  it('replays a history longer than one read of the store, then goes live', TEST_OPTIONS, async () => {
    const grid = await client.createGrid({ name: 'Long history' });
    const [, typeField] = grid.fieldOrders.map((o) => o.fieldId);
    const changes = 300;
    for (let start = 0; start < changes; start += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, changes - start) }, (_, i) =>
          client.updateField({ gridId: grid.id, fieldId: typeField!, oneOfWidth: { case: 'width', value: 100 + start + i } }),
        ),
      );
    }
    const revision = BigInt(changes + 1);
    assert.equal((await client.getGrid({ value: grid.id })).revision, revision);
    await withWatches(async (open) => {
      const watch = open(gridClient(server.url, 'connect+proto'), { gridId: grid.id, afterRevision: 0n });
      const replayed = await watch.take(changes + 1);
      assert.deepEqual(
        replayed.map((c) => c.revision),
        revisionsFrom(1n, changes + 1),
      );
      const live = await appendField(client, grid.id, 'After the replay');
      assertSameChangesets(await watch.take(1), [live]);
      assertSameFields(applyAll([], [...replayed, live]), (await client.getFields({ gridId: grid.id })).items);
    });
  });

  for (const protocol of WATCH_PROTOCOLS) {
    it(`ends the stream cleanly when the grid is deleted over ${protocol}`, TEST_OPTIONS, async () => {
      const watchClient = gridClient(server.url, protocol);
      const grid = await client.createGrid({ name: `Deleted over ${protocol}` });
      await withWatches(async (open) => {
        const watch = open(watchClient, { gridId: grid.id, afterRevision: 0n });
        // Once the first item arrives the server is subscribed, so the deletion cannot be missed.
        assert.equal((await watch.take(1))[0]!.revision, 1n);
        const live = await appendField(client, grid.id, 'Last words');
        const deleted = await client.deleteGrid({ value: grid.id });
        assert.equal(deleted.id, grid.id);
        const rest = await watch.rest();
        assertSameChangesets(rest, [live]);
      });
      await expectGridError(client.getGrid({ value: grid.id }), {
        code: Code.NotFound,
        message: `grid ${JSON.stringify(grid.id)} does not exist`,
        gridError: 10001,
      });
      await expectGridError(drain(watchClient, { gridId: grid.id, afterRevision: 0n }), {
        code: Code.NotFound,
        message: `grid ${JSON.stringify(grid.id)} does not exist`,
        gridError: 10001,
      });
    });
  }
});

describe('WatchFields errors', () => {
  let server: TestServer;
  let gridId: string;
  before(async () => {
    server = await startTestServer({ historyRetention: 3 });
    const client = gridClient(server.url);
    const grid = await client.createGrid({ name: 'Short memory' });
    gridId = grid.id;
    for (let i = 0; i < 10; i++) await appendField(client, gridId, `Change ${i}`);
    assert.equal((await client.getGrid({ value: gridId })).revision, 11n);
  });
  after(async () => {
    await closeAllWatches();
    await server.dispose();
  });

  for (const protocol of WATCH_PROTOCOLS) {
    it(`reports NOT_FOUND, OUT_OF_RANGE and INVALID_ARGUMENT over ${protocol}`, TEST_OPTIONS, async () => {
      const client = gridClient(server.url, protocol);
      await expectGridError(drain(client, { gridId: 'noSuchGrid', afterRevision: 0n }), {
        code: Code.NotFound,
        message: 'grid "noSuchGrid" does not exist',
        gridError: 10001,
      });
      await expectGridError(drain(client, { gridId: 'noSuchGrid' }), {
        code: Code.NotFound,
        message: 'grid "noSuchGrid" does not exist',
        gridError: 10001,
      });
      await expectGridError(drain(client, { gridId, afterRevision: 12n }), {
        code: Code.OutOfRange,
        message: `after_revision 12 is out of range: grid ${JSON.stringify(gridId)} is at revision 11`,
        gridError: 10004,
      });
      await expectGridError(drain(client, { gridId, afterRevision: -1n }), {
        code: Code.OutOfRange,
        message: `after_revision -1 is out of range: grid ${JSON.stringify(gridId)} is at revision 11`,
        gridError: 10004,
      });
      for (const old of [0n, 1n, 7n]) {
        await expectGridError(drain(client, { gridId, afterRevision: old }), {
          code: Code.OutOfRange,
          message: `after_revision ${old} is older than the history grid ${JSON.stringify(gridId)} retains; fetch the fields again and watch from the grid's current revision`,
          gridError: 10004,
        });
      }
      await expectGridError(drain(client, { gridId: '', afterRevision: 0n }), {
        code: Code.InvalidArgument,
        message: 'grid_id is empty',
        gridError: 410,
      });
      await expectGridError(drain(client, { gridId: '   ' }), {
        code: Code.InvalidArgument,
        message: 'grid_id is empty',
        gridError: 410,
      });
      await expectGridError(drain(client, { gridId: 'not/an id' }), {
        code: Code.InvalidArgument,
        message: 'grid_id "not/an id" is not a valid id: use 1 to 64 characters from A-Z a-z 0-9 _ -',
        gridError: 1000,
      });
    });
  }

  it('still replays the retained history at its oldest edge', TEST_OPTIONS, async () => {
    const client = gridClient(server.url, 'connect+json');
    await withWatches(async (open) => {
      const watch = open(client, { gridId, afterRevision: 8n });
      const replayed = await watch.take(3);
      assert.deepEqual(
        replayed.map((c) => c.revision),
        [9n, 10n, 11n],
      );
      assert.deepEqual(
        replayed.map((c) => c.insertedFields[0]!.field!.name),
        ['Change 7', 'Change 8', 'Change 9'],
      );
      // Watching from the current revision is always allowed, and sees what comes next.
      const current = open(client, { gridId, afterRevision: 11n });
      const next = await appendField(gridClient(server.url), gridId, 'Change 10');
      assertSameChangesets(await current.take(1), [next]);
      assertSameChangesets(await watch.take(1), [next]);
    });
  });
});
