/**
 * Issue 13, item 5: compressed grid requests with security on. The caller is authenticated before a single body
 * byte is read, and the decompressed size of a whole request (every envelope together) is capped at
 * READ_MAX_BYTES, in the Connect, gRPC-Web and gRPC protocols alike.
 */
import { Code, ConnectError, createClient, type Interceptor } from '@connectrpc/connect';
import { compressionBrotli, compressionGzip, createConnectTransport, createGrpcTransport, createGrpcWebTransport } from '@connectrpc/connect-node';
import { compressionDeflate } from '../../src/http/connect-compat/compression-deflate.js';
import { endStreamFlag, endStreamFromJson } from '@connectrpc/connect/protocol-connect';
import { findTrailerError } from '@connectrpc/connect/protocol-grpc';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { GridErrorSchema, GridIdSchema, GridSchema, GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { READ_MAX_BYTES } from '../../src/http/app.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { envelope } from '../helpers/raw-answers.js';

const SERVICE = 'tessera.grid.v1.GridService';
/** A bound on each test: before the fix, a server that waits for a body that never ends hung the test. */
const TEST_OPTIONS = { timeout: 30_000 };
const AUTHORIZATION = `Basic ${Buffer.from('elastic:elastic-pw').toString('base64')}`;
const OVER_THE_CAP = `request is larger than configured readMaxBytes ${READ_MAX_BYTES} after decompression`;

/** 14 bytes of brotli that inflate to exactly READ_MAX_BYTES: each envelope alone is within the cap. */
const BOMB = brotliCompressSync(Buffer.alloc(READ_MAX_BYTES));
/** The finding: 500 such envelopes, 9.5 KB on the wire, 1 GiB once inflated. */
const BOMBS = Buffer.concat(Array.from({ length: 500 }, () => envelope(BOMB, 1)));

/** What the server answered, as the client would see it; `ok` for success. */
interface Outcome {
  readonly code: string;
  readonly message: string;
  readonly gridError?: number;
}

function outcomeOf(error: ConnectError | undefined): Outcome {
  if (!error) return { code: 'ok', message: '' };
  const gridError = error.findDetails(GridErrorSchema)[0]?.code;
  return { code: Code[error.code], message: error.rawMessage, ...(gridError !== undefined && { gridError }) };
}

/**
 * Sends `body` over one HTTP/1.1 request and resolves with the whole answer. With `end` false the body is never
 * ended: only a server that answers without waiting for (or reading) the body resolves the promise.
 */
function http1(url: string, path: string, headers: http.OutgoingHttpHeaders, body: Buffer, end: boolean): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, { method: 'POST', headers });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) answer.set(name, String(value));
        resolve({ status: res.statusCode ?? 0, headers: answer, body: Buffer.concat(chunks) });
        req.destroy();
      });
    });
    req.write(body);
    if (end) req.end();
  });
}

/** The frames of an enveloped answer: [flags, data]. */
function frames(body: Buffer): [number, Buffer][] {
  const out: [number, Buffer][] = [];
  for (let offset = 0; offset + 5 <= body.byteLength; ) {
    const length = body.readUInt32BE(offset + 1);
    out.push([body[offset]!, body.subarray(offset + 5, offset + 5 + length)]);
    offset += 5 + length;
  }
  return out;
}

/** gRPC-Web over HTTP/1.1: the status travels in the headers (trailers-only) or in the body's final 0x80 frame. */
async function grpcWeb(url: string, method: string, headers: http.OutgoingHttpHeaders, body: Buffer, end = true): Promise<Outcome> {
  const answer = await http1(url, `/${SERVICE}/${method}`, { 'content-type': 'application/grpc-web+proto', 'x-grpc-web': '1', ...headers }, body, end);
  assert.equal(answer.status, 200);
  const trailers = new Headers(answer.headers);
  for (const [flags, data] of frames(answer.body)) {
    if (!(flags & 0x80)) continue;
    for (const line of data.toString('latin1').split('\r\n').filter(Boolean)) trailers.set(line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim());
  }
  assert.ok(trailers.has('grpc-status'), 'a gRPC-Web answer carries grpc-status');
  return outcomeOf(findTrailerError(trailers));
}

/** Connect streaming over HTTP/1.1 (WatchFields): the status travels in the end-stream frame. */
async function connectStream(url: string, headers: http.OutgoingHttpHeaders, body: Buffer, end = true): Promise<Outcome> {
  const answer = await http1(url, `/${SERVICE}/WatchFields`, { 'content-type': 'application/connect+proto', 'connect-protocol-version': '1', ...headers }, body, end);
  assert.equal(answer.status, 200);
  const last = frames(answer.body).at(-1);
  assert.ok(last && last[0] & endStreamFlag, 'a Connect stream ends with an end-stream frame');
  return outcomeOf(endStreamFromJson(last[1]).error);
}

/** gRPC over HTTP/2 (h2c prior knowledge), with `end` as for HTTP/1.1. */
function grpc(url: string, method: string, headers: http2.OutgoingHttpHeaders, body: Buffer, end = true): Promise<Outcome> {
  const session = http2.connect(url);
  return new Promise<Outcome>((resolve, reject) => {
    session.on('error', reject);
    const stream = session.request({ ':method': 'POST', ':path': `/${SERVICE}/${method}`, 'content-type': 'application/grpc', te: 'trailers', ...headers });
    const status = new Headers();
    const take = (fields: http2.IncomingHttpHeaders) => {
      for (const [name, value] of Object.entries(fields)) if (!name.startsWith(':') && value !== undefined) status.set(name, String(value));
    };
    stream.on('response', take);
    stream.on('trailers', take);
    stream.on('error', reject);
    stream.on('end', () => {
      assert.ok(status.has('grpc-status'), 'a gRPC answer carries grpc-status');
      resolve(outcomeOf(findTrailerError(status)));
    });
    stream.resume();
    stream.write(body);
    if (end) stream.end();
  }).finally(() => session.destroy());
}

const GRID_ID_BR = { 'grpc-encoding': 'br' };

describe('grid requests with security on: authentication before the body, one decompressed-size cap per request', () => {
  let server: TestServer;
  let gridId: string;

  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    gridId = (await client('connect+proto').createGrid({ name: 'Zipped' })).id;
  });
  after(() => server.dispose());

  const withCredentials: Interceptor = (next) => (req) => (req.header.set('authorization', AUTHORIZATION), next(req));
  function client(protocol: 'connect+proto' | 'grpc-web+proto' | 'grpc', compression?: typeof compressionGzip) {
    const options = { baseUrl: server.url, interceptors: [withCredentials], ...(compression && { sendCompression: compression, compressMinBytes: 1 }) };
    const transport =
      protocol === 'grpc' ? createGrpcTransport(options)
      : protocol === 'grpc-web+proto' ? createGrpcWebTransport({ ...options, httpVersion: '1.1' })
      : createConnectTransport({ ...options, httpVersion: '1.1' });
    return createClient(GridService, transport);
  }

  const unauthenticated = (method: string): Outcome => ({
    code: 'Unauthenticated',
    message: `missing authentication credentials for REST request [/${SERVICE}/${method}]`,
    gridError: 10010,
  });

  it('an unauthenticated bomb is answered UNAUTHENTICATED before its body is read: the body is never ended', TEST_OPTIONS, async () => {
    // The finding: the server inflated all 500 envelopes (1 GiB) and answered INVALID_ARGUMENT.
    assert.deepEqual(await grpcWeb(server.url, 'GetGrid', GRID_ID_BR, BOMBS), unauthenticated('GetGrid'));
    // The server answers while the client still holds the request open: it did not wait for the body, so it judged the
    // caller by the headers alone (before, it read the whole body first and never answered such a request).
    assert.deepEqual(await grpcWeb(server.url, 'GetGrid', GRID_ID_BR, BOMBS, false), unauthenticated('GetGrid'));
    assert.deepEqual(await connectStream(server.url, { 'connect-content-encoding': 'br' }, BOMBS, false), unauthenticated('WatchFields'));
    assert.deepEqual(await grpc(server.url, 'GetGrid', GRID_ID_BR, BOMBS, false), unauthenticated('GetGrid'));
  });

  it('wrong credentials are UNAUTHENTICATED too, whatever the body', TEST_OPTIONS, async () => {
    const wrong = { authorization: `Basic ${Buffer.from('elastic:wrong').toString('base64')}` };
    for (const end of [true, false]) {
      assert.deepEqual(await grpcWeb(server.url, 'GetGrid', { ...GRID_ID_BR, ...wrong }, BOMBS, end), {
        code: 'Unauthenticated',
        message: `unable to authenticate user [elastic] for REST request [/${SERVICE}/GetGrid]`,
        gridError: 10010,
      });
    }
  });

  it('an authenticated bomb is RESOURCE_EXHAUSTED: the cap is on the whole request, though every envelope is within it', TEST_OPTIONS, async () => {
    const expected: Outcome = { code: 'ResourceExhausted', message: OVER_THE_CAP };
    const credentials = { authorization: AUTHORIZATION };
    assert.deepEqual(await grpcWeb(server.url, 'GetGrid', { ...GRID_ID_BR, ...credentials }, BOMBS), expected);
    assert.deepEqual(await connectStream(server.url, { 'connect-content-encoding': 'br', ...credentials }, BOMBS), expected);
    assert.deepEqual(await grpc(server.url, 'GetGrid', { ...GRID_ID_BR, ...credentials }, BOMBS), expected);
    // Two envelopes of 1.5 MiB each: neither is over the cap, together they are.
    const half = envelope(brotliCompressSync(Buffer.alloc(1.5 * 1024 * 1024)), 1);
    assert.deepEqual(await grpc(server.url, 'GetGrid', { ...GRID_ID_BR, ...credentials }, Buffer.concat([half, half])), expected);
  });

  it('a body over the cap as sent, in envelopes each within it, is RESOURCE_EXHAUSTED before anything is inflated', TEST_OPTIONS, async () => {
    // Not brotli at all: "decompression failed" would show that something was decompressed.
    const notBrotli = envelope(Buffer.alloc(READ_MAX_BYTES / 2 + 1, 0xff), 1);
    const expected: Outcome = { code: 'ResourceExhausted', message: `request is larger than configured readMaxBytes ${READ_MAX_BYTES}` };
    const body = Buffer.concat([notBrotli, notBrotli]);
    assert.deepEqual(await grpcWeb(server.url, 'GetGrid', { ...GRID_ID_BR, authorization: AUTHORIZATION }, body), expected);
    assert.deepEqual(await grpc(server.url, 'GetGrid', { ...GRID_ID_BR, authorization: AUTHORIZATION }, body), expected);
  });

  it('a method that takes one message has nothing decompressed after a second one', TEST_OPTIONS, async () => {
    // Thousands of tiny compressed envelopes cost a decompression each: a second message is already a protocol error.
    const message = envelope(brotliCompressSync(toBinary(GridIdSchema, create(GridIdSchema, { value: gridId }))), 1);
    const corrupt = envelope(Buffer.from('not brotli at all'), 1);
    const expected: Outcome = { code: 'Unimplemented', message: 'protocol error: received extra input message for unary method' };
    assert.deepEqual(await grpc(server.url, 'GetGrid', { ...GRID_ID_BR, authorization: AUTHORIZATION }, Buffer.concat([message, message, corrupt])), expected);
    // The second message is still judged: it is decompressed against the same cap.
    assert.deepEqual(await grpc(server.url, 'GetGrid', { ...GRID_ID_BR, authorization: AUTHORIZATION }, Buffer.concat([message, corrupt, message])), { code: 'InvalidArgument', message: 'decompression failed' });
  });

  it('a Connect unary body over the cap once inflated gets the same answer', TEST_OPTIONS, async () => {
    const body = brotliCompressSync(Buffer.alloc(READ_MAX_BYTES + 1));
    const answer = await http1(server.url, `/${SERVICE}/GetGrid`, { 'content-type': 'application/proto', 'content-encoding': 'br', authorization: AUTHORIZATION }, body, true);
    assert.equal(answer.status, 429);
    assert.deepEqual(JSON.parse(answer.body.toString()), { code: 'resource_exhausted', message: OVER_THE_CAP });
  });

  it('legitimate compressed requests still work, in every protocol', TEST_OPTIONS, async () => {
    for (const protocol of ['connect+proto', 'grpc-web+proto', 'grpc'] as const) {
      for (const compression of [compressionGzip, compressionBrotli, compressionDeflate]) {
        const grid = await client(protocol, compression).getGrid({ value: gridId });
        assert.equal(grid.name, 'Zipped', `${protocol} ${compression.name}`);
      }
    }
    const message = toBinary(GridIdSchema, create(GridIdSchema, { value: gridId }));
    const credentials = { authorization: AUTHORIZATION };
    assert.deepEqual(await grpcWeb(server.url, 'GetGrid', { ...GRID_ID_BR, ...credentials }, envelope(brotliCompressSync(message), 1)), { code: 'ok', message: '' });
    assert.deepEqual(await grpc(server.url, 'GetGrid', { 'grpc-encoding': 'gzip', ...credentials }, envelope(gzipSync(message), 1)), { code: 'ok', message: '' });
    const unary = await http1(server.url, `/${SERVICE}/GetGrid`, { 'content-type': 'application/proto', 'content-encoding': 'br', authorization: AUTHORIZATION }, brotliCompressSync(message), true);
    assert.equal(unary.status, 200);
    assert.equal(fromBinary(GridSchema, unary.body).name, 'Zipped');
  });

  it('a watch opened with a compressed request streams its grid', TEST_OPTIONS, async () => {
    const controller = new AbortController();
    const watch = client('connect+proto', compressionBrotli).watchFields({ gridId, afterRevision: 0n }, { signal: controller.signal });
    const first = await watch[Symbol.asyncIterator]().next();
    controller.abort();
    assert.equal(first.done, false);
  });
});
