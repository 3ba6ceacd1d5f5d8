/**
 * @module Security as one server wires it: the `.security` copy, and over it the users, roles and API keys stores and
 * the authentication service, each a module of its own as in Elasticsearch. Authorization is the pure functions of
 * privileges.ts over the roles a request holds.
 */
import type { Clock } from '../platform/clock.js';
import { ApiKeyService } from './api-key-service.js';
import { AuthenticationService } from './authentication-service.js';
import { DEFAULT_LOGIN_THROTTLE, type LoginThrottleLimits } from './login-throttle.js';
import { NativeRealm } from './native-realm.js';
import { NativeRolesStore } from './native-roles-store.js';
import { NativeUsersStore } from './native-users-store.js';
import { SecurityIndex } from './security-index.js';
import type { SecurityRepository } from './security-repository.js';

export interface Security {
  /** What is stored: `sync` catches up with other instances, `onChange` tells of every change. */
  readonly index: SecurityIndex;
  readonly users: NativeUsersStore;
  readonly roles: NativeRolesStore;
  readonly apiKeys: ApiKeyService;
  readonly authentication: AuthenticationService;
}

/**
 * Loads users, roles and keys. A new realm gets the superuser `elastic`, with `bootstrapPassword` or a generated
 * one, which is returned so it can be printed once.
 */
export async function openSecurity(
  repository: SecurityRepository,
  clock: Clock,
  bootstrapPassword: string | undefined,
  throttle: LoginThrottleLimits = DEFAULT_LOGIN_THROTTLE,
): Promise<{ security: Security; generatedPassword?: string }> {
  const index = await SecurityIndex.open(repository);
  const realm = await NativeRealm.create(index, clock);
  const users = new NativeUsersStore(index, realm);
  const apiKeys = new ApiKeyService(index, clock);
  await apiKeys.invalidateOrphanedKeys();
  const generated = await users.ensureReservedUser(bootstrapPassword);
  const security: Security = {
    index,
    users,
    roles: new NativeRolesStore(index),
    apiKeys,
    authentication: new AuthenticationService(users, realm, apiKeys, clock, throttle),
  };
  return { security, ...(generated !== undefined && { generatedPassword: generated }) };
}
