/**
 * @module API keys (ES's ApiKeyService): `/_security/api_key` to create, list and invalidate them, and
 * authentication by an `ApiKey` credential, as its owner narrowed to the key's role descriptors.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAX_CLOCK_MILLIS, type Clock } from '../platform/clock.js';
import { parseTimeValue } from '../platform/units/index.js';
import { realmOf, type Authentication } from './authentication.js';
import { isObject, strings } from './request-values.js';
import { grantsNothing, parseRoleDescriptor } from './role-descriptor.js';
import { SecurityErrors } from './security-error.js';
import type { SecurityIndex } from './security-index.js';
import type { ApiKey } from './security-model.js';

export class ApiKeyService {
  constructor(
    private readonly index: SecurityIndex,
    private readonly clock: Clock,
  ) {}

  /** Keys whose owner was deleted before deleting a user invalidated its keys: a new user of that name must not revive them. */
  async invalidateOrphanedKeys(): Promise<void> {
    for (const key of [...this.index.apiKeys.values()]) {
      if (key.invalidated || this.index.users.has(key.username)) continue;
      const updated = { ...key, invalidated: true };
      await this.index.write((repository) => repository.saveApiKey(updated), () => this.index.apiKeys.set(key.id, updated));
    }
  }

  /** Authenticates the base64 `id:secret` of an `ApiKey` credential. */
  authenticate(encoded: string): Authentication {
    const refuse = () => SecurityErrors.apiKeyRefused();
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const key = colon < 0 ? undefined : this.index.apiKeys.get(decoded.slice(0, colon));
    if (!key) throw refuse();
    const actual = createHash('sha256').update(decoded.slice(colon + 1)).digest();
    const expected = Buffer.from(key.keyHash, 'base64url');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw refuse();
    const authentication = this.#authenticationOf(key);
    if (!authentication) throw refuse();
    return authentication;
  }

  /** The key's authentication as it stands now; undefined once the key, or its owner, may no longer be used. */
  current(id: string): Authentication | undefined {
    const key = this.index.apiKeys.get(id);
    return key && this.#authenticationOf(key);
  }

  #authenticationOf(key: ApiKey): Authentication | undefined {
    const owner = this.index.users.get(key.username);
    if (key.invalidated || (key.expiration !== undefined && key.expiration <= this.clock.now()) || !owner || !owner.enabled) return undefined;
    const limited = key.roleDescriptors;
    return {
      user: owner,
      realm: realmOf(owner.username),
      type: 'api_key',
      apiKey: { id: key.id, name: key.name },
      ...(limited && { limitedTo: { user: { ...owner, roles: limited.map((r) => r.name) }, lookup: (name: string) => limited.find((r) => r.name === name) } }),
    };
  }

  /**
   * `POST /_security/api_key`: a key for the authenticated user, optionally limited to `role_descriptors`. A key may
   * create a key only with role descriptors that grant nothing (as ES's TransportCreateApiKeyAction), so a narrowed
   * key can never mint one with its owner's full privileges.
   */
  async createApiKey(authentication: Authentication, body: unknown): Promise<Record<string, unknown>> {
    const owner = authentication.user;
    const b = isObject(body) ? body : {};
    if (typeof b.name !== 'string' || b.name.trim() === '') throw SecurityErrors.validation(['api key name is required']);
    const id = randomBytes(15).toString('base64url');
    const secret = randomBytes(16).toString('base64url');
    let expiration: number | undefined;
    if (typeof b.expiration === 'string') {
      // ES's TimeValue rules: a Java long of units, no fraction, no negative duration but -1.
      expiration = this.clock.now() + parseTimeValue(b.expiration, 'expiration');
      if (expiration > MAX_CLOCK_MILLIS) {
        throw SecurityErrors.illegalArgument(`[expiration] of [${b.expiration}] would end after [9999-12-31T23:59:59.999Z], the latest date Elasticsearch handles; leave it out for a key that never expires`);
      }
    }
    const descriptors = isObject(b.role_descriptors) ? Object.entries(b.role_descriptors).map(([name, descriptor]) => parseRoleDescriptor(name, descriptor)) : undefined;
    if (authentication.type === 'api_key' && (descriptors === undefined || descriptors.length === 0 || !descriptors.every(grantsNothing))) {
      throw SecurityErrors.illegalArgument('creating derived api keys requires an explicit role descriptor that is empty (has no privileges)');
    }
    const key: ApiKey = {
      id,
      name: b.name,
      username: owner.username,
      creation: this.clock.now(),
      ...(expiration !== undefined && { expiration }),
      invalidated: false,
      keyHash: createHash('sha256').update(secret).digest('base64url'),
      ...(descriptors && { roleDescriptors: descriptors }),
      metadata: isObject(b.metadata) ? b.metadata : {},
    };
    await this.index.write((repository) => repository.saveApiKey(key), () => this.index.apiKeys.set(id, key));
    return { id, name: key.name, ...(expiration !== undefined && { expiration }), api_key: secret, encoded: Buffer.from(`${id}:${secret}`).toString('base64') };
  }

  /** Keys by id, name and owner (each optional), oldest first. */
  getApiKeys(filter: { id?: string; name?: string; username?: string }): Record<string, unknown>[] {
    return [...this.index.apiKeys.values()]
      .filter((k) => (filter.id === undefined || k.id === filter.id) && (filter.name === undefined || k.name === filter.name) && (filter.username === undefined || k.username === filter.username))
      .sort((a, b) => a.creation - b.creation)
      .map((k) => ({
        id: k.id,
        name: k.name,
        creation: k.creation,
        ...(k.expiration !== undefined && { expiration: k.expiration }),
        invalidated: k.invalidated,
        username: k.username,
        realm: realmOf(k.username).name,
        metadata: k.metadata,
      }));
  }

  async invalidateApiKeys(body: unknown, username: string | undefined): Promise<Record<string, unknown>> {
    const b = isObject(body) ? body : {};
    const ids = new Set([...strings(b.ids, 'ids'), ...(typeof b.id === 'string' ? [b.id] : [])]);
    const name = typeof b.name === 'string' ? b.name : undefined;
    if (ids.size === 0 && name === undefined) throw SecurityErrors.validation(['One of [api key id(s), api key name, username, realm name] must be specified']);
    const invalidated: string[] = [];
    const previously: string[] = [];
    for (const key of this.index.apiKeys.values()) {
      if (!(ids.has(key.id) || (name !== undefined && key.name === name))) continue;
      if (username !== undefined && key.username !== username) continue;
      if (key.invalidated) {
        previously.push(key.id);
        continue;
      }
      const updated = { ...key, invalidated: true };
      await this.index.write((repository) => repository.saveApiKey(updated), () => this.index.apiKeys.set(key.id, updated));
      invalidated.push(key.id);
    }
    if (invalidated.length > 0) this.index.changed();
    return { invalidated_api_keys: invalidated, previously_invalidated_api_keys: previously, error_count: 0 };
  }
}
