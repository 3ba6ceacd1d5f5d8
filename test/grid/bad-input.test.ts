import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import * as grpc from '@grpc/grpc-js';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { FieldSchema, FieldType, InsertFieldPayloadSchema } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { CreateGridPayloadSchema, GridErrorSchema, RepeatedGridSchema } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { useServer } from '../helpers/fixtures.js';
import { gridClient } from '../helpers/grid-clients.js';

const SERVICE = 'tessera.grid.v1.GridService';

interface ConnectErrorBody {
  code: string;
  message: string;
  details?: { type: string; value: string }[];
}

function envelope(message: Uint8Array, flags = 0): Uint8Array {
  const out = new Uint8Array(5 + message.byteLength);
  out[0] = flags;
  new DataView(out.buffer).setUint32(1, message.byteLength);
  out.set(message, 5);
  return out;
}

function gridErrorCode(body: ConnectErrorBody): number | undefined {
  const detail = body.details?.find((d) => d.type === 'tessera.grid.v1.GridError');
  return detail && fromBinary(GridErrorSchema, Buffer.from(detail.value, 'base64')).code;
}

describe('bad input is refused with a clear error and changes nothing', () => {
  const ctx = useServer();
  const post = (method: string, contentType: string, body: Uint8Array | string, headers: Record<string, string> = {}) =>
    fetch(`${ctx.url}/${SERVICE}/${method}`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body: typeof body === 'string' ? body : Buffer.from(body) });

  async function connectError(response: Response, status: number): Promise<ConnectErrorBody> {
    assert.equal(response.status, status);
    return (await response.json()) as ConnectErrorBody;
  }

  it('Connect unary: malformed, truncated and mistyped bodies are INVALID_ARGUMENT with GridError 1000', async () => {
    const valid = toBinary(CreateGridPayloadSchema, create(CreateGridPayloadSchema, { name: 'A fine name' }));
    const cases: [string, Uint8Array | string, string][] = [
      ['application/proto', Uint8Array.of(0xff, 0xff, 0xff), 'the request does not decode as tessera.grid.v1.CreateGridPayload: premature EOF'],
      ['application/proto', valid.subarray(0, 5), 'the request does not decode as tessera.grid.v1.CreateGridPayload: premature EOF'],
      ['application/proto', Uint8Array.of(0x0f), 'the request does not decode as tessera.grid.v1.CreateGridPayload: illegal tag: field no 1 wire type 7'],
      ['application/json', '{"name":', 'the request does not decode as tessera.grid.v1.CreateGridPayload: cannot decode message tessera.grid.v1.CreateGridPayload from JSON: Unexpected end of JSON input'],
      ['application/json', '{"name":5}', 'the request does not decode as tessera.grid.v1.CreateGridPayload: cannot decode field tessera.grid.v1.CreateGridPayload.name from JSON: expected string, got 5'],
      ['application/json', '{"nam":"x"}', 'the request does not decode as tessera.grid.v1.CreateGridPayload: cannot decode message tessera.grid.v1.CreateGridPayload from JSON: key "nam" is unknown'],
      ['application/json', '[1,2]', 'the request does not decode as tessera.grid.v1.CreateGridPayload: cannot decode message tessera.grid.v1.CreateGridPayload from JSON: Array(2)'],
    ];
    for (const [contentType, body, message] of cases) {
      const error = await connectError(await post('CreateGrid', contentType, body), 400);
      assert.equal(error.code, 'invalid_argument');
      assert.equal(error.message, message);
      assert.equal(gridErrorCode(error), 1000);
    }
  });

  it('compressed bodies are decoded too: gzip and brotli, whole or enveloped', async () => {
    const garbage = Uint8Array.of(0xff, 0xff, 0xff);
    const message = 'the request does not decode as tessera.grid.v1.CreateGridPayload: premature EOF';
    for (const [encoding, compress] of [['gzip', gzipSync], ['br', brotliCompressSync]] as const) {
      const unary = await connectError(await post('CreateGrid', 'application/proto', compress(garbage), { 'content-encoding': encoding }), 400);
      assert.deepEqual([unary.code, unary.message, gridErrorCode(unary)], ['invalid_argument', message, 1000]);
      const json = await connectError(await post('CreateGrid', 'application/json', compress('{"name":'), { 'content-encoding': encoding }), 400);
      assert.equal(gridErrorCode(json), 1000);
    }
    const streamed = await post('WatchFields', 'application/connect+proto', envelope(gzipSync(Uint8Array.of(0x0a, 0x09, 0x61)), 1), {
      'connect-protocol-version': '1',
      'connect-content-encoding': 'gzip',
    });
    const body = new Uint8Array(await streamed.arrayBuffer());
    const end = JSON.parse(Buffer.from(body.subarray(5)).toString('utf8')) as { error: ConnectErrorBody };
    assert.equal(end.error.message, 'the request does not decode as tessera.grid.v1.WatchFieldsPayload: premature EOF');
    assert.equal(gridErrorCode(end.error), 1000);
    // A well-formed compressed request still works.
    const created = await post('CreateGrid', 'application/json', gzipSync('{"name":"zipped","bare":true}'), { 'content-encoding': 'gzip' });
    assert.equal(created.status, 200);
    const grid = (await created.json()) as { id: string };
    assert.equal((await gridClient(ctx.url).deleteGrid({ value: grid.id })).name, 'zipped');
  });

  it('an enum name or number the schema does not declare is INVALID_ARGUMENT', async () => {
    const byName = await connectError(await post('GetEditFieldContext', 'application/json', '{"gridId":"g","fieldType":"Bogus"}'), 400);
    assert.equal(byName.message, 'the request does not decode as tessera.grid.v1.GetEditFieldContextPayload: cannot decode enum tessera.grid.v1.FieldType from JSON: "Bogus"');
    assert.equal(gridErrorCode(byName), 1000);
    const payload = toBinary(InsertFieldPayloadSchema, create(InsertFieldPayloadSchema, { gridId: 'g', field: create(FieldSchema, { id: 'f', name: 'F', fieldType: 99 as FieldType }) }));
    const byNumber = await connectError(await post('InsertField', 'application/proto', payload), 400);
    assert.equal(byNumber.message, 'field.field_type: 99 is not a declared FieldType value');
    assert.equal(gridErrorCode(byNumber), 1000);
  });

  it('a body over the 2 MiB request limit is RESOURCE_EXHAUSTED', async () => {
    const error = await connectError(await post('CreateGrid', 'application/proto', new Uint8Array(3 * 1024 * 1024), { connection: 'close' }), 429);
    assert.equal(error.code, 'resource_exhausted');
    assert.equal(error.message, 'message size 3145728 is larger than configured readMaxBytes 2097152');
  });

  it('gRPC-Web: an undecodable message ends with grpc-status 3 and a GridError detail', async () => {
    const response = await post('CreateGrid', 'application/grpc-web+proto', envelope(Uint8Array.of(0xff, 0xff)), { 'x-grpc-web': '1' });
    assert.equal(response.status, 200);
    const headers = response.headers;
    const body = new Uint8Array(await response.arrayBuffer());
    // Trailers travel either as headers (trailers-only) or as the body's final 0x80 frame.
    const trailerText = body.byteLength > 5 && body[0] === 0x80 ? Buffer.from(body.subarray(5)).toString('latin1') : '';
    const trailers = new Map(
      trailerText
        .split('\r\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
    );
    const status = headers.get('grpc-status') ?? trailers.get('grpc-status');
    const message = headers.get('grpc-message') ?? trailers.get('grpc-message');
    assert.equal(status, '3');
    assert.equal(decodeURIComponent(message!), 'the request does not decode as tessera.grid.v1.CreateGridPayload: premature EOF');
    assert.ok(headers.get('grpc-status-details-bin') ?? trailers.get('grpc-status-details-bin'));
  });

  it('Connect server streaming: an undecodable WatchFields request ends the stream with invalid_argument', async () => {
    const response = await post('WatchFields', 'application/connect+proto', envelope(Uint8Array.of(0x0a, 0x09, 0x61)), { 'connect-protocol-version': '1' });
    assert.equal(response.status, 200);
    const body = new Uint8Array(await response.arrayBuffer());
    assert.equal(body[0], 0b10, 'one end-stream frame');
    const end = JSON.parse(Buffer.from(body.subarray(5)).toString('utf8')) as { error: ConnectErrorBody };
    assert.equal(end.error.code, 'invalid_argument');
    assert.equal(end.error.message, 'the request does not decode as tessera.grid.v1.WatchFieldsPayload: premature EOF');
    assert.equal(gridErrorCode(end.error), 1000);
  });

  it('gRPC over h2c (grpc-js): an undecodable message is INVALID_ARGUMENT', async () => {
    const client = new grpc.Client(new URL(ctx.url).host, grpc.credentials.createInsecure());
    try {
      const error = await new Promise<grpc.ServiceError>((resolve, reject) => {
        client.makeUnaryRequest(
          `/${SERVICE}/CreateGrid`,
          () => Buffer.from([0xff, 0xff]),
          (bytes: Buffer) => bytes,
          {},
          (err) => (err ? resolve(err) : reject(new Error('expected an error'))),
        );
      });
      assert.equal(error.code, grpc.status.INVALID_ARGUMENT);
      assert.equal(error.details, 'the request does not decode as tessera.grid.v1.CreateGridPayload: premature EOF');
    } finally {
      client.close();
    }
  });

  it('an unknown method is 404, and none of the above changed any state', async () => {
    const response = await post('NoSuchMethod', 'application/json', '{}');
    assert.equal(response.status, 404);
    await response.arrayBuffer();
    const grids = await gridClient(ctx.url).listGrids({});
    assert.deepEqual(grids, create(RepeatedGridSchema, { items: [] }));
  });
});
