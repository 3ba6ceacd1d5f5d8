/** @module Starts a real Tessera server on a free port with its own data folder, for tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server.js';

export interface TestServer extends RunningServer {
  readonly dataDir: string;
  /** Stops the server and removes its data folder. */
  dispose(): Promise<void>;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'tessera-test-'));
}

export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  const server = await startServer({ port: 0, ...options, dataDir });
  let closed = false;
  return {
    ...server,
    dataDir,
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
    },
    async dispose() {
      if (!closed) {
        closed = true;
        await server.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
