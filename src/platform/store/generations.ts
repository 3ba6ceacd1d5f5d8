/**
 * @module Generations: one counter per kind of state an instance keeps in memory (the cluster state, ILM's
 * policies included, security, and document counts). Every change bumps its counter in the change's own transaction, so an instance that finds a
 * counter ahead of what it holds knows to reload; on PostgreSQL the row lock also serialises the changes.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreSignals } from './signals.js';
import type { MigrationSet, StoreCapabilities } from './store.js';

export type GenerationName = 'cluster' | 'security' | 'documents';

type Db = Kysely<any> | Transaction<any>;

export const generationMigrations: MigrationSet = Object.freeze({
  '0007_generations': () => ({
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tessera_generations')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('generation', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('tessera_generations').execute();
    },
  }),
});

/** The counters of one store, and the signal that tells every instance when one moves. */
export class Generations {
  static readonly CHANNEL = 'tessera_generation';

  constructor(
    private readonly capabilities: StoreCapabilities,
    private readonly signals: StoreSignals | undefined,
  ) {}

  /** Locks `name`'s row until the transaction ends (where the store has row locks; SQLite's single writer needs none) and reads it. */
  async lock(trx: Transaction<any>, name: GenerationName): Promise<number> {
    await sql`insert into tessera_generations (name, generation) values (${name}, 0) on conflict (name) do nothing`.execute(trx);
    const lock = this.capabilities.rowLocks ? sql` for update` : sql``;
    const { rows } = await sql<{ generation: string | number }>`select generation from tessera_generations where name = ${name}${lock}`.execute(trx);
    return Number(rows[0]!.generation);
  }

  /** Sets `name`'s counter in `trx`; the other instances hear of it when `trx` commits, unless `signal` is false. */
  async write(trx: Transaction<any>, name: GenerationName, generation: number, { signal = true } = {}): Promise<void> {
    await sql`insert into tessera_generations (name, generation) values (${name}, ${generation})
      on conflict (name) do update set generation = excluded.generation`.execute(trx);
    if (signal) await this.signals?.send(trx, Generations.CHANNEL, `${name}:${generation}`);
  }

  /** Every counter; a name never bumped reads as 0. */
  async read(db: Db): Promise<Map<GenerationName, number>> {
    const { rows } = await sql<{ name: GenerationName; generation: string | number }>`select name, generation from tessera_generations`.execute(db);
    return new Map(rows.map((r) => [r.name, Number(r.generation)]));
  }
}
