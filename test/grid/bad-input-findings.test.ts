/**
 * Bad input the reliability fuzzing found mishandled (test/reliability/bad-input.reliability.ts), each pinned to the
 * answer it gets now.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { Code } from '@connectrpc/connect';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { CreateGridPayloadSchema } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { READ_MAX_BYTES } from '../../src/http/app.js';
import { encode, useServer } from '../helpers/fixtures.js';
import { expectGridError, gridClient } from '../helpers/grid-clients.js';

const SERVICE = 'tessera.grid.v1.GridService';
const TEST_OPTIONS = { timeout: 20_000 };

function envelope(message: Uint8Array, flags = 0): Buffer<ArrayBuffer> {
  const out = Buffer.alloc(5 + message.byteLength);
  out[0] = flags;
  out.writeUInt32BE(message.byteLength, 1);
  Buffer.from(message).copy(out, 5);
  return out;
}

/** The trailers of a gRPC-Web answer, from its final 0x80 frame. */
function grpcWebTrailers(body: Buffer): Record<string, string> {
  for (let offset = 0; offset + 5 <= body.byteLength; ) {
    const length = body.readUInt32BE(offset + 1);
    if (body[offset]! & 0x80) {
      const lines = body.subarray(offset + 5, offset + 5 + length).toString('latin1').split('\r\n').filter(Boolean);
      return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]));
    }
    offset += 5 + length;
  }
  return {};
}

/** Writes raw bytes on a fresh connection, half-closes it, and collects everything until the server closes. */
function exchange(url: string, bytes: Buffer | string, half = true): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => (half ? socket.end(bytes) : socket.write(bytes)));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the server did not close the connection'));
    }, 5_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
  });
}

describe('grid bad input found by the fuzzing', () => {
  const ctx = useServer();

  it('a null character in a name or description is INVALID_ARGUMENT on every store (PostgreSQL text cannot hold one: a 500 there)', TEST_OPTIONS, async () => {
    const client = gridClient(ctx.url);
    await expectGridError(client.createGrid({ name: 'a\u0000b' }), { code: Code.InvalidArgument, message: 'name contains the null character U+0000', gridError: 1000 });
    const grid = await client.createGrid({ name: 'nul-free' });
    await expectGridError(client.insertField({ gridId: grid.id, field: { name: 'ok', desc: 'x\u0000', fieldType: FieldType.RichText } }), {
      code: Code.InvalidArgument,
      message: 'field.desc contains the null character U+0000',
    });
    assert.equal((await client.getGrid({ value: grid.id })).revision, grid.revision);
    // The other tests here expect a server with no grids.
    await client.deleteGrid({ value: grid.id });
  });

  it('compressed data that does not decompress (a cut-short gzip stream) is INVALID_ARGUMENT, not INTERNAL', TEST_OPTIONS, async () => {
    const truncated = Buffer.from(gzipSync(encode(CreateGridPayloadSchema, { name: 'zipped' })).subarray(0, 12));
    const unary = await fetch(`${ctx.url}/${SERVICE}/CreateGrid`, { method: 'POST', headers: { 'content-type': 'application/proto', 'content-encoding': 'gzip' }, body: truncated });
    assert.equal(unary.status, 400);
    assert.deepEqual(await unary.json(), { code: 'invalid_argument', message: 'decompression failed' });

    const web = await fetch(`${ctx.url}/${SERVICE}/CreateGrid`, {
      method: 'POST',
      headers: { 'content-type': 'application/grpc-web+proto', 'x-grpc-web': '1', 'grpc-encoding': 'gzip' },
      body: envelope(truncated, 1),
    });
    const trailers = { ...Object.fromEntries(web.headers), ...grpcWebTrailers(Buffer.from(await web.arrayBuffer())) };
    assert.equal(trailers['grpc-status'], '3');
    assert.equal(decodeURIComponent(trailers['grpc-message']!), 'decompression failed');
    assert.deepEqual((await gridClient(ctx.url).listGrids({})).items, []);
  });

  it('an error message quoting a lone surrogate (a JSON escape) still reaches gRPC and gRPC-Web clients', TEST_OPTIONS, async () => {
    // connect-es percent-encodes grpc-message with encodeURIComponent, which throws on a lone surrogate: gRPC-Web got a
    // body without trailers, and gRPC over h2c no answer at all.
    const body = envelope(Buffer.from('{"\\ud800value":"x"}'));
    const expected = 'the request does not decode as tessera.grid.v1.GridId: cannot decode message tessera.grid.v1.GridId from JSON: key "\ufffdvalue" is unknown';

    const web = await fetch(`${ctx.url}/${SERVICE}/GetGrid`, { method: 'POST', headers: { 'content-type': 'application/grpc-web+json', 'x-grpc-web': '1' }, body });
    const webTrailers = grpcWebTrailers(Buffer.from(await web.arrayBuffer()));
    assert.equal(webTrailers['grpc-status'], '3');
    assert.equal(decodeURIComponent(webTrailers['grpc-message']!), expected);

    const session = http2.connect(ctx.url);
    try {
      const trailers = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
        const stream = session.request({ ':method': 'POST', ':path': `/${SERVICE}/GetGrid`, 'content-type': 'application/grpc+json', te: 'trailers' });
        stream.on('trailers', resolve);
        stream.on('error', reject);
        stream.resume();
        stream.end(body);
      });
      assert.equal(trailers['grpc-status'], '3');
      assert.equal(decodeURIComponent(String(trailers['grpc-message'])), expected);
    } finally {
      session.close();
    }
  });

  it('after a body over the read limit is refused, the kept-alive connection still carries the next request', TEST_OPTIONS, async () => {
    // Connect stops reading at its limit and answers at once; the rest of the body used to hold up the connection.
    const body = JSON.stringify({ name: 'x'.repeat(READ_MAX_BYTES + 1_000_000) });
    const answers = await exchange(
      ctx.url,
      `POST /${SERVICE}/CreateGrid HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}` +
        `POST /${SERVICE}/ListGrids HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      false, // the connection stays open: only the second answer's "Connection: close" ends it
    );
    const statuses = [...answers.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
    assert.deepEqual(statuses, ['429', '200']);
    assert.match(answers, /"message":"message size \d+ is larger than configured readMaxBytes 2097152"/);
    assert.ok(answers.endsWith('{}'), answers.slice(-200));
  });

  it('a body without a Content-Type, or with one that does not parse, gets the 415 of any other content type (it got Fastify\'s JSON)', TEST_OPTIONS, async () => {
    for (const headers of [{}, { 'content-type': ';' }, { 'content-type': 'application/' }]) {
      const { hostname, port } = new URL(ctx.url);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: hostname, port, method: 'POST', path: `/${SERVICE}/ListGrids`, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end('{}');
      });
      assert.deepEqual(answer, { status: 415, body: '' }, JSON.stringify(headers));
    }
  });

  it('an HTTP/2 connection preface cut short is closed when the client hangs up its side', TEST_OPTIONS, async () => {
    // The shared port accepts connections half-open for HTTP/1; the HTTP/2 session used to wait on such a client forever.
    await exchange(ctx.url, 'PRI * HTTP/2.0\r\n\r\nSM\r\n');
  });
});
