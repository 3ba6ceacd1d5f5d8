/** @module Starts the load-generator process and sends it jobs; one process serves every case of a benchmark. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Job, JobMessage, JobResult, ReplyMessage } from './load-jobs.js';

const SCRIPT = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

export interface LoadGenerator {
  readonly pid: number;
  run<J extends Job>(job: J): Promise<JobResult<J>>;
  stop(): Promise<void>;
}

export function startLoadGenerator(): LoadGenerator {
  // Advanced serialisation carries bigint revisions and typed arrays as they are.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  const pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  child.on('message', (message: ReplyMessage) => {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if ('error' in message) waiter?.reject(new Error(`load generator: ${message.error}`));
    else waiter?.resolve(message.result);
  });
  child.once('exit', (code, signal) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`load generator exited (${code ?? signal}) with a job pending`));
    pending.clear();
  });
  return {
    pid: child.pid!,
    run<J extends Job>(job: J) {
      const id = nextId++;
      return new Promise<JobResult<J>>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ id, job } satisfies JobMessage);
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.disconnect();
      await exited;
    },
  };
}
