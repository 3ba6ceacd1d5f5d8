/** @module A virtual-clock server and an official Elasticsearch client for ILM tests. */
import { Client } from '@elastic/elasticsearch';
import { after, before } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { startTestServer, type TestServer } from './server.js';

/** 2026-01-01T00:00:00Z: tests read clean dates. */
export const EPOCH = Date.UTC(2026, 0, 1);

export interface EsFixture {
  readonly client: Client;
  readonly server: TestServer;
  readonly clock: VirtualClock;
  advance(by: string): Promise<{ ticks: number; now_millis: number }>;
}

export async function startEsServer(): Promise<EsFixture> {
  const clock = new VirtualClock(EPOCH);
  const server = await startTestServer({ clock });
  const client = new Client({ node: server.url });
  return {
    client,
    server,
    clock,
    advance: (by) => client.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by } }) as Promise<{ ticks: number; now_millis: number }>,
  };
}

/** One server per suite, on the virtual clock. */
export function useEsServer(): EsFixture {
  let fixture: EsFixture | undefined;
  before(async () => {
    fixture = await startEsServer();
  });
  after(async () => {
    await fixture?.client.close();
    await fixture?.server.dispose();
  });
  return {
    get client() {
      return fixture!.client;
    },
    get server() {
      return fixture!.server;
    },
    get clock() {
      return fixture!.clock;
    },
    advance: (by) => fixture!.advance(by),
  };
}

/** An explain record, or any ES JSON object, loosely typed for assertions. */
export type Row = Record<string, any>;

/** A plain HTTP call with an optional JSON body; `json` is undefined for an empty answer. */
export async function rawRequest(url: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url + path, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
}

/** ES's error envelope for an error without extra fields. */
export function esEnvelope(status: number, type: string, reason: string) {
  return { error: { root_cause: [{ type, reason }], type, reason }, status };
}

/** One index's explain record. */
export async function explainRecord(client: Client, index: string): Promise<Row> {
  const response = await client.ilm.explainLifecycle({ index });
  return response.indices[index] as unknown as Row;
}

/** Awaits a call that must fail and returns its status, ES error type and reason. */
export async function esErrorOf(promise: Promise<unknown>): Promise<{ status: number; type: string; reason: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { meta: { statusCode: number; body: { error: { type: string; reason: string } } } };
    return { status: e.meta.statusCode, type: e.meta.body.error.type, reason: e.meta.body.error.reason };
  }
  throw new Error('expected an error');
}

/** A document of exactly `bytes` stored bytes (`{"t":"xx…"}`). */
export function sizedDocument(bytes: number): { t: string } {
  return { t: 'x'.repeat(bytes - 8) };
}
