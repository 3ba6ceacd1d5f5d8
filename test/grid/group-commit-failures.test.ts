/**
 * A store failure inside a group of grid writes (which no request can provoke through the API) fails only the
 * write that causes it: the group rolls back and each write is tried alone. A failed commit is not retried, since it
 * may have committed: every write of that group answers the error.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { create } from '@bufbuild/protobuf';
import { FieldChangesetPayloadSchema, QueryFieldPayloadSchema, type GridFieldChangeset } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { GridService, gridMigrations, KyselyGridRepository, type GridEvent } from '../../src/grid/index.js';
import type { GridRepository, GridWriter } from '../../src/grid/grid-repository.js';
import { systemClock } from '../../src/platform/clock.js';
import { randomId } from '../../src/platform/ids.js';
import { LocalNotifier } from '../../src/platform/notifier.js';
import { migrateToLatest } from '../../src/platform/store/migrate.js';
import { openSqliteStore } from '../../src/platform/store/sqlite/sqlite-store.js';

const POISON = 'poison';

interface Faults {
  commit?: Error;
  /** Transactions begun. */
  transactions: number;
}

/** `target` with some of its methods replaced; the others stay bound to it (they use its private fields). */
function overriding<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (property in overrides) return overrides[property as keyof T];
      const value = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** The real repository, except that recording a changeset that names POISON fails, and so may each commit. */
function faultyRepository(real: GridRepository, faults: Faults): GridRepository {
  return overriding(real, {
    transaction<T>(work: (tx: GridWriter) => Promise<T>): Promise<T> {
      faults.transactions++;
      return real.transaction(async (tx) => {
        const faulty = overriding(tx, {
          appendChangesets(gridId, changesets, committedAt, retain) {
            if (changesets.some((c) => Buffer.from(c.data).includes(POISON))) return Promise.reject(new Error('the store refused the row'));
            return tx.appendChangesets(gridId, changesets, committedAt, retain);
          },
        });
        const result = await work(faulty);
        if (faults.commit) throw faults.commit;
        return result;
      });
    },
  });
}

async function service(faults: Faults, soleWriter: boolean) {
  const store = openSqliteStore(':memory:');
  await migrateToLatest(store, [gridMigrations]);
  const notifier = new LocalNotifier<GridEvent>();
  const published: bigint[] = [];
  const grids = new GridService({
    repository: faultyRepository(new KyselyGridRepository(store.db), faults),
    notifier,
    clock: systemClock,
    newId: randomId,
    historyRetention: 100,
    soleWriter,
  });
  const grid = await grids.createGrid({ $typeName: 'tessera.grid.v1.CreateGridPayload', name: 'g', bare: false });
  notifier.subscribe(`grid:${grid.id}`, (event) => {
    if (event.kind === 'changeset') published.push(event.revision);
  });
  const rename = (name: string) =>
    grids.updateField(create(FieldChangesetPayloadSchema, { gridId: grid.id, fieldId: grid.fieldOrders[1]!.fieldId, oneOfName: { case: 'name', value: name } }));
  /** The renamed field's name as the store holds it, read by a repository of its own. */
  const storedName = async () => (await new KyselyGridRepository(store.db).loadFieldRecords(grid.id))[1]!.field.name;
  return { grids, grid, rename, storedName, published, close: () => store.close() };
}

// Where the service is the store's sole writer, writes start from the records it last committed (committed-records.ts):
// a failure must not leave it starting from records the store does not hold.
for (const soleWriter of [false, true]) describe(`store failures in a group of grid writes${soleWriter ? ', the sole writer' : ''}`, () => {
  it('a write the store refuses fails alone; the others of its group commit with consecutive revisions', async () => {
    const { grids, grid, rename, storedName, published, close } = await service({ transactions: 0 }, soleWriter);
    try {
      // Submitted in one turn of the event loop, so they share one group.
      const results = await Promise.allSettled(['a', 'b', POISON, 'c', 'd'].map(rename));
      assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      assert.match(String((results[2] as PromiseRejectedResult).reason), /the store refused the row/);
      const revisions = results.flatMap((r) => (r.status === 'fulfilled' ? [(r.value as GridFieldChangeset).revision] : []));
      assert.deepEqual(revisions, [2n, 3n, 4n, 5n]);
      assert.deepEqual(published, [2n, 3n, 4n, 5n]);
      assert.equal((await grids.getGrid(grid.id)).revision, 5n);
      assert.equal(await storedName(), 'd');
      assert.equal((await rename('e')).revision, 6n);
      assert.equal(await storedName(), 'e');
      assert.equal((await grids.getFields(create(QueryFieldPayloadSchema, { gridId: grid.id }))).items[1]!.name, 'e');
    } finally {
      await close();
    }
  });

  it('a failed commit fails every write of its group, and none is tried again', async () => {
    const faults: Faults = { transactions: 0 };
    const { grids, grid, rename, storedName, published, close } = await service(faults, soleWriter);
    // Known at its revision before the failure, where the sole writer keeps what it committed.
    assert.equal((await rename('before')).revision, 2n);
    published.length = 0;
    faults.commit = new Error('the commit failed');
    faults.transactions = 0;
    try {
      const results = await Promise.allSettled(['a', 'b', 'c'].map(rename));
      assert.deepEqual(results.map((r) => r.status === 'rejected' && String(r.reason)), ['Error: the commit failed', 'Error: the commit failed', 'Error: the commit failed']);
      assert.equal(faults.transactions, 1);
      assert.deepEqual(published, []);
      delete faults.commit;
      assert.equal((await grids.getGrid(grid.id)).revision, 2n);
      assert.equal(await storedName(), 'before');
      assert.equal((await rename('e')).revision, 3n);
      assert.equal(await storedName(), 'e');
    } finally {
      await close();
    }
  });
});
