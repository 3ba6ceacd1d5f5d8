/**
 * @module The native realm: users and roles (`/_security/user`, `/_security/role`), HTTP basic authentication with
 * per-user rate limiting of failures, and the bootstrap superuser `elastic`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAX_CLOCK_MILLIS, type Clock } from '../platform/clock.js';
import { parseTimeValue } from '../platform/time-value.js';
import { xContentToken } from '../platform/xcontent.js';
import { DEFAULT_LOGIN_THROTTLE, LoginThrottle, type LoginThrottleLimits } from './login-throttle.js';
import { hashPassword, verifyPassword } from './password.js';
import { AUTHENTICATE_HEADER, SecurityError, SecurityErrors } from './security-error.js';
import { BUILT_IN_ROLES, RESERVED_USER, type ApiKey, type ApplicationPrivileges, type IndicesPrivileges, type Role, type User } from './security-model.js';
import type { SecurityRepository } from './security-repository.js';

const MIN_PASSWORD_LENGTH = 6;
/** How long a verified password is recognised without the slow hash (ES's `cache.ttl` default). */
const VERIFIED_TTL_MS = 20 * 60_000;
const MAX_VERIFIED = 10_000;

export interface Authentication {
  readonly user: User;
  readonly realm: { readonly name: string; readonly type: string };
  readonly type: 'realm' | 'api_key';
  readonly apiKey?: { readonly id: string; readonly name: string };
  /** An API key's role descriptors, which narrow (never widen) its owner's privileges. */
  readonly limitedTo?: { readonly user: User; readonly lookup: (name: string) => Role | undefined };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The members of `PUT /_security/user/<name>` and the XContent type each must have (PutUserRequestBuilder). */
const USER_MEMBERS: Readonly<Record<string, 'string' | 'nullable string' | 'object' | 'boolean' | 'roles'>> = {
  username: 'string',
  password: 'string',
  roles: 'roles',
  full_name: 'nullable string',
  email: 'nullable string',
  metadata: 'object',
  enabled: 'boolean',
};

/**
 * Refuses what PutUserRequestBuilder refuses, in its words, rather than ignoring it: an unknown member (a misspelt
 * `enabeld: false` would leave the account enabled) or a member of the wrong type (ES takes `enabled` only as a JSON
 * boolean). `password_hash` needs ES's own hash algorithms, which Tessera does not use.
 */
function checkUserBody(body: Record<string, unknown>): void {
  for (const [member, value] of Object.entries(body)) {
    if (member === 'password_hash') throw SecurityErrors.illegalArgument('[password_hash] is not supported: Tessera hashes passwords with scrypt; send [password] instead');
    const kind = USER_MEMBERS[member];
    if (kind === undefined) throw SecurityErrors.parse(`failed to parse add user request. unexpected field [${member}]`);
    const expected = { string: 'string', 'nullable string': 'string', object: 'object', boolean: 'boolean', roles: undefined }[kind];
    const ok =
      kind === 'string' ? typeof value === 'string'
      : kind === 'nullable string' ? value === null || typeof value === 'string'
      : kind === 'object' ? isObject(value)
      : kind === 'boolean' ? typeof value === 'boolean'
      : true;
    if (!ok) throw SecurityErrors.parse(`expected field [${member}] to be of type ${expected}, but found [${xContentToken(value)}] instead`);
  }
}

/** ES's RoleDescriptor.isEmpty: no privilege of any kind (metadata grants nothing). */
function grantsNothing(role: Role): boolean {
  return role.cluster.length === 0 && role.indices.length === 0 && role.applications.length === 0 && role.run_as.length === 0;
}

function strings(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  throw SecurityErrors.illegalArgument(`[${field}] must be an array of strings`);
}

export class SecurityService {
  readonly #users = new Map<string, User>();
  readonly #roles = new Map<string, Role>();
  readonly #throttle: LoginThrottle;
  /** Passwords verified lately, by user: a digest salted per process, and the stored hash it was checked against. */
  readonly #verified = new Map<string, { digest: Buffer; passwordHash: string; until: number }>();
  readonly #cacheSalt = randomBytes(32);
  /** What an unknown user's password is checked against, so that costs what a known user's does. */
  #dummyHash = '';
  readonly #apiKeys = new Map<string, ApiKey>();
  readonly #listeners = new Set<() => void>();
  /** The stored generation the realm in memory belongs to. */
  #generation = 0;
  /** Counts this instance's own writes, so a reload that overlapped one is discarded. */
  #writes = 0;
  #syncing: Promise<void> | undefined;

  private constructor(
    private readonly repository: SecurityRepository,
    private readonly clock: Clock,
    throttle: LoginThrottleLimits,
  ) {
    this.#throttle = new LoginThrottle(clock, throttle);
  }

  /**
   * Loads the realm. A new realm gets the superuser `elastic`, with `bootstrapPassword` or a generated one,
   * which is returned so it can be printed once.
   */
  static async open(
    repository: SecurityRepository,
    clock: Clock,
    bootstrapPassword: string | undefined,
    throttle: LoginThrottleLimits = DEFAULT_LOGIN_THROTTLE,
  ): Promise<{ service: SecurityService; generatedPassword?: string }> {
    const service = new SecurityService(repository, clock, throttle);
    service.#dummyHash = await hashPassword(randomBytes(16).toString('base64url'));
    service.#generation = await repository.generation();
    service.#adopt(await service.#load());
    await service.#invalidateOrphanedKeys();
    if (service.#users.has(RESERVED_USER)) return { service };
    const generated = bootstrapPassword === undefined ? randomBytes(15).toString('base64url') : undefined;
    const elastic: User = {
      username: RESERVED_USER,
      roles: ['superuser'],
      full_name: null,
      email: null,
      metadata: { _reserved: true },
      enabled: true,
      passwordHash: await hashPassword(bootstrapPassword ?? generated!),
    };
    service.#wrote(await repository.saveUser(elastic));
    service.#users.set(RESERVED_USER, elastic);
    return { service, ...(generated !== undefined && { generatedPassword: generated }) };
  }

  /** Keys whose owner was deleted before deleting a user invalidated its keys: a new user of that name must not revive them. */
  async #invalidateOrphanedKeys(): Promise<void> {
    for (const key of [...this.#apiKeys.values()]) {
      if (key.invalidated || this.#users.has(key.username)) continue;
      const updated = { ...key, invalidated: true };
      this.#wrote(await this.repository.saveApiKey(updated));
      this.#apiKeys.set(key.id, updated);
    }
  }

  /**
   * Authenticates an `Authorization` header value for a request to `path` from `client` (the peer's address, which
   * scopes the lockout of failed passwords: see login-throttle.ts).
   */
  async authenticate(authorization: string | undefined, path: string, client = ''): Promise<Authentication> {
    if (!authorization) throw SecurityErrors.missingCredentials(path);
    const apiKey = /^ApiKey\s+(.+)$/i.exec(authorization.trim());
    if (apiKey) return this.#authenticateApiKey(apiKey[1]!);
    const match = /^Basic\s+(.+)$/i.exec(authorization.trim());
    if (!match) throw SecurityErrors.missingCredentials(path);
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw SecurityErrors.missingCredentials(path);
    const username = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    const verdict = await this.#throttle.attempt(username, client, () => this.#checkPassword(username, password));
    const user = this.#users.get(username);
    // A locked-out pair is refused with the same answer as a wrong password, so guessing gains nothing.
    if (verdict !== true || !user) throw SecurityErrors.badCredentials(username, path);
    return { user, realm: user.username === RESERVED_USER ? { name: 'reserved', type: 'reserved' } : { name: 'default_native', type: 'native' }, type: 'realm' };
  }

  /**
   * Whether `password` is the user's. An unknown or disabled user costs the same hash as a known one, so the time
   * taken does not tell whether a user exists; a password verified lately is recognised by a fast salted digest
   * (as ES's realm cache does), so a client's burst of parallel requests does not queue behind the slow hash.
   */
  async #checkPassword(username: string, password: string): Promise<boolean> {
    const user = this.#users.get(username);
    const digest = createHash('sha256').update(this.#cacheSalt).update(password).digest();
    const cached = this.#verified.get(username);
    if (user?.enabled && cached && cached.passwordHash === user.passwordHash && cached.until > this.clock.now() && timingSafeEqual(cached.digest, digest)) return true;
    const valid = await verifyPassword(password, user?.enabled ? user.passwordHash : this.#dummyHash);
    if (!valid || !user?.enabled) return false;
    // The user may have changed while the hash ran: only the password checked is remembered.
    if (this.#users.get(username)?.passwordHash !== user.passwordHash) return false;
    this.#verified.delete(username);
    this.#verified.set(username, { digest, passwordHash: user.passwordHash, until: this.clock.now() + VERIFIED_TTL_MS });
    if (this.#verified.size > MAX_VERIFIED) this.#verified.delete(this.#verified.keys().next().value!);
    return true;
  }

  #authenticateApiKey(encoded: string): Authentication {
    const refuse = () => new SecurityError('security_exception', 401, 'unable to authenticate with provided credentials and anonymous access is not allowed for this request', AUTHENTICATE_HEADER);
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const key = colon < 0 ? undefined : this.#apiKeys.get(decoded.slice(0, colon));
    if (!key) throw refuse();
    const actual = createHash('sha256').update(decoded.slice(colon + 1)).digest();
    const expected = Buffer.from(key.keyHash, 'base64url');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw refuse();
    const authentication = this.#apiKeyAuthentication(key);
    if (!authentication) throw refuse();
    return authentication;
  }

  /** Undefined when the key, or its owner, may no longer be used. */
  #apiKeyAuthentication(key: ApiKey): Authentication | undefined {
    const owner = this.#users.get(key.username);
    if (key.invalidated || (key.expiration !== undefined && key.expiration <= this.clock.now()) || !owner || !owner.enabled) return undefined;
    const limited = key.roleDescriptors;
    return {
      user: owner,
      realm: owner.username === RESERVED_USER ? { name: 'reserved', type: 'reserved' } : { name: 'default_native', type: 'native' },
      type: 'api_key',
      apiKey: { id: key.id, name: key.name },
      ...(limited && { limitedTo: { user: { ...owner, roles: limited.map((r) => r.name) }, lookup: (name: string) => limited.find((r) => r.name === name) } }),
    };
  }

  /**
   * An earlier authentication as it stands now (the user's current roles), or undefined once the user is deleted or
   * disabled or the key invalidated or expired: long-lived streams re-check with it.
   */
  current(authentication: Authentication): Authentication | undefined {
    if (authentication.apiKey) {
      const key = this.#apiKeys.get(authentication.apiKey.id);
      return key && this.#apiKeyAuthentication(key);
    }
    const user = this.#users.get(authentication.user.username);
    return user?.enabled ? { ...authentication, user } : undefined;
  }

  /** Calls `listener` after every change to users, roles or API keys; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  async #load(): Promise<{ users: User[]; roles: Role[]; keys: ApiKey[] }> {
    // Keys first: every key read then has an owner that the users read after it include, unless since deleted.
    const keys = await this.repository.loadApiKeys();
    return { users: await this.repository.loadUsers(), roles: await this.repository.loadRoles(), keys };
  }

  #adopt({ users, roles, keys }: { users: User[]; roles: Role[]; keys: ApiKey[] }): void {
    this.#users.clear();
    this.#roles.clear();
    this.#apiKeys.clear();
    for (const user of users) this.#users.set(user.username, user);
    for (const role of roles) this.#roles.set(role.name, role);
    for (const key of keys) this.#apiKeys.set(key.id, key);
  }

  /** Catches up with users, roles and keys other instances changed in a shared store (open watch streams re-check); `stored`: the generation, if already read. */
  sync(stored?: number): Promise<void> {
    if (stored !== undefined && stored <= this.#generation) return Promise.resolve();
    this.#syncing ??= (async () => {
      try {
        for (;;) {
          const writes = this.#writes;
          const generation = await this.repository.generation();
          if (generation <= this.#generation) return;
          const loaded = await this.#load();
          // A write of this instance's own landed while reading: what was read may predate it, so read again.
          if (writes !== this.#writes) continue;
          this.#adopt(loaded);
          this.#generation = Math.max(this.#generation, generation);
          this.#changed();
          return;
        }
      } finally {
        this.#syncing = undefined;
      }
    })();
    return this.#syncing;
  }

  /** After this instance's own write: only a write that directly follows what it holds keeps it current. */
  #wrote(generation: number): void {
    this.#writes++;
    if (generation === this.#generation + 1) this.#generation = generation;
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
    const descriptors = isObject(b.role_descriptors)
      ? await Promise.all(Object.entries(b.role_descriptors).map(([name, descriptor]) => this.#parseRole(name, descriptor)))
      : undefined;
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
    this.#wrote(await this.repository.saveApiKey(key));
    this.#apiKeys.set(id, key);
    return { id, name: key.name, ...(expiration !== undefined && { expiration }), api_key: secret, encoded: Buffer.from(`${id}:${secret}`).toString('base64') };
  }

  /** Keys by id, name and owner (each optional), oldest first. */
  getApiKeys(filter: { id?: string; name?: string; username?: string }): Record<string, unknown>[] {
    return [...this.#apiKeys.values()]
      .filter((k) => (filter.id === undefined || k.id === filter.id) && (filter.name === undefined || k.name === filter.name) && (filter.username === undefined || k.username === filter.username))
      .sort((a, b) => a.creation - b.creation)
      .map((k) => ({
        id: k.id,
        name: k.name,
        creation: k.creation,
        ...(k.expiration !== undefined && { expiration: k.expiration }),
        invalidated: k.invalidated,
        username: k.username,
        realm: k.username === RESERVED_USER ? 'reserved' : 'default_native',
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
    for (const key of this.#apiKeys.values()) {
      if (!(ids.has(key.id) || (name !== undefined && key.name === name))) continue;
      if (username !== undefined && key.username !== username) continue;
      if (key.invalidated) {
        previously.push(key.id);
        continue;
      }
      const updated = { ...key, invalidated: true };
      this.#wrote(await this.repository.saveApiKey(updated));
      this.#apiKeys.set(key.id, updated);
      invalidated.push(key.id);
    }
    if (invalidated.length > 0) this.#changed();
    return { invalidated_api_keys: invalidated, previously_invalidated_api_keys: previously, error_count: 0 };
  }

  /** Every permission set a request must satisfy: the user's roles, and an API key's limits if any. */
  permissionsOf(authentication: Authentication): { user: User; lookup: (name: string) => Role | undefined }[] {
    const own = { user: authentication.user, lookup: (name: string) => this.role(name) };
    return authentication.limitedTo ? [own, authentication.limitedTo] : [own];
  }

  user(username: string): User | undefined {
    return this.#users.get(username);
  }

  getUsers(names: readonly string[] | undefined): User[] {
    const all = [...this.#users.values()].sort((a, b) => (a.username < b.username ? -1 : 1));
    return names === undefined ? all : all.filter((u) => names.includes(u.username));
  }

  /** Creates or updates a user; returns whether it was created. */
  async putUser(username: string, body: unknown): Promise<boolean> {
    if (!isObject(body)) throw SecurityErrors.validation(['roles are missing']);
    if (username === RESERVED_USER) throw SecurityErrors.validation([`user [${username}] is reserved and only the password can be changed`]);
    checkUserBody(body);
    // The official clients send the name in the body as well as the path.
    if (body.username !== undefined && body.username !== username) {
      throw SecurityErrors.illegalArgument(`[username] [${String(body.username)}] in the body does not match the user [${username}] in the path`);
    }
    const existing = this.#users.get(username);
    const errors: string[] = [];
    if (!/^[\w@\-.+ ]{1,507}$/.test(username) || username.startsWith(' ') || username.endsWith(' ')) {
      errors.push(`invalid username [${username}]`);
    }
    const password = body.password as string | undefined;
    if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) errors.push(`passwords must be at least [${MIN_PASSWORD_LENGTH}] characters long`);
    if (!existing && password === undefined) errors.push('password must be specified unless you are updating an existing user');
    if (body.roles === undefined && !existing) errors.push('roles are missing');
    if (errors.length > 0) throw SecurityErrors.validation(errors);
    const user: User = {
      username,
      roles: body.roles === undefined ? (existing?.roles ?? []) : strings(body.roles, 'roles'),
      full_name: 'full_name' in body ? ((body.full_name as string | null) ?? null) : (existing?.full_name ?? null),
      email: 'email' in body ? ((body.email as string | null) ?? null) : (existing?.email ?? null),
      metadata: isObject(body.metadata) ? body.metadata : (existing?.metadata ?? {}),
      enabled: typeof body.enabled === 'boolean' ? body.enabled : (existing?.enabled ?? true),
      passwordHash: password !== undefined ? await hashPassword(password) : existing!.passwordHash,
    };
    this.#wrote(await this.repository.saveUser(user));
    this.#users.set(username, user);
    this.#changed();
    return existing === undefined;
  }

  async changePassword(username: string, body: unknown): Promise<void> {
    const user = this.#users.get(username);
    const password = isObject(body) ? body.password : undefined;
    if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
      throw SecurityErrors.validation([`passwords must be at least [${MIN_PASSWORD_LENGTH}] characters long`]);
    }
    if (!user) throw SecurityErrors.validation([`user [${username}] does not exist`]);
    const updated = { ...user, passwordHash: await hashPassword(password) };
    this.#wrote(await this.repository.saveUser(updated));
    this.#users.set(username, updated);
  }

  /** Deletes the user and invalidates its API keys with it, so a later user of the same name does not inherit them. */
  async deleteUser(username: string): Promise<boolean> {
    if (username === RESERVED_USER) throw SecurityErrors.illegalArgument(`user [${username}] is reserved and cannot be deleted`);
    if (!this.#users.has(username)) return false;
    const keys = [...this.#apiKeys.values()].filter((k) => k.username === username && !k.invalidated).map((k) => ({ ...k, invalidated: true }));
    this.#wrote(await this.repository.deleteUser(username, keys));
    this.#users.delete(username);
    this.#verified.delete(username);
    for (const key of keys) this.#apiKeys.set(key.id, key);
    this.#changed();
    return true;
  }

  role(name: string): Role | undefined {
    return BUILT_IN_ROLES.get(name) ?? this.#roles.get(name);
  }

  getRoles(names: readonly string[] | undefined): Role[] {
    const all = [...BUILT_IN_ROLES.values(), ...this.#roles.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
    return names === undefined ? all : all.filter((r) => names.includes(r.name));
  }

  /** Creates or updates a role; returns whether it was created. */
  async putRole(name: string, body: unknown): Promise<boolean> {
    if (BUILT_IN_ROLES.has(name)) throw SecurityErrors.illegalArgument(`role [${name}] is reserved and cannot be modified.`);
    if (!isObject(body)) throw SecurityErrors.illegalArgument('request body is required');
    for (const key of Object.keys(body)) {
      if (!['cluster', 'indices', 'applications', 'run_as', 'metadata', 'description'].includes(key)) {
        throw SecurityErrors.illegalArgument(`failed to parse role [${name}]. unexpected field [${key}]`);
      }
    }
    const role = await this.#parseRole(name, body);
    const created = !this.#roles.has(name);
    this.#wrote(await this.repository.saveRole(role));
    this.#roles.set(name, role);
    this.#changed();
    return created;
  }

  async #parseRole(name: string, body: unknown): Promise<Role> {
    if (!isObject(body)) throw SecurityErrors.illegalArgument(`failed to parse role [${name}]`);
    const indices: IndicesPrivileges[] = (Array.isArray(body.indices) ? body.indices : []).map((entry: unknown) => {
      if (!isObject(entry)) throw SecurityErrors.illegalArgument(`failed to parse indices privileges for role [${name}]`);
      return { names: typeof entry.names === 'string' ? [entry.names] : strings(entry.names, 'names'), privileges: strings(entry.privileges, 'privileges') };
    });
    const applications: ApplicationPrivileges[] = (Array.isArray(body.applications) ? body.applications : []).map((entry: unknown) => {
      if (!isObject(entry) || typeof entry.application !== 'string') throw SecurityErrors.illegalArgument(`failed to parse application privileges for role [${name}]`);
      return { application: entry.application, privileges: strings(entry.privileges, 'privileges'), resources: strings(entry.resources, 'resources') };
    });
    const role: Role = {
      name,
      cluster: strings(body.cluster, 'cluster'),
      indices,
      applications,
      run_as: strings(body.run_as, 'run_as'),
      metadata: isObject(body.metadata) ? body.metadata : {},
    };
    return role;
  }

  async deleteRole(name: string): Promise<boolean> {
    if (BUILT_IN_ROLES.has(name)) throw SecurityErrors.illegalArgument(`role [${name}] is reserved and cannot be deleted`);
    if (!this.#roles.has(name)) return false;
    this.#wrote(await this.repository.deleteRole(name));
    this.#roles.delete(name);
    this.#changed();
    return true;
  }
}
