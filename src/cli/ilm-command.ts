/**
 * @module `tessera ilm lint` and `tessera ilm simulate`: lint and forecast a policy file from a shell or a CI
 * pipeline. Without `--url` they run here, on an empty cluster with only the templates given; with `--url` they
 * ask a running Tessera, whose templates, policies, users and disk then count. Exit codes: 0 nothing found,
 * 1 problems found (lint) or an error predicted (simulate), 2 a bad invocation or input.
 */
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { ClusterError, ClusterState, DEFAULT_DISK_CAPACITY } from '../cluster/index.js';
import { loadLint, loadSimulation, type LintProblem } from '../ilm/index.js';
import { formatForecast, formatProblems, type ForecastReport } from './ilm-report.js';

export const ILM_HELP = `Usage: tessera ilm lint <policy.json> [options]
       tessera ilm simulate <policy.json> [options]
       tessera ilm forecast --diagnostics <dir|zip> | --url <cluster> [--horizon 30d] [--rate <pattern>=<n>] [--json]

lint      Reports every problem the policy will meet on the index: what PUT would refuse, and each step
          that will fail or wait for good, with the spec's error row, the message and the remedy.
simulate  Runs the policy on the index under a virtual clock and prints what will happen and when:
          phase moves, rollovers with the new index names, deletions, disk watermarks, the first error.
forecast  Forecasts a real Elasticsearch cluster from its support-diagnostics folder, or read live with GET
          requests: what will fail, get stuck or fill the disk, and when (tessera ilm forecast --help;
          docs/forecast-a-cluster.md).

<policy.json> holds the policy as PUT /_ilm/policy takes it ({"policy": {"phases": ...}}) or just
{"phases": ...}. The policy is named after the file (logs.json: logs) unless --name says otherwise.

Options:
  --name <policy>          The policy's name (default: the file's name without .json).
  --index <name>           The index it will manage (default: <policy>-000001).
  --data-stream <name>     Instead of --index: the data stream it will manage, as PUT /_data_stream/<name>
                           creates it from its template (--templates, or with --url the server's).
  --index-settings <json>  The index's settings: a file, or inline JSON. index.lifecycle.name is set to
                           the policy unless given.
  --aliases <json>         The index's aliases: a file, or inline JSON ({"logs": {"is_write_index": true}}).
  --templates <json>       Index templates to assume: a file, or inline JSON, a list of PUT
                           /_index_template bodies each with its "name".
  --horizon <time>         simulate: how far to look (default 90d).
  --docs-per-day <n>       simulate: documents written a day through the index's rollover alias (default 0).
  --doc-size <size>        simulate: the size of one document (default 1kb).
  --url <url>              Ask a running Tessera instead (its templates, policies, users and disk count).
  --user <name:password>   Credentials for --url when security is on.
  --strict                 lint: warnings fail too (exit 1).
  --steps                  simulate: list every step, not only phase moves.
  --json                   Print the API's JSON answer instead of text.
  -h, --help               Show this help.

Exit codes: 0 nothing found; 1 lint found problems, or simulate predicts an error; 2 bad invocation or input.
`;

class UsageError extends Error {}

/** A file's contents, or the argument itself when it is inline JSON. */
function readJson(argument: string, option: string): unknown {
  const text = /^\s*[[{]/.test(argument) ? argument : readFile(argument, option);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${option}: ${argument === text ? 'inline JSON' : argument} is not valid JSON: ${(error as Error).message}`);
  }
}

function readFile(path: string, option: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${option}: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

type Values = Record<string, string | boolean | undefined>;

/** The request body both commands send, as the HTTP API takes it. */
function requestBody(command: 'lint' | 'simulate', file: string, values: Values): Record<string, unknown> {
  const raw = readJson(file, 'policy');
  const policy = isObject(raw) && 'policy' in raw ? raw.policy : raw;
  const name = (values.name as string | undefined) ?? basename(file, extname(file));
  const settings = values['index-settings'] === undefined ? {} : readJson(values['index-settings'] as string, '--index-settings');
  if (!isObject(settings)) throw new UsageError('--index-settings: must be a JSON object of settings');
  const named = 'index.lifecycle.name' in settings || (isObject(settings.index) && isObject(settings.index.lifecycle) && 'name' in settings.index.lifecycle);
  const dataStream = values['data-stream'] as string | undefined;
  if (dataStream !== undefined) {
    // The stream's template gives its backing indices their settings; an index body would make it an index creation.
    const clashing = ['index', 'index-settings', 'aliases'].filter((option) => values[option] !== undefined);
    if (clashing.length > 0) throw new UsageError(`--data-stream: cannot be used with ${clashing.map((o) => `--${o}`).join(', ')}`);
  }
  const index =
    dataStream !== undefined
      ? { name: dataStream }
      : {
          name: (values.index as string | undefined) ?? `${name}-000001`,
          settings: named ? settings : { ...settings, 'index.lifecycle.name': name },
          ...(values.aliases !== undefined && { aliases: readJson(values.aliases as string, '--aliases') }),
        };
  const body: Record<string, unknown> = { policy, index };
  if (values.templates !== undefined) body.templates = readJson(values.templates as string, '--templates');
  if (command === 'simulate') {
    if (values.horizon !== undefined) body.horizon = values.horizon;
    const perDay = values['docs-per-day'] === undefined ? undefined : Number(values['docs-per-day']);
    if (perDay !== undefined && !Number.isFinite(perDay)) throw new UsageError(`--docs-per-day: must be a number, got "${values['docs-per-day']}"`);
    if (perDay !== undefined || values['doc-size'] !== undefined) {
      body.documents = { ...(perDay !== undefined && { per_day: perDay }), ...(values['doc-size'] !== undefined && { size: values['doc-size'] }) };
    }
  }
  return body;
}

/** Here: an empty cluster with the templates given, no stored policy, no users, the default disk. */
async function runHere(command: 'lint' | 'simulate', body: Record<string, unknown>): Promise<unknown> {
  const now = Date.now();
  const env = { state: Object.freeze({ ...ClusterState.empty(), clusterUuid: 'tessera-cli' }), policy: () => undefined, now };
  if (command === 'lint') {
    const { lintPolicy, parseLintRequest } = await loadLint();
    return { problems: lintPolicy(parseLintRequest(body), env) };
  }
  const { parseSimulateRequest, simulatePolicy } = await loadSimulation();
  return simulatePolicy(parseSimulateRequest(body), { ...env, policies: () => [], lastTick: now, stats: () => ({ docs: 0, sizeBytes: 0 }), defaultDiskCapacity: DEFAULT_DISK_CAPACITY });
}

/** There: the running server's answer, or its error envelope as a ClusterError. */
async function runThere(command: 'lint' | 'simulate', body: Record<string, unknown>, url: string, user: string | undefined): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (user !== undefined) headers.authorization = `Basic ${Buffer.from(user).toString('base64')}`;
  let response: Response;
  try {
    response = await fetch(new URL(`/_tessera/ilm/${command}`, url), { method: 'POST', headers, body: JSON.stringify(body) });
  } catch (error) {
    throw new UsageError(`--url: cannot reach ${url}: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`--url: ${url} answered ${response.status} without JSON: ${text.slice(0, 200)}`);
  }
  if (!response.ok) {
    const error = isObject(json) && isObject(json.error) ? json.error : {};
    throw new ClusterError(String(error.type ?? 'exception'), response.status, String(error.reason ?? text));
  }
  return json;
}

/** Runs `tessera ilm …`; returns the exit code. */
export async function ilmCommand(argv: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  // A whole cluster rather than one policy: options of its own.
  if (argv[0] === 'forecast') return (await import('./forecast-command.js')).forecastCommand(argv.slice(1), out, err);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    err(`tessera ilm: ${(error as Error).message}\n\n${ILM_HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, file, ...extra] = positionals;
  if (values.help) {
    out(ILM_HELP);
    return 0;
  }
  if (command !== 'lint' && command !== 'simulate') {
    err(command === undefined ? ILM_HELP : `tessera ilm: unknown command "${command}"\n\n${ILM_HELP}`);
    return 2;
  }
  if (file === undefined || extra.length > 0) {
    err(`tessera ilm ${command}: ${file === undefined ? 'the policy file is missing' : `unexpected arguments: ${extra.join(' ')}`}\n\n${ILM_HELP}`);
    return 2;
  }
  try {
    const body = requestBody(command, file, values);
    const url = values.url as string | undefined;
    const answer = url === undefined ? await runHere(command, body) : await runThere(command, body, url, values.user as string | undefined);
    if (command === 'lint') {
      const problems = (answer as { problems: LintProblem[] }).problems;
      out(values.json ? `${JSON.stringify(answer, null, 2)}\n` : formatProblems(String((body.index as { name: string }).name), problems));
      const failing = problems.filter((p) => p.outcome !== 'warning' || values.strict === true);
      return failing.length > 0 ? 1 : 0;
    }
    const forecast = answer as ForecastReport;
    out(values.json ? `${JSON.stringify(answer, null, 2)}\n` : formatForecast(forecast, values.steps === true));
    return forecast.first_error ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`tessera ilm ${command}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof ClusterError) {
      err(`tessera ilm ${command}: refused: ${error.type}: ${error.reason}\n`);
      return 2;
    }
    throw error;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      index: { type: 'string' },
      'data-stream': { type: 'string' },
      'index-settings': { type: 'string' },
      aliases: { type: 'string' },
      templates: { type: 'string' },
      horizon: { type: 'string' },
      'docs-per-day': { type: 'string' },
      'doc-size': { type: 'string' },
      url: { type: 'string' },
      user: { type: 'string' },
      strict: { type: 'boolean' },
      steps: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
