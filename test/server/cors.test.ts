/**
 * CORS for browser clients of the grid API on other origins (`--cors-origin`, off by default): the named origins get
 * the headers a browser needs, with Connect's and gRPC-Web's headers allowed and exposed; other origins get none, so
 * the browser keeps the answer from the page; the Elasticsearch API never answers CORS.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { runTessera } from '../helpers/bin.js';
import { useServer } from '../helpers/fixtures.js';

const APP = 'https://app.example.com';
const LIST = `/${GridService.typeName}/ListGrids`;

const preflight = (url: string, origin: string, headers = 'content-type, connect-protocol-version, authorization') =>
  fetch(`${url}${LIST}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers } });

/** A plain Connect call, as a browser's fetch sends it (with a content-length). */
const call = (url: string, origin?: string) =>
  fetch(`${url}${LIST}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(origin && { origin }) }, body: '{}' });

const corsHeaders = (response: Response) => [...response.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary');

describe('CORS for the grid API, for named origins', () => {
  const ctx = useServer({ corsOrigins: [APP, 'http://localhost:5173'] });

  it('answers a preflight from a named origin 204, with the methods and headers Connect and gRPC-Web need', async () => {
    const response = await preflight(ctx.url, APP);
    assert.equal(response.status, 204);
    assert.deepEqual(corsHeaders(response), [
      ['access-control-allow-headers', 'Content-Type, Connect-Protocol-Version, Connect-Timeout-Ms, Connect-Content-Encoding, Connect-Accept-Encoding, Content-Encoding, Accept-Encoding, Grpc-Message-Type, X-Grpc-Web, X-User-Agent, Grpc-Timeout, Authorization'],
      ['access-control-allow-methods', 'POST, GET'],
      ['access-control-allow-origin', APP],
      ['access-control-max-age', '7200'],
      ['vary', 'Origin'],
    ]);
  });

  it('lets a named origin read the answer, and shows it the gRPC-Web status headers', async () => {
    for (const origin of [APP, 'http://localhost:5173']) {
      const response = await call(ctx.url, origin);
      assert.equal(response.status, 200);
      assert.deepEqual(corsHeaders(response), [
        ['access-control-allow-origin', origin],
        ['access-control-expose-headers', 'Grpc-Status, Grpc-Message, Grpc-Status-Details-Bin, Content-Encoding, Connect-Content-Encoding'],
        ['vary', 'Origin'],
      ]);
    }
  });

  it('gives another origin no CORS header (the browser then keeps the answer from the page)', async () => {
    const response = await call(ctx.url, 'https://evil.example.com');
    assert.deepEqual(corsHeaders(response), [['vary', 'Origin']]);
    const refused = await preflight(ctx.url, 'https://evil.example.com');
    assert.notEqual(refused.status, 204);
    assert.equal(refused.headers.get('access-control-allow-origin'), null);
  });

  it('adds nothing to a call without an origin, nor to the Elasticsearch API', async () => {
    assert.deepEqual(corsHeaders(await call(ctx.url)), []);
    assert.deepEqual(corsHeaders(await fetch(`${ctx.url}/`, { headers: { origin: APP } })), []);
  });
});

describe('CORS for any origin', () => {
  const ctx = useServer({ corsOrigins: ['*'] });

  it('answers every origin with *, which does not vary by origin', async () => {
    const response = await call(ctx.url, 'https://anywhere.example.org');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal(response.headers.get('vary'), null);
  });
});

describe('CORS with security on', () => {
  const ctx = useServer({ security: true, elasticPassword: 'elastic-pw', corsOrigins: [APP] });

  it('answers the preflight, which browsers send without credentials, and still asks the call for them', async () => {
    assert.equal((await preflight(ctx.url, APP)).status, 204);
    const anonymous = await call(ctx.url, APP);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers.get('access-control-allow-origin'), APP);
  });
});

describe('CORS off (the default)', () => {
  const ctx = useServer();

  it('answers no origin with CORS headers', async () => {
    assert.deepEqual(corsHeaders(await call(ctx.url, APP)), []);
    assert.equal(corsHeaders(await preflight(ctx.url, APP)).length, 0);
  });
});

describe('tessera serve --cors-origin', () => {
  it('refuses what is not * or an origin, with exit code 2', async () => {
    for (const value of ['app.example.com', 'https://app.example.com/', 'https://app.example.com/path', 'null']) {
      const { code, stderr } = await runTessera(['serve', '--cors-origin', value]);
      assert.equal(code, 2, value);
      assert.equal(stderr, `tessera: --cors-origin must be * or an origin such as https://app.example.com (scheme, host and port only), got "${value}"\n`);
    }
  });
});
