/**
 * Bodies and authorization (issue 13, item 8): a caller is refused before the server reads a byte of a body it may
 * not send; `http.max_content_length` refuses an oversized body before reading it; and the `in_flight_requests`
 * breaker counts the bytes of all requests in flight together, as Elasticsearch does.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { esEnvelope } from '../helpers/es.js';
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';

const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

interface Pending {
  /** The answer, whenever it comes: before or after the body is complete. */
  readonly response: Promise<{ status: number; json: any }>;
  /** Sends the rest of the body and ends the request. */
  finish(): void;
}

/** Starts a request with `body`, sends its first `sent` bytes, and waits for `finish()` to send the rest. */
function startUpload(server: TestServer, method: string, path: string, authorization: string | undefined, body: Buffer, sent: number, contentType = 'application/json'): Pending {
  const request = http.request(`${server.url}${path}`, {
    method,
    agent: false,
    headers: { 'content-type': contentType, 'content-length': body.byteLength, ...(authorization && { authorization }) },
  });
  const response = new Promise<{ status: number; json: any }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, json: text === '' ? undefined : JSON.parse(text) }));
    });
    // The server may close the connection once it has answered; what matters is the answer.
    request.on('error', (error) => reject(error));
  });
  response.catch(() => undefined);
  request.write(body.subarray(0, sent));
  return { response, finish: () => request.end(body.subarray(sent)) };
}

/** Whitespace: valid JSON padding and valid NDJSON blank lines, whatever the route. */
const filler = (bytes: number) => Buffer.alloc(bytes, 0x20);

function bulkBody(bytes: number): string {
  const action = '{"index":{"_index":"logs-1"}}\n';
  const prefix = '{"t":"';
  const suffix = '"}\n';
  return action + prefix + 'x'.repeat(bytes - action.length - prefix.length - suffix.length) + suffix;
}

describe('request bodies and authorization', () => {
  let server: TestServer;
  let admin: Client;

  before(async () => {
    server = await startTestServer({ dataDir: tempDataDir(), security: true, elasticPassword: 'elastic-pw', httpMaxContentLength: 8 * 1024 * 1024 });
    admin = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await admin.security.putUser({ username: 'nobody', password: 'nobody-pw', roles: [] });
    await admin.indices.create({ index: 'logs-1' });
  });
  after(async () => {
    await admin.close();
    await server.dispose();
  });

  const DECLARED = 6 * 1024 * 1024;
  const SENT = 64 * 1024;

  it('a caller without the privilege is refused before the server reads the body', { timeout: 60_000 }, async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/_ilm/policy/x', 'action [cluster:admin/ilm/put] is unauthorized for user [nobody] with roles [], this action is granted by the cluster privileges [manage_ilm,manage,all]'],
      ['PUT', '/_security/role/x', 'action [cluster:admin/xpack/security/role/put] is unauthorized for user [nobody] with roles [], this action is granted by the cluster privileges [manage_security,all]'],
      ['POST', '/logs-1/_doc', 'action [indices:data/write/index] is unauthorized for user [nobody] with roles [] on indices [logs-1], this action is granted by the index privileges [write,index,all]'],
      ['POST', '/_bulk', 'action [indices:data/write/bulk] is unauthorized for user [nobody] with roles [], this action is granted by the index privileges [write,index,delete,all]'],
      ['POST', '/_aliases', 'action [indices:admin/aliases] is unauthorized for user [nobody] with roles [], this action is granted by the index privileges [manage,all]'],
    ];
    for (const [method, path, reason] of cases) {
      // The body is never completed: only an answer given before reading it can arrive.
      const upload = startUpload(server, method, path, basic('nobody', 'nobody-pw'), filler(DECLARED), SENT, path === '/_bulk' ? 'application/x-ndjson' : 'application/json');
      assert.deepEqual(await upload.response, { status: 403, json: esEnvelope(403, 'security_exception', reason) }, `${method} ${path}`);
    }
    const anonymous = startUpload(server, 'PUT', '/_ilm/policy/x', undefined, filler(DECLARED), SENT);
    assert.equal((await anonymous.response).status, 401);
  });

  it('a body over http.max_content_length is refused before it is read', { timeout: 60_000 }, async () => {
    const upload = startUpload(server, 'PUT', '/_ilm/policy/x', basic('elastic', 'elastic-pw'), filler(9 * 1024 * 1024), SENT);
    const { status, json } = await upload.response;
    assert.equal(status, 413);
    assert.equal(json.error.type, 'content_too_long_exception');
  });

  it('the in_flight_requests breaker counts every request in flight together', { timeout: 60_000 }, async () => {
    await admin.cluster.putSettings({ transient: { 'network.breaker.inflight_requests.limit': '5mb' } });
    const inFlight = async () => {
      const stats = await admin.nodes.stats({ metric: 'breaker' });
      return Object.values(stats.nodes)[0]!.breakers!.in_flight_requests!;
    };
    try {
      const first = bulkBody(4 * 1024 * 1024 + 512 * 1024);
      // The first request holds 4 MiB of its body, and waits.
      const held = 4 * 1024 * 1024;
      const pending = startUpload(server, 'POST', '/_bulk', basic('elastic', 'elastic-pw'), Buffer.from(first), held, 'application/x-ndjson');
      while ((await inFlight()).estimated_size_in_bytes! < held) await new Promise((resolve) => setTimeout(resolve, 10));
      const second = await rawBulk(server, bulkBody(2 * 1024 * 1024));
      assert.equal(second.status, 429);
      assert.equal(second.json.error.type, 'circuit_breaking_exception');
      assert.match(second.json.error.reason, /^\[in_flight_requests\] Data too large, data for \[<http_request>\] would be \[\d+\/[\d.]+mb\], which is larger than the limit of \[5242880\/5mb\]$/);
      assert.equal(second.json.status, 429);
      assert.ok((await inFlight()).tripped! >= 1);
      pending.finish();
      assert.equal((await pending.response).status, 200);
      // Once answered, a request holds nothing.
      while ((await inFlight()).estimated_size_in_bytes! > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal((await rawBulk(server, bulkBody(2 * 1024 * 1024))).status, 200);
      const stats = await inFlight();
      assert.equal(stats.limit_size_in_bytes, 5 * 1024 * 1024);
      assert.equal(stats.limit_size, '5mb');
    } finally {
      await admin.cluster.putSettings({ transient: { 'network.breaker.inflight_requests.limit': null } });
    }
    // The parent breaker counts the same bytes: under its limit alone, a body over it is refused in its name.
    await admin.cluster.putSettings({ transient: { 'indices.breaker.total.limit': '1mb' } });
    try {
      const refused = await rawBulk(server, bulkBody(2 * 1024 * 1024));
      assert.equal(refused.status, 429);
      assert.match(refused.json.error.reason, /^\[parent\] Data too large, data for \[<http_request>\] would be \[\d+\/[\d.]+mb\], which is larger than the limit of \[1048576\/1mb\]$/);
    } finally {
      await admin.cluster.putSettings({ transient: { 'indices.breaker.total.limit': null } });
    }
  });
});

async function rawBulk(server: TestServer, body: string): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.url}/_bulk`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-ndjson', authorization: basic('elastic', 'elastic-pw') },
    body,
  });
  return { status: response.status, json: await response.json() };
}
