/**
 * @module The load as the issue that set the grid goals measured it: autocannon, 64 connections, Connect unary POSTs
 * of GetFields over HTTP/1.1, against Tessera and against the bare server answering the same bytes. autocannon
 * parses every answer as an HTTP client does, so its own CPU caps both; the raw load (raw-http1.ts) is the
 * cheaper client, whose ceiling is the bare server's own.
 */
import autocannon from 'autocannon';
import type { AutocannonJob, LoadResult } from './load-jobs.js';

function once(job: AutocannonJob, durationMs: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: job.url,
        method: 'POST',
        connections: job.connections,
        duration: durationMs / 1000,
        headers: { 'content-type': job.contentType, 'connect-protocol-version': '1' },
        body: Buffer.from(job.body),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function runAutocannon(job: AutocannonJob): Promise<LoadResult> {
  await once(job, job.warmupMs);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await once(job, job.durationMs);
  const cpu = process.cpuUsage(cpuBefore);
  const seconds = (performance.now() - started) / 1000;
  // autocannon counts an answer of another status as non2xx, and a failed request as an error or a timeout.
  const errors = result.errors + result.timeouts + result.non2xx;
  const ops = result.requests.total;
  return {
    ops,
    seconds,
    opsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors,
    ...(errors > 0 && { firstError: `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts` }),
    clientCpu: (cpu.user + cpu.system) / 1000 / (seconds * 1000),
  };
}
