/**
 * `tessera serve` logs every request it answers, two lines each ("incoming request", "request completed"), whichever
 * path answers it: a plain grid call or stream is answered before Fastify (http1-unary-lane.ts, http1-stream-lane.ts),
 * and is logged as Fastify logs the others, in the same sequence of request ids; a stream the lane gives back to
 * Fastify (its body is not one plain envelope) is logged once, not twice.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { envelope } from '../helpers/raw-answers.js';
import { TESSERA_BIN } from '../helpers/bin.js';
import { eventually } from '../helpers/instances.js';
import { removeTestData, tempDataDir, testStoreEnv } from '../helpers/server.js';

interface LogLine {
  readonly reqId?: string;
  readonly msg?: string;
  readonly req?: { readonly method: string; readonly url: string; readonly remoteAddress?: string };
  readonly res?: { readonly statusCode: number };
  readonly responseTime?: number;
}

describe('the request log of tessera serve', () => {
  it('logs a plain grid call, answered before Fastify, as it logs the ES API', async () => {
    const dataDir = tempDataDir();
    const child = spawn(process.execPath, [TESSERA_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: await testStoreEnv(dataDir) });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    try {
      const url = await eventually(async () => /listening on (http:\/\/\S+)/.exec(output)?.[1], 20_000, 'the server to listen');
      const call = await fetch(`${url}/tessera.grid.v1.GridService/ListGrids`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      assert.equal(call.status, 200);
      const watch = envelope(Buffer.from('{"gridId":"missing000"}'));
      for (const body of [watch, Buffer.concat([watch, watch])]) {
        const stream = await fetch(`${url}/tessera.grid.v1.GridService/WatchFields`, { method: 'POST', headers: { 'content-type': 'application/connect+json' }, body: new Uint8Array(body) });
        assert.equal(stream.status, 200);
        assert.match(Buffer.from(await stream.arrayBuffer()).toString(), /"error"/);
      }
      assert.equal((await fetch(`${url}/`)).status, 200);
      const lines = await eventually(async () => {
        const parsed = output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as LogLine);
        return parsed.filter((l) => l.msg === 'request completed').length >= 4 ? parsed : undefined;
      }, 10_000, 'every request to be logged');
      const incoming = lines.filter((l) => l.msg === 'incoming request');
      const completed = lines.filter((l) => l.msg === 'request completed');
      const watchFields = ['POST', '/tessera.grid.v1.GridService/WatchFields', '127.0.0.1'];
      assert.deepEqual(incoming.map((l) => [l.req?.method, l.req?.url, l.req?.remoteAddress]), [['POST', '/tessera.grid.v1.GridService/ListGrids', '127.0.0.1'], watchFields, watchFields, ['GET', '/', '127.0.0.1']]);
      assert.deepEqual(completed.map((l) => [l.reqId, l.res?.statusCode, typeof l.responseTime]), incoming.map((l) => [l.reqId, 200, 'number']));
      assert.equal(new Set(incoming.map((l) => l.reqId)).size, 4);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await removeTestData(dataDir);
    }
  });
});
