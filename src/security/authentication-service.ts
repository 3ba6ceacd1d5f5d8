/**
 * @module Authenticating a request's `Authorization` header (ES's AuthenticationService): `Basic` credentials
 * against the native realm, behind the login throttle, or an `ApiKey` credential; and re-checking an earlier
 * authentication for long-lived streams.
 */
import type { Clock } from '../platform/clock.js';
import type { ApiKeyService } from './api-key-service.js';
import { realmOf, type Authentication } from './authentication.js';
import { LoginThrottle, type LoginThrottleLimits } from './login-throttle.js';
import type { NativeRealm } from './native-realm.js';
import type { NativeUsersStore } from './native-users-store.js';
import { SecurityErrors } from './security-error.js';

export class AuthenticationService {
  readonly #throttle: LoginThrottle;

  constructor(
    private readonly users: NativeUsersStore,
    private readonly realm: NativeRealm,
    private readonly apiKeys: ApiKeyService,
    clock: Clock,
    throttle: LoginThrottleLimits,
  ) {
    this.#throttle = new LoginThrottle(clock, throttle);
  }

  /**
   * Authenticates an `Authorization` header value for a request to `path` from `client` (the peer's address, which
   * scopes the lockout of failed passwords: see login-throttle.ts).
   */
  async authenticate(authorization: string | undefined, path: string, client = ''): Promise<Authentication> {
    if (!authorization) throw SecurityErrors.missingCredentials(path);
    const apiKey = /^ApiKey\s+(.+)$/i.exec(authorization.trim());
    if (apiKey) return this.apiKeys.authenticate(apiKey[1]!);
    const match = /^Basic\s+(.+)$/i.exec(authorization.trim());
    if (!match) throw SecurityErrors.missingCredentials(path);
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw SecurityErrors.missingCredentials(path);
    const username = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    const verdict = await this.#throttle.attempt(username, client, () => this.realm.verify(username, password));
    const user = this.users.user(username);
    // A locked-out pair is refused with the same answer as a wrong password, so guessing gains nothing.
    if (verdict !== true || !user) throw SecurityErrors.badCredentials(username, path);
    return { user, realm: realmOf(user.username), type: 'realm' };
  }

  /**
   * An earlier authentication as it stands now (the user's current roles), or undefined once the user is deleted or
   * disabled or the key invalidated or expired: long-lived streams re-check with it.
   */
  current(authentication: Authentication): Authentication | undefined {
    if (authentication.apiKey) return this.apiKeys.current(authentication.apiKey.id);
    const user = this.users.user(authentication.user.username);
    return user?.enabled ? { ...authentication, user } : undefined;
  }
}
