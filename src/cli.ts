/** @module The `tessera` command: `serve` runs the server, `migrate` brings the schema up to date, `ilm` lints and forecasts policies. */
import { parseArgs } from 'node:util';
import { ilmCommand } from './cli/ilm-command.js';
import { parseByteSize } from './cluster/index.js';
import { migrateToLatest } from './platform/store/migrate.js';
import { describeStore, openStore } from './platform/store/open-store.js';
import { DEFAULT_DATA_DIR, DEFAULT_HOST, DEFAULT_PORT, MIGRATIONS, startServer } from './server.js';

const HELP = `Usage: tessera <command> [options]

Commands:
  serve      Run the server: the grid fields API (Connect, gRPC-Web and gRPC over h2c) and the
             Elasticsearch-compatible API with index lifecycle management, on one port.
  migrate    Apply the database migrations, then exit. serve applies them too; an instance refuses
             to start on a schema newer than it knows.
  ilm        ilm lint <policy.json> and ilm simulate <policy.json>: the problems a policy will meet,
             and what it will do day by day, before it runs (tessera ilm --help; docs/lint.md).

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
  --quiet           Do not log requests.
  -h, --help        Show this help.
`;

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'ilm') return ilmCommand(argv.slice(1), (text) => process.stdout.write(text), (text) => process.stderr.write(text));
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
  });
  process.stdout.write(`tessera listening on ${server.url} (data in ${describeStore({ dataDir, databaseUrl })})\n`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return -1;
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
