/**
 * @module Store signals on PostgreSQL: NOTIFY inside the sender's transaction (so it leaves only on commit),
 * LISTEN on one dedicated connection that reconnects after a loss and then asks every listener to resync.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import type { SignalListener, StoreSignals } from '../signals.js';

const RECONNECT_DELAY_MS = 200;

export class PgSignals implements StoreSignals {
  readonly #listeners = new Map<string, Set<SignalListener>>();
  #client: pg.Client | undefined;
  #connecting: Promise<void> | undefined;
  #closed = false;

  constructor(private readonly connection: pg.ClientConfig) {}

  async send(db: Kysely<any> | Transaction<any>, channel: string, payload: string): Promise<void> {
    await sql`select pg_notify(${channel}, ${payload})`.execute(db);
  }

  listen(channel: string, listener: SignalListener): () => void {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      this.#listeners.set(channel, (listeners = new Set()));
      void this.#client?.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    }
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** Connects the listening connection; resolves once every channel is listened to. */
  start(): Promise<void> {
    this.#connecting ??= this.#connect(false).finally(() => (this.#connecting = undefined));
    return this.#connecting;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#client?.end().catch(() => undefined);
    this.#client = undefined;
  }

  async #connect(reconnecting: boolean): Promise<void> {
    const client = new pg.Client(this.connection);
    client.on('notification', (n) => {
      for (const listener of this.#listeners.get(n.channel) ?? []) listener.message(n.payload ?? '');
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    await client.connect();
    for (const channel of this.#listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    this.#client = client;
    if (reconnecting) for (const listeners of this.#listeners.values()) for (const listener of listeners) listener.resync();
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = undefined;
    const retry = () => {
      if (this.#closed) return;
      this.#connect(true).catch(() => setTimeout(retry, RECONNECT_DELAY_MS).unref());
    };
    setTimeout(retry, RECONNECT_DELAY_MS).unref();
  }
}
