/** @module The policy repository on Kysely. */
import type { Kysely, Transaction } from 'kysely';
import { restorableClockMillis } from '../../platform/clock.js';
import type { Generations } from '../../platform/store/generations.js';
import type { PolicyMetadata } from '../policy/policy-metadata.js';
import type { OperationMode, PolicyReader, PolicyRepository, PolicyTransaction } from '../policy/policy-repository.js';

interface IlmTables {
  ilm_policies: { name: string; data: string };
  ilm_meta: { key: string; data: string };
}

type Db = Kysely<IlmTables> | Transaction<IlmTables>;

export interface PolicyStoreOptions {
  /** Other instances change policies too: changes lock the generation and bump it. */
  readonly shared: boolean;
  readonly generations: Generations;
}

class KyselyPolicyReader implements PolicyReader {
  constructor(protected readonly db: Db) {}

  async loadPolicies(): Promise<PolicyMetadata[]> {
    const rows = await this.db.selectFrom('ilm_policies').selectAll().execute();
    return rows.map((r) => JSON.parse(r.data) as PolicyMetadata);
  }

  async loadMode(): Promise<OperationMode> {
    return (await this.load<OperationMode>('operation_mode')) ?? 'RUNNING';
  }

  protected async load<T>(key: string): Promise<T | undefined> {
    const row = await this.db.selectFrom('ilm_meta').select('data').where('key', '=', key).executeTakeFirst();
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  protected async save(key: string, value: unknown): Promise<void> {
    const data = JSON.stringify(value);
    await this.db.insertInto('ilm_meta').values({ key, data }).onConflict((oc) => oc.column('key').doUpdateSet({ data })).execute();
  }
}

class KyselyPolicyTransaction extends KyselyPolicyReader implements PolicyTransaction {
  constructor(
    db: Transaction<IlmTables>,
    readonly generation: number,
  ) {
    super(db);
  }

  async savePolicy(policy: PolicyMetadata): Promise<void> {
    const data = JSON.stringify(policy);
    await this.db.insertInto('ilm_policies').values({ name: policy.name, data }).onConflict((oc) => oc.column('name').doUpdateSet({ data })).execute();
  }

  async deletePolicy(name: string): Promise<void> {
    await this.db.deleteFrom('ilm_policies').where('name', '=', name).execute();
  }

  saveMode(mode: OperationMode): Promise<void> {
    return this.save('operation_mode', mode);
  }
}

export class KyselyPolicyRepository extends KyselyPolicyReader implements PolicyRepository {
  constructor(
    private readonly kysely: Kysely<IlmTables>,
    private readonly options: PolicyStoreOptions,
  ) {
    super(kysely);
  }

  async generation(): Promise<number> {
    if (!this.options.shared) return 0;
    return (await this.options.generations.read(this.kysely)).get('ilm') ?? 0;
  }

  transaction<T>(work: (tx: PolicyTransaction) => Promise<T>): Promise<T> {
    return this.kysely.transaction().execute(async (trx) => {
      const { shared, generations } = this.options;
      const generation = shared ? await generations.lock(trx as Transaction<any>, 'ilm') : 0;
      const result = await work(new KyselyPolicyTransaction(trx, generation));
      if (shared) await generations.write(trx as Transaction<any>, 'ilm', generation + 1);
      return result;
    });
  }

  /** Past the latest date the clock may reach (stored before Tessera bounded it), the latest date: see restorableClockMillis. */
  async loadVirtualNow(): Promise<number | undefined> {
    return restorableClockMillis(await this.load<unknown>('virtual_now'));
  }

  saveVirtualNow(millis: number): Promise<void> {
    return this.save('virtual_now', millis);
  }
}
