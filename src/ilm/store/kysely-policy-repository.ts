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

  async loadMode(): Promise<OperationMode> {
    const row = await this.db.selectFrom('ilm_meta').select('data').where('key', '=', 'operation_mode').executeTakeFirst();
    return row ? (JSON.parse(row.data) as OperationMode) : 'RUNNING';
  }

  async saveMode(mode: OperationMode): Promise<void> {
    const data = JSON.stringify(mode);
    await this.db.insertInto('ilm_meta').values({ key: 'operation_mode', data }).onConflict((oc) => oc.column('key').doUpdateSet({ data })).execute();
  }
}
