/**
 * Password guessing (issue 13, items 6 and 7): the lockout cannot be raced past with concurrent guesses, a stranger
 * cannot lock a user out from another address, unknown names behave exactly as known ones, and the bookkeeping stays
 * bounded whatever names arrive.
 */
import { Code, createClient } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport } from '@connectrpc/connect-node';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { LoginThrottle } from '../../src/security/login-throttle.js';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { EPOCH } from '../helpers/es.js';
import { expectGridError } from '../helpers/grid-clients.js';
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';

/** GET /_security/_authenticate with basic credentials, from `localAddress` (any address of 127.0.0.0/8 works on Linux). */
function authenticate(server: TestServer, username: string, password: string, localAddress = '127.0.0.1'): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}/_security/_authenticate`,
      { localAddress, agent: false, headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const refusal = (user: string) => ({
  status: 401,
  body: {
    error: {
      root_cause: [{ type: 'security_exception', reason: `unable to authenticate user [${user}] for REST request [/_security/_authenticate]`, header: { 'WWW-Authenticate': ['Basic realm="security", charset="UTF-8"', 'ApiKey'] } }],
      type: 'security_exception',
      reason: `unable to authenticate user [${user}] for REST request [/_security/_authenticate]`,
      header: { 'WWW-Authenticate': ['Basic realm="security", charset="UTF-8"', 'ApiKey'] },
    },
    status: 401,
  },
});

async function inBatches(total: number, batch: number, attempt: () => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < total; sent += batch) {
    statuses.push(...(await Promise.all(Array.from({ length: Math.min(batch, total - sent) }, attempt))).map((r) => r.status));
  }
  return statuses;
}

describe('password guessing', () => {
  const clock = new VirtualClock(EPOCH);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ dataDir: tempDataDir(), security: true, elasticPassword: 'elastic-pw', clock });
  });
  after(() => server.dispose());

  it('200 wrong passwords, 50 at a time, then the right one: still refused (the count is taken before the hash)', async () => {
    const statuses = await inBatches(200, 50, () => authenticate(server, 'elastic', 'wrong-guess'));
    assert.deepEqual(new Set(statuses), new Set([401]));
    assert.deepEqual(await authenticate(server, 'elastic', 'elastic-pw'), refusal('elastic'));
  });

  it('a stranger locking a name out from one address leaves every other address alone', async () => {
    // The previous test locked elastic out for 127.0.0.1 only.
    const elsewhere = await authenticate(server, 'elastic', 'elastic-pw', '127.0.0.2');
    assert.equal(elsewhere.status, 200);
    assert.equal(elsewhere.body.username, 'elastic');
    for (let i = 0; i < 7; i++) assert.equal((await authenticate(server, 'elastic', 'nope', '127.0.0.3')).status, 401);
    assert.equal((await authenticate(server, 'elastic', 'elastic-pw', '127.0.0.2')).status, 200, 'a third address locking itself out changes nothing here');
  });

  it('the lockout ends after a minute', async () => {
    clock.advance(60_000);
    assert.equal((await authenticate(server, 'elastic', 'elastic-pw')).status, 200);
  });

  it('a client\'s burst of parallel requests with the right password all pass', async () => {
    const statuses = await inBatches(40, 40, () => authenticate(server, 'elastic', 'elastic-pw', '127.0.0.4'));
    assert.deepEqual(new Set(statuses), new Set([200]));
  });

  it('an unknown name answers and locks exactly as a known one, so neither tells whether a user exists', async () => {
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await authenticate(server, 'elastic', 'wrong', '127.0.0.5'));
      unknown.push(await authenticate(server, 'no-such-user', 'wrong', '127.0.0.5'));
    }
    assert.deepEqual(known, Array(6).fill(refusal('elastic')));
    assert.deepEqual(unknown, Array(6).fill(refusal('no-such-user')));
  });
});

describe('password guessing on the grid API', () => {
  const clock = new VirtualClock(EPOCH);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ dataDir: tempDataDir(), security: true, elasticPassword: 'elastic-pw', clock });
  });
  after(() => server.dispose());

  /** A grid client with basic credentials, from `localAddress`, over Connect (HTTP/1.1) or gRPC (HTTP/2). */
  const client = (password: string, localAddress: string, grpc = false) => {
    const interceptors = [(next: any) => (req: any) => {
      req.header.set('authorization', `Basic ${Buffer.from(`elastic:${password}`).toString('base64')}`);
      return next(req);
    }];
    const transport = grpc
      ? createGrpcTransport({ baseUrl: server.url, interceptors, nodeOptions: { createConnection: () => net.connect({ host: '127.0.0.1', port: server.port, localAddress }) } })
      : createConnectTransport({ baseUrl: server.url, httpVersion: '1.1', interceptors, nodeOptions: { localAddress, agent: false } });
    return createClient(GridService, transport);
  };

  it('counts failures per address there too, over HTTP/1.1 and HTTP/2 alike', async () => {
    const refused = { code: Code.Unauthenticated, message: 'unable to authenticate user [elastic] for REST request [/tessera.grid.v1.GridService/ListGrids]', gridError: 10010 };
    for (let i = 0; i < 5; i++) {
      await expectGridError(client('wrong', '127.0.0.6').listGrids({}), refused);
    }
    // Locked out from that address, right password or not, on either protocol.
    await expectGridError(client('elastic-pw', '127.0.0.6').listGrids({}), refused);
    await expectGridError(client('elastic-pw', '127.0.0.6', true).listGrids({}), refused);
    assert.deepEqual((await client('elastic-pw', '127.0.0.7').listGrids({})).items, []);
    assert.deepEqual((await client('elastic-pw', '127.0.0.7', true).listGrids({})).items, []);
  });
});

describe('login throttle bookkeeping', () => {
  it('stays bounded, with keys of fixed size, whatever names arrive', async () => {
    const clock = new VirtualClock(EPOCH);
    const throttle = new LoginThrottle(clock, { maxFailures: 5, lockoutMillis: 60_000, maxTracked: 1_000 });
    const longName = (i: number) => `${i}-${'x'.repeat(11 * 1024)}`;
    for (let i = 0; i < 20_000; i++) await throttle.attempt(longName(i), '198.51.100.7', async () => false);
    assert.equal(throttle.tracked, 1_000);
  });
});
