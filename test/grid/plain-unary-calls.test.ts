/**
 * Plain Connect unary calls over HTTP/1.1 (no compression offered, no timeout: what curl, autocannon or fetch send)
 * are answered before Fastify, by src/http/connect-compat/http1-unary-lane.ts. For every unary method, successes and
 * errors alike, the answer must be the status, headers and bytes Connect itself gives: a call with a timeout takes
 * Connect's path, so each operation runs on twin grids, one through each path, and the two
 * answers are compared. Calls the lane does not take (a query string, a content type with parameters, no
 * content-length) reach Connect and are answered there.
 */
import { fromJson, toBinary, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { fieldInit, useServer } from '../helpers/fixtures.js';
import { gridClient } from '../helpers/grid-clients.js';
import { envelope, rawGrpc, rawPost, type RawAnswer } from '../helpers/raw-answers.js';

type Answer = RawAnswer;
const post = (url: string, path: string, contentType: string | undefined, body: Uint8Array, extra: Readonly<Record<string, string>> = {}) => rawPost(`${url}${path}`, contentType, body, extra);

type MethodName = keyof typeof GridService.method;

/** A timeout makes a Connect call take Connect's own path, whose answers the short ones must equal. */
const VIA_CONNECT = { 'connect-timeout-ms': '60000' };

interface Operation {
  readonly method: MethodName;
  /** The request as JSON, `$grid` standing for the grid's id; a string is sent as it is (JSON only). */
  readonly request: JsonValue | string;
  /** The answer holds ids drawn at random: those are masked before the two answers are compared. */
  readonly drawsIds?: boolean;
}

/** A sequence run on each twin in turn: writes leave both at the same state, so each answer can be compared. */
const OPERATIONS: readonly Operation[] = [
  { method: 'getFields', request: { gridId: '$grid' } },
  { method: 'getGrid', request: { value: '$grid' } },
  { method: 'getFields', request: { gridId: '$grid', fieldOrders: { items: [{ fieldId: 'sel' }, { fieldId: 'nope' }] } } },
  { method: 'insertField', request: { gridId: '$grid', field: { id: 'extra', name: 'Extra', fieldType: 'Checkbox', visibility: true, width: 90 } } },
  { method: 'insertField', request: { gridId: '$grid', field: { id: 'extra', name: 'Again' } } },
  { method: 'updateField', request: { gridId: '$grid', fieldId: 'num', name: 'Amount', width: 120 } },
  { method: 'updateField', request: { gridId: '$grid', fieldId: 'missing' , name: 'x' } },
  { method: 'updateField', request: { gridId: '$grid', fieldId: 'num', fieldType: 99 } },
  { method: 'getEditFieldContext', request: { gridId: '$grid', fieldId: 'num', fieldType: 'Number' } },
  { method: 'getFieldTypeOption', request: { gridId: '$grid', fieldId: 'sel', fieldType: 'SingleSelect' } },
  { method: 'getFieldTypeOption', request: { gridId: '$grid', fieldId: 'gone', fieldType: 'Number' } },
  { method: 'updateFieldTypeOption', request: { gridId: '$grid', fieldId: 'num', typeOptionData: 'AQID' } },
  { method: 'switchToField', request: { gridId: '$grid', fieldId: 'txt', fieldType: 'Number' } },
  { method: 'moveField', request: { gridId: '$grid', fieldId: 'txt', fromIndex: 0, toIndex: 2 } },
  { method: 'moveField', request: { gridId: '$grid', fieldId: 'txt', toIndex: 99 } },
  { method: 'newSelectOption', request: { fieldIdentifier: { gridId: '$grid', fieldId: 'sel' }, optionName: 'Red' }, drawsIds: true },
  { method: 'newSelectOption', request: { fieldIdentifier: { gridId: '$grid', fieldId: 'num' }, optionName: 'Red' } },
  { method: 'duplicateField', request: { gridId: '$grid', fieldId: 'sel' }, drawsIds: true },
  { method: 'deleteField', request: { gridId: '$grid', fieldId: 'extra' } },
  { method: 'deleteField', request: { gridId: '$grid', fieldId: 'extra' } },
  { method: 'getFields', request: { gridId: '$grid' }, drawsIds: true },
  { method: 'createGrid', request: { name: '' } },
  { method: 'getGrid', request: { value: '' } },
  { method: 'getFields', request: { gridId: 'missing000' } },
  // Bodies that do not decode.
  { method: 'getFields', request: '{' },
  { method: 'getFields', request: '{"gridId":"$grid","nope":1}' },
  { method: 'getFields', request: '{"gridId":5}' },
  { method: 'getFields', request: '' },
  { method: 'insertField', request: '{"gridId":"$grid","field":{"fieldType":"Nope"}}' },
];

const pathOf = (method: MethodName) => `/${GridService.typeName}/${GridService.method[method].name}`;

function bodyOf(operation: Operation, gridId: string, format: 'json' | 'binary'): Uint8Array {
  const text = (typeof operation.request === 'string' ? operation.request : JSON.stringify(operation.request)).replaceAll('$grid', gridId);
  if (format === 'json') return Buffer.from(text);
  const input: DescMessage = GridService.method[operation.method].input;
  return toBinary(input, fromJson(input, JSON.parse(text) as JsonValue));
}

/** The answer as it would read for the other twin, ids drawn at random masked. */
function comparable(answer: Answer, gridId: string, drawsIds: boolean): Answer {
  let text = answer.body.toString('latin1').replaceAll(gridId, '$grid');
  if (drawsIds) text = text.replace(/"id":"[^"]*"/g, '"id":"*"');
  const trailers = answer.trailers && Object.fromEntries(Object.entries(answer.trailers).map(([k, v]) => [k, k === 'grpc-status-details-bin' ? '*' : String(v).replaceAll(gridId, '$grid')]));
  return { ...answer, body: drawsIds && !text.includes('{') ? Buffer.alloc(0) : Buffer.from(text, 'latin1'), ...(trailers && { trailers }) };
}

describe('plain unary calls over HTTP/1.1 and gRPC', () => {
  const ctx = useServer();

  async function twinGrid(): Promise<string> {
    const client = gridClient(ctx.url);
    const grid = await client.createGrid({ name: 'Twin', bare: true });
    await client.insertField({ gridId: grid.id, field: fieldInit('txt', 'Text', FieldType.RichText, { isPrimary: true }) });
    await client.insertField({ gridId: grid.id, field: fieldInit('num', 'Number', FieldType.Number) });
    await client.insertField({ gridId: grid.id, field: fieldInit('sel', 'Select', FieldType.SingleSelect) });
    return grid.id;
  }

  const PROTOCOLS = {
    connect: {
      types: { json: 'application/json', binary: 'application/proto' },
      // What Connect's own clients offer; no answer here is large enough to be compressed.
      call: (path: string, type: string, body: Uint8Array, viaConnect: boolean) => post(ctx.url, path, type, body, { 'accept-encoding': 'gzip, br', ...(viaConnect && VIA_CONNECT) }),
    },
    // As connect-node's clients send a body: chunked, with no content-length.
    'connect chunked': {
      types: { json: 'application/json', binary: 'application/proto' },
      call: (path: string, type: string, body: Uint8Array, viaConnect: boolean) =>
        post(ctx.url, path, type, body, { 'accept-encoding': 'gzip, br', 'transfer-encoding': 'chunked', ...(viaConnect && VIA_CONNECT) }),
    },
    grpc: {
      types: { json: 'application/grpc+json', binary: 'application/grpc' },
      call: (path: string, type: string, body: Uint8Array, viaConnect: boolean) => rawGrpc(ctx.url, path, type, envelope(body), { 'grpc-accept-encoding': 'gzip', ...(viaConnect && { 'grpc-timeout': '60S' }) }),
    },
  } as const;

  for (const [protocol, { types, call }] of Object.entries(PROTOCOLS)) for (const format of ['json', 'binary'] as const) {
    it(`answers every unary method as Connect does, successes and errors, ${protocol} ${format}`, async () => {
      const [plainGrid, connectGrid] = [await twinGrid(), await twinGrid()];
      const contentType = types[format];
      let errors = 0;
      for (const operation of OPERATIONS) {
        if (format === 'binary' && typeof operation.request === 'string') continue;
        const label = `${operation.method} ${JSON.stringify(operation.request)}`;
        const plain = await call(pathOf(operation.method), contentType, bodyOf(operation, plainGrid, format), false);
        const viaConnect = await call(pathOf(operation.method), contentType, bodyOf(operation, connectGrid, format), true);
        if (plain.status !== 200 || (plain.trailers?.['grpc-status'] ?? '0') !== '0') errors++;
        const drawsIds = operation.drawsIds === true;
        if (drawsIds && format === 'binary') {
          // Binary answers with random ids cannot be masked; their shape still must match.
          assert.deepEqual([plain.status, plain.headers, plain.trailers], [viaConnect.status, viaConnect.headers, viaConnect.trailers], label);
          continue;
        }
        assert.deepEqual(comparable(plain, plainGrid, drawsIds), comparable(viaConnect, connectGrid, drawsIds), label);
      }
      assert.ok(errors >= 10, `errors were compared too (${errors})`);
      // Both grids went through the same changes.
      const client = gridClient(ctx.url);
      const [a, b] = [await client.getFields({ gridId: plainGrid }), await client.getFields({ gridId: connectGrid })];
      assert.deepEqual(a.items.map((f) => [f.name, f.fieldType]), b.items.map((f) => [f.name, f.fieldType]));
    });
  }

  it('answers DeleteGrid and ListGrids as Connect does', async () => {
    const [plainGrid, connectGrid] = [await twinGrid(), await twinGrid()];
    const deleted = await post(ctx.url, pathOf('deleteGrid'), 'application/json', Buffer.from(JSON.stringify({ value: plainGrid })));
    const viaConnect = await post(ctx.url, pathOf('deleteGrid'), 'application/json', Buffer.from(JSON.stringify({ value: connectGrid })), VIA_CONNECT);
    assert.deepEqual(comparable(deleted, plainGrid, false), comparable(viaConnect, connectGrid, false));
    const list = await post(ctx.url, pathOf('listGrids'), 'application/proto', new Uint8Array(0));
    assert.equal(list.status, 200);
    assert.deepEqual(list, await post(ctx.url, pathOf('listGrids'), 'application/proto', new Uint8Array(0), VIA_CONNECT));
  });

  it('leaves to Connect what it does not take, which answers as before', async () => {
    const gridId = await twinGrid();
    const body = Buffer.from(JSON.stringify({ gridId }));
    const reference = await post(ctx.url, pathOf('getFields'), 'application/json', body);
    assert.equal(reference.status, 200);
    // A content type with parameters takes Connect's path.
    const charset = await post(ctx.url, pathOf('getFields'), 'application/json; charset=utf-8', body);
    assert.deepEqual([charset.status, charset.body], [200, reference.body]);
    // A query string is not the method's path: Connect's router does not serve it either.
    const query = await post(ctx.url, `${pathOf('getFields')}?x=1`, 'application/json', body);
    assert.deepEqual([query.status, query.body], [200, reference.body]);
    // A content type Connect does not take.
    const text = await post(ctx.url, pathOf('getFields'), 'text/plain', body);
    assert.equal(text.status, 415);
    // Over the read limit by its content-length: refused by Connect, unread.
    const huge = await post(ctx.url, pathOf('getFields'), 'application/json', Buffer.alloc(3 * 1024 * 1024, 0x20));
    assert.equal(huge.status, 429);
    assert.equal(huge.body.toString(), '{"code":"resource_exhausted","message":"message size 3145728 is larger than configured readMaxBytes 2097152"}');
    // Over it without a content-length: read up to the limit, then given back to Connect, which refuses it (this once
    // answered 200 with no body).
    const hugeChunked = await post(ctx.url, pathOf('getFields'), 'application/json', Buffer.alloc(3 * 1024 * 1024, 0x20), { 'transfer-encoding': 'chunked' });
    assert.equal(hugeChunked.status, 429);
    assert.equal(hugeChunked.body.toString(), '{"code":"resource_exhausted","message":"message size is larger than configured readMaxBytes 2097152"}');
  });

  it('gives back to Connect a gRPC body that is not one plain message within the limit, which answers as before', async () => {
    const gridId = await twinGrid();
    const one = envelope(bodyOf({ method: 'getFields', request: { gridId } }, gridId, 'binary'));
    const bodies = {
      'two messages': Buffer.concat([one, one]),
      'a cut envelope': one.subarray(0, 3),
      'a compressed flag with no grpc-encoding': Buffer.from([1, ...one.subarray(1)]),
      'a length past the body': Buffer.concat([one.subarray(0, 4), Buffer.from([200]), one.subarray(5)]),
      'no body': Buffer.alloc(0),
      'a message over the read limit': envelope(Buffer.alloc(3 * 1024 * 1024)),
    };
    for (const [label, body] of Object.entries(bodies)) {
      const plain = await rawGrpc(ctx.url, pathOf('getFields'), 'application/grpc', body);
      const viaConnect = await rawGrpc(ctx.url, pathOf('getFields'), 'application/grpc', body, { 'grpc-timeout': '60S' });
      assert.notEqual(plain.trailers?.['grpc-status'], '0', label);
      assert.deepEqual(plain, viaConnect, label);
    }
  });
});
