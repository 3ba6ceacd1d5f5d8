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
