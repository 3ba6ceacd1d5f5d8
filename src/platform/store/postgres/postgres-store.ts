/** @module The scale-out store: PostgreSQL through node-postgres, shared by any number of Tessera instances. */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Store } from '../store.js';
import { AdvisoryLockLeadership } from './advisory-lock-leadership.js';
import { PgSignals } from './pg-signals.js';

const POOL_SIZE = 10;
/** Followers try for leadership this often, so a dead leader is replaced within about this long. */
export const LEADERSHIP_INTERVAL_MS = 1_000;

/** Every connection names its instance, so the live instances can be counted from pg_stat_activity. */
const APPLICATION_PREFIX = 'tessera/';

/** The URL without an application_name of its own, which node-postgres would let win over the instance's. */
function withoutApplicationName(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.searchParams.delete('application_name');
    return parsed.toString();
  } catch {
    return url;
  }
}

export async function openPostgresStore(url: string, instanceId: string): Promise<Store> {
  const connection = { connectionString: withoutApplicationName(url), application_name: `${APPLICATION_PREFIX}${instanceId}` };
  const pool = new pg.Pool({ ...connection, max: POOL_SIZE });
  // An idle connection that breaks must not crash the process; the next query gets a fresh one.
  pool.on('error', () => undefined);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  const signals = new PgSignals(connection);
  const leadership = new AdvisoryLockLeadership({ connection, intervalMs: LEADERSHIP_INTERVAL_MS });
  try {
    await signals.start();
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    dialect: 'postgres',
    capabilities: {
      rowLocks: true,
      concurrentTransactions: true,
      bytesType: 'bytea',
      byteOrderTextType: 'text collate "C"',
      serialKeyType: 'bigserial',
      clusteredTableSuffix: '',
      // A session advisory lock, held on a connection of its own while `work` uses the pool.
      exclusive: (key, work) =>
        db.connection().execute(async (connection) => {
          await sql`select pg_advisory_lock(${key})`.execute(connection);
          try {
            return await work();
          } finally {
            await sql`select pg_advisory_unlock(${key})`.execute(connection);
          }
        }),
    },
    shared: true,
    signals,
    leadership,
    async countInstances() {
      const { rows } = await pool.query<{ count: string }>(
        `select count(distinct application_name) as count from pg_stat_activity where datname = current_database() and application_name like $1`,
        [`${APPLICATION_PREFIX}%`],
      );
      return Number(rows[0]!.count);
    },
    async close() {
      await leadership.stop();
      await signals.close();
      await db.destroy();
    },
  };
}
