/**
 * Grid fields on three instances sharing one PostgreSQL database: a watcher on any instance sees the changesets
 * committed on every instance in revision order, with no gap and no duplicate; concurrent writers on different
 * instances lose no update and never break revisions or field positions.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toBinary } from '@bufbuild/protobuf';
import pg from 'pg';
import { FieldType, GridFieldChangesetSchema, type GridFieldChangeset } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { gridClient, type GridClient } from '../helpers/grid-clients.js';
import { startInstance, type Instance } from '../helpers/instances.js';
import { removeTestData, TEST_DATABASE_URL, tempDataDir, testDatabaseUrl } from '../helpers/server.js';

const skip = TEST_DATABASE_URL ? false : 'needs PostgreSQL: set TESSERA_TEST_DATABASE_URL';

/** Collects a watch stream's changesets until it has `count` of them. */
function collect(client: GridClient, gridId: string, count: number, signal: AbortSignal): Promise<GridFieldChangeset[]> {
  return (async () => {
    const out: GridFieldChangeset[] = [];
    for await (const changeset of client.watchFields({ gridId, afterRevision: 0n }, { signal })) {
      out.push(changeset);
      if (out.length === count) break;
    }
    return out;
  })();
}

describe('grid fields across instances', { skip }, () => {
  const dataDir = tempDataDir();
  const instances: Instance[] = [];
  let db: pg.Client;

  before(async () => {
    // One at a time, so the first applies the migrations the others then find done.
    for (let i = 0; i < 3; i++) instances.push(await startInstance(dataDir));
    db = new pg.Client({ connectionString: await testDatabaseUrl(dataDir) });
    await db.connect();
  });

  after(async () => {
    await db?.end();
    await Promise.all(instances.map((i) => i.stop()));
    await removeTestData(dataDir);
  });

  async function positions(gridId: string): Promise<number[]> {
    const { rows } = await db.query<{ position: number }>('select position from grid_fields where grid_id = $1 order by position', [gridId]);
    return rows.map((r) => r.position);
  }

  async function storedRevisions(gridId: string): Promise<number[]> {
    const { rows } = await db.query<{ revision: string }>('select revision from grid_changesets where grid_id = $1 order by revision', [gridId]);
    return rows.map((r) => Number(r.revision));
  }

  it('delivers every instance’s changesets to watchers on every instance, in revision order, without gap or duplicate', async () => {
    const clients = instances.map((i) => gridClient(i.url));
    const grid = await clients[0]!.createGrid({ name: 'Shared', bare: true });
    const perWriter = 25;
    const total = perWriter * instances.length;
    const controller = new AbortController();
    // A watcher on each instance, over a different protocol each, all started before the writes.
    const watchers = [gridClient(instances[0]!.url, 'connect+proto'), gridClient(instances[1]!.url, 'connect+json'), gridClient(instances[2]!.url, 'grpc (h2c)')].map(
      (client) => collect(client, grid.id, total, controller.signal),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const acknowledged = await Promise.all(
      clients.map(async (client, writer) => {
        const revisions: bigint[] = [];
        for (let i = 0; i < perWriter; i++) {
          const changeset = await client.insertField({ gridId: grid.id, field: { name: `w${writer}-${i}`, fieldType: FieldType.RichText } });
          revisions.push(changeset.revision);
        }
        return revisions;
      }),
    );
    const seen = await Promise.all(watchers);
    controller.abort();

    const expected = Array.from({ length: total }, (_, i) => BigInt(i + 1));
    assert.deepEqual(acknowledged.flat().sort((a, b) => (a < b ? -1 : 1)), expected, 'every write got its own revision');
    for (const [i, changesets] of seen.entries()) {
      assert.deepEqual(changesets.map((c) => c.revision), expected, `watcher on instance ${i}`);
    }
    // Every watcher got the very same changesets, byte for byte.
    const bytes = seen.map((changesets) => changesets.map((c) => Buffer.from(toBinary(GridFieldChangesetSchema, c)).toString('base64')));
    assert.deepEqual(bytes[1], bytes[0]);
    assert.deepEqual(bytes[2], bytes[0]);

    const names = (await clients[2]!.getFields({ gridId: grid.id })).items.map((f) => f.name);
    assert.equal(names.length, total);
    for (let writer = 0; writer < 3; writer++) {
      const own = names.filter((n) => n.startsWith(`w${writer}-`));
      assert.deepEqual(own, Array.from({ length: perWriter }, (_, i) => `w${writer}-${i}`), 'each writer’s fields keep its order');
    }
    assert.deepEqual(await positions(grid.id), Array.from({ length: total }, (_, i) => i));
    assert.deepEqual(await storedRevisions(grid.id), expected.map(Number));
  });

  it('keeps every concurrent rename and move from three instances, with contiguous positions', async () => {
    const clients = instances.map((i) => gridClient(i.url));
    const grid = await clients[0]!.createGrid({ name: 'Contended', bare: true });
    const fieldsPerWriter = 4;
    const ids: string[][] = [];
    for (let writer = 0; writer < 3; writer++) {
      ids.push([]);
      for (let i = 0; i < fieldsPerWriter; i++) {
        const changeset = await clients[writer]!.insertField({ gridId: grid.id, field: { name: `f${writer}-${i}`, fieldType: FieldType.Number } });
        ids[writer]!.push(changeset.insertedFields[0]!.field!.id);
      }
    }
    const base = BigInt(3 * fieldsPerWriter);
    const rounds = 15;
    await Promise.all(
      clients.map(async (client, writer) => {
        for (let round = 0; round < rounds; round++) {
          const fieldId = ids[writer]![round % fieldsPerWriter]!;
          await client.updateField({ gridId: grid.id, fieldId, oneOfName: { case: 'name', value: `f${writer}-${round % fieldsPerWriter}-r${round}` } });
          await client.moveField({ gridId: grid.id, fieldId, toIndex: (round * 5 + writer) % (3 * fieldsPerWriter) });
        }
      }),
    );
    const after = await clients[1]!.getGrid({ value: grid.id });
    assert.equal(after.revision, base + BigInt(3 * rounds * 2), 'every acknowledged write made exactly one revision');
    const fields = (await clients[2]!.getFields({ gridId: grid.id })).items;
    assert.equal(fields.length, 3 * fieldsPerWriter);
    for (let writer = 0; writer < 3; writer++) {
      for (let i = 0; i < fieldsPerWriter; i++) {
        const lastRound = Math.max(...Array.from({ length: rounds }, (_, r) => r).filter((r) => r % fieldsPerWriter === i));
        const field = fields.find((f) => f.id === ids[writer]![i]);
        assert.equal(field?.name, `f${writer}-${i}-r${lastRound}`, 'the last rename of each field survives');
      }
    }
    assert.deepEqual(await positions(grid.id), Array.from({ length: 3 * fieldsPerWriter }, (_, i) => i));
    assert.deepEqual(await storedRevisions(grid.id), Array.from({ length: Number(after.revision) }, (_, i) => i + 1));
  });

  it('answers GetFields on one instance with every write another instance acknowledged before the call', async () => {
    const [reader, writer] = [gridClient(instances[0]!.url), gridClient(instances[1]!.url)];
    const grid = await writer.createGrid({ name: 'Read elsewhere' });
    const fieldId = grid.fieldOrders[1]!.fieldId;
    // Plain requests (no compression offered) take the reader's fast lane and its cached field list.
    const plain = async (): Promise<Map<string, string>> => {
      const response = await fetch(`${instances[0]!.url}/tessera.grid.v1.GridService/GetFields`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ gridId: grid.id }),
      });
      assert.equal(response.status, 200);
      const { items } = (await response.json()) as { items: { id: string; name: string }[] };
      return new Map(items.map((f) => [f.id, f.name]));
    };
    for (let i = 0; i < 10; i++) {
      // Read twice, so the reader has the list cached at the current revision when the other instance writes.
      await plain();
      await reader.getFields({ gridId: grid.id });
      await writer.updateField({ gridId: grid.id, fieldId, oneOfName: { case: 'name', value: `elsewhere ${i}` } });
      assert.equal((await plain()).get(fieldId), `elsewhere ${i}`, `plain read after write ${i}`);
      assert.equal((await reader.getFields({ gridId: grid.id })).items.find((f) => f.id === fieldId)?.name, `elsewhere ${i}`, `Connect read after write ${i}`);
    }
    await writer.deleteField({ gridId: grid.id, fieldId });
    assert.equal((await plain()).has(fieldId), false);
  });

  it('catches up from the store when an instance misses notifications (its listening connection is cut)', async () => {
    const writer = gridClient(instances[0]!.url);
    const grid = await writer.createGrid({ name: 'Cut off', bare: true });
    const controller = new AbortController();
    const total = 20;
    const watched = collect(gridClient(instances[1]!.url), grid.id, total, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < total / 2; i++) await writer.insertField({ gridId: grid.id, field: { name: `before-${i}`, fieldType: FieldType.RichText } });
    // Every instance's LISTEN connection dies; notifications sent until it is back are lost to it.
    const { rowCount } = await db.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
    assert.ok((rowCount ?? 0) >= 3, `cut ${rowCount} listening connections`);
    for (let i = 0; i < total / 2; i++) await writer.insertField({ gridId: grid.id, field: { name: `after-${i}`, fieldType: FieldType.RichText } });
    const changesets = await watched;
    controller.abort();
    assert.deepEqual(
      changesets.map((c) => c.revision),
      Array.from({ length: total }, (_, i) => BigInt(i + 1)),
    );
  });

  it('ends watch streams on every instance when the grid is deleted on one', async () => {
    const grid = await gridClient(instances[0]!.url).createGrid({ name: 'Doomed', bare: true });
    const firsts: Promise<void>[] = [];
    const ended = instances.map((instance) => {
      let first!: () => void;
      firsts.push(new Promise<void>((resolve) => (first = resolve)));
      return (async () => {
        const seen: bigint[] = [];
        for await (const changeset of gridClient(instance.url).watchFields({ gridId: grid.id })) {
          seen.push(changeset.revision);
          first();
        }
        return seen;
      })();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await gridClient(instances[1]!.url).insertField({ gridId: grid.id, field: { name: 'Only', fieldType: FieldType.RichText } });
    // Deleting takes the history along, so each watcher must have had the change first.
    await Promise.all(firsts);
    await gridClient(instances[2]!.url).deleteGrid({ value: grid.id });
    for (const seen of await Promise.all(ended)) assert.deepEqual(seen, [1n]);
  });
});
