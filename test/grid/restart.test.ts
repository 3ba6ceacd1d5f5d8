import { create, equals, fromBinary, toBinary, toJson, type JsonValue } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  FieldSchema,
  FieldType,
  GridFieldChangesetSchema,
  type GridFieldChangeset,
} from '../../src/gen/tessera/grid/v1/field_pb.js';
import { GridSchema } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import {
  DateFormat,
  DateTypeOptionSchema,
  MultiSelectTypeOptionSchema,
  NumberTypeOption_NumberFormat,
  NumberTypeOptionSchema,
  SelectOptionColor,
  SingleSelectTypeOptionSchema,
  TimeFormat,
} from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { expectGridError, gridClient, type GridClient } from '../helpers/grid-clients.js';
import { replayChangesets } from '../helpers/field-mirror.js';
import { removeTestData, startTestServer, tempDataDir, testStoreEnv, type TestServer } from '../helpers/server.js';

const REPO_ROOT = new URL('../../', import.meta.url);

const ALL_FIELD_TYPES: readonly FieldType[] = [
  FieldType.RichText,
  FieldType.Number,
  FieldType.DateTime,
  FieldType.SingleSelect,
  FieldType.MultiSelect,
  FieldType.Checkbox,
  FieldType.URL,
];

/** A bound on each test: a regression that stalls a stream fails the test instead of hanging the run. */
const TEST_OPTIONS = { timeout: 30_000 };

/** Streams not yet aborted, so a timed-out test cannot keep a server from closing. */
const openStreams = new Set<AbortController>();

/** Reads exactly `count` changesets of a WatchFields stream, then aborts it. */
async function watchExactly(client: GridClient, request: { gridId: string; afterRevision: bigint }, count: number): Promise<GridFieldChangeset[]> {
  const controller = new AbortController();
  openStreams.add(controller);
  const items = client.watchFields(request, { signal: controller.signal })[Symbol.asyncIterator]();
  const out: GridFieldChangeset[] = [];
  try {
    while (out.length < count) {
      const next = await items.next();
      if (next.done) assert.fail(`the stream ended after ${out.length} of ${count} changesets`);
      out.push(next.value);
    }
  } finally {
    controller.abort();
    openStreams.delete(controller);
    // Let the client settle the aborted call so nothing is left pending.
    await items.next().catch(() => undefined);
  }
  return out;
}


function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

interface GridSnapshot {
  grid: JsonValue;
  fields: JsonValue[];
  /** `<field id>/<FieldType name>` → the option GetFieldTypeOption answers, base64. */
  typeOptions: Record<string, string>;
  /** Every changeset replayed from revision 0, each as its protobuf bytes in base64. */
  history: string[];
}

/** Everything a client can observe about the stored grids. */
async function snapshot(client: GridClient): Promise<{ grids: JsonValue[]; byId: Record<string, GridSnapshot> }> {
  const grids = (await client.listGrids({})).items;
  const byId: Record<string, GridSnapshot> = {};
  for (const listed of grids) {
    const grid = await client.getGrid({ value: listed.id });
    assert.ok(equals(GridSchema, grid, listed), 'GetGrid agrees with ListGrids');
    const fields = (await client.getFields({ gridId: grid.id })).items;
    const typeOptions: Record<string, string> = {};
    for (const field of fields) {
      for (const fieldType of ALL_FIELD_TYPES) {
        const option = await client.getFieldTypeOption({ gridId: grid.id, fieldId: field.id, fieldType });
        assert.ok(option.field && equals(FieldSchema, option.field, field), 'GetFieldTypeOption answers with the stored field');
        typeOptions[`${field.id}/${FieldType[fieldType]}`] = base64(option.typeOptionData);
      }
    }
    const history = await watchExactly(client, { gridId: grid.id, afterRevision: 0n }, Number(grid.revision));
    assert.deepEqual(
      history.map((c) => c.revision),
      Array.from({ length: Number(grid.revision) }, (_, i) => BigInt(i + 1)),
    );
    // The history is the truth of the fields: replaying it rebuilds them exactly.
    assert.deepEqual(
      replayChangesets(history).map((f) => toJson(FieldSchema, f)),
      fields.map((f) => toJson(FieldSchema, f)),
    );
    byId[grid.id] = {
      grid: toJson(GridSchema, grid),
      fields: fields.map((f) => toJson(FieldSchema, f)),
      typeOptions,
      history: history.map((c) => base64(toBinary(GridFieldChangesetSchema, c))),
    };
  }
  return { grids: grids.map((g) => toJson(GridSchema, g)), byId };
}

/** Runs the CLI on the store `--data-dir` stands for (its PostgreSQL database when the suite runs on one). */
async function runCli(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = args[args.indexOf('--data-dir') + 1]!;
  const child = spawn('npx', ['tsx', 'src/cli.ts', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: await testStoreEnv(dataDir) });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  return { code, stdout, stderr };
}

/** Builds grids through every kind of mutation; returns the ids the test checks afterwards. */
async function buildState(client: GridClient) {
  const main = await client.createGrid({ name: 'Issues' });
  const [nameId, typeId, doneId] = main.fieldOrders.map((o) => o.fieldId) as [string, string, string];
  const amount = await client.insertField({
    gridId: main.id,
    field: { name: 'Amount', fieldType: FieldType.Number },
    typeOptionData: toBinary(
      NumberTypeOptionSchema,
      create(NumberTypeOptionSchema, { format: NumberTypeOption_NumberFormat.EUR, scale: 2, symbol: '€', signPositive: true, name: 'Amount' }),
    ),
    oneOfStartFieldId: { case: 'startFieldId', value: doneId },
  });
  const amountId = amount.insertedFields[0]!.field!.id;
  await client.updateField({
    gridId: main.id,
    fieldId: typeId,
    oneOfName: { case: 'name', value: 'Kind' },
    oneOfDesc: { case: 'desc', value: 'What kind of issue' },
    oneOfWidth: { case: 'width', value: 240 },
  });
  await client.updateFieldTypeOption({
    gridId: main.id,
    fieldId: typeId,
    typeOptionData: toBinary(
      SingleSelectTypeOptionSchema,
      create(SingleSelectTypeOptionSchema, {
        options: [
          { id: 'bug', name: 'Bug', color: SelectOptionColor.Pink },
          { id: 'feature', name: 'Feature', color: SelectOptionColor.Green },
        ],
      }),
    ),
  });
  // Checkbox → SingleSelect (gains Yes/No) and back: both options are kept per type.
  await client.switchToField({ gridId: main.id, fieldId: doneId, fieldType: FieldType.SingleSelect });
  await client.switchToField({ gridId: main.id, fieldId: doneId, fieldType: FieldType.Checkbox });
  // A type change through UpdateField keeps the Number option for later.
  await client.updateField({ gridId: main.id, fieldId: amountId, oneOfFieldType: { case: 'fieldType', value: FieldType.RichText } });
  await client.moveField({ gridId: main.id, fieldId: doneId, fromIndex: 3, toIndex: 0 });
  const temp = await client.insertField({ gridId: main.id, field: { name: 'Temporary', fieldType: FieldType.URL } });
  await client.deleteField({ gridId: main.id, fieldId: temp.insertedFields[0]!.field!.id });
  await client.duplicateField({ gridId: main.id, fieldId: typeId });
  await client.updateField({ gridId: main.id, fieldId: nameId, oneOfFrozen: { case: 'frozen', value: true } });
  await client.updateField({ gridId: main.id, fieldId: doneId, oneOfVisibility: { case: 'visibility', value: false } });
  await client.getFieldTypeOption({ gridId: main.id, fieldId: 'dueDate', fieldType: FieldType.DateTime, createIfNotExist: true });

  const bare = await client.createGrid({ name: 'Bare', bare: true });
  await client.insertField({
    gridId: bare.id,
    field: { id: 'when', name: 'When', fieldType: FieldType.DateTime, isPrimary: true, visibility: true },
    typeOptionData: toBinary(
      DateTypeOptionSchema,
      create(DateTypeOptionSchema, { dateFormat: DateFormat.ISO, timeFormat: TimeFormat.TwelveHour, includeTime: true }),
    ),
  });
  await client.insertField({
    gridId: bare.id,
    field: { id: 'tags', name: 'Tags', fieldType: FieldType.MultiSelect, visibility: true, width: 320 },
    typeOptionData: toBinary(
      MultiSelectTypeOptionSchema,
      create(MultiSelectTypeOptionSchema, { options: [{ id: 'red', name: 'Red', color: SelectOptionColor.Orange }], disableColor: true }),
    ),
    oneOfStartFieldId: { case: 'startFieldId', value: 'when' },
  });
  await client.switchToField({ gridId: bare.id, fieldId: 'tags', fieldType: FieldType.SingleSelect });

  const doomed = await client.createGrid({ name: 'Deleted before the restart' });
  await client.insertField({ gridId: doomed.id, field: { name: 'Gone', fieldType: FieldType.Checkbox } });
  await client.deleteGrid({ value: doomed.id });

  return { main, bare, doomed, typeId, doneId, amountId };
}

describe('a restart', () => {
  after(() => {
    for (const controller of openStreams) controller.abort();
  });

  it('keeps fields, type options, revisions and change history, and continues at the next revision', TEST_OPTIONS, async () => {
    const dataDir = tempDataDir();
    let server: TestServer | undefined;
    try {
      server = await startTestServer({ dataDir });
      const ids = await buildState(gridClient(server.url));
      const before = await snapshot(gridClient(server.url));

      // Sanity of what is being compared: the options are the stored ones, not defaults.
      const main = before.byId[ids.main.id]!;
      assert.equal(main.history.length, 14);
      assert.equal((main.grid as { revision: string }).revision, '14');
      assert.equal(Object.keys(before.byId).length, 2);
      assert.equal(before.byId[ids.bare.id]!.history.length, 3);
      const numberOption = fromBinary(NumberTypeOptionSchema, Buffer.from(main.typeOptions[`${ids.amountId}/Number`]!, 'base64'));
      assert.deepEqual([numberOption.format, numberOption.scale, numberOption.symbol], [NumberTypeOption_NumberFormat.EUR, 2, '€']);
      const doneAsSelect = fromBinary(SingleSelectTypeOptionSchema, Buffer.from(main.typeOptions[`${ids.doneId}/SingleSelect`]!, 'base64'));
      assert.deepEqual(
        doneAsSelect.options.map((o) => o.name),
        ['Yes', 'No'],
      );

      await server.close();

      const migrate = await runCli(['migrate', '--data-dir', dataDir]);
      assert.equal(migrate.code, 0, migrate.stderr);
      assert.equal(migrate.stdout, 'schema is up to date\n');

      server = await startTestServer({ dataDir });
      const client = gridClient(server.url, 'connect+json');
      const afterRestart = await snapshot(gridClient(server.url));
      assert.deepEqual(afterRestart, before);

      await expectGridError(client.getGrid({ value: ids.doomed.id }), {
        code: Code.NotFound,
        message: `grid ${JSON.stringify(ids.doomed.id)} does not exist`,
        gridError: 10001,
      });

      // New mutations continue the revision sequence, and watchers resume across the restart.
      const next = await client.updateField({ gridId: ids.main.id, fieldId: ids.typeId, oneOfName: { case: 'name', value: 'Category' } });
      assert.equal(next.revision, 15n);
      const [resumed] = await watchExactly(gridClient(server.url, 'grpc (h2c)'), { gridId: ids.main.id, afterRevision: 14n }, 1);
      assert.ok(equals(GridFieldChangesetSchema, resumed!, next), 'the watcher gets the first change after the restart');
      const bareNext = await client.moveField({ gridId: ids.bare.id, fieldId: 'when', fromIndex: 1, toIndex: 0 });
      assert.equal(bareNext.revision, 4n);
      assert.equal((await client.getGrid({ value: ids.main.id })).revision, 15n);

      // Type options survive too: switching back restores the option stored before the restart.
      const restored = await client.switchToField({ gridId: ids.main.id, fieldId: ids.amountId, fieldType: FieldType.Number });
      assert.equal(base64(restored.typeOptionData), main.typeOptions[`${ids.amountId}/Number`]);
      assert.equal(restored.field!.fieldType, FieldType.Number);

      const fresh = await client.createGrid({ name: 'After the restart' });
      assert.equal(fresh.revision, 1n);
      assert.deepEqual(
        (await client.listGrids({})).items.map((g) => g.id),
        [...before.grids.map((g) => (g as { id: string }).id), fresh.id],
      );
      assert.deepEqual(
        new Set(before.grids.map((g) => (g as { name: string }).name)),
        new Set(['Issues', 'Bare']),
      );
    } finally {
      await server?.dispose();
      await removeTestData(dataDir);
    }
  });

  it('migrate applies the schema to a new data folder, then finds it up to date', TEST_OPTIONS, async () => {
    const dataDir = tempDataDir();
    try {
      const first = await runCli(['migrate', '--data-dir', dataDir]);
      assert.equal(first.code, 0, first.stderr);
      assert.equal(first.stdout, 'applied 0001_grid_fields, 0002_cluster_state, 0003_ilm_policies, 0004_documents, 0005_security, 0006_api_keys, 0007_generations, 0008_cluster_row_versions, 0009_index_doc_counts, 0010_document_routing, 0011_cluster_customs, 0012_ilm_metadata_in_cluster_state, 0013_component_templates, 0014_legacy_templates, 0015_grid_rows, 0016_search, 0017_search_contexts\n');
      const second = await runCli(['migrate', '--data-dir', dataDir]);
      assert.equal(second.code, 0, second.stderr);
      assert.equal(second.stdout, 'schema is up to date\n');
      // A server starts on the migrated folder.
      const server = await startTestServer({ dataDir });
      try {
        assert.deepEqual((await gridClient(server.url).listGrids({})).items, []);
      } finally {
        await server.close();
      }
    } finally {
      await removeTestData(dataDir);
    }
  });
});
