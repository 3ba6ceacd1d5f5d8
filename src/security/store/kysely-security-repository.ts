/** @module Users, roles and API keys on Kysely; on a shared store every write bumps the security generation. */
import type { Kysely, Transaction } from 'kysely';
import type { Generations } from '../../platform/store/generations.js';
import type { ApiKey, Role, User } from '../security-model.js';
import type { SecurityRepository } from '../security-repository.js';

interface SecurityTables {
  security_users: { name: string; data: string };
  security_roles: { name: string; data: string };
  security_api_keys: { id: string; data: string };
}

export interface SecurityStoreOptions {
  readonly shared: boolean;
  readonly generations: Generations;
}

export class KyselySecurityRepository implements SecurityRepository {
  constructor(
    private readonly db: Kysely<SecurityTables>,
    private readonly options: SecurityStoreOptions,
  ) {}

  get shared(): boolean {
    return this.options.shared;
  }

  async generation(): Promise<number> {
    if (!this.options.shared) return 0;
    return (await this.options.generations.read(this.db)).get('security') ?? 0;
  }

  /** `work` and the generation bump commit together, so no instance can see one without the other. */
  #write(work: (trx: Transaction<SecurityTables>) => Promise<unknown>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await work(trx);
      if (!this.options.shared) return 0;
      const generation = (await this.options.generations.lock(trx as Transaction<any>, 'security')) + 1;
      await this.options.generations.write(trx as Transaction<any>, 'security', generation);
      return generation;
    });
  }

  async loadUsers(): Promise<User[]> {
    return (await this.db.selectFrom('security_users').selectAll().execute()).map((r) => JSON.parse(r.data) as User);
  }

  async loadRoles(): Promise<Role[]> {
    return (await this.db.selectFrom('security_roles').selectAll().execute()).map((r) => JSON.parse(r.data) as Role);
  }

  saveUser(user: User): Promise<number> {
    return this.#write(async (trx) => {
      const data = JSON.stringify(user);
      await trx.insertInto('security_users').values({ name: user.username, data }).onConflict((oc) => oc.column('name').doUpdateSet({ data })).execute();
    });
  }

  deleteUser(username: string, invalidatedKeys: readonly ApiKey[]): Promise<number> {
    return this.#write(async (trx) => {
      await trx.deleteFrom('security_users').where('name', '=', username).execute();
      for (const key of invalidatedKeys) await this.#saveKey(trx, key);
    });
  }

  saveRole(role: Role): Promise<number> {
    return this.#write(async (trx) => {
      const data = JSON.stringify(role);
      await trx.insertInto('security_roles').values({ name: role.name, data }).onConflict((oc) => oc.column('name').doUpdateSet({ data })).execute();
    });
  }

  deleteRole(name: string): Promise<number> {
    return this.#write(async (trx) => {
      await trx.deleteFrom('security_roles').where('name', '=', name).execute();
    });
  }

  async loadApiKeys(): Promise<ApiKey[]> {
    return (await this.db.selectFrom('security_api_keys').selectAll().execute()).map((r) => JSON.parse(r.data) as ApiKey);
  }

  saveApiKey(key: ApiKey): Promise<number> {
    return this.#write((trx) => this.#saveKey(trx, key));
  }

  async #saveKey(trx: Transaction<SecurityTables>, key: ApiKey): Promise<void> {
    const data = JSON.stringify(key);
    await trx.insertInto('security_api_keys').values({ id: key.id, data }).onConflict((oc) => oc.column('id').doUpdateSet({ data })).execute();
  }
}
