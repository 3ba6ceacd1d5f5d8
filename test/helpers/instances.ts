/**
 * @module Tessera instances as separate processes on one PostgreSQL database, for the scale-out tests: each is
 * `tessera serve` as a user would run it, so it can be killed with SIGKILL like a crashed machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { testStoreEnv } from './server.js';
import { TESSERA_BIN } from './bin.js';

export interface Instance {
  readonly url: string;
  readonly child: ChildProcess;
  /** Whether this instance runs the lifecycle runner now. */
  leads(): Promise<boolean>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
}

/** Starts `tessera serve` on `dataDir` (or the PostgreSQL database it stands for); resolves once it listens. */
export async function startInstance(dataDir: string, args: readonly string[] = []): Promise<Instance> {
  const env = await testStoreEnv(dataDir);
  const child = spawn(process.execPath, [TESSERA_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--quiet', '--data-dir', dataDir, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`tessera exited with ${code} before listening: ${output}`)));
  });
  return {
    url,
    child,
    async leads() {
      const response = await fetch(`${url}/_tessera/instance`);
      return ((await response.json()) as { lifecycle_runner: boolean }).lifecycle_runner;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
