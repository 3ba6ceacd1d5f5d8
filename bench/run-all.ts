/**
 * `npm run bench`: every benchmark, one after another, each in a fresh process so that none inherits another's
 * heap, JIT state or open sockets (and the memory figures are that benchmark's own). Prints figures; no
 * timing fails the run, only a benchmark that crashes does.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { machineLine } from './report.js';

const BENCHMARKS: readonly { file: string; nodeFlags?: readonly string[] }[] = [
  { file: 'grid-load.bench.ts' },
  { file: 'watch-fanout.bench.ts' },
  { file: 'rows.bench.ts' },
  // Memory figures need gc() to settle the heap before each measurement.
  { file: 'ilm-runner-scale.bench.ts', nodeFlags: ['--expose-gc'] },
  { file: 'ilm-five-phase.bench.ts' },
  { file: 'bulk.bench.ts' },
  { file: 'search.bench.ts' },
  { file: 'startup.bench.ts' },
  { file: 'login-timing.bench.ts' },
  { file: 'console-index-list.bench.ts' },
  { file: 'cluster-forecast.bench.ts' },
];

function runBenchmark(file: string, nodeFlags: readonly string[]): Promise<number> {
  const script = fileURLToPath(new URL(file, import.meta.url));
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], { stdio: 'inherit' });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const only = process.argv.slice(2);
console.log(`# Tessera benchmarks, ${new Date().toISOString()}`);
console.log(`machine: ${machineLine()}`);
// Anything else running on the machine shows in its figures; the load average says whether something did.
const load = () => loadavg().map((l) => l.toFixed(2)).join(', ');
console.log(`load average before: ${load()}`);
const started = performance.now();
const failed: string[] = [];
for (const { file, nodeFlags = [] } of BENCHMARKS) {
  if (only.length > 0 && !only.some((name) => file.includes(name))) continue;
  console.log(`\n# ${file}\n`);
  const benchStarted = performance.now();
  console.log(`load average: ${load()}`);
  const code = await runBenchmark(file, nodeFlags);
  console.log(`\n(${file}: ${((performance.now() - benchStarted) / 1000).toFixed(1)} s${code === 0 ? '' : `, exited with ${code}`})`);
  if (code !== 0) failed.push(file);
}
console.log(`\nall benchmarks: ${((performance.now() - started) / 1000).toFixed(1)} s${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''}; load average after: ${load()}`);
if (failed.length > 0) process.exitCode = 1;
