/**
 * @module Leadership on PostgreSQL: the instance whose dedicated connection holds a session advisory lock leads.
 * PostgreSQL drops the lock the moment that connection ends, so when the leader dies (its socket closes) another
 * instance gets the lock at its next attempt. A leader that loses its connection stops leading at once.
 */
import pg from 'pg';
import { LeadershipState } from '../leadership.js';

/** Tessera's lock key: any constant no other application on the database is likely to use. */
const LOCK_KEY = 0x7e55e7a;

export interface AdvisoryLockOptions {
  readonly connection: pg.ClientConfig;
  /** How often a follower tries to take the lock, and how often the leader checks its connection. */
  readonly intervalMs: number;
}

export class AdvisoryLockLeadership extends LeadershipState {
  #client: pg.Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #attempt: Promise<void> | undefined;

  constructor(private readonly options: AdvisoryLockOptions) {
    super();
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    await this.#attemptThenReschedule();
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#attempt;
    this.setLeader(false);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #attemptThenReschedule(): Promise<void> {
    this.#attempt = this.#contend().finally(() => {
      this.#attempt = undefined;
      if (!this.#running) return;
      this.#timer = setTimeout(() => void this.#attemptThenReschedule(), this.options.intervalMs);
      this.#timer.unref();
    });
    return this.#attempt;
  }

  /** A follower tries for the lock; the leader proves its connection (and so its lock) is still alive. */
  async #contend(): Promise<void> {
    try {
      const client = this.#client ?? (await this.#connect());
      if (this.isLeader) {
        await client.query('select 1');
        return;
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [LOCK_KEY]);
      if (rows[0]?.locked && this.#running) this.setLeader(true);
    } catch {
      this.#drop();
    }
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client(this.options.connection);
    client.on('error', () => this.#dropIf(client));
    client.on('end', () => this.#dropIf(client));
    await client.connect();
    this.#client = client;
    return client;
  }

  #dropIf(client: pg.Client): void {
    if (this.#client === client) this.#drop();
  }

  /** The lock lives and dies with the connection: without the connection there is no leadership. */
  #drop(): void {
    const client = this.#client;
    this.#client = undefined;
    void client?.end().catch(() => undefined);
    this.setLeader(false);
  }
}
