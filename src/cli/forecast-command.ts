/**
 * @module `tessera ilm forecast --diagnostics <dir|zip>`: a real Elasticsearch cluster's future, from the folder (or
 * its zip) Elastic's support-diagnostics tool writes, or the same answers saved with curl. The cluster is rebuilt in
 * memory, in this process; nothing is written anywhere and nothing is asked of the cluster itself. Exit codes as
 * lint's: 0 nothing will fail, 1 something will (or has), 2 a bad invocation or bundle.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ClusterError } from '../cluster/index.js';
import { loadImport, loadSimulation } from '../ilm/index.js';
import { readZipFiles, ZipError } from '../platform/zip-reader.js';
import { formatClusterForecast } from './forecast-report.js';

export const FORECAST_HELP = `Usage: tessera ilm forecast --diagnostics <dir|zip> [options]

Forecasts a real Elasticsearch cluster (7.17 or 8.x) from its own exports: which indices and data streams will
fail, get stuck or fill the disk within the horizon, when, at which step, with the error Elasticsearch will
show, the spec's row and the remedy; and which are in ERROR now, with the fix. The cluster is rebuilt in
memory from the folder; nothing is written and the cluster itself is never asked. See docs/forecast-a-cluster.md
for the files (and the curl calls that make them) and what is and is not modelled.

Options:
  --diagnostics <dir|zip>   The folder support-diagnostics wrote, or its zip, or a folder of the same
                            files saved with curl.
  --horizon <time>          How far to look (default 30d).
  --rate <pattern>=<n>      Documents a day written to the data streams, aliases or indices whose name
                            matches <pattern> (wildcards *), instead of the rate estimated from their
                            document counts and ages. Repeat it for more patterns; the last match wins.
  --json                    Print the report as JSON.
  -h, --help                Show this help.

Exit codes: 0 nothing will fail; 1 something will fail, get stuck or fill the disk, or is in ERROR now;
2 bad invocation or input.
`;

/** No answer of one API in a bundle comes near this; a bigger file is not one. */
const MAX_FILE_BYTES = 512 * 1024 * 1024;
/** Read whole into memory: a bundle's zip of a large cluster is tens of megabytes. */
const MAX_ZIP_BYTES = 1024 * 1024 * 1024;
const DEFAULT_HORIZON = '30d';

class UsageError extends Error {}

function readBundle(dir: string, paths: readonly string[]): Map<string, unknown> {
  let stat;
  try {
    stat = statSync(dir);
  } catch (error) {
    throw new UsageError(`--diagnostics: cannot read ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (!stat.isDirectory()) return readZipBundle(dir, stat.size, paths);
  const files = new Map<string, unknown>();
  for (const path of paths) {
    const full = join(dir, path);
    let size: number;
    try {
      size = statSync(full).size;
    } catch {
      continue;
    }
    if (size > MAX_FILE_BYTES) throw new UsageError(`${path}: ${size} bytes, more than the ${MAX_FILE_BYTES} a file of the bundle may have`);
    files.set(path, parseJson(path, readFileSync(full, 'utf8')));
  }
  return files;
}

function parseJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path}: not valid JSON (a truncated file?): ${(error as Error).message}`);
  }
}

/** The bundle's zip, as the diagnostics tool writes it: its files under one folder, found by its version.json. */
function readZipBundle(file: string, size: number, paths: readonly string[]): Map<string, unknown> {
  if (size > MAX_ZIP_BYTES) throw new UsageError(`--diagnostics: ${file}: ${size} bytes, more than the ${MAX_ZIP_BYTES} a zip may have; unzip it and give its folder`);
  try {
    const entries = readZipFiles(readFileSync(file), paths, 'version.json', MAX_FILE_BYTES);
    return new Map([...entries].map(([path, bytes]) => [path, parseJson(path, bytes.toString('utf8'))]));
  } catch (error) {
    if (error instanceof ZipError) throw new UsageError(`--diagnostics: ${file}: ${error.message}`);
    throw error;
  }
}

function parseRate(text: string): { pattern: string; perDay: number } {
  const at = text.lastIndexOf('=');
  const pattern = text.slice(0, at);
  const perDay = Number(text.slice(at + 1));
  if (at <= 0 || text.slice(at + 1).trim() === '' || !Number.isFinite(perDay) || perDay < 0) {
    throw new UsageError(`--rate: expected <pattern>=<documents a day> such as logs-*=250000, got "${text}"`);
  }
  return { pattern, perDay };
}

export async function forecastCommand(argv: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        diagnostics: { type: 'string' },
        horizon: { type: 'string' },
        rate: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    err(`tessera ilm forecast: ${(error as Error).message}\n\n${FORECAST_HELP}`);
    return 2;
  }
  if (values.help) {
    out(FORECAST_HELP);
    return 0;
  }
  const { importDiagnostics, forecastCluster, ImportError, DIAGNOSTICS_FILES, ALSO_READ } = await loadImport();
  try {
    if (values.diagnostics === undefined) throw new UsageError('--diagnostics <dir|zip> is required (--url is not available yet)');
    const rates = (values.rate ?? []).map(parseRate);
    const { parseHorizon } = await loadSimulation();
    const horizon = parseHorizon(values.horizon ?? DEFAULT_HORIZON, 'forecast');
    const files = readBundle(values.diagnostics, [...DIAGNOSTICS_FILES.map((f) => f.path), ...ALSO_READ]);
    const report = await forecastCluster(importDiagnostics(files), { horizon, rates });
    out(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatClusterForecast(report));
    return report.summary.failing > 0 || report.summary.in_error > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ImportError || error instanceof RangeError) {
      err(`tessera ilm forecast: ${error.message}\n`);
      return 2;
    }
    if (error instanceof ClusterError) {
      err(`tessera ilm forecast: ${error.type}: ${error.reason}\n`);
      return 2;
    }
    throw error;
  }
}
