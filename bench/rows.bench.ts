/**
 * Rows at scale: a grid of 100,000 rows (seeded straight into the server's store through the grid's own repository
 * and cell encoding), then ListRows of 100 rows with a filter and a sort, against a bare server answering the same bytes in a
 * process of its own (the ceiling) and against the store's own query run in process (the engine's floor); UpdateCells
 * of 1,000 cells in one call. Sequential calls over Connect (binary) on loopback from this process.
 * Prints figures; asserts nothing. Run alone: `node --import tsx bench/rows.bench.ts`.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { generateNKeysBetween } from 'fractional-indexing';
import { FieldType } from '../src/gen/tessera/grid/v1/field_pb.js';
import { CellDataSchema, ListRowsPayloadSchema, SelectFilterCondition, NumberFilterCondition, SortCondition, type ListRowsPayload } from '../src/gen/tessera/grid/v1/row_pb.js';
import { SingleSelectTypeOptionSchema } from '../src/gen/tessera/grid/v1/type_option_pb.js';
import { storedCell } from '../src/grid/cells/cell-writing.js';
import type { StoredRow } from '../src/grid/cells/stored-cell.js';
import { planRowQuery } from '../src/grid/rows/row-query.js';
import { KyselyGridRepository } from '../src/grid/store/kysely-grid-repository.js';
import { encode, fieldInit } from '../test/helpers/fixtures.js';
import { gridClient } from '../test/helpers/grid-clients.js';
import { startTestServer } from '../test/helpers/server.js';
import { startCeiling } from './ceiling-servers.js';
import { prng } from '../test/helpers/prng.js';
import { count, heading, machineLine, ms, percentile, QUICK, ratio, sortedCopy, table } from './report.js';

const ROWS = QUICK ? 10_000 : 100_000;
const CALLS = QUICK ? 50 : 300;
const BULK_CALLS = QUICK ? 5 : 20;
const STATUSES = ['todo', 'doing', 'review', 'done', 'dropped'];

const server = await startTestServer();
const client = gridClient(server.url);

async function seed(): Promise<string> {
  const { id: gridId } = await client.createGrid({ name: 'rows bench', bare: true });
  await client.insertField({ gridId, field: fieldInit('title', 'Title', FieldType.RichText, { isPrimary: true }) });
  await client.insertField({ gridId, field: fieldInit('amount', 'Amount', FieldType.Number) });
  await client.insertField({ gridId, field: fieldInit('status', 'Status', FieldType.SingleSelect), typeOptionData: encode(SingleSelectTypeOptionSchema, { options: STATUSES.map((id) => ({ id, name: id })) }) });
  await client.insertField({ gridId, field: fieldInit('done', 'Done', FieldType.Checkbox) });
  {
    const repository = new KyselyGridRepository(server.store.db);
    const fields = new Map((await repository.loadFieldRecords(gridId)).map((r) => [r.field.id, r]));
    const cell = (fieldId: string, value: Parameters<typeof create<typeof CellDataSchema>>[1]) => storedCell(fields.get(fieldId)!, create(CellDataSchema, value), fieldId)!;
    const random = prng(42);
    let last: string | null = null;
    const chunk = 5_000;
    for (let start = 0; start < ROWS; start += chunk) {
      const positions = generateNKeysBetween(last, null, chunk);
      last = positions.at(-1)!;
      const rows: StoredRow[] = positions.map((position, i) => ({
        id: `r${start + i}`,
        position,
        cells: [
          cell('title', { value: { case: 'text', value: `Task ${start + i} ${STATUSES[(start + i) % 5]}` } }),
          cell('amount', { value: { case: 'number', value: (random() * 1000).toFixed(2) } }),
          cell('status', { value: { case: 'selectOptionIds', value: { optionIds: [STATUSES[Math.floor(random() * 5)]!] } } }),
          cell('done', { value: { case: 'checkbox', value: random() < 0.3 } }),
        ],
      }));
      await repository.transaction((tx) => tx.rows.insertRows(gridId, rows, Date.now()));
    }
  }
  return gridId;
}

/** Times `calls` sequential POSTs of `body`; each waits for the whole answer. */
async function timed(url: string, body: Uint8Array, calls: number): Promise<{ sorted: Float64Array; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/proto', 'connect-protocol-version': '1' }, body: body as Uint8Array<ArrayBuffer> });
    const answer = new Uint8Array(await response.arrayBuffer());
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${new TextDecoder().decode(answer)}`);
    bytes = answer.length;
  }
  return { sorted: sortedCopy(times), bytes };
}

try {
  console.log(`machine: ${machineLine()}`);
  const seedStarted = performance.now();
  const gridId = await seed();
  console.log(`Tessera (SQLite) in process ${process.pid}; a grid of ${count(ROWS)} rows × 4 fields seeded in ${ms(performance.now() - seedStarted)} ms; ${CALLS} sequential calls per case`);

  const query: ListRowsPayload = create(ListRowsPayloadSchema, {
    gridId,
    pageSize: 100,
    filters: [
      { fieldId: 'status', condition: { case: 'select', value: { condition: SelectFilterCondition.HasAnyOf, optionIds: ['review'] } } },
      { fieldId: 'amount', condition: { case: 'number', value: { condition: NumberFilterCondition.GreaterThan, content: '500' } } },
    ],
    sorts: [{ fieldId: 'amount', condition: SortCondition.Descending }],
  });
  const first = await client.listRows(query);
  const second = create(ListRowsPayloadSchema, { ...query, pageToken: first.nextPageToken });
  const byTitle = create(ListRowsPayloadSchema, { gridId, pageSize: 100, sorts: [{ fieldId: 'title', condition: SortCondition.Ascending }] });
  const byStatus = create(ListRowsPayloadSchema, { gridId, pageSize: 100, sorts: [{ fieldId: 'status', condition: SortCondition.Descending }, { fieldId: 'amount' }] });
  const filtered = create(ListRowsPayloadSchema, { gridId, pageSize: 100, filters: [{ fieldId: 'title', condition: { case: 'text', value: { condition: 2, content: '99' } } }] });
  const url = `${server.url}/tessera.grid.v1.GridService/ListRows`;
  const rows: string[][] = [];
  const cases = [
    ['status any of [review], amount > 500, sorted by amount desc: first page', query],
    ['the same, second page (cursor)', second],
    ['sorted by title (text)', byTitle],
    ['sorted by status (option order) desc, then amount', byStatus],
    ['title contains "99", grid order', filtered],
  ] as const;
  for (const [label, payload] of cases) {
    const body = toBinary(ListRowsPayloadSchema, payload);
    await timed(url, body, 20);
    const tessera = await timed(url, body, CALLS);
    const answer = new Uint8Array(await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/proto' }, body: body as Uint8Array<ArrayBuffer> })).arrayBuffer());
    const json = new TextEncoder().encode(JSON.stringify((await client.listRows(payload)).items.length));
    const ceilingServer = await startCeiling({ kind: 'http1', json, proto: answer });
    let ceiling;
    try {
      await timed(`${ceilingServer.url}/x`, body, 20);
      ceiling = await timed(`${ceilingServer.url}/x`, body, CALLS);
    } finally {
      await ceilingServer.close();
    }
    // The engine's floor: the store's own query for the page, in this process, without HTTP or encoding.
    const fields = await new KyselyGridRepository(server.store.db).loadFieldRecords(gridId);
    const shape = planRowQuery(fields, payload.filters, payload.sorts);
    const repository = new KyselyGridRepository(server.store.db);
    const after = payload.pageToken === '' ? undefined : JSON.parse(Buffer.from(payload.pageToken, 'base64url').toString()) as { k: (string | number | null)[]; p: string };
    const floorTimes: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await repository.rows.listRows(gridId, { ...shape, limit: 100, ...(after && { after: { keys: after.k, position: after.p } }) });
      floorTimes.push(performance.now() - started);
    }
    const floor = sortedCopy(floorTimes);
    const p50 = percentile(tessera.sorted, 0.5);
    rows.push([
      `${label} (100 rows, ${count(tessera.bytes)} bytes)`,
      ms(p50),
      ms(percentile(tessera.sorted, 0.99)),
      ms(percentile(ceiling.sorted, 0.5)),
      ratio(percentile(ceiling.sorted, 0.5), p50),
      ms(percentile(floor, 0.5)),
      ratio(percentile(floor, 0.5), p50),
    ]);
  }
  heading(`ListRows of 100 rows on a ${count(ROWS)}-row grid`);
  console.log(table(['case', 'p50 ms', 'p99 ms', 'ceiling p50 ms', 'ceiling p50 / p50', 'store query p50 ms', 'store query / p50'], rows));

  const ids = (await client.listRows({ gridId, pageSize: 1000 })).items.map((r) => r.id);
  const bulk: number[] = [];
  for (let call = 0; call < BULK_CALLS; call++) {
    const changesets = ids.map((rowId, i) => ({ rowId, fieldId: 'amount', oneOfCellContentChangeset: { case: 'cellContentChangeset' as const, value: `${call}.${i}` } }));
    const started = performance.now();
    await client.updateCells({ gridId, changesets });
    bulk.push(performance.now() - started);
  }
  const sortedBulk = sortedCopy(bulk);
  heading('UpdateCells of 1,000 cells (1,000 rows, one call, one commit)');
  console.log(table(['calls', 'p50 ms', 'p99 ms', 'cells per second at p50'], [[String(BULK_CALLS), ms(percentile(sortedBulk, 0.5)), ms(percentile(sortedBulk, 0.99)), count(1000 / (percentile(sortedBulk, 0.5) / 1000))]]));
} finally {
  await server.dispose();
}
