/**
 * GetFields in its plainest form (no compression offered, no timeout: what curl, autocannon or a bare HTTP client
 * sends) is answered by a shorter path than other calls (the lanes in src/http/connect-compat/), from a field
 * list the service keeps per grid revision. Its answers must be the bytes and headers Connect itself gives (a request
 * with a timeout takes Connect's path, so the two are compared), and never older than a
 * write acknowledged before the call.
 */
import { toBinary } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QueryFieldPayloadSchema, RepeatedFieldSchema } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { fieldInit, decode, encode, useServer } from '../helpers/fixtures.js';
import { gridClient } from '../helpers/grid-clients.js';
import { envelope, rawGrpc, rawPost } from '../helpers/raw-answers.js';

const PATH = `/${GridService.typeName}/GetFields`;
/** A timeout makes a Connect call take Connect's own path, whose answers the short ones must equal. */
const VIA_CONNECT = { 'connect-timeout-ms': '60000' };
const GRPC_VIA_CONNECT = { 'grpc-timeout': '60S' };

const post = (url: string, contentType: string, body: Uint8Array, extra: Readonly<Record<string, string>> = {}) => rawPost(`${url}${PATH}`, contentType, body, extra);

const grpcCall = (url: string, message: Uint8Array, extra: Readonly<Record<string, string>> = {}) => rawGrpc(url, PATH, 'application/grpc', envelope(message), extra);

describe('GetFields without compression or timeout', () => {
  const ctx = useServer();

  async function fiftyFieldGrid(): Promise<string> {
    const client = gridClient(ctx.url);
    const grid = await client.createGrid({ name: 'Plain' });
    for (let i = grid.fieldOrders.length; i < 50; i++) await client.insertField({ gridId: grid.id, field: fieldInit(`f${i}`, `Field ${i}`) });
    return grid.id;
  }

  it('answers Connect binary and JSON with the bytes and headers Connect gives, repeated calls alike', async () => {
    const gridId = await fiftyFieldGrid();
    const cases = [
      { type: 'application/proto', body: encode(QueryFieldPayloadSchema, { gridId }) },
      { type: 'application/json', body: Buffer.from(JSON.stringify({ gridId })) },
      // A subset in the order asked, and a field that does not exist left out.
      { type: 'application/json', body: Buffer.from(JSON.stringify({ gridId, fieldOrders: { items: [{ fieldId: 'f7' }, { fieldId: 'nope' }, { fieldId: 'f3' }] } })) },
    ];
    for (const { type, body } of cases) {
      // Compression offered or not: the lane compresses as Connect does (the whole list is over 1 KiB).
      for (const offered of [undefined, 'gzip', 'br', 'gzip, br', 'identity', 'zstd, br']) {
        const accept: Record<string, string> = offered === undefined ? {} : { 'accept-encoding': offered };
        const viaConnect = await post(ctx.url, type, body, { ...accept, ...VIA_CONNECT });
        assert.equal(viaConnect.status, 200);
        const expected = { gzip: 'gzip', br: 'br', 'gzip, br': 'gzip', 'zstd, br': 'br' }[offered ?? ''];
        if (body.byteLength < 20) assert.equal(viaConnect.headers.find((h) => h.startsWith('content-encoding')), expected && `content-encoding: ${expected}`);
        for (let round = 0; round < 2; round++) {
          const plain = await post(ctx.url, type, body, accept);
          assert.deepEqual(plain, viaConnect, `${type} ${body.toString()} offering ${offered}, call ${round + 1}`);
        }
      }
    }
    const fields = decode(RepeatedFieldSchema, (await post(ctx.url, 'application/proto', encode(QueryFieldPayloadSchema, { gridId }))).body);
    assert.equal(fields.items.length, 50);
  });

  it('answers gRPC with the frame, headers and trailers Connect gives', async () => {
    const gridId = await fiftyFieldGrid();
    const message = toBinary(QueryFieldPayloadSchema, { $typeName: QueryFieldPayloadSchema.typeName, gridId });
    const viaConnect = await grpcCall(ctx.url, message, GRPC_VIA_CONNECT);
    assert.equal(viaConnect.trailers?.['grpc-status'], '0');
    for (let round = 0; round < 2; round++) assert.deepEqual(await grpcCall(ctx.url, message), viaConnect);
  });

  it('answers errors as Connect does', async () => {
    for (const body of [JSON.stringify({ gridId: 'missing000' }), JSON.stringify({ gridId: '' }), JSON.stringify({ gridId: 'x', nope: 1 }), '{']) {
      const plain = await post(ctx.url, 'application/json', Buffer.from(body));
      assert.notEqual(plain.status, 200, body);
      assert.deepEqual(plain, await post(ctx.url, 'application/json', Buffer.from(body), VIA_CONNECT), body);
    }
    const missing = toBinary(QueryFieldPayloadSchema, { $typeName: QueryFieldPayloadSchema.typeName, gridId: 'missing000' });
    const plain = await grpcCall(ctx.url, missing);
    assert.equal(plain.trailers?.['grpc-status'], '5');
    assert.deepEqual(plain, await grpcCall(ctx.url, missing, GRPC_VIA_CONNECT));
    // A message over the read limit: refused in gRPC's words (the fast lane once failed the call without an answer).
    const huge = await grpcCall(ctx.url, new Uint8Array(3 * 1024 * 1024));
    assert.deepEqual([huge.status, huge.trailers?.['grpc-status'], huge.trailers?.['grpc-message']], [200, '8', 'message size 3145728 is larger than configured readMaxBytes 2097152']);
  });

  it('never answers older than an acknowledged write, nor for a deleted grid', async () => {
    const client = gridClient(ctx.url);
    const gridId = await fiftyFieldGrid();
    const body = encode(QueryFieldPayloadSchema, { gridId });
    for (let i = 0; i < 5; i++) {
      await post(ctx.url, 'application/proto', body);
      await client.updateField({ gridId, fieldId: 'f9', oneOfName: { case: 'name', value: `renamed ${i}` } });
      const fields = decode(RepeatedFieldSchema, (await post(ctx.url, 'application/proto', body)).body);
      assert.equal(fields.items.find((f) => f.id === 'f9')?.name, `renamed ${i}`);
    }
    await client.deleteField({ gridId, fieldId: 'f9' });
    assert.equal(decode(RepeatedFieldSchema, (await post(ctx.url, 'application/proto', body)).body).items.length, 49);
    await client.deleteGrid({ value: gridId });
    const gone = await post(ctx.url, 'application/json', Buffer.from(JSON.stringify({ gridId })));
    assert.equal(gone.status, 404);
  });
});
