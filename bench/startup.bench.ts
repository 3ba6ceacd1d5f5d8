/**
 * Start-up of `tessera serve` as users run it (bin/tessera.js, the compiled bundle, in a child process): time from spawn
 * until `GET /` answers 200, and resident memory once idle, on an empty data folder and on folders holding 1,000 to
 * 100,000 ILM-managed indices (seeded by ilm-seed.ts), each as a ratio to a bare `node:http` server started, asked
 * and measured the same way in the same run (the ceiling: Node.js itself, with nothing loaded).
 * Prints figures; asserts nothing. Run alone: `node --import tsx bench/startup.bench.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { removeTestData, tempDataDir } from '../test/helpers/server.js';
import { startInstance } from '../test/helpers/instances.js';
import { seedManagedIndices } from './ilm-seed.js';
import { count, heading, machineLine, median, mib, mibDelta, ms, QUICK, residentBytes, sleep, table } from './report.js';

const SIZES = QUICK ? [0, 1_000] : [0, 1_000, 10_000, 100_000];
const RUNS = QUICK ? 2 : 5;
/** Long enough for the runner's first pass and start-up garbage to settle. */
const IDLE_MS = 1_500;

const POLICY = {
  phases: {
    hot: { actions: { rollover: { max_age: '30d' } } },
    delete: { min_age: '90d', actions: { delete: {} } },
  },
};

/** A bare node:http server in its own process, announcing itself as tessera serve does. */
const BARE_SERVER = `require('node:http').createServer((q, r) => r.end('{}')).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });`;

async function startBare(): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, child, stop };
}

/** `dataDir` undefined: the bare server. */
async function startOnce(dataDir: string | undefined): Promise<{ listeningMs: number; readyMs: number; rss: number }> {
  const started = performance.now();
  const instance = dataDir === undefined ? await startBare() : await startInstance(dataDir, ['--data-dir', dataDir]);
  const listeningMs = performance.now() - started;
  try {
    for (;;) {
      const status = await fetch(`${instance.url}/`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      await sleep(2);
    }
    const readyMs = performance.now() - started;
    await sleep(IDLE_MS);
    return { listeningMs, readyMs, rss: await residentBytes(instance.child.pid!) };
  } finally {
    await instance.stop();
  }
}

type Start = Awaited<ReturnType<typeof startOnce>>;

console.log(`machine: ${machineLine()}`);
console.log(`\`node bin/tessera.js serve --port 0 --quiet --data-dir <tmp>\` (SQLite), and a bare node:http server; median of ${RUNS} starts each after one unmeasured start; RSS read from /proc after ${IDLE_MS} ms idle`);
const bare = { runs: [] as Start[] };
const folders = SIZES.map((size) => ({ size, dataDir: tempDataDir(), runs: [] as Start[] }));
try {
  for (const { size, dataDir } of folders) {
    if (size > 0) await seedManagedIndices({ dataDir, count: size, policy: POLICY, withAlias: true });
    // The first start of a data folder migrates it (when empty) and warms the file cache: not what is measured.
    await startOnce(dataDir);
  }
  await startOnce(undefined);
  // Round-robin over the bare server and the folders, so a disturbance from outside lands on every case alike.
  for (let i = 0; i < RUNS; i++) {
    bare.runs.push(await startOnce(undefined));
    for (const folder of folders) folder.runs.push(await startOnce(folder.dataDir));
  }
} finally {
  for (const { dataDir } of folders) await removeTestData(dataDir);
}
const ceiling = { readyMs: median(bare.runs.map((r) => r.readyMs)), rss: median(bare.runs.map((r) => r.rss)) };
const rows: string[][] = [['bare node:http server (the ceiling)', ms(median(bare.runs.map((r) => r.listeningMs))), ms(ceiling.readyMs), '1.00×', mib(ceiling.rss), '', '']];
let empty: { readyMs: number; rss: number } | undefined;
for (const { size, runs } of folders) {
  const readyMs = median(runs.map((r) => r.readyMs));
  const rss = median(runs.map((r) => r.rss));
  empty ??= { readyMs, rss };
  // Per index only where the indices outweigh run-to-run noise (tens of ms, a few MiB).
  const perIndex = size >= 10_000 ? `${ms(((readyMs - empty.readyMs) * 1000) / size)} µs, ${((rss - empty.rss) / 1024 / size).toFixed(2)} KiB` : '';
  const beyond = size === 0 ? '' : `${ms(readyMs - empty.readyMs)} ms, ${mibDelta(rss - empty.rss)} MiB`;
  rows.push([`tessera serve, ${count(size)} managed indices`, ms(median(runs.map((r) => r.listeningMs))), ms(readyMs), `${(readyMs / ceiling.readyMs).toFixed(2)}×`, mib(rss), beyond, perIndex]);
}
heading('Start-up of tessera serve');
console.log(table(['server', '"listening" printed, ms', 'GET / answers 200, ms', 'times the bare server', 'idle RSS, MiB', 'beyond empty (time, RSS)', 'per index beyond empty'], rows));
