/**
 * Connections are bounded in time and number (issue 13, item 9): a socket that never says its protocol, a request
 * whose headers or body stall, an idle HTTP/1 or HTTP/2 connection, an HTTP/2 connection opening more streams than
 * advertised, a stalled HTTP/2 upload and connections beyond the total are all closed or refused, while an open
 * WatchFields stream, whose request is complete, outlives every timeout.
 *
 * The servers run with short limits; each test only waits (generously) for the closing it expects, never measures it.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http2 from 'node:http2';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { FieldType, type GridFieldChangeset } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { DEFAULT_CONNECTION_LIMITS, resolveConnectionLimits } from '../../src/http/shared-port.js';
import { gridClient, type GridClient } from '../helpers/grid-clients.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { TESSERA_BIN } from '../helpers/bin.js';

const LIMITS = { headersTimeout: 200, requestTimeout: 400, idleTimeout: 300, maxConcurrentStreams: 3 };

/** How long a test waits for the closing it expects: many times the limits above, well under Node's own defaults. */
const WAIT_MS = 4_000;

const TEST_OPTIONS = { timeout: 30_000 };

const CREATE_GRID = '/tessera.grid.v1.GridService/CreateGrid';

/** A raw TCP connection to `port` that collects what the server sends, and whether and when it closed. */
class RawSocket {
  readonly socket: net.Socket;
  received = '';
  readonly closed: Promise<void>;
  readonly connected: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect({ host: '127.0.0.1', port });
    this.socket.setEncoding('latin1');
    this.socket.on('data', (chunk: string) => (this.received += chunk));
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
    this.connected = new Promise((resolve) => this.socket.once('connect', () => resolve()));
  }

  /** Resolves once the server has sent `text` (fails if the socket closes or WAIT_MS passes first). */
  async receive(text: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!this.received.includes(text)) {
      assert.ok(!this.socket.destroyed && Date.now() < deadline, `expected ${JSON.stringify(text)}, got ${JSON.stringify(this.received)}`);
      await sleep(10);
    }
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Fails unless `event` settles within WAIT_MS. */
async function eventually<T>(event: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${WAIT_MS} ms`)), WAIT_MS);
  });
  try {
    return await Promise.race([event, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function expectClosed(raw: RawSocket, what: string): Promise<void> {
  try {
    await eventually(raw.closed, `${what} was closed`);
  } finally {
    raw.destroy();
  }
}

function closeOf(session: http2.ClientHttp2Session): Promise<void> {
  return new Promise((resolve) => (session.closed || session.destroyed ? resolve() : session.once('close', () => resolve())));
}

function h2Connect(url: string, options: http2.ClientSessionOptions = {}): http2.ClientHttp2Session {
  const session = http2.connect(url, options);
  session.on('error', () => undefined);
  return session;
}

/** A gRPC CreateGrid stream whose request body is started (a frame header promising 100 bytes) and never finished. */
function stalledUpload(session: http2.ClientHttp2Session): http2.ClientHttp2Stream {
  const stream = session.request({ ':method': 'POST', ':path': CREATE_GRID, 'content-type': 'application/grpc', te: 'trailers' });
  stream.on('error', () => undefined);
  stream.resume();
  stream.write(Buffer.from([0, 0, 0, 0, 100, 10]));
  return stream;
}

function streamClose(stream: http2.ClientHttp2Stream): Promise<number> {
  return new Promise((resolve) => (stream.closed ? resolve(stream.rstCode ?? -1) : stream.once('close', () => resolve(stream.rstCode ?? -1))));
}

/** An HTTP/1 keep-alive request on a raw socket, whose answer is read; the socket stays open. */
async function keptAlive(port: number): Promise<RawSocket> {
  const raw = new RawSocket(port);
  raw.socket.write('GET / HTTP/1.1\r\nHost: limits\r\nConnection: keep-alive\r\n\r\n');
  await raw.receive('You Know, for Search');
  return raw;
}

describe('connection limits', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ connectionLimits: LIMITS });
  });
  after(async () => {
    await server.dispose();
  });

  describe('a connection that does not say its protocol', () => {
    for (const [what, bytes] of [
      ['0 bytes', ''],
      ['1 byte (P)', 'P'],
      ['2 bytes (PR)', 'PR'],
    ] as const) {
      it(`is closed when it sends ${what} and stops`, TEST_OPTIONS, async () => {
        const raw = new RawSocket(server.port);
        await raw.connected;
        if (bytes) raw.socket.write(bytes);
        await expectClosed(raw, `a socket that sent ${what}`);
        assert.equal(raw.received, '');
      });
    }

    it('is closed when it sends the HTTP/2 preface and nothing more (an HTTP/2 session with no stream)', TEST_OPTIONS, async () => {
      const raw = new RawSocket(server.port);
      raw.socket.write('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
      await expectClosed(raw, 'a socket that sent the preface only');
    });
  });

  describe('an HTTP/1 request that stalls', () => {
    for (const [what, bytes] of [
      ['2 bytes of a request line (GE)', 'GE'],
      ['a request line', 'GET / HTTP/1.1\r\n'],
      ['part of the headers', 'GET / HTTP/1.1\r\nHost: limits\r\nAccept: appl'],
    ] as const) {
      it(`is answered 408 (the ES envelope) and closed after ${what}`, TEST_OPTIONS, async () => {
        const raw = new RawSocket(server.port);
        raw.socket.write(bytes);
        await expectClosed(raw, `a socket that sent ${what}`);
        assert.match(raw.received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
        assert.match(raw.received, /"type":"timeout_exception"/);
        assert.match(raw.received, /"status":408/);
      });
    }

    for (const [what, head] of [
      ['an ES document', 'PUT /limits-index/_doc/1 HTTP/1.1\r\nHost: limits\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":'],
      ['a Connect RPC', `POST ${CREATE_GRID} HTTP/1.1\r\nHost: limits\r\nContent-Type: application/proto\r\nContent-Length: 100\r\n\r\n\n\x05`],
      ['a chunked ES bulk request', 'POST /_bulk HTTP/1.1\r\nHost: limits\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"ind'],
    ] as const) {
      it(`is ended when the body of ${what} stalls`, TEST_OPTIONS, async () => {
        const raw = new RawSocket(server.port);
        raw.socket.write(head);
        await expectClosed(raw, `a socket whose body of ${what} stalled`);
        assert.match(raw.received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
      });
    }

    it('is closed when a kept-alive connection stays idle after its response', TEST_OPTIONS, async () => {
      const raw = await keptAlive(server.port);
      assert.match(raw.received, /^HTTP\/1\.1 200 OK\r\n/);
      await expectClosed(raw, 'an idle kept-alive connection');
    });
  });

  describe('HTTP/2', () => {
    it('closes a session with no streams after the idle timeout (GOAWAY), even one that keeps sending PINGs', TEST_OPTIONS, async () => {
      const quiet = h2Connect(server.url);
      const pinging = h2Connect(server.url);
      const goaways: number[] = [];
      quiet.on('goaway', (code: number) => goaways.push(code));
      const pinger = setInterval(() => {
        if (!pinging.destroyed && !pinging.closed) pinging.ping(() => undefined);
      }, 50);
      try {
        await eventually(closeOf(quiet), 'the idle session was closed');
        await eventually(closeOf(pinging), 'the idle session sending PINGs was closed');
        assert.ok(goaways.length > 0 && goaways.every((code) => code === http2.constants.NGHTTP2_NO_ERROR), `GOAWAY codes ${goaways.join()}`);
      } finally {
        clearInterval(pinger);
        quiet.destroy();
        pinging.destroy();
      }
    });

    it('also closes a session after its last stream ended and it stayed idle', TEST_OPTIONS, async () => {
      const session = h2Connect(server.url);
      try {
        const stream = session.request({ ':method': 'GET', ':path': '/' });
        stream.resume();
        await new Promise((resolve) => stream.once('close', resolve));
        await eventually(closeOf(session), 'the session idle after its stream was closed');
      } finally {
        session.destroy();
      }
    });

    it('advertises maxConcurrentStreams in its SETTINGS and refuses a stream beyond it (REFUSED_STREAM)', TEST_OPTIONS, async () => {
      // The client sends its streams before it has the server's SETTINGS, as a client ignoring them would.
      const session = h2Connect(server.url, { peerMaxConcurrentStreams: 1_000 });
      try {
        const streams = Array.from({ length: LIMITS.maxConcurrentStreams + 1 }, () => stalledUpload(session));
        await eventually(new Promise((resolve) => session.once('remoteSettings', resolve)), 'the server sent its SETTINGS');
        assert.equal(session.remoteSettings.maxConcurrentStreams, LIMITS.maxConcurrentStreams);
        const extra = streams[LIMITS.maxConcurrentStreams]!;
        assert.equal(await eventually(streamClose(extra), 'the stream beyond the limit was closed'), http2.constants.NGHTTP2_REFUSED_STREAM);
        for (const stream of streams.slice(0, LIMITS.maxConcurrentStreams)) assert.notEqual(stream.rstCode, http2.constants.NGHTTP2_REFUSED_STREAM);
      } finally {
        // (Node.js 20's client spins forever when its session is destroyed from within a refused stream's 'close'.)
        await new Promise((resolve) => setImmediate(resolve));
        session.destroy();
      }
    });

    it('resets (CANCEL) a stream whose upload stalls', TEST_OPTIONS, async () => {
      const session = h2Connect(server.url);
      try {
        const stream = stalledUpload(session);
        let responded = false;
        stream.on('response', () => (responded = true));
        assert.equal(await eventually(streamClose(stream), 'the stalled upload was closed'), http2.constants.NGHTTP2_CANCEL);
        assert.equal(responded, false, 'nothing was answered');
      } finally {
        session.destroy();
      }
    });
  });

  it('keeps open WatchFields streams (Connect over HTTP/1, gRPC over h2c) past every timeout, while idle connections beside them are closed', TEST_OPTIONS, async () => {
    const grpc = gridClient(server.url, 'grpc (h2c)');
    const grid = await grpc.createGrid({ name: 'Watched past the timeouts' });
    const controller = new AbortController();
    const watches = (['connect+proto', 'grpc (h2c)'] as const).map((protocol) => {
      // The gRPC watch shares its session with the mutation below, so that session always has a stream open.
      const client: GridClient = protocol === 'grpc (h2c)' ? grpc : gridClient(server.url, protocol);
      return client.watchFields({ gridId: grid.id }, { signal: controller.signal })[Symbol.asyncIterator]();
    });
    const firsts: Promise<IteratorResult<GridFieldChangeset>>[] = watches.map((w) => w.next());
    try {
      // Connections with nothing in flight, opened after the watches, are closed meanwhile: the timeouts are in force.
      const idleHttp1 = await keptAlive(server.port);
      const idleHttp2 = h2Connect(server.url);
      await expectClosed(idleHttp1, 'the idle HTTP/1 connection beside the watches');
      await eventually(closeOf(idleHttp2), 'the idle HTTP/2 session beside the watches');
      // Longer than any of the limits again, to be sure.
      await sleep(2 * LIMITS.requestTimeout);
      const inserted = await grpc.insertField({ gridId: grid.id, field: { name: 'Later', fieldType: FieldType.RichText } });
      for (const first of firsts) {
        const next = await eventually(first, 'the watch received the changeset');
        assert.equal(next.done, false, 'the stream is still open');
        assert.equal(next.value.revision, inserted.revision);
        assert.equal(next.value.insertedFields[0]!.field!.name, 'Later');
      }
    } finally {
      controller.abort();
      await Promise.all(firsts.map((first) => first.catch(() => undefined)));
    }
  });
});

describe('the total connection limit', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ connectionLimits: { maxConnections: 5 } });
  });
  after(async () => {
    await server.dispose();
  });

  it('refuses connections beyond maxConnections, HTTP/1 and HTTP/2 counted together, and takes new ones once some close', TEST_OPTIONS, async () => {
    const held = [await keptAlive(server.port), await keptAlive(server.port), await keptAlive(server.port), await keptAlive(server.port)];
    const session = h2Connect(server.url);
    try {
      const stream = session.request({ ':method': 'GET', ':path': '/' });
      stream.resume();
      await new Promise((resolve) => stream.once('close', resolve));
      assert.equal(stream.rstCode, http2.constants.NGHTTP2_NO_ERROR);

      for (const attempt of [1, 2]) {
        const refused = new RawSocket(server.port);
        refused.socket.write('GET / HTTP/1.1\r\nHost: limits\r\n\r\n');
        await expectClosed(refused, `connection ${5 + attempt}`);
        assert.equal(refused.received, '', 'the refused connection is answered nothing');
      }
      const refusedH2 = h2Connect(server.url);
      await eventually(closeOf(refusedH2), 'the HTTP/2 connection beyond the limit was closed');
      assert.equal(refusedH2.remoteSettings.maxConcurrentStreams, undefined, 'no SETTINGS came from the server');

      held.pop()!.destroy();
      // Once the server has seen that connection close, a new one is served.
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const raw = new RawSocket(server.port);
        raw.socket.write('GET / HTTP/1.1\r\nHost: limits\r\nConnection: close\r\n\r\n');
        await raw.closed;
        if (raw.received.includes('You Know, for Search')) break;
        assert.ok(Date.now() < deadline, 'a connection is served again once one closed');
        await sleep(20);
      }
    } finally {
      for (const raw of held) raw.destroy();
      session.destroy();
    }
  });
});

describe('the limits as options', () => {
  it('have documented defaults and are checked', () => {
    assert.deepEqual(resolveConnectionLimits(), DEFAULT_CONNECTION_LIMITS);
    assert.deepEqual(DEFAULT_CONNECTION_LIMITS, { headersTimeout: 20_000, requestTimeout: 120_000, idleTimeout: 75_000, maxConcurrentStreams: 100, maxConnections: 10_000 });
    assert.equal(resolveConnectionLimits({ maxConnections: 5 }).maxConnections, 5);
    assert.throws(() => resolveConnectionLimits({ maxConnections: 0 }), /maxConnections must be an integer/);
    assert.throws(() => resolveConnectionLimits({ headersTimeout: 5_000, requestTimeout: 1_000 }), /headersTimeout \(5000 ms\) must not exceed requestTimeout/);
  });

  it('are flags of tessera serve, described by --help and checked', TEST_OPTIONS, async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [TESSERA_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    const help = await run(['--help']);
    assert.equal(help.code, 0);
    for (const flag of ['--headers-timeout <time>', '--request-timeout <time>', '--idle-timeout <time>', '--max-concurrent-streams <n>', '--max-connections <n>']) {
      assert.ok(help.stdout.includes(flag), flag);
    }
    for (const text of ['(default 20s)', '(default 120s)', '(default 75s)', '(default 100)', '(default 10000)']) assert.ok(help.stdout.replace(/\s+/g, ' ').includes(text), text);
    const zero = await run(['serve', '--max-connections', '0']);
    assert.equal(zero.code, 2);
    assert.equal(zero.stderr, 'tessera: --max-connections must be an integer from 1 to 2147483647, got 0\n');
    const inverted = await run(['serve', '--headers-timeout', '5m', '--request-timeout', '1m']);
    assert.equal(inverted.code, 2);
    assert.equal(inverted.stderr, 'tessera: --headers-timeout (300000 ms) must not exceed --request-timeout (60000 ms)\n');
    const unitless = await run(['serve', '--idle-timeout', '30']);
    assert.equal(unitless.code, 2);
    assert.equal(unitless.stderr, 'tessera: --idle-timeout must be a time such as 500ms, 30s or 2m (0: no limit), got "30"\n');
  });
});
