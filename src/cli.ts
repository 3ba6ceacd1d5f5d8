/** @module The `tessera` command: `serve` runs the server, `migrate` brings the schema up to date, `ilm` lints and forecasts policies. */
import { parseArgs } from 'node:util';
import { parseByteSize } from './platform/units/index.js';
import { DEFAULT_CONNECTION_LIMITS, resolveConnectionLimits, type ConnectionLimits } from './http/shared-port.js';
import { isCorsOrigin } from './http/rpc-cors.js';
import { migrateToLatest } from './platform/store/migrate.js';
import { parseTimeValue } from './platform/units/index.js';
import { describeStore, openStore } from './platform/store/open-store.js';
import { DEFAULT_DATA_DIR, MIGRATIONS } from './build-server.js';
import { DEFAULT_HOST, DEFAULT_PORT, startServer } from './server.js';

const seconds = (millis: number) => `${millis / 1000}s`;

const HELP = `Usage: tessera <command> [options]

Commands:
  serve      Run the server: the grid fields API (Connect, gRPC-Web and gRPC over h2c) and the
             Elasticsearch-compatible API with index lifecycle management, on one port.
  migrate    Apply the database migrations, then exit. serve applies them too; an instance refuses
             to start on a schema newer than it knows.
  ilm        ilm lint <policy.json> and ilm simulate <policy.json>: the problems a policy will meet,
             and what it will do day by day, before it runs (tessera ilm --help; docs/lint.md);
             ilm forecast --diagnostics <dir|zip> or --url <cluster>: what will fail in a real
             Elasticsearch cluster, and when, from its support-diagnostics bundle or its read APIs
             (docs/forecast-a-cluster.md).

Options:
  --port <n>        Port to listen on (default ${DEFAULT_PORT}; 0 picks a free one).
  --host <addr>     Address to listen on (default ${DEFAULT_HOST}).
  --data-dir <dir>  Folder of the embedded SQLite database tessera.db (default ${DEFAULT_DATA_DIR}).
                    With DATABASE_URL=postgres://… set, the data lives in that PostgreSQL database
                    instead, which any number of instances may share (docs/scale-out.md).
  --disk-capacity <size>
                    The node's disk (default 100gb); the cluster setting tessera.disk.capacity overrides it.
  --clock <mode>    system (default) or virtual: time stands still until POST /_tessera/clock/_advance,
                    and a restart resumes where the virtual clock stood.
  --security        Require credentials (basic or API key) on both APIs; also TESSERA_SECURITY=true.
                    The superuser elastic takes ELASTIC_PASSWORD, or a generated password printed once.
  --insecure-allow-remote
                    Allow a non-loopback --host without --security.
  --headers-timeout <time>
                    Time a new connection has to show its protocol, and a request its headers (default
                    ${seconds(DEFAULT_CONNECTION_LIMITS.headersTimeout)}); then the connection is closed, an HTTP/1 request after a 408 answer.
  --request-timeout <time>
                    Time a request has to arrive in full, body included (default ${seconds(DEFAULT_CONNECTION_LIMITS.requestTimeout)}); then HTTP/1
                    answers 408 and closes, and an HTTP/2 stream is reset (CANCEL). Responses, such as
                    WatchFields streams, may run as long as they like.
  --idle-timeout <time>
                    Time a connection with no request in flight stays open (default ${seconds(DEFAULT_CONNECTION_LIMITS.idleTimeout)}): HTTP/1
                    keep-alive, or an HTTP/2 connection with no open stream (closed with GOAWAY).
                    Times are ES time values (500ms, 20s, 2m); 0 means no limit.
  --max-concurrent-streams <n>
                    Streams one HTTP/2 connection may have open at once (default ${DEFAULT_CONNECTION_LIMITS.maxConcurrentStreams}); more
                    are refused (REFUSED_STREAM).
  --max-connections <n>
                    Connections open at once, HTTP/1 and HTTP/2 together (default ${DEFAULT_CONNECTION_LIMITS.maxConnections}); more are
                    closed on arrival. Keep it below the open-file limit (ulimit -n).
  --http-max-content-length <size>
                    The largest Elasticsearch-API request body (ES's http.max_content_length, default 100mb,
                    below 2gb); a larger one is refused with 413 before it is read.
  --cors-origin <origin>
                    Let browser pages from <origin> (such as https://app.example.com, or * for any) call the
                    grid API over Connect and gRPC-Web; repeat it for more origins. Off by default; the
                    Elasticsearch API never answers CORS.
  --quiet           Do not log requests.
  -h, --help        Show this help.
`;

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'ilm') {
    // Lint and simulation load only for this command, so `serve` starts without them.
    const { ilmCommand } = await import('./cli/ilm-command.js');
    return ilmCommand(argv.slice(1), (text) => process.stdout.write(text), (text) => process.stderr.write(text));
  }
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      quiet: { type: 'boolean' },
      clock: { type: 'string' },
      'disk-capacity': { type: 'string' },
      security: { type: 'boolean' },
      'insecure-allow-remote': { type: 'boolean' },
      'headers-timeout': { type: 'string' },
      'request-timeout': { type: 'string' },
      'idle-timeout': { type: 'string' },
      'max-concurrent-streams': { type: 'string' },
      'max-connections': { type: 'string' },
      'http-max-content-length': { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || command === undefined || command === 'help') {
    process.stdout.write(HELP);
    return values.help || command === 'help' ? 0 : 2;
  }
  const dataDir = values['data-dir'] ?? DEFAULT_DATA_DIR;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (command === 'migrate') {
    const store = await openStore({ dataDir, databaseUrl });
    try {
      const applied = await migrateToLatest(store, MIGRATIONS);
      process.stdout.write(applied.length === 0 ? 'schema is up to date\n' : `applied ${applied.join(', ')}\n`);
    } finally {
      await store.close();
    }
    return 0;
  }
  if (command !== 'serve') {
    process.stderr.write(`tessera: unknown command "${command}"\n\n${HELP}`);
    return 2;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`tessera: --port must be an integer from 0 to 65535, got "${values.port}"\n`);
    return 2;
  }
  const clockMode = values.clock ?? 'system';
  if (clockMode !== 'system' && clockMode !== 'virtual') {
    process.stderr.write(`tessera: --clock must be system or virtual, got "${clockMode}"\n`);
    return 2;
  }
  let diskCapacity: number | undefined;
  if (values['disk-capacity'] !== undefined) {
    try {
      diskCapacity = parseByteSize(values['disk-capacity'], '--disk-capacity');
    } catch {
      process.stderr.write(`tessera: --disk-capacity must be a size such as 100gb, got "${values['disk-capacity']}"\n`);
      return 2;
    }
  }
  let httpMaxContentLength: number | undefined;
  if (values['http-max-content-length'] !== undefined) {
    try {
      httpMaxContentLength = parseByteSize(values['http-max-content-length'], '--http-max-content-length');
    } catch {
      httpMaxContentLength = NaN;
    }
    // ES keeps it in an int: 2gb less one byte is the most it takes.
    if (!(httpMaxContentLength > 0 && httpMaxContentLength <= 2 ** 31 - 1)) {
      process.stderr.write(`tessera: --http-max-content-length must be a size below 2gb, such as 100mb, got "${values['http-max-content-length']}"\n`);
      return 2;
    }
  }
  const corsOrigins = values['cors-origin'] ?? [];
  const badOrigin = corsOrigins.find((origin) => !isCorsOrigin(origin));
  if (badOrigin !== undefined) {
    process.stderr.write(`tessera: --cors-origin must be * or an origin such as https://app.example.com (scheme, host and port only), got "${badOrigin}"\n`);
    return 2;
  }
  const connectionLimits = parseConnectionLimits(values);
  if (typeof connectionLimits === 'string') {
    process.stderr.write(`tessera: ${connectionLimits}\n`);
    return 2;
  }
  const security = values.security === true || process.env.TESSERA_SECURITY === 'true';
  const server = await startServer({
    host: values.host ?? DEFAULT_HOST,
    port,
    dataDir,
    ...(databaseUrl && { databaseUrl }),
    log: !values.quiet,
    clockMode,
    security,
    insecureAllowRemote: values['insecure-allow-remote'] === true,
    onGeneratedPassword: (password) => process.stdout.write(`generated password for the elastic user (shown once): ${password}\n`),
    ...(diskCapacity !== undefined && { diskCapacity }),
    connectionLimits,
    ...(httpMaxContentLength !== undefined && { httpMaxContentLength }),
    ...(corsOrigins.length > 0 && { corsOrigins }),
  });
  process.stdout.write(`tessera listening on ${server.url} (data in ${describeStore({ dataDir, databaseUrl })})\n`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return -1;
}

const LIMIT_FLAGS: Readonly<Record<keyof ConnectionLimits, string>> = {
  headersTimeout: '--headers-timeout',
  requestTimeout: '--request-timeout',
  idleTimeout: '--idle-timeout',
  maxConcurrentStreams: '--max-concurrent-streams',
  maxConnections: '--max-connections',
};

/** The connection limits the flags give (checked), or what is wrong with them. */
function parseConnectionLimits(values: Partial<Record<string, string | boolean | string[]>>): Partial<ConnectionLimits> | string {
  const limits: Partial<Record<keyof ConnectionLimits, number>> = {};
  for (const key of ['headersTimeout', 'requestTimeout', 'idleTimeout'] as const) {
    const text = values[LIMIT_FLAGS[key].slice(2)];
    if (typeof text !== 'string') continue;
    let millis: number;
    try {
      millis = parseTimeValue(text, LIMIT_FLAGS[key]);
    } catch {
      millis = NaN;
    }
    if (!Number.isInteger(millis) || millis < 0) return `${LIMIT_FLAGS[key]} must be a time such as 500ms, 30s or 2m (0: no limit), got "${text}"`;
    limits[key] = millis;
  }
  for (const key of ['maxConcurrentStreams', 'maxConnections'] as const) {
    const text = values[LIMIT_FLAGS[key].slice(2)];
    if (typeof text !== 'string') continue;
    if (!/^\d+$/.test(text)) return `${LIMIT_FLAGS[key]} must be a positive integer, got "${text}"`;
    limits[key] = Number(text);
  }
  try {
    resolveConnectionLimits(limits, LIMIT_FLAGS);
  } catch (error) {
    return (error as Error).message;
  }
  return limits;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`tessera: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
