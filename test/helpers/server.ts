/**
 * @module Starts a real Tessera server on a free port with its own data folder, for tests. With
 * TESSERA_TEST_DATABASE_URL set, each data folder stands for its own PostgreSQL database instead, created on
 * that server on first use, so the whole suite runs on PostgreSQL unchanged.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer, type BuildOptions, type BuiltServer } from '../../src/build-server.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server.js';

export type TestServer = WithTestData<RunningServer>;

/** The PostgreSQL server the suite runs on, or undefined for SQLite. */
export const TEST_DATABASE_URL = process.env.TESSERA_TEST_DATABASE_URL || undefined;

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'tessera-test-'));
}

function databaseName(dataDir: string): string {
  return `tessera_test_${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The database URL `dataDir` stands for on PostgreSQL (created if new); undefined on SQLite. */
export async function testDatabaseUrl(dataDir: string): Promise<string | undefined> {
  if (!TEST_DATABASE_URL) return undefined;
  const name = databaseName(dataDir);
  await admin(async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    // Several processes may ask for the same database at once; PostgreSQL then reports 42P04 or, racing, 23505.
    if (rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`).catch((e: { code?: string }) => {
      if (e.code !== '42P04' && e.code !== '23505') throw e;
    });
  });
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The environment for a `tessera` child process on `dataDir`: DATABASE_URL on PostgreSQL, none on SQLite. */
export async function testStoreEnv(dataDir: string): Promise<NodeJS.ProcessEnv> {
  const { DATABASE_URL: _inherited, ...env } = process.env;
  const databaseUrl = await testDatabaseUrl(dataDir);
  return databaseUrl ? { ...env, DATABASE_URL: databaseUrl } : env;
}

/** Removes what `dataDir` stands for: the folder, and on PostgreSQL its database. */
export async function removeTestData(dataDir: string): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  // Best effort: a connection still closing can hold the database; the next CI run drops what is left.
  if (TEST_DATABASE_URL) await admin((client) => client.query(`drop database if exists ${pg.escapeIdentifier(databaseName(dataDir))} with (force)`)).catch(() => undefined);
}

/** What a test server adds to the server it wraps: its data folder, and a close that removes it. */
type WithTestData<S> = S & {
  readonly dataDir: string;
  /** Stops the server and removes its data folder. */
  dispose(): Promise<void>;
};

/** Runs `start` on a data folder of its own (on PostgreSQL, the database it stands for); close is idempotent. */
async function onTestData<S extends BuiltServer, O extends BuildOptions>(options: O, start: (options: O) => Promise<S>): Promise<WithTestData<S>> {
  const dataDir = options.dataDir ?? tempDataDir();
  const databaseUrl = await testDatabaseUrl(dataDir);
  const server = await start({ ...options, dataDir, ...(databaseUrl && { databaseUrl }) });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await server.close();
  };
  return {
    ...server,
    dataDir,
    close,
    async dispose() {
      await close();
      await removeTestData(dataDir);
    },
  };
}

export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  return onTestData({ port: 0, ...options }, startServer);
}

/** A server wired as startTestServer's but not listening: its app answers `app.inject`. */
export type BuiltTestServer = WithTestData<BuiltServer>;

export function buildTestServer(options: BuildOptions = {}): Promise<BuiltTestServer> {
  return onTestData(options, buildServer);
}
