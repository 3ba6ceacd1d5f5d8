/**
 * @module `tessera ilm forecast --diagnostics <dir|zip>` or `--url <cluster>`: a real Elasticsearch cluster's future,
 * from the folder (or its zip) Elastic's support-diagnostics tool writes, the same answers saved with curl, or the
 * same answers read from the cluster with GET requests. The cluster is rebuilt in memory, in this process; nothing
 * is written anywhere. Exit codes as lint's: 0 nothing will fail, 1 something will (or has), 2 a bad invocation,
 * bundle or cluster.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ClusterError } from '../cluster/index.js';
import { loadImport, loadSimulation } from '../ilm/index.js';
import { formatClusterForecast } from './forecast-report.js';
import { ClusterReadError, ClusterUnreachableError, getJson, type ClusterSource } from './cluster-reader.js';
import { parseBundleFile, readBundleZip, type DiagnosticsFile, type RateOverride } from '../ilm/import/index.js';

export const FORECAST_HELP = `Usage: tessera ilm forecast --diagnostics <dir|zip> [options]
       tessera ilm forecast --url <https://host:9200> [--user <name>[:<password>] | --api-key <key>] [--ca <pem>] [options]

Forecasts a real Elasticsearch cluster (7.17 or 8.x) from its own exports: which indices and data streams will
fail, get stuck or fill the disk within the horizon, when, at which step, with the error Elasticsearch will
show, the spec's row and the remedy; and which are in ERROR now, with the fix. The cluster is rebuilt in
memory from the folder, or from the cluster's answers to GET requests; nothing is written anywhere. See
docs/forecast-a-cluster.md for the files (and the calls that make them), the privileges, and what is and is
not modelled.

Options:
  --diagnostics <dir|zip>   The folder support-diagnostics wrote, or its zip, or a folder of the same
                            files saved with curl.
  --url <url>               Read the same answers from the cluster itself, with GET requests only. It needs
                            the cluster privileges monitor and read_ilm, and the index privileges
                            view_index_metadata and monitor on the indices to forecast;
                            manage_index_templates for the templates, and read_security for the roles
                            the policies' steps run with (without them, those are not seen).
  --user <name>[:<password>]
                            Basic credentials for --url; without :<password>, the password is read from
                            the environment variable TESSERA_FORECAST_PASSWORD.
  --api-key <key>           An API key for --url: its encoded form (base64 of id:key).
  --ca <file>               PEM certificates to trust for an https --url, instead of the system's.
  --horizon <time>          How far to look (default 30d).
  --rate <pattern>=<n>      Documents a day written to the data streams, aliases or indices whose name
                            matches <pattern> (wildcards *), instead of the rate estimated from their
                            document counts and ages; those no policy manages too, whose writes fill the
                            same disk. Repeat it for more patterns; the last match wins.
  --json                    Print the report as JSON.
  -h, --help                Show this help.

Exit codes: 0 nothing will fail; 1 something will fail, get stuck or fill the disk, or is in ERROR now;
2 bad invocation or input.
`;

/** No answer of one API in a bundle comes near this; a bigger file is not one. */
const MAX_FILE_BYTES = 512 * 1024 * 1024;
/** Read whole into memory: a bundle's zip of a large cluster is tens of megabytes. */
const MAX_ZIP_BYTES = 1024 * 1024 * 1024;
/** One answer of a large cluster (its state, its explain) can take a while to make and send. */
const READ_TIMEOUT_MS = 120_000;

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
    files.set(path, parseBundleFile(path, readFileSync(full, 'utf8')));
  }
  return files;
}

/** The bundle's zip, as the diagnostics tool writes it: its files under one folder, found by its version.json. */
function readZipBundle(file: string, size: number, paths: readonly string[]): Map<string, unknown> {
  if (size > MAX_ZIP_BYTES) throw new UsageError(`--diagnostics: ${file}: ${size} bytes, more than the ${MAX_ZIP_BYTES} a zip may have; unzip it and give its folder`);
  return readBundleZip(readFileSync(file), paths, MAX_FILE_BYTES, `--diagnostics: ${file}`);
}

interface UrlOptions {
  readonly url: string;
  readonly user?: string;
  readonly 'api-key'?: string;
  readonly ca?: string;
}

function clusterSource(options: UrlOptions): ClusterSource {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new UsageError(`--url: not a URL: ${options.url}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url: ${url.protocol} is not http: or https:`);
  if (url.search !== '' || url.hash !== '') throw new UsageError('--url: give the cluster\'s base URL, without a query or fragment');
  if (url.username !== '' || url.password !== '') throw new UsageError('--url: give credentials with --user or --api-key, not in the URL (it is printed in messages)');
  if (options.user !== undefined && options['api-key'] !== undefined) throw new UsageError('--user and --api-key: give one or the other');
  let authorization: string | undefined;
  if (options.user !== undefined) {
    const at = options.user.indexOf(':');
    const name = at < 0 ? options.user : options.user.slice(0, at);
    const password = at < 0 ? process.env.TESSERA_FORECAST_PASSWORD : options.user.slice(at + 1);
    if (name === '') throw new UsageError('--user: the user name is empty');
    if (password === undefined) throw new UsageError('--user: give <name>:<password>, or set TESSERA_FORECAST_PASSWORD');
    authorization = `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;
  }
  if (options['api-key'] !== undefined) {
    if (options['api-key'].trim() === '') throw new UsageError('--api-key: the key is empty');
    authorization = `ApiKey ${options['api-key'].trim()}`;
  }
  let ca: string | undefined;
  if (options.ca !== undefined) {
    try {
      ca = readFileSync(options.ca, 'utf8');
    } catch (error) {
      throw new UsageError(`--ca: cannot read ${options.ca}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  return { url, ...(authorization !== undefined && { authorization }), ...(ca !== undefined && { ca }), timeoutMs: READ_TIMEOUT_MS, maxBytes: MAX_FILE_BYTES };
}

/**
 * The bundle's answers, read from the cluster one GET at a time. A call that is refused or not there leaves its file
 * out, as a bundle without it, with the refusal in what is not seen; except the calls without which nothing can be
 * forecast, and a refusal of the credentials themselves, which stop the command.
 */
async function readCluster(source: ClusterSource, wanted: readonly DiagnosticsFile[]): Promise<{ files: Map<string, unknown>; notRead: Map<string, string> }> {
  const files = new Map<string, unknown>();
  const notRead = new Map<string, string>();
  for (const file of wanted) {
    const call = file.liveCall ?? file.call;
    try {
      files.set(file.path, await getJson(source, call.slice('GET '.length)));
    } catch (error) {
      if (error instanceof ClusterUnreachableError) throw new UsageError(`--url: ${error.message}`);
      if (!(error instanceof ClusterReadError)) throw error;
      const needs = error.status === 403 ? `; it needs the ${file.privilege}` : '';
      if (error.status === 401) throw new UsageError(`--url: ${error.message}: check --user or --api-key`);
      if (file.missing === 'required') throw new UsageError(`--url: ${error.message}${needs}`);
      notRead.set(file.path, `${call}: ${error.status === 403 ? `refused (${file.privilege} needed)` : `answered ${error.status}`}: ${file.missing}`);
    }
  }
  return { files, notRead };
}

function parseRate(text: string, parse: (text: string) => RateOverride): RateOverride {
  try {
    return parse(text);
  } catch (error) {
    throw new UsageError(`--rate: ${(error as Error).message}`);
  }
}

export async function forecastCommand(argv: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        diagnostics: { type: 'string' },
        url: { type: 'string' },
        user: { type: 'string' },
        'api-key': { type: 'string' },
        ca: { type: 'string' },
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
  const { importDiagnostics, forecastCluster, parseRateOverride, DEFAULT_CLUSTER_HORIZON, ImportError, DIAGNOSTICS_FILES, ALSO_READ_FILES } = await loadImport();
  try {
    if ((values.diagnostics === undefined) === (values.url === undefined)) throw new UsageError('give one of --diagnostics <dir|zip> and --url <cluster>');
    if (values.url === undefined && (values.user ?? values['api-key'] ?? values.ca) !== undefined) throw new UsageError('--user, --api-key and --ca go with --url');
    const rates = (values.rate ?? []).map((text) => parseRate(text, parseRateOverride));
    const { parseHorizon } = await loadSimulation();
    const horizon = parseHorizon(values.horizon ?? DEFAULT_CLUSTER_HORIZON, 'forecast');
    const wanted = [...DIAGNOSTICS_FILES, ...ALSO_READ_FILES];
    let imported;
    if (values.url !== undefined) {
      const { files, notRead } = await readCluster(clusterSource({ ...values, url: values.url }), wanted);
      imported = importDiagnostics(files, notRead);
    } else {
      imported = importDiagnostics(readBundle(values.diagnostics!, wanted.map((f) => f.path)));
    }
    const report = await forecastCluster(imported, { horizon, rates });
    const heading = values.url === undefined ? 'Not in the bundle, so not seen:' : 'Not read from the cluster, so not seen:';
    out(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatClusterForecast(report, heading));
    return report.summary.failing > 0 || report.summary.in_error > 0 || report.disk !== null ? 1 : 0;
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
