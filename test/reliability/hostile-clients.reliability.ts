/**
 * @module Reliability: hostile clients against a server with security on. Seeded random cases of what an attacker
 * without credentials can send: bodies far over every limit that are never finished, compressed grid messages that
 * inflate far beyond what was sent, and connections that send nothing, a byte or two, or half a request and then
 * wait. Every request must be answered before its body is read (401, 403 or 413, in ES's envelope), every bomb
 * refused (UNAUTHENTICATED without credentials), every idle socket closed by the server, and the server must go on
 * serving throughout, with nothing thrown outside a request.
 *
 * Run it with `node --import tsx --test test/reliability/hostile-clients.reliability.ts`; TESSERA_FUZZ_SEED replays a run.
 */
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { READ_MAX_BYTES } from '../../src/http/app.js';
import { prng } from '../helpers/prng.js';
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';

const SEED = process.env.TESSERA_FUZZ_SEED ? Number(process.env.TESSERA_FUZZ_SEED) : randomInt(0, 2 ** 32 - 1);
console.log(`hostile clients: seed ${SEED} (replay with TESSERA_FUZZ_SEED=${SEED})`);

function rngFor(salt: string) {
  let h = 2166136261 ^ SEED;
  for (const ch of salt) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  const next = prng(h >>> 0);
  const int = (max: number) => Math.floor(next() * max);
  return { int, range: (min: number, max: number) => min + int(max - min + 1), pick: <T>(items: readonly T[]) => items[int(items.length)]!, chance: (p: number) => next() < p };
}

const MAX_CONTENT_LENGTH = 1024 * 1024;
const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const ADMIN = basic('elastic', 'elastic-pw');

interface Answer {
  readonly status: number;
  readonly body: string;
}

/** Sends the headers and the first `sent` bytes of a body that is never finished; resolves with the answer. */
function unfinishedUpload(url: string, method: string, path: string, headers: Record<string, string | number>, sent: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${path}`, { method, agent: false, headers });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer to ${method} ${path} while its body was unfinished`));
    }, 30_000);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode!, body });
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.write(Buffer.alloc(sent, 0x20));
  });
}

describe(`hostile clients (seed ${SEED})`, () => {
  let server: TestServer;
  const unexpected: string[] = [];
  const onUnexpected = (error: unknown) => unexpected.push(String((error as Error)?.stack ?? error));

  before(async () => {
    server = await startTestServer({
      dataDir: tempDataDir(),
      security: true,
      elasticPassword: 'elastic-pw',
      httpMaxContentLength: MAX_CONTENT_LENGTH,
      connectionLimits: { headersTimeout: 500, requestTimeout: 5_000, idleTimeout: 1_000 },
    });
    const put = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: ADMIN }, body: JSON.stringify(body) });
    assert.equal((await put('/_security/user/nobody', { password: 'nobody-pw', roles: [] })).status, 200);
    assert.equal((await put('/logs-1', {})).status, 200);
    process.on('uncaughtException', onUnexpected);
    process.on('unhandledRejection', onUnexpected);
  });
  after(async () => {
    process.off('uncaughtException', onUnexpected);
    process.off('unhandledRejection', onUnexpected);
    await server.dispose();
  });

  async function assertAlive(): Promise<void> {
    const response = await fetch(`${server.url}/`, { headers: { authorization: ADMIN } });
    assert.equal(response.status, 200, 'GET / answers after the batch');
  }

  it('oversized ES bodies that never finish: answered before they are read, whoever sends them', { timeout: 300_000 }, async () => {
    const rng = rngFor('oversized');
    // Routes that take a body, each with what a caller holding no privilege is refused.
    const routes: [string, string, string][] = [
      ['PUT', '/_ilm/policy/fz', 'application/json'],
      ['PUT', '/_cluster/settings', 'application/json'],
      ['PUT', '/_security/role/fz', 'application/json'],
      ['PUT', '/_security/user/fz', 'application/json'],
      ['POST', '/_security/api_key', 'application/json'],
      ['PUT', '/_index_template/fz', 'application/json'],
      ['PUT', '/fz-new', 'application/json'],
      ['PUT', '/logs-1/_settings', 'application/json'],
      ['POST', '/logs-1/_doc', 'application/json'],
      ['PUT', '/logs-1/_doc/1', 'application/json'],
      ['POST', '/_bulk', 'application/x-ndjson'],
      ['POST', '/logs-1/_bulk', 'application/x-ndjson'],
      ['POST', '/_aliases', 'application/json'],
      ['POST', '/_tessera/ilm/simulate', 'application/json'],
      ['POST', '/_tessera/ilm/lint', 'application/json'],
      ['POST', '/_tessera/clock/_advance', 'application/json'],
    ];
    const failures: string[] = [];
    for (let i = 0; i < 80; i++) {
      const [method, path, contentType] = rng.pick(routes);
      const who = rng.pick(['none', 'unknown user', 'bad scheme', 'no privilege', 'superuser'] as const);
      const authorization = {
        none: undefined,
        'unknown user': basic(`intruder-${rng.int(1000)}`, 'guess'),
        'bad scheme': `Bearer ${'x'.repeat(rng.range(1, 200))}`,
        'no privilege': basic('nobody', 'nobody-pw'),
        superuser: ADMIN,
      }[who];
      const chunked = who !== 'superuser' && rng.chance(0.3);
      const declared = rng.range(MAX_CONTENT_LENGTH + 1, 500 * 1024 * 1024);
      const headers: Record<string, string | number> = {
        'content-type': contentType,
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': declared }),
        ...(authorization && { authorization }),
      };
      const expected = who === 'superuser' ? 413 : who === 'no privilege' ? 403 : 401;
      const label = `${method} ${path} as ${who}${chunked ? ', chunked' : `, ${declared} bytes declared`}`;
      try {
        const answer = await unfinishedUpload(server.url, method, path, headers, rng.range(0, 256 * 1024));
        const envelope = JSON.parse(answer.body) as { status?: number; error?: { type?: string } };
        if (answer.status !== expected || envelope.status !== expected || typeof envelope.error?.type !== 'string') failures.push(`${label}: ${answer.status} ${answer.body.slice(0, 300)}`);
      } catch (error) {
        failures.push(`${label}: ${(error as Error).message}`);
      }
    }
    assert.deepEqual(failures, []);
    await assertAlive();
  });

  it('compressed grid messages that inflate beyond every limit: refused before the body without credentials, capped in all with them', { timeout: 300_000 }, async () => {
    const rng = rngFor('bombs');
    const failures: string[] = [];
    const envelope = (payload: Buffer, compressed: boolean) => {
      const frame = Buffer.alloc(5 + payload.byteLength);
      frame[0] = compressed ? 1 : 0;
      frame.writeUInt32BE(payload.byteLength, 1);
      payload.copy(frame, 5);
      return frame;
    };
    const session = http2.connect(server.url);
    session.on('error', () => undefined);
    try {
      for (let i = 0; i < 40; i++) {
        const encoding = rng.pick(['gzip', 'br'] as const);
        const protocol = rng.pick(['grpc-web', 'connect-stream', 'connect-unary', 'grpc'] as const);
        // Each message within the per-message limit, so only a cap on the request's total refuses the whole.
        const inflated = rng.range(64 * 1024, READ_MAX_BYTES - 1024);
        const zeros = Buffer.alloc(inflated);
        const packed = encoding === 'gzip' ? gzipSync(zeros) : brotliCompressSync(zeros);
        const count = protocol === 'connect-unary' ? 1 : rng.range(1, 60);
        const credentials = rng.chance(0.5) ? ADMIN : undefined;
        const method = protocol === 'connect-stream' ? 'WatchFields' : 'GetGrid';
        const label = `${protocol} ${method}, ${count} × ${encoding} of ${inflated} bytes, ${credentials ? 'with' : 'without'} credentials`;
        // Without credentials the body is never finished: only an answer given before reading it can arrive. With
        // them, the first message does not decode (zeros are field 0), or the messages together pass the cap: the
        // client's error either way, found without inflating more than the cap.
        const expected = !credentials ? ['unauthenticated'] : count * inflated > READ_MAX_BYTES ? ['resource_exhausted', 'invalid_argument'] : ['invalid_argument'];
        const body = protocol === 'connect-unary' ? packed : Buffer.concat(Array.from({ length: count }, () => envelope(packed, true)));
        try {
          const code = await sendBomb(server.url, session, protocol, method, encoding, credentials, body);
          if (!expected.includes(code)) failures.push(`${label}: ${code}, expected ${expected.join(' or ')}`);
        } catch (error) {
          failures.push(`${label}: ${(error as Error).message}`);
        }
      }
    } finally {
      session.close();
    }
    assert.deepEqual(failures, []);
    await assertAlive();
  });

  it('connections that send nothing, a byte or two, or half a request: all closed by the server', { timeout: 300_000 }, async () => {
    const rng = rngFor('idle');
    const openings = [
      '',
      'P',
      'PR',
      'G',
      'GE',
      'GET / HTTP/1.1\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\n',
      `PUT /_ilm/policy/x HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\nAuthorization: ${ADMIN}\r\n\r\n{"po`,
      'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
    ];
    const sockets = await Promise.all(
      Array.from({ length: 300 }, async () => {
        const opening = rng.pick(openings);
        const socket = net.connect({ host: server.url.replace(/^http:\/\/|:\d+$/g, ''), port: Number(new URL(server.url).port) });
        socket.on('error', () => undefined);
        socket.on('data', () => undefined);
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        if (opening !== '') socket.write(opening);
        return { socket, opening, closed: new Promise<void>((resolve) => socket.once('close', () => resolve())) };
      }),
    );
    const deadline = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 60_000).unref());
    const stillOpen: string[] = [];
    for (const { socket, opening, closed } of sockets) {
      if ((await Promise.race([closed.then(() => 'closed' as const), deadline])) === 'open') {
        stillOpen.push(JSON.stringify(opening));
        socket.destroy();
      }
    }
    assert.deepEqual(stillOpen, [], 'every idle or half-open socket is closed by the server');
    await assertAlive();
  });

  it('nothing was thrown outside a request', () => {
    assert.deepEqual(unexpected, []);
  });
});

/**
 * Sends one compressed request for GridService/`method` and returns the Connect code it is answered with. Without
 * credentials only half the body is sent and the request never ends.
 */
async function sendBomb(
  url: string,
  session: http2.ClientHttp2Session,
  protocol: 'grpc-web' | 'connect-stream' | 'connect-unary' | 'grpc',
  method: string,
  encoding: 'gzip' | 'br',
  authorization: string | undefined,
  body: Buffer,
): Promise<string> {
  const path = `/tessera.grid.v1.GridService/${method}`;
  const auth = authorization ? { authorization } : {};
  const send = (writable: { write(b: Buffer): unknown; end(b?: Buffer): unknown }) => (authorization ? writable.end(body) : writable.write(body.subarray(0, Math.ceil(body.byteLength / 2))));
  if (protocol === 'grpc') {
    return new Promise((resolve, reject) => {
      const stream = session.request({ ':method': 'POST', ':path': path, 'content-type': 'application/grpc', 'grpc-encoding': encoding, te: 'trailers', ...auth });
      let status: string | undefined;
      const onHeaders = (headers: http2.IncomingHttpHeaders) => {
        if (headers['grpc-status'] !== undefined) status = String(headers['grpc-status']);
        // Trailers-only: the answer is complete, whatever the body's state.
        if (status !== undefined) {
          stream.close();
          resolve(GRPC_CODES[Number(status)] ?? `grpc ${status}`);
        }
      };
      stream.on('response', onHeaders);
      stream.on('trailers', onHeaders);
      stream.on('data', () => undefined);
      stream.on('error', () => undefined);
      stream.on('close', () => (status === undefined ? reject(new Error('no grpc-status')) : undefined));
      send(stream);
    });
  }
  const headers: Record<string, string | undefined> =
    protocol === 'grpc-web'
      ? { 'content-type': 'application/grpc-web+proto', 'grpc-encoding': encoding, ...auth }
      : protocol === 'connect-stream'
        ? { 'content-type': 'application/connect+proto', 'connect-content-encoding': encoding, ...auth }
        : { 'content-type': 'application/proto', 'content-encoding': encoding, ...auth };
  const { status, header, bytes } = await new Promise<{ status: number; header: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    const request = http.request(`${url}${path}`, { method: 'POST', agent: false, headers: { ...headers, 'content-length': body.byteLength } });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode!, header: response.headers, bytes: Buffer.concat(chunks) });
      });
    });
    request.on('error', reject);
    send(request);
  });
  if (protocol === 'connect-unary') return (JSON.parse(bytes.toString('utf8')) as { code?: string }).code ?? `http ${status}`;
  if (protocol === 'grpc-web') {
    const code = header['grpc-status'] ?? /grpc-status:\s*(\d+)/.exec(bytes.toString('latin1'))?.[1];
    return code === undefined ? `http ${status}` : (GRPC_CODES[Number(code)] ?? `grpc ${code}`);
  }
  // Connect streaming: the end-of-stream envelope (flag 0b10) carries the error as JSON.
  for (let offset = 0; offset + 5 <= bytes.byteLength; ) {
    const length = bytes.readUInt32BE(offset + 1);
    if (bytes[offset]! & 0b10) return (JSON.parse(bytes.subarray(offset + 5, offset + 5 + length).toString('utf8')) as { error?: { code?: string } }).error?.code ?? 'ok';
    offset += 5 + length;
  }
  return `http ${status}`;
}

const GRPC_CODES = ['ok', 'canceled', 'unknown', 'invalid_argument', 'deadline_exceeded', 'not_found', 'already_exists', 'permission_denied', 'resource_exhausted', 'failed_precondition', 'aborted', 'out_of_range', 'unimplemented', 'internal', 'unavailable', 'data_loss', 'unauthenticated'];
