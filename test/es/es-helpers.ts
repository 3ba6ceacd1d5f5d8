/** @module Shared helpers for the Elasticsearch-compatible API tests: the official client, raw HTTP, and ES error shapes. */
import { Client, errors } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Clock } from '../../src/platform/clock.js';

/** The official client, as users configure it: no retries so a failure shows at once. */
export function esClient(url: string): Client {
  return new Client({ node: url, maxRetries: 0, requestTimeout: 30_000 });
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  readonly json: any;
}

/** A raw HTTP request; a JSON `body` that is not a string is serialised with `application/json`. */
export async function esFetch(
  url: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  const response = await fetch(url + path, { method: init.method ?? 'GET', headers, ...(body !== undefined && { body }) });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** The ES error envelope for an error without a cause: root_cause repeats the error itself. */
export function envelope(status: number, type: string, reason: string, metadata: Record<string, unknown> = {}) {
  const error = { type, reason, ...metadata };
  return { error: { root_cause: [error], ...error }, status };
}

export function indexNotFound(index: string) {
  return envelope(404, 'index_not_found_exception', `no such index [${index}]`, {
    'resource.type': 'index_or_alias',
    'resource.id': index,
    index_uuid: '_na_',
    index,
  });
}

export function invalidIndexName(index: string, why: string) {
  return envelope(400, 'invalid_index_name_exception', `Invalid index name [${index}], ${why}`, { index_uuid: '_na_', index });
}

/** Asserts a raw response is exactly the given ES error envelope, with the product header. */
export function assertEnvelope(response: RawResponse, expected: { error: Record<string, unknown>; status: number }): void {
  assert.equal(response.status, expected.status, `status of ${response.text}`);
  assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
  assert.deepEqual(response.json, expected);
}

/** Awaits a client call that must fail; checks the HTTP status, and the error type and reason when given. */
export async function expectEsError(
  call: Promise<unknown>,
  expected: { status: number; type?: string; reason?: string | RegExp; body?: unknown },
): Promise<errors.ResponseError> {
  let caught: unknown;
  try {
    await call;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof errors.ResponseError, `expected a ResponseError, got ${caught === undefined ? 'success' : String(caught)}`);
  const error = caught as errors.ResponseError;
  assert.equal(error.meta.statusCode, expected.status, JSON.stringify(error.body));
  const body = error.body as { error?: { type?: string; reason?: string } };
  if (expected.type !== undefined) assert.equal(body.error?.type, expected.type, JSON.stringify(error.body));
  if (typeof expected.reason === 'string') assert.equal(body.error?.reason, expected.reason);
  else if (expected.reason) assert.match(body.error?.reason ?? '', expected.reason);
  if (expected.body !== undefined) assert.deepEqual(error.body, expected.body);
  return error;
}

/** A bound on each test so a stalled request fails instead of hanging the run. */
export const TEST_OPTIONS = { timeout: 30_000 };

/** A request whose path is sent byte for byte (fetch would resolve `.` and `..` segments). */
export async function rawPathRequest(url: string, method: string, path: string): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, method, path }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [key, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(key, value);
        let json: unknown;
        try {
          json = text === '' ? undefined : JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers, text, json });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A server and an official client for one suite, started before its tests and disposed after: on the system clock
 * unless `options.clock` is given, with `options.prepare` run once before the first test.
 */
export function useEsServer(options: { readonly clock?: Clock; readonly prepare?: (client: Client) => Promise<unknown> } = {}): { readonly url: string; readonly client: Client } {
  let server: TestServer | undefined;
  let client: Client | undefined;
  before(async () => {
    server = await startTestServer(options.clock ? { clock: options.clock } : {});
    client = esClient(server.url);
    await options.prepare?.(client);
  });
  after(async () => {
    await client?.close();
    await server?.dispose();
  });
  return {
    get url() {
      return server!.url;
    },
    get client() {
      return client!;
    },
  };
}
