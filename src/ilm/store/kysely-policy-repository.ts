/** @module The policy repository on Kysely. */
import type { Kysely } from 'kysely';
import type { PolicyMetadata } from '../policy/policy-metadata.js';
import type { OperationMode, PolicyRepository } from '../policy/policy-repository.js';

interface IlmTables {
  ilm_policies: { name: string; data: string };
  ilm_meta: { key: string; data: string };
}

export class KyselyPolicyRepository implements PolicyRepository {
  constructor(private readonly db: Kysely<IlmTables>) {}

  async loadPolicies(): Promise<PolicyMetadata[]> {
    const rows = await this.db.selectFrom('ilm_policies').selectAll().execute();
    return rows.map((r) => JSON.parse(r.data) as PolicyMetadata);
  }

  async savePolicy(policy: PolicyMetadata): Promise<void> {
    const data = JSON.stringify(policy);
    await this.db.insertInto('ilm_policies').values({ name: policy.name, data }).onConflict((oc) => oc.column('name').doUpdateSet({ data })).execute();
  }

  async deletePolicy(name: string): Promise<void> {
    await this.db.deleteFrom('ilm_policies').where('name', '=', name).execute();
  }

  async #load<T>(key: string): Promise<T | undefined> {
    const row = await this.db.selectFrom('ilm_meta').select('data').where('key', '=', key).executeTakeFirst();
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  async #save(key: string, value: unknown): Promise<void> {
    const data = JSON.stringify(value);
    await this.db.insertInto('ilm_meta').values({ key, data }).onConflict((oc) => oc.column('key').doUpdateSet({ data })).execute();
  }

  async loadMode(): Promise<OperationMode> {
    return (await this.#load<OperationMode>('operation_mode')) ?? 'RUNNING';
  }

  saveMode(mode: OperationMode): Promise<void> {
    return this.#save('operation_mode', mode);
  }

  loadVirtualNow(): Promise<number | undefined> {
    return this.#load<number>('virtual_now');
  }

  saveVirtualNow(millis: number): Promise<void> {
    return this.#save('virtual_now', millis);
  }
}
