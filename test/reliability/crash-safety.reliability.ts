/**
 * Crash safety: a write load on both APIs, the server killed with SIGKILL at random moments and started again,
 * round after round. After every restart: every acknowledged write is there (grid changesets byte for byte,
 * documents, indices), grid revisions have no gap, the fields rebuilt from the history are the fields served
 * (so positions are contiguous), and every managed index is in a valid lifecycle state; at the end the policy
 * still runs to completion. Seeded: TESSERA_CRASH_SEED replays a run.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { toBinary } from '@bufbuild/protobuf';
import { Client } from '@elastic/elasticsearch';
import { FieldType, GridFieldChangesetSchema, type Field, type GridFieldChangeset } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { replayChangesets } from '../helpers/field-mirror.js';
import { gridClient, type GridClient } from '../helpers/grid-clients.js';
import { eventually, startInstance, type Instance } from '../helpers/instances.js';
import { prng } from '../helpers/prng.js';
import { removeTestData, tempDataDir } from '../helpers/server.js';

const SEED = Number(process.env.TESSERA_CRASH_SEED ?? Date.now() % 100_000);
const ROUNDS = 6;
const GRIDS = 2;

/** What the server acknowledged before it was killed. */
interface Acknowledged {
  readonly changesets: Map<string, Map<bigint, string>>;
  readonly documents: Set<string>;
  readonly indices: Set<string>;
}

function encode(changeset: GridFieldChangeset): string {
  return Buffer.from(toBinary(GridFieldChangesetSchema, changeset)).toString('base64');
}

async function gridOperation(client: GridClient, gridId: string, random: () => number, step: string): Promise<GridFieldChangeset> {
  const fields = (await client.getFields({ gridId })).items.filter((f) => !f.isPrimary);
  const pick = (): Field | undefined => fields[Math.floor(random() * fields.length)];
  const target = pick();
  const choice = target ? Math.floor(random() * 5) : 0;
  switch (choice) {
    case 1:
      return client.updateField({ gridId, fieldId: target!.id, oneOfName: { case: 'name', value: `renamed ${step}` } });
    case 2:
      return client.moveField({ gridId, fieldId: target!.id, toIndex: Math.floor(random() * (fields.length + 1)) });
    case 3:
      return client.duplicateField({ gridId, fieldId: target!.id });
    case 4:
      return client.deleteField({ gridId, fieldId: target!.id });
    default:
      return client.insertField({ gridId, field: { name: `field ${step}`, fieldType: Math.floor(random() * 7) as FieldType } });
  }
}

/** Runs writes until `stop` is set; only answered writes are recorded, failures (the kill) are expected. */
async function load(instance: Instance, gridIds: readonly string[], acknowledged: Acknowledged, random: () => number, round: number, stop: { now: boolean }): Promise<void> {
  const grids = gridClient(instance.url);
  const es = new Client({ node: instance.url, maxRetries: 0, requestTimeout: 5_000 });
  let n = 0;
  const gridWorker = async () => {
    while (!stop.now) {
      const gridId = gridIds[Math.floor(random() * gridIds.length)]!;
      const changeset = await gridOperation(grids, gridId, random, `${round}.${n++}`).catch(() => undefined);
      if (changeset) acknowledged.changesets.get(gridId)!.set(changeset.revision, encode(changeset));
    }
  };
  const documentWorker = async () => {
    while (!stop.now) {
      const ids = Array.from({ length: 10 }, () => `r${round}-${n++}`);
      const operations = ids.flatMap((id) => [{ index: { _index: 'ledger', _id: id } }, { id, round }]);
      const response = await es.bulk({ operations }).catch(() => undefined);
      if (response && !response.errors) for (const id of ids) acknowledged.documents.add(id);
      await es.index({ index: 'rolling', document: { round } }).catch(() => undefined);
    }
  };
  const indexWorker = async () => {
    while (!stop.now) {
      const name = `meta-${round}-${n++}`;
      const created = await es.indices.create({ index: name, settings: { 'index.number_of_replicas': 0 } }).catch(() => undefined);
      if (created?.acknowledged) acknowledged.indices.add(name);
    }
  };
  await Promise.all([gridWorker(), gridWorker(), documentWorker(), indexWorker()]);
  await es.close().catch(() => undefined);
}

async function verify(instance: Instance, acknowledged: Acknowledged, round: number): Promise<void> {
  const grids = gridClient(instance.url);
  for (const [gridId, acked] of acknowledged.changesets) {
    const grid = await grids.getGrid({ value: gridId });
    const history: GridFieldChangeset[] = [];
    if (grid.revision > 0n) {
      for await (const changeset of grids.watchFields({ gridId, afterRevision: 0n })) {
        history.push(changeset);
        if (changeset.revision === grid.revision) break;
      }
    }
    assert.deepEqual(history.map((c) => c.revision), Array.from({ length: Number(grid.revision) }, (_, i) => BigInt(i + 1)), `round ${round}: revisions of ${gridId} have no gap`);
    for (const [revision, bytes] of acked) assert.equal(encode(history[Number(revision) - 1]!), bytes, `round ${round}: acknowledged revision ${revision} of ${gridId}`);
    const served = (await grids.getFields({ gridId })).items;
    assert.deepEqual(replayChangesets(history), served, `round ${round}: the history rebuilds the fields of ${gridId}`);
  }
  const es = new Client({ node: instance.url });
  try {
    const found = await Promise.all([...acknowledged.documents].map(async (id) => (await es.get({ index: 'ledger', id })).found));
    assert.equal(found.filter(Boolean).length, acknowledged.documents.size, `round ${round}: every acknowledged document`);
    // The search structure commits with the documents: every acknowledged one is found by a query, and every stored
    // one (acknowledged or not) is in the structure.
    const searched = await es.count({ index: 'ledger', query: { terms: { 'id.keyword': [...acknowledged.documents] } } });
    assert.equal(searched.count, acknowledged.documents.size, `round ${round}: every acknowledged document is searchable`);
    const [stored, indexed] = await Promise.all([es.count({ index: 'ledger' }), es.count({ index: 'ledger', query: { exists: { field: 'id' } } })]);
    assert.equal(indexed.count, stored.count, `round ${round}: every stored document is in the search structure`);
    for (const name of acknowledged.indices) assert.equal(await es.indices.exists({ index: name }), true, `round ${round}: index ${name}`);
    const explained = await es.ilm.explainLifecycle({ index: 'rolling-*' });
    for (const [name, state] of Object.entries(explained.indices) as [string, { managed: boolean; phase?: string; step?: string }][]) {
      assert.ok(state.managed, name);
      assert.ok(['new', 'hot', 'delete'].includes(state.phase ?? 'new'), `round ${round}: ${name} in phase ${state.phase}`);
      assert.notEqual(state.step, 'ERROR', `round ${round}: ${name} failed: ${JSON.stringify(state)}`);
    }
  } finally {
    await es.close();
  }
}

describe(`crash safety (seed ${SEED})`, () => {
  const dataDir = tempDataDir();
  let instance: Instance | undefined;

  after(async () => {
    await instance?.stop();
    await removeTestData(dataDir);
  });

  it('keeps every acknowledged write through SIGKILLs at random moments, and the policy still completes', async () => {
    const random = prng(SEED);
    instance = await startInstance(dataDir);
    const es = new Client({ node: instance.url });
    await es.cluster.putSettings({ persistent: { 'indices.lifecycle.poll_interval': '1s' } });
    await es.ilm.putLifecycle({ name: 'roll', policy: { phases: { hot: { actions: { rollover: { max_docs: 5 } } }, delete: { min_age: '1s', actions: { delete: {} } } } } });
    await es.indices.putIndexTemplate({ name: 'rolling', index_patterns: ['rolling-*'], template: { settings: { 'index.lifecycle.name': 'roll', 'index.lifecycle.rollover_alias': 'rolling' } } });
    await es.indices.create({ index: 'rolling-000001', aliases: { rolling: { is_write_index: true } } });
    await es.indices.create({ index: 'ledger' });
    await es.close();
    const gridIds: string[] = [];
    for (let g = 0; g < GRIDS; g++) gridIds.push((await gridClient(instance.url).createGrid({ name: `crash ${g}` })).id);
    const acknowledged: Acknowledged = { changesets: new Map(gridIds.map((id) => [id, new Map()])), documents: new Set(), indices: new Set() };

    for (let round = 0; round < ROUNDS; round++) {
      const stop = { now: false };
      const running = load(instance, gridIds, acknowledged, random, round, stop);
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.floor(random() * 1_200)));
      await instance.kill();
      stop.now = true;
      await running;
      instance = await startInstance(dataDir);
      await verify(instance, acknowledged, round);
    }
    const sizes = [...acknowledged.changesets.values()].map((m) => m.size);
    console.log(`seed ${SEED}: ${ROUNDS} kills; acknowledged ${sizes.join(' + ')} changesets, ${acknowledged.documents.size} documents, ${acknowledged.indices.size} indices`);
    assert.ok(sizes.every((s) => s > 0) && acknowledged.documents.size > 0, 'the load wrote something to check');

    // With the load stopped, every rolled-over index is deleted and the write index waits in hot: the policy completed.
    const client = new Client({ node: instance.url });
    try {
      await eventually(
        async () => {
          const explained = (await client.ilm.explainLifecycle({ index: 'rolling-*' })).indices as Record<string, { step?: string; phase?: string }>;
          const names = Object.keys(explained);
          const writeIndex = Object.keys(await client.indices.getAlias({ name: 'rolling' }));
          return names.length === 1 && names[0] === writeIndex[0] && explained[names[0]!]!.step === 'check-rollover-ready' ? names : undefined;
        },
        30_000,
        'every rolled-over index deleted',
      );
    } finally {
      await client.close();
    }
  });
});
