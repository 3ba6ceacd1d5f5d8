/** @module Users and roles on Kysely. */
import type { Kysely } from 'kysely';
import type { ApiKey, Role, User } from '../security-model.js';
import type { SecurityRepository } from '../security-repository.js';

interface SecurityTables {
  security_users: { name: string; data: string };
  security_roles: { name: string; data: string };
  security_api_keys: { id: string; data: string };
}

export class KyselySecurityRepository implements SecurityRepository {
  constructor(private readonly db: Kysely<SecurityTables>) {}

  async loadUsers(): Promise<User[]> {
    return (await this.db.selectFrom('security_users').selectAll().execute()).map((r) => JSON.parse(r.data) as User);
  }

  async loadRoles(): Promise<Role[]> {
    return (await this.db.selectFrom('security_roles').selectAll().execute()).map((r) => JSON.parse(r.data) as Role);
  }

  async saveUser(user: User): Promise<void> {
    const data = JSON.stringify(user);
    await this.db.insertInto('security_users').values({ name: user.username, data }).onConflict((oc) => oc.column('name').doUpdateSet({ data })).execute();
  }

  async deleteUser(username: string): Promise<void> {
    await this.db.deleteFrom('security_users').where('name', '=', username).execute();
  }

  async saveRole(role: Role): Promise<void> {
    const data = JSON.stringify(role);
    await this.db.insertInto('security_roles').values({ name: role.name, data }).onConflict((oc) => oc.column('name').doUpdateSet({ data })).execute();
  }

  async deleteRole(name: string): Promise<void> {
    await this.db.deleteFrom('security_roles').where('name', '=', name).execute();
  }

  async loadApiKeys(): Promise<ApiKey[]> {
    return (await this.db.selectFrom('security_api_keys').selectAll().execute()).map((r) => JSON.parse(r.data) as ApiKey);
  }

  async saveApiKey(key: ApiKey): Promise<void> {
    const data = JSON.stringify(key);
    await this.db.insertInto('security_api_keys').values({ id: key.id, data }).onConflict((oc) => oc.column('id').doUpdateSet({ data })).execute();
  }
}
