/**
 * A real cluster's forecast at scale (`tessera ilm forecast`, `POST /_tessera/ilm/forecast`): the example bundle
 * (test/fixtures/diagnostics/es-8.15) with its data stream `logs-web` copied N times, up to the forecast's limit of
 * 500 targets. Times the import and the forecast (lint and one 30-day timeline per target, each writing the other
 * streams' documents to the one disk), in this process. The ceiling is the same bundle with one copy, measured in the
 * same run: each size's time per target is printed as a ratio to it, so a timeline whose cost grows with the cluster
 * shows. Prints figures; asserts nothing. Run alone: `node --import tsx bench/cluster-forecast.bench.ts`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DEFAULT_CLUSTER_HORIZON, forecastCluster, importDiagnostics, MAX_FORECAST_TARGETS, parseRateOverride } from '../src/ilm/import/index.js';
import { parseHorizon } from '../src/ilm/simulate/simulate-request.js';
import { heading, machineLine, ms, QUICK, ratio, table } from './report.js';

const FIXTURE = new URL('../test/fixtures/diagnostics/es-8.15/', import.meta.url).pathname;
const STREAM = 'logs-web';

function readBundle(dir: string): Map<string, unknown> {
  const files = new Map<string, unknown>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), JSON.parse(readFileSync(path, 'utf8')));
    }
  };
  walk(dir);
  return files;
}

/** Every member or array element that names the stream, repeated for copies 1…n under names of their own. */
function copied(value: unknown, n: number): unknown {
  const rename = (v: unknown, i: number) => JSON.parse(JSON.stringify(v).replaceAll(STREAM, `${STREAM}-${i}`));
  if (Array.isArray(value)) {
    return value.flatMap((item) => (JSON.stringify(item).includes(`"${STREAM}"`) ? Array.from({ length: n }, (_, i) => rename(item, i + 1)) : [copied(item, n)]));
  }
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (key.includes(STREAM)) for (let i = 1; i <= n; i++) out[key.replace(STREAM, `${STREAM}-${i}`)] = rename(member, i);
    else out[key] = copied(member, n);
  }
  return out;
}

async function measure(bundle: ReadonlyMap<string, unknown>, n: number) {
  const files = new Map([...bundle].map(([path, answer]) => [path, copied(answer, n)]));
  let started = performance.now();
  const imported = importDiagnostics(files);
  const importMs = performance.now() - started;
  // A rate that fills no disk within the horizon: each timeline runs the whole 30 days.
  const options = { horizon: parseHorizon(DEFAULT_CLUSTER_HORIZON, 'forecast'), rates: [parseRateOverride(`${STREAM}-*=1000`)] };
  started = performance.now();
  const report = await forecastCluster(imported, options);
  const forecastMs = performance.now() - started;
  return { importMs, forecastMs, targets: report.summary.forecast };
}

console.log(`# The forecast of a real cluster at scale\n\n${machineLine()}`);
const bundle = readBundle(FIXTURE);
const ceiling = await measure(bundle, 1);
const perTargetCeiling = ceiling.forecastMs / ceiling.targets;
heading(`Import and forecast of the example bundle with ${STREAM} copied N times (30 days)`);
// The bundle's other targets count towards the limit: the largest size fills it.
const sizes = QUICK ? [10, 50] : [10, 100, MAX_FORECAST_TARGETS - (ceiling.targets - 1)];
const rows: string[][] = [['1 (ceiling)', String(ceiling.targets), ms(ceiling.importMs), ms(ceiling.forecastMs), ms(perTargetCeiling), '100 %']];
for (const n of sizes) {
  const run = await measure(bundle, n);
  const perTarget = run.forecastMs / run.targets;
  rows.push([String(n), String(run.targets), ms(run.importMs), ms(run.forecastMs), ms(perTarget), ratio(perTarget, perTargetCeiling)]);
}
console.log(table(['copies', 'targets', 'import (ms)', 'forecast (ms)', 'per target (ms)', 'per target / ceiling'], rows));
