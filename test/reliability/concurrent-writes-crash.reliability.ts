/**
 * Crash safety of group commit: many writers at once on one grid and a second one (so their writes share commits),
 * the server killed with SIGKILL at a random moment and started again, round after round. After every restart each
 * acknowledged changeset is there byte for byte, revisions have no gap, and the history rebuilds the fields served.
 * Seeded: TESSERA_CRASH_SEED replays a run.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { toBinary } from '@bufbuild/protobuf';
import { GridFieldChangesetSchema, type GridFieldChangeset } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { replayChangesets } from '../helpers/field-mirror.js';
import { gridClient, type GridClient } from '../helpers/grid-clients.js';
import { startInstance, type Instance } from '../helpers/instances.js';
import { prng } from '../helpers/prng.js';
import { removeTestData, tempDataDir } from '../helpers/server.js';

const SEED = Number(process.env.TESSERA_CRASH_SEED ?? Date.now() % 100_000);
const ROUNDS = 4;
const WRITERS = 24;

function encode(changeset: GridFieldChangeset): string {
  return Buffer.from(toBinary(GridFieldChangesetSchema, changeset)).toString('base64');
}

/** A write that needs no read first: a rename, or an insert and later a delete of the writer's own field. */
function write(client: GridClient, gridId: string, renamable: string, writer: number, step: number): Promise<GridFieldChangeset> {
  const own = `w${writer}`;
  switch (step % 3) {
    case 0:
      return client.insertField({ gridId, field: { id: own, name: `writer ${writer} step ${step}`, visibility: true } });
    case 1:
      return client.updateField({ gridId, fieldId: renamable, oneOfName: { case: 'name', value: `by ${writer} at ${step}` } });
    default:
      return client.deleteField({ gridId, fieldId: own });
  }
}

async function verify(client: GridClient, acknowledged: Map<string, Map<bigint, string>>, round: number): Promise<void> {
  for (const [gridId, acked] of acknowledged) {
    const grid = await client.getGrid({ value: gridId });
    const history: GridFieldChangeset[] = [];
    for await (const changeset of client.watchFields({ gridId, afterRevision: 0n })) {
      history.push(changeset);
      if (changeset.revision === grid.revision) break;
    }
    assert.deepEqual(history.map((c) => c.revision), Array.from({ length: Number(grid.revision) }, (_, i) => BigInt(i + 1)), `round ${round}: revisions of ${gridId} have no gap`);
    for (const [revision, bytes] of acked) assert.equal(encode(history[Number(revision) - 1]!), bytes, `round ${round}: acknowledged revision ${revision} of ${gridId}`);
    assert.deepEqual(replayChangesets(history), (await client.getFields({ gridId })).items, `round ${round}: the history rebuilds the fields of ${gridId}`);
  }
}

describe(`crash safety of concurrent grid writers (seed ${SEED})`, () => {
  const dataDir = tempDataDir();
  let instance: Instance | undefined;

  after(async () => {
    await instance?.stop();
    await removeTestData(dataDir);
  });

  it('keeps every acknowledged write of many concurrent writers through SIGKILLs', async () => {
    const random = prng(SEED);
    instance = await startInstance(dataDir);
    const setup = gridClient(instance.url);
    const grids = await Promise.all([0, 1].map((g) => setup.createGrid({ name: `busy ${g}` })));
    const acknowledged = new Map(grids.map((g) => [g.id, new Map<bigint, string>()]));
    let step = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const client = gridClient(instance.url);
      const stop = { now: false };
      const writer = async (w: number) => {
        // Most writers on the first grid, so its writes share commits; some on the second, so grids share them too.
        const grid = grids[w % 4 === 3 ? 1 : 0]!;
        while (!stop.now) {
          const changeset = await write(client, grid.id, grid.fieldOrders[1]!.fieldId, w, step++).catch(() => undefined);
          if (changeset) acknowledged.get(grid.id)!.set(changeset.revision, encode(changeset));
        }
      };
      const running = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      await new Promise((resolve) => setTimeout(resolve, 400 + Math.floor(random() * 1_200)));
      await instance.kill();
      stop.now = true;
      await running;
      instance = await startInstance(dataDir);
      await verify(gridClient(instance.url), acknowledged, round);
    }
    const sizes = [...acknowledged.values()].map((m) => m.size);
    console.log(`seed ${SEED}: ${ROUNDS} kills; acknowledged ${sizes.join(' + ')} changesets`);
    assert.ok(sizes.every((s) => s > 0), 'the load wrote something to check');
  });
});
