/**
 * @module The ceilings: bare Node.js servers, each in a process of its own, that answer every request with the
 * exact bytes Tessera answers a GetFields with (captured from Tessera first). What they reach is the most the
 * HTTP stack allows on this machine for that answer; a Tessera figure divided by theirs is the share left after
 * Tessera's own work.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface CeilingServer {
  readonly url: string;
  readonly pid: number;
  /** The ceiling process's CPU time since it started, in milliseconds. */
  cpuMillis(): Promise<number>;
  close(): Promise<void>;
}

/** What a ceiling process is told: which server, and the answer in each encoding. */
export interface CeilingRequest {
  readonly kind: 'http1' | 'grpc';
  readonly json: Uint8Array;
  readonly proto: Uint8Array;
}

export type CeilingReply = { readonly port: number } | { readonly cpuMicros: number };

const SCRIPT = fileURLToPath(new URL('./ceiling-process.ts', import.meta.url));

/** HTTP/1.1 (`http1`, Connect unary: the answer in the request's encoding) or cleartext HTTP/2 (`grpc`: headers, one frame, grpc-status 0). */
export async function startCeiling(request: CeilingRequest): Promise<CeilingServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  const next = () =>
    new Promise<CeilingReply>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`ceiling process exited (${code})`)));
    });
  const listening = next();
  child.send(request);
  const reply = await listening;
  if (!('port' in reply)) throw new Error('ceiling process: expected its port');
  return {
    url: `http://127.0.0.1:${reply.port}`,
    pid: child.pid!,
    async cpuMillis() {
      const answer = next();
      child.send('cpu');
      const cpu = await answer;
      if (!('cpuMicros' in cpu)) throw new Error('ceiling process: expected its CPU time');
      return cpu.cpuMicros / 1000;
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.disconnect();
      await exited;
    },
  };
}
