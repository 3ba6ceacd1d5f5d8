/**
 * @module Compression of answers: gzip, brotli and deflate, each where the caller offers it, over Connect unary and
 * streaming, gRPC-Web and gRPC; an answer is compressed only when it is large enough to gain.
 */
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { createClient } from '@connectrpc/connect';
import { compressionBrotli, compressionGzip, createConnectTransport, createGrpcTransport, createGrpcWebTransport } from '@connectrpc/connect-node';
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { QueryFieldPayloadSchema, RepeatedFieldSchema } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { compressionDeflate } from '../../src/http/connect-compat/compression-deflate.js';
import { fieldInit, useServer } from '../helpers/fixtures.js';
import { gridClient } from '../helpers/grid-clients.js';

const INFLATE = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync } as const;

describe('compressed answers', () => {
  const ctx = useServer();

  async function bigGrid(): Promise<string> {
    const client = gridClient(ctx.url);
    const { id } = await client.createGrid({ name: 'big', bare: true });
    for (let i = 0; i < 40; i++) await client.insertField({ gridId: id, field: fieldInit(`f${i}`, `A field with a longish name, number ${i}`) });
    return id;
  }

  it('answers a plain Connect call in the encoding it accepts, gzip, br or deflate', async () => {
    const gridId = await bigGrid();
    const body = toBinary(QueryFieldPayloadSchema, create(QueryFieldPayloadSchema, { gridId }));
    for (const encoding of ['gzip', 'br', 'deflate'] as const) {
      const answer = await post(`${ctx.url}/${GridService.typeName}/GetFields`, { 'content-type': 'application/proto', 'accept-encoding': encoding }, body);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], encoding);
      assert.equal(fromBinary(RepeatedFieldSchema, INFLATE[encoding](answer.body)).items.length, 40, encoding);
    }
    const plain = await post(`${ctx.url}/${GridService.typeName}/GetFields`, { 'content-type': 'application/proto' }, body);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(fromBinary(RepeatedFieldSchema, plain.body).items.length, 40);
  });

  it('talks deflate with real clients of every protocol, both ways', async () => {
    const gridId = await bigGrid();
    const options = { baseUrl: ctx.url, sendCompression: compressionDeflate, acceptCompression: [compressionDeflate], compressMinBytes: 1 };
    for (const transport of [
      createConnectTransport({ ...options, httpVersion: '1.1' }),
      createGrpcWebTransport({ ...options, httpVersion: '1.1' }),
      createGrpcTransport(options),
    ]) {
      const client = createClient(GridService, transport);
      assert.equal((await client.getFields({ gridId })).items.length, 40);
      const controller = new AbortController();
      for await (const changeset of client.watchFields({ gridId, afterRevision: 0n }, { signal: controller.signal })) {
        assert.equal(changeset.revision, 1n);
        break;
      }
      controller.abort();
    }
    // And gzip and brotli, as connect-node ships them.
    for (const compression of [compressionGzip, compressionBrotli]) {
      const client = createClient(GridService, createGrpcTransport({ baseUrl: ctx.url, sendCompression: compression, acceptCompression: [compression], compressMinBytes: 1 }));
      assert.equal((await client.getFields({ gridId })).items.length, 40);
    }
  });
});

/** A POST whose answer is read as the bytes sent, undecoded. */
function post(url: string, headers: Record<string, string>, body: Uint8Array): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(body);
  });
}
